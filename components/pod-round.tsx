import { randomUUID } from "node:crypto";
import type { PodView } from "@/lib/server/data/pods";
import { PodResultForm } from "./pod-result-form";

const REASON_WORDS: Record<string, string> = {
  WIN_REPORTED: "won",
  CARD_EFFECT_WIN: "won by an effect",
  DRAW_INTENTIONAL: "intentional draw",
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
  const name = (id: string | null) => pod.seats.find((seat) => seat.registrationId === id)?.name ?? "?";
  const how = REASON_WORDS[result.reason];
  const text = result.winner ? `${name(result.winner)} ${how && result.reason !== "WIN_REPORTED" ? how : "won"}` : `${(how ?? "draw").replace(/^./, (c) => c.toUpperCase())}`;
  return pod.isRecorded ? text : `${text} (not recorded)`;
}

/** A pod round's pods, seat 1 first (it plays first), with a result form per open pod for staff. */
export function PodRound({ tournamentId, pods, canEnter }: { tournamentId: string; pods: readonly PodView[]; canEnter: boolean }) {
  return (
    <ol className="divide-y divide-slate-100" aria-label="Pods">
      {pods.map((pod) => (
        <li key={pod.id} id={`table-${pod.tableNumber}`} className="grid grid-cols-1 gap-2 py-3 sm:grid-cols-[5rem_minmax(0,1fr)_minmax(0,22rem)] sm:items-start" data-testid={`pod-${pod.tableNumber}`}>
          <span className="text-sm font-semibold text-slate-500">{pod.isBye ? "Bye" : `Pod ${pod.tableNumber}`}</span>
          <ol className="space-y-0.5 text-sm" aria-label={pod.isBye ? "Bye" : `Seats of pod ${pod.tableNumber}`}>
            {pod.seats.map((seat) => (
              <li key={seat.seat}>
                {!pod.isBye && <span className="inline-block w-14 text-xs text-slate-500">Seat {seat.seat}</span>}
                <span className="font-medium">{seat.name}</span>
              </li>
            ))}
          </ol>
          <div className="text-sm">
            <p className={pod.isRecorded ? "text-emerald-800" : "text-slate-600"} data-testid={`pod-${pod.tableNumber}-result`}>
              {pod.isRecorded && !pod.isBye ? "✓ " : ""}
              {podOutcome(pod)}
            </p>
            {canEnter && !pod.isBye && !pod.isRecorded && (
              <div className="mt-2">
                <PodResultForm
                  tournamentId={tournamentId}
                  podId={pod.id}
                  tableNumber={pod.tableNumber}
                  version={pod.version}
                  idempotencyKey={randomUUID()}
                  players={(pod.game?.remaining ?? pod.seats.map((seat) => seat.registrationId)).map((id) => ({ registrationId: id, name: pod.seats.find((seat) => seat.registrationId === id)!.name }))}
                />
              </div>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
