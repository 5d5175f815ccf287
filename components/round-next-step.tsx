import Link from "next/link";
import type { RoundNextStepView } from "@/lib/server/round/round-next-step";
import { PairRoundForm } from "./pair-round-form";
import { StartPlayoffForm } from "./start-playoff-form";
import { FinishEventForm } from "./finish-event-form";

const linkClass =
  "inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700";

/** Once a round's results are in, its page offers the event's next step where the scorekeeper already is. */
export function RoundNextStep({
  tournamentId,
  next,
  canManageRounds,
}: {
  tournamentId: string;
  next: RoundNextStepView;
  canManageRounds: boolean;
}) {
  const { step, status, laterRoundTitle } = next;
  return (
    <section
      aria-label="Next step"
      className="mb-3 space-y-3 rounded-md border border-emerald-200 bg-emerald-50 p-3"
      data-testid="round-next-step"
    >
      {step.kind === "later-round" && (
        <>
          <p className="text-sm text-slate-700">Every result of this round is in.</p>
          <Link href={`/tournaments/${tournamentId}/rounds/${step.round}`} className={linkClass}>
            Go to {laterRoundTitle ?? `round ${step.round}`}
          </Link>
        </>
      )}
      {step.kind === "complete" && (
        <>
          <p className="text-sm text-slate-700">{status.step.detail}</p>
          <Link
            href={`/tournaments/${tournamentId}/${status.hasPlayoff ? "playoff" : "standings"}`}
            className={linkClass}
          >
            {status.hasPlayoff ? "See the champion" : "See the final standings"}
          </Link>
        </>
      )}
      {step.kind === "offer" && (
        <>
          <h3 className="text-base font-semibold text-slate-900">{status.step.headline}</h3>
          <p className="text-sm text-slate-700">{status.step.detail}</p>
          {!canManageRounds && (
            <p className="text-sm text-slate-600">
              The organizer or a scorekeeper takes this step.
            </p>
          )}
          {canManageRounds && step.offered.includes("pair") && status.step.round !== null && (
            <PairRoundForm tournamentId={tournamentId} nextRound={status.step.round} />
          )}
          {canManageRounds && step.offered.includes("playoff") && (
            <StartPlayoffForm
              tournamentId={tournamentId}
              activePlayers={status.activePlayers}
              isPodEvent={status.isPodEvent}
              plannedCut={status.plannedCut}
            />
          )}
          {canManageRounds && step.offered.includes("finish") && (
            <FinishEventForm
              tournamentId={tournamentId}
              lastRound={status.swissRoundsPaired}
              withPlayoffOffered={step.offered.includes("playoff")}
            />
          )}
        </>
      )}
    </section>
  );
}
