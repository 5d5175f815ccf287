"use client";
import { useActionState } from "react";
import { registerPlayerAction } from "@/lib/server/registration/player-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { Field } from "./field";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

/** Adds one player; after round 1 is paired the player is a late entry, and the organizer chooses how the rounds missed count. */
export function RegisterPlayerForm({
  tournamentId,
  roundsPaired,
}: {
  tournamentId: string;
  roundsPaired: number;
}) {
  const [state, formAction] = useActionState(registerPlayerAction, IDLE_FORM);
  return (
    <form action={formAction} className="space-y-2" noValidate>
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <div className="flex items-end gap-2">
        <Field
          className="flex-1"
          label="Player name"
          name="name"
          autoComplete="off"
          defaultValue={state.status === "error" ? state.values?.name : ""}
          errors={state.fieldErrors?.name}
        />
        <SubmitButton pendingLabel="Adding…">Add player</SubmitButton>
      </div>
      {roundsPaired > 0 && (
        <label className="block text-sm">
          <span className="text-slate-700">
            A late entry: the {roundsPaired === 1 ? "round" : "rounds"} missed (
            {roundsPaired === 1 ? "round 1" : `1–${roundsPaired}`})
          </span>
          <select
            name="missedRounds"
            defaultValue={state.values?.missedRounds ?? "losses"}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-base sm:text-sm"
          >
            <option value="losses">count as losses</option>
            <option value="not-counted">are not counted</option>
          </select>
        </label>
      )}
      {!state.fieldErrors?.name && <FormMessage state={state} />}
    </form>
  );
}
