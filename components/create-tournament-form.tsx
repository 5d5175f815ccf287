"use client";
import { useActionState } from "react";
import { createTournamentAction } from "@/lib/server/actions/tournament-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { Field } from "./field";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

export function CreateTournamentForm() {
  const [state, formAction] = useActionState(createTournamentAction, IDLE_FORM);
  const values = state.values ?? {};
  const errors = state.fieldErrors ?? {};
  return (
    <form action={formAction} className="space-y-3" noValidate>
      <FormMessage state={state} />
      <Field label="Tournament name" name="name" defaultValue={values.name} errors={errors.name} placeholder="Friday Night Magic" required />
      <div className="grid grid-cols-2 gap-3">
        <Field label="Format" name="format" defaultValue={values.format} errors={errors.format} placeholder="Modern" />
        <label className="block text-sm">
          <span className="font-medium text-slate-700">Match length</span>
          <select
            name="gamesToWin"
            defaultValue={values.gamesToWin ?? "2"}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm"
          >
            <option value="1">Best of one</option>
            <option value="2">Best of three</option>
            <option value="3">Best of five</option>
          </select>
        </label>
        <Field label="Round time (minutes)" name="roundMinutes" type="number" inputMode="numeric" defaultValue={values.roundMinutes ?? "50"} errors={errors.roundMinutes} />
        <Field label="Swiss rounds" name="plannedRounds" type="number" inputMode="numeric" defaultValue={values.plannedRounds} errors={errors.plannedRounds} hint="Optional" />
      </div>
      <SubmitButton pendingLabel="Creating…">Create tournament</SubmitButton>
    </form>
  );
}
