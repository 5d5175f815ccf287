import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { getRoundTitle } from "@/lib/server/tournament/event-status";
import { getRoundQueue } from "@/lib/server/match/report-flow";
import { byUrgency, REPORT_FLOW_LABELS, type ReportFlowState } from "@/lib/rules/report-flow";
import { slipToString } from "@/lib/rules/match";
import { Card } from "@/components/card";
import { roundNumberFromParam } from "@/lib/schemas/round";
import { RecordDecidedRoundForm } from "@/components/record-result-form";
import { render } from "@/lib/messages/render";

export const dynamic = "force-dynamic";

const BADGES: Record<ReportFlowState, string> = {
  disputed: "bg-red-100 text-red-800",
  "awaiting-confirmation": "bg-amber-100 text-amber-900",
  decided: "bg-sky-100 text-sky-900",
  "no-report": "bg-slate-100 text-slate-700",
  final: "bg-emerald-100 text-emerald-800",
};

/** "4 min", "1 h 05 min": how long a match has waited, on the server's clock. */
function age(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return "under 1 min";
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/**
 * The staff queue for a round: every match that is not final, most urgent first
 * (disputes, then reports waiting for the opponent, then decided results to record, then no
 * report; oldest first), with how long
 * each has waited. One tap opens the match to settle it.
 */
export default async function RoundQueuePage({
  params,
}: {
  params: Promise<{ id: string; number: string }>;
}) {
  const { id, number } = await params;
  const roundNumber = roundNumberFromParam(number);
  const viewer = await requireTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  if (roundNumber === null) notFound();
  // CR 100.6a: a pod event's round page lists each pod's reports and disagreements itself.
  if (viewer.tournament.pods) redirect(`/tournaments/${id}/rounds/${roundNumber}`);
  const [round, title] = await Promise.all([
    getRoundQueue(viewer.access, roundNumber),
    getRoundTitle(viewer.access, roundNumber),
  ]);
  if (!round) notFound();
  const roundName = title ?? `Round ${round.number}`;
  const played = round.matches.filter((match) => match.sideBId !== null);
  const open = played.filter((match) => match.flow.state !== "final");
  const queue = open
    .map((match) => ({
      match,
      entry: {
        state: match.flow.state,
        tableNumber: match.tableNumber,
        since: match.flow.since.getTime(),
      },
    }))
    .sort((a, b) => byUrgency(a.entry, b.entry));
  const counts = (state: ReportFlowState) =>
    open.filter((match) => match.flow.state === state).length;
  const canSettle = viewer.can("disputes.resolve");
  return (
    <Card
      title={`${roundName}: results queue`}
      actions={
        <Link
          href={`/tournaments/${id}/rounds/${round.number}`}
          className="text-sm text-brand-700 underline"
        >
          {roundName} pairings
        </Link>
      }
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a role would alter the a11y tree */}
      <p className="mb-3 flex flex-wrap gap-2 text-sm" aria-label="Summary">
        <span className={`rounded px-2 py-0.5 ${BADGES.disputed}`}>
          {counts("disputed")} disputed
        </span>
        <span className={`rounded px-2 py-0.5 ${BADGES["awaiting-confirmation"]}`}>
          {counts("awaiting-confirmation")} awaiting confirmation
        </span>
        {counts("decided") > 0 && (
          <span className={`rounded px-2 py-0.5 ${BADGES.decided}`}>
            {counts("decided")} decided, to record
          </span>
        )}
        <span className={`rounded px-2 py-0.5 ${BADGES["no-report"]}`}>
          {counts("no-report")} no report
        </span>
        <span className={`rounded px-2 py-0.5 ${BADGES.final}`}>
          {played.length - open.length} of {played.length} final
        </span>
      </p>
      {counts("decided") > 0 && viewer.can("results.enter") && (
        <div className="mb-3 rounded-md bg-sky-50 px-3 py-2">
          <RecordDecidedRoundForm
            tournamentId={id}
            roundNumber={round.number}
            count={counts("decided")}
          />
        </div>
      )}
      {queue.length === 0 ? (
        <p className="rounded-md bg-emerald-50 px-3 py-3 text-sm text-emerald-800">
          Every match of this round is final.
        </p>
      ) : (
        <table className="w-full text-left text-sm" aria-label="Matches not final">
          {/* On a phone each match is a wrapped card of its cells, so the Settle button never leaves the screen. */}
          <thead className="text-xs text-slate-500 uppercase max-sm:sr-only">
            <tr>
              <th className="py-2 pr-3 font-medium">Table</th>
              <th className="py-2 pr-3 font-medium">Players</th>
              <th className="py-2 pr-3 font-medium">State</th>
              <th className="py-2 pr-3 font-medium">Reports</th>
              <th className="py-2 pr-3 text-right font-medium">Waiting</th>
              <th className="py-2">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {queue.map(({ match }) => (
              <tr
                key={match.id}
                data-testid={`queue-table-${match.tableNumber}`}
                className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:py-2"
              >
                <td className="py-2 pr-3 font-semibold text-slate-600 max-sm:py-0">
                  <span className="sm:hidden">Table </span>
                  {match.tableNumber}
                </td>
                <td className="py-2 pr-3 max-sm:basis-full max-sm:py-0 max-sm:order-first">
                  {match.sideA.displayName} <span className="text-slate-500">vs</span>{" "}
                  {match.sideB?.displayName}
                </td>
                <td className="py-2 pr-3 max-sm:py-0">
                  <span
                    className={`rounded px-2 py-0.5 text-xs font-medium ${BADGES[match.flow.state]}`}
                  >
                    {render(REPORT_FLOW_LABELS[match.flow.state])}
                  </span>
                </td>
                <td className="py-2 pr-3 text-xs text-slate-600 max-sm:basis-full max-sm:py-0">
                  {(["A", "B"] as const)
                    .map((side) => {
                      const report = match.flow.latestBySide[side];
                      const name =
                        side === "A" ? match.sideA.displayName : match.sideB?.displayName;
                      return report && match.flow.state !== "no-report"
                        ? `${name}: ${slipToString(report)}`
                        : null;
                    })
                    .filter(Boolean)
                    .join(" · ") || "—"}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums text-slate-600 max-sm:py-0">
                  {age(round.serverNow - match.flow.since.getTime())}
                </td>
                <td className="py-2 text-right max-sm:ml-auto max-sm:py-0">
                  {match.flow.state === "decided" ? (
                    <Link
                      href={`/tournaments/${id}/matches/${match.id}`}
                      aria-label={`Record table ${match.tableNumber}`}
                      className="inline-block rounded-md bg-brand-600 px-3 py-1.5 text-xs font-medium whitespace-nowrap text-white hover:bg-brand-700 max-sm:py-2.5"
                    >
                      Record
                    </Link>
                  ) : (
                    <Link
                      href={`/tournaments/${id}/rounds/${round.number}/queue/${match.id}`}
                      aria-label={`${canSettle ? "Settle" : "Open"} table ${match.tableNumber}`}
                      className="inline-block rounded-md bg-brand-600 px-3 py-1.5 text-xs font-medium whitespace-nowrap text-white hover:bg-brand-700 max-sm:py-2.5"
                    >
                      {canSettle ? "Settle" : "Open"}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
