import { randomUUID } from "node:crypto";
import type { PodView } from "@/lib/server/pod/pod-record";
import { PodResultForm } from "./pod-result-form";
import { PodClockForm } from "./pod-clock-form";
import { PodDepartureForm } from "./pod-departure-form";
import { PodEndingForm } from "./pod-ending-form";
import { PodRecordDecidedForm } from "./pod-record-decided-form";
import { POD_LEAVE_WORDS } from "./pod-words";
import { listOfNames } from "@/lib/plural";
import type { PodOutcome } from "@/lib/rules/pod-game";

const REASON_WORDS: Record<string, string> = {
  WIN_REPORTED: "won",
  CARD_EFFECT_WIN: "won by an effect",
  DRAW_INTENTIONAL: "agreed draw",
  DRAW_UNFINISHED_AT_TIME: "draw at time",
  DRAW_LOOP: "draw (a loop)",
  DRAW_CARD_EFFECT: "draw (an effect)",
  DRAW_SIMULTANEOUS_LOSS: "draw (all lost at once)",
};

/** A pod's result in words: "Ana won", "Draw at time", or how far the game is. */
export function podOutcome(pod: PodView): string {
  if (pod.isBye) return "Bye: counts as a win";
  const result = pod.game?.result;
  if (!result) return pod.game?.timeCalled ? "Time called" : "Playing";
  const name = (id: string | null) =>
    pod.seats.find((seat) => seat.registrationId === id)?.name ?? "?";
  const how = REASON_WORDS[result.reason];
  const text = result.winner
    ? `${name(result.winner)} ${how && result.reason !== "WIN_REPORTED" ? how : "won"}`
    : `${(how ?? "draw").replace(/^./, (c) => c.toUpperCase())}`;
  return pod.isRecorded ? text : `${text} (not recorded)`;
}

/** The players still in the pod's game, in seat order, by name. */
export function remainingPlayers(pod: PodView): { registrationId: string; name: string }[] {
  return (pod.game?.remaining ?? pod.seats.map((seat) => seat.registrationId)).map((id) => ({
    registrationId: id,
    name: pod.seats.find((seat) => seat.registrationId === id)?.name ?? "?",
  }));
}

/** An outcome a player reported, in words: "Ana won", "an agreed draw", "a draw at time". */
export function podOutcomeLabel(outcome: PodOutcome, name: (id: string) => string): string {
  return outcome.kind === "win"
    ? `${name(outcome.winnerId)} won`
    : outcome.kind === "agreed-draw"
      ? "an agreed draw"
      : "a draw at time";
}

/** Where the end-of-round procedure stands (community addenda): the turn being played after time was called. */
export function podTimeText(pod: PodView): string {
  const clock = pod.game?.endOfRound;
  if (!clock) return "Time has been called: the turns after time are over.";
  if (clock.turn === 0) {
    return clock.additionalTurns === 0
      ? "Time has been called: the active player finishes this turn, then the game is a draw."
      : `Time has been called: this turn finishes (turn 0), then ${clock.additionalTurns} additional turn${clock.additionalTurns === 1 ? "" : "s"}.`;
  }
  return `Time: additional turn ${clock.turn} of ${clock.additionalTurns}${clock.turnsRemainingAfterThis === 0 ? " (the last); then the game is a draw" : ""}.`;
}

/** A pod round's pods, seat 1 first (it plays first), with a result form per open pod for staff. */
export function PodRound({
  tournamentId,
  pods,
  canEnter,
  canJudge,
}: {
  tournamentId: string;
  pods: readonly PodView[];
  canEnter: boolean;
  canJudge: boolean;
}) {
  return (
    <ol className="divide-y divide-slate-100" aria-label="Pods">
      {pods.map((pod) => (
        <li
          key={pod.id}
          id={`table-${pod.tableNumber}`}
          className="grid grid-cols-1 gap-2 py-3 sm:grid-cols-[5rem_minmax(0,1fr)_minmax(0,22rem)] sm:items-start"
          data-testid={`pod-${pod.tableNumber}`}
        >
          <span className="text-sm font-semibold text-slate-500">
            {pod.isBye ? "Bye" : `Pod ${pod.tableNumber}`}
          </span>
          <ol
            className="space-y-0.5 text-sm"
            aria-label={pod.isBye ? "Bye" : `Seats of pod ${pod.tableNumber}`}
          >
            {pod.seats.map((seat) => (
              <li key={seat.seat}>
                {!pod.isBye && (
                  <span className="inline-block w-14 text-xs text-slate-500">Seat {seat.seat}</span>
                )}
                <span className="font-medium">{seat.name}</span>
              </li>
            ))}
          </ol>
          <div className="text-sm">
            <p
              className={pod.isRecorded ? "text-emerald-800" : "text-slate-600"}
              data-testid={`pod-${pod.tableNumber}-result`}
            >
              {pod.isRecorded && !pod.isBye ? "✓ " : ""}
              {podOutcome(pod)}
            </p>
            {!pod.isBye && (pod.game?.departures.length ?? 0) > 0 && (
              <p className="mt-1 text-slate-600" data-testid={`pod-${pod.tableNumber}-left`}>
                Left the game:{" "}
                {pod
                  .game!.departures.map(
                    (departure) =>
                      `${pod.seats.find((seat) => seat.registrationId === departure.player)?.name ?? "?"} (${POD_LEAVE_WORDS[departure.reason]})`,
                  )
                  .join(", ")}
              </p>
            )}
            {!pod.isBye && !pod.isRecorded && <PodReportsLine pod={pod} />}
            {!pod.isBye && !pod.isRecorded && pod.game?.timeCalled && (
              <p className="mt-1 text-amber-900" data-testid={`pod-${pod.tableNumber}-time`}>
                {podTimeText(pod)}
              </p>
            )}
            {canJudge &&
              !pod.isBye &&
              pod.game &&
              (pod.game.refusals["call-time"] === null ||
                pod.game.refusals["end-turn"] === null) && (
                <div className="mt-2">
                  <PodClockForm
                    tournamentId={tournamentId}
                    podId={pod.id}
                    tableNumber={pod.tableNumber}
                    version={pod.version}
                    idempotencyKey={randomUUID()}
                    timeCalled={pod.game.refusals["call-time"] !== null}
                    canEndTurn={pod.game.refusals["end-turn"] === null}
                  />
                </div>
              )}
            {canJudge && !pod.isBye && pod.game?.refusals.leave === null && (
              <div className="mt-2">
                <PodDepartureForm
                  tournamentId={tournamentId}
                  podId={pod.id}
                  tableNumber={pod.tableNumber}
                  version={pod.version}
                  idempotencyKey={randomUUID()}
                  players={remainingPlayers(pod)}
                />
              </div>
            )}
            {canJudge &&
              !pod.isBye &&
              pod.game &&
              (pod.game.refusals["win-by-effect"] === null || pod.game.refusals.draw === null) && (
                <div className="mt-2">
                  <PodEndingForm
                    tournamentId={tournamentId}
                    podId={pod.id}
                    tableNumber={pod.tableNumber}
                    version={pod.version}
                    idempotencyKey={randomUUID()}
                    players={remainingPlayers(pod)}
                  />
                </div>
              )}
            {canEnter && !pod.isBye && pod.isRecorded && (
              <details className="mt-2 rounded-md border border-slate-200 px-2 py-1">
                <summary className="min-h-11 cursor-pointer content-center text-sm font-medium text-slate-700 sm:min-h-8">
                  Correct the result
                </summary>
                <div className="pb-2">
                  <PodResultForm
                    tournamentId={tournamentId}
                    podId={pod.id}
                    tableNumber={pod.tableNumber}
                    version={pod.version}
                    idempotencyKey={randomUUID()}
                    players={pod.seats.map((seat) => ({
                      registrationId: seat.registrationId,
                      name: seat.name,
                    }))}
                    isCorrection
                  />
                </div>
              </details>
            )}
            {canEnter &&
              !pod.isBye &&
              pod.game?.refusals["record-result"] === null &&
              pod.game.result && (
                <div className="mt-2">
                  <PodRecordDecidedForm
                    tournamentId={tournamentId}
                    podId={pod.id}
                    tableNumber={pod.tableNumber}
                    version={pod.version}
                    idempotencyKey={randomUUID()}
                    result={podOutcome(pod).replace(/ \(not recorded\)$/, "")}
                  />
                </div>
              )}
            {canEnter &&
              !pod.isBye &&
              !pod.isRecorded &&
              pod.game?.refusals["record-result"] !== null && (
                <div className="mt-2">
                  <PodResultForm
                    tournamentId={tournamentId}
                    podId={pod.id}
                    tableNumber={pod.tableNumber}
                    version={pod.version}
                    idempotencyKey={randomUUID()}
                    players={remainingPlayers(pod)}
                  />
                </div>
              )}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** What the pod's players reported from their phones: waiting for confirmations, or a disagreement for staff to settle. */
function PodReportsLine({ pod }: { pod: PodView }) {
  const { reports } = pod;
  if (reports.state === "no-report") return null;
  const name = (id: string) => pod.seats.find((seat) => seat.registrationId === id)?.name ?? "?";
  if (reports.state === "disputed") {
    return (
      <p
        className="mt-1 rounded-md bg-red-50 px-2 py-1 text-red-800"
        data-testid={`pod-${pod.tableNumber}-reports`}
      >
        Players disagree:{" "}
        {reports.latest
          .map(
            (report) =>
              `${name(report.registrationId)} reported ${podOutcomeLabel(report.outcome, name)}`,
          )
          .join("; ")}
        . Record the result.
      </p>
    );
  }
  return (
    <p className="mt-1 text-slate-600" data-testid={`pod-${pod.tableNumber}-reports`}>
      Reported {reports.outcome ? podOutcomeLabel(reports.outcome, name) : ""} by{" "}
      {listOfNames(reports.reportedBy.map(name))}; waiting for{" "}
      {listOfNames(reports.waitingFor.map(name))}.
    </p>
  );
}
