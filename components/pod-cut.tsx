import Link from "next/link";
import type { PodCutView } from "@/lib/server/pod/pods";

/** A pod event's top cut: each pod with its seeds (seat 1 to the best seed), who won it, and where it plays. */
export function PodCut({
  cut,
  tournamentId,
  isStaff,
}: {
  cut: PodCutView;
  tournamentId: string;
  isStaff: boolean;
}) {
  return (
    <div className="space-y-4">
      {cut.champion && (
        <p className="rounded-md bg-amber-50 px-4 py-3 text-center text-amber-900" role="status">
          Champion: <strong>{cut.champion}</strong>
        </p>
      )}
      <div
        className="grid gap-4"
        style={{ gridTemplateColumns: "repeat(auto-fill, minmax(14rem, 24rem))" }}
      >
        {cut.pods.map((pod) => (
          <section
            key={pod.id}
            aria-label={pod.name}
            className="rounded-md border border-slate-200 bg-white text-sm shadow-sm"
            data-testid={`cut-${pod.id}`}
          >
            <h3 className="flex items-baseline justify-between border-b border-slate-100 px-3 py-2 font-semibold text-slate-700">
              {pod.name}
              {pod.roundNumber !== null && (
                <Link
                  href={
                    isStaff
                      ? `/tournaments/${tournamentId}/rounds/${pod.roundNumber}#table-${pod.tableNumber}`
                      : `/tournaments/${tournamentId}/pairings`
                  }
                  className="text-xs font-medium text-brand-700 underline"
                >
                  Pod {pod.tableNumber}
                </Link>
              )}
            </h3>
            <ol className="px-3 py-2" aria-label={`Seats of the ${pod.name.toLowerCase()}`}>
              {pod.seats.map((seat, index) => (
                <li
                  key={seat.seed}
                  className={`flex min-h-8 items-center gap-2 ${pod.winner === seat.name ? "font-semibold text-emerald-800" : ""}`}
                >
                  <span className="w-14 text-xs text-slate-500">Seat {index + 1}</span>
                  <span className="w-8 text-xs text-slate-500">#{seat.seed}</span>
                  <span className="min-w-0 break-words">{seat.name}</span>
                  {pod.winner === seat.name && (
                    <span className="ml-auto text-xs">{pod.isDraw ? "advances" : "won"}</span>
                  )}
                </li>
              ))}
              {pod.waitingFor.map((waiting) => (
                <li key={waiting} className="flex min-h-8 items-center gap-2 text-slate-500">
                  <span className="w-14 text-xs">Seat ?</span>
                  <span>
                    {waiting.replace(
                      /^Winner of (\w+)$/,
                      (_, id: string) =>
                        `Winner of ${cut.pods.find((other) => other.id === id)?.name ?? id}`,
                    )}
                  </span>
                </li>
              ))}
            </ol>
            <p className="border-t border-slate-100 px-3 py-1 text-xs text-slate-500">
              {pod.winner
                ? pod.isDraw
                  ? `Drawn: ${pod.winner} advances as the best seed who drew`
                  : `Won by ${pod.winner}`
                : pod.roundNumber !== null
                  ? "Playing"
                  : "Waiting"}
            </p>
          </section>
        ))}
      </div>
    </div>
  );
}
