"use client";
import { useActionState } from "react";
import { dropSelfAction } from "@/lib/server/match/player-report-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

/**
 * MTR 2.10: a player leaves the event, after ticking a box; they keep their results and are not
 * paired again. A team member's drop drops the whole team (MTR 8.2), and the form says so.
 */
export function PlayerDropForm({
  afterRound,
  team = null,
}: {
  afterRound: number;
  team?: string | null;
}) {
  const [state, formAction] = useActionState(dropSelfAction, IDLE_FORM);
  const who = team ? `Your team, ${team},` : "You";
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer text-sm font-medium text-slate-700">
        {team ? `Drop ${team} from the event` : "Drop from the event"}
      </summary>
      <form action={formAction} className="mt-3 space-y-3">
        {team && (
          <p className="text-sm font-medium text-red-800">
            A team drops as one: if you leave, {team} leaves, and your teammates are not paired
            again either.
          </p>
        )}
        <p className="text-sm text-slate-600">
          {afterRound > 0
            ? `${who} keep${team ? "s" : ""} ${team ? "its" : "your"} results and finish${team ? "es" : ""} round ${afterRound} as paired; ${team ? "it" : "you"} will not be paired again.`
            : `${who} will not be paired in any round.`}{" "}
          Tournament staff can undo this only until the next round is paired.
        </p>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="confirm" value="yes" className="size-5" required />
          {team ? `Yes, ${team} is leaving the event` : "Yes, I am leaving the event"}
        </label>
        <SubmitButton pendingLabel="Dropping…" className="w-full bg-red-700 py-3 hover:bg-red-800">
          {team ? `Drop ${team} from the event` : "Drop me from the event"}
        </SubmitButton>
        <FormMessage state={state} />
      </form>
    </details>
  );
}
