"use client";
import { useActionState } from "react";
import { finishEventAction } from "@/lib/server/tournament/tournament-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

/** Ends a Swiss-only event after its last round: the standings become final. */
export function FinishEventForm({
  tournamentId,
  withPlayoffOffered,
}: {
  tournamentId: string;
  withPlayoffOffered: boolean;
}) {
  const [state, formAction] = useActionState(finishEventAction, IDLE_FORM);
  return (
    <form
      action={formAction}
      className="space-y-2 border-t border-slate-100 pt-4"
      aria-label="Finish the event"
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <p className="text-sm text-slate-600">
        {withPlayoffOffered ? "Or end here without a playoff: the standings" : "The standings"}{" "}
        after the last round become the final standings.
      </p>
      <SubmitButton pendingLabel="Finishing…" className="bg-emerald-700 hover:bg-emerald-800">
        Finish the event
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
