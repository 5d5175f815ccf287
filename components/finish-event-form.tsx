"use client";
import { finishEventAction, reopenEventAction } from "@/lib/server/tournament/tournament-actions";
import { ConfirmedAction } from "./confirmed-action";

/**
 * Ends a Swiss-only event after its last round: the standings become final. Asked first, naming
 * what stops being possible.
 */
export function FinishEventForm({
  tournamentId,
  lastRound,
  withPlayoffOffered,
}: {
  tournamentId: string;
  lastRound: number;
  withPlayoffOffered: boolean;
}) {
  return (
    <section className="space-y-2 border-t border-slate-100 pt-4" aria-label="Finish the event">
      <p className="text-sm text-slate-600">
        {withPlayoffOffered ? "Or end here without a playoff: the standings" : "The standings"}{" "}
        after the last round become the final standings.
      </p>
      <ConfirmedAction
        action={finishEventAction}
        fields={{ tournamentId }}
        label="Finish the event"
        confirmLabel="Yes, finish the event"
        consequence={`Finishing makes the standings after round ${lastRound} final${withPlayoffOffered ? "; the playoff can no longer be started" : ""}. Until something builds on them, staff can reopen the event.`}
        tone="done"
        variant="block"
      />
    </section>
  );
}

/** Takes a finish back while nothing builds on the final standings (lib/rules/reopen.ts). */
export function ReopenEventForm({
  tournamentId,
  lastRound,
}: {
  tournamentId: string;
  lastRound: number;
}) {
  return (
    <ConfirmedAction
      action={reopenEventAction}
      fields={{ tournamentId }}
      label="Reopen the event"
      confirmLabel="Yes, reopen the event"
      consequence={`The standings after round ${lastRound} stop being final, and what was offered before the finish is offered again (the playoff, another round or the finish). The finish stays in the history with who reopened it.`}
      tone="neutral"
      variant="block"
    />
  );
}
