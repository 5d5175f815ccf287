"use client";
import { useActionState } from "react";
import { dropSelfAction } from "@/lib/server/actions/player-code-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

/** MTR 2.10: a player leaves the event, after ticking a box; they keep their results and are not paired again. */
export function PlayerDropForm({ afterRound }: { afterRound: number }) {
  const [state, formAction] = useActionState(dropSelfAction, IDLE_FORM);
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer text-sm font-medium text-slate-700">Drop from the event</summary>
      <form action={formAction} className="mt-3 space-y-3">
        <p className="text-sm text-slate-600">
          {afterRound > 0
            ? `You keep your results and finish round ${afterRound} as paired; you will not be paired again.`
            : "You will not be paired in any round."}{" "}
          Tournament staff can undo this only until the next round is paired.
        </p>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="confirm" value="yes" className="size-5" required />
          Yes, I am leaving the event
        </label>
        <SubmitButton pendingLabel="Dropping…" className="w-full bg-red-700 py-3 hover:bg-red-800">
          Drop me from the event
        </SubmitButton>
        <FormMessage state={state} />
      </form>
    </details>
  );
}
