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
  // Every problem at once, not only the first: each is also shown at its field.
  const allErrors = [...new Set(Object.values(errors).flat())];
  return (
    <form action={formAction} className="space-y-3" noValidate>
      {allErrors.length > 1 ? (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          <p>Fix these {allErrors.length} things, then create the tournament again:</p>
          <ul className="mt-1 list-disc pl-5">
            {allErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : (
        <FormMessage state={state} />
      )}
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
        <label className="col-span-2 block text-sm">
          <span className="font-medium text-slate-700">Each side is</span>
          {/* MTR 2.4: teammates who share turns (Two-Headed Giant) play three additional turns at time, not five; MTR 8.2: A plays A. */}
          <select
            name="teamSetup"
            defaultValue={values.teamSetup ?? "INDIVIDUAL"}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm"
          >
            <option value="INDIVIDUAL">One player</option>
            <option value="TWO_HEADED_GIANT">A Two-Headed Giant team (two players sharing turns)</option>
            <option value="TEAMS_OF_THREE">A team of three, each playing their own match (Team Trios, Team Sealed)</option>
            <option value="TEAMS_OF_TWO">A team of two, each playing their own match</option>
          </select>
          {(errors.teamSetup ?? errors.teamFormat ?? errors.teamSize)?.[0] && <span className="mt-1 block text-sm text-red-700">{(errors.teamSetup ?? errors.teamFormat ?? errors.teamSize)![0]}</span>}
        </label>
      </div>
      <SubmitButton pendingLabel="Creating…">Create tournament</SubmitButton>
    </form>
  );
}
