import Link from "next/link";
import type { EventStatus } from "@/lib/server/tournament/event-status";
import { eventActionLabel } from "@/lib/rules/next-step";
import { Card } from "./card";
import { EnterPairingsForm, PairRoundForm } from "./pair-round-form";
import { StartPlayoffForm } from "./start-playoff-form";
import { FinishEventForm, ReopenEventForm } from "./finish-event-form";
import { render } from "@/lib/messages/render";

/**
 * The overview's one next step: only what makes sense now is offered, and every other
 * step says why it is not (lib/rules/next-step.ts decides both).
 */
export function NextStepCard({
  tournamentId,
  status,
  canManageRounds,
}: {
  tournamentId: string;
  status: EventStatus;
  canManageRounds: boolean;
}) {
  const { step, plannedRounds, swissRoundsPaired, recommended, activePlayers } = status;
  const offers = (action: "pair" | "playoff" | "finish") =>
    canManageRounds && step.offered.includes(action);
  return (
    <Card title="Next step">
      <section className="space-y-3" aria-label="Next step">
        <h3 className="text-lg font-semibold text-slate-900">{step.headline}</h3>
        <p className="text-sm text-slate-600">{step.detail}</p>
        {step.kind === "ENTER_RESULTS" && step.round !== null && (
          <Link
            href={`/tournaments/${tournamentId}/rounds/${step.round}`}
            className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
          >
            Enter round {step.round} results
          </Link>
        )}
        {step.kind === "PLAYOFF" && (
          <Link
            href={`/tournaments/${tournamentId}/playoff`}
            className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
          >
            Open the bracket
          </Link>
        )}
        {step.kind === "COMPLETE" && (
          <Link
            href={`/tournaments/${tournamentId}/${status.hasPlayoff ? "playoff" : "standings"}`}
            className="inline-flex min-h-11 items-center rounded-md bg-emerald-700 px-4 text-sm font-medium text-white hover:bg-emerald-800"
          >
            {status.hasPlayoff ? "See the champion" : "See the final standings"}
          </Link>
        )}
        {offers("pair") && step.round !== null && (
          <PairRoundForm tournamentId={tournamentId} nextRound={step.round} />
        )}
        {offers("pair") && step.round !== null && !status.isPodEvent && (
          <EnterPairingsForm tournamentId={tournamentId} nextRound={step.round} />
        )}
        {offers("playoff") && (
          <StartPlayoffForm
            tournamentId={tournamentId}
            activePlayers={activePlayers}
            isPodEvent={status.isPodEvent}
            plannedCut={status.plannedCut}
          />
        )}
        {offers("finish") && (
          <FinishEventForm
            tournamentId={tournamentId}
            lastRound={swissRoundsPaired}
            withPlayoffOffered={offers("playoff")}
          />
        )}
        {step.kind === "COMPLETE" && canManageRounds && (
          <div className="space-y-2 border-t border-slate-100 pt-4">
            <p className="text-sm text-slate-600">{status.reopen.reason}</p>
            {status.reopen.isAllowed && (
              <ReopenEventForm tournamentId={tournamentId} lastRound={swissRoundsPaired} />
            )}
          </div>
        )}
        {status.history.length > 0 && (
          <p className="text-xs text-slate-500" data-testid="status-history">
            {status.history
              .map(
                (change) =>
                  `${change.kind === "FINISHED" ? "Finished" : "Reopened"} by ${change.actorName || "staff"}`,
              )
              .join(" · ")}
          </p>
        )}
        {!canManageRounds && step.offered.length > 0 && (
          <p className="text-sm text-slate-500">The organizer or a scorekeeper takes this step.</p>
        )}
      </section>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: e2e reads this value by its label */}
      <p
        className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-700"
        aria-label="Swiss rounds"
      >
        <span className="font-medium">Swiss rounds:</span>{" "}
        {plannedRounds !== null
          ? `${swissRoundsPaired} of ${plannedRounds}`
          : `${swissRoundsPaired} paired, number not set`}
        {status.plannedCut !== null && `, then a top ${status.plannedCut}`}
        {recommended && (
          <span className="text-slate-500">
            {" "}
            · recommended {recommended.rounds} for {activePlayers} {status.entrants}
            {recommended.playoff ? `, top ${recommended.playoff}` : ", no playoff"} (
            {recommended.rule})
          </span>
        )}
      </p>
      {step.notOffered.length > 0 && (
        <details className="mt-3 text-sm" open={step.kind !== "COMPLETE"}>
          <summary className="cursor-pointer text-slate-600">Why nothing else is offered</summary>
          <ul className="mt-2 space-y-1" aria-label="Not offered now">
            {step.notOffered.map((entry) => (
              <li key={entry.action} className="text-slate-600">
                <span className="font-medium text-slate-800">
                  {render(eventActionLabel(entry.action))}:
                </span>{" "}
                {entry.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}
