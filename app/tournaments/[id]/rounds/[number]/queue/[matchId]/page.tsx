// biome-ignore-all lint/correctness/usePlaywrightValidDescribeCallback: describe is a local helper
import { randomUUID } from "node:crypto";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { requireTournamentViewer } from "@/lib/server/access/viewer";
import { getRoundTitle } from "@/lib/server/tournament/event-status";
import { getRoundQueue } from "@/lib/server/match/report-flow";
import { REPORT_FLOW_LABELS } from "@/lib/rules/report-flow";
import { evaluateResultSlip, slipToString } from "@/lib/rules/match";
import { Card } from "@/components/card";
import { SettleMatchForm } from "@/components/settle-match-form";
import { roundNumberFromParam } from "@/lib/schemas/round";
import { LocalTime } from "@/components/local-time";
import { render } from "@/lib/messages/render";

export const dynamic = "force-dynamic";

/** One match from the queue: both players' reports side by side, and the settle form. */
export default async function SettleMatchPage({
  params,
}: {
  params: Promise<{ id: string; number: string; matchId: string }>;
}) {
  const { id, number, matchId } = await params;
  const roundNumber = roundNumberFromParam(number);
  const viewer = await requireTournamentViewer(id);
  if (!viewer.isStaff) redirect(`/tournaments/${id}/pairings`);
  if (roundNumber === null) notFound();
  const [round, title] = await Promise.all([
    getRoundQueue(viewer.access, roundNumber),
    getRoundTitle(viewer.access, roundNumber),
  ]);
  const match = round?.matches.find((candidate) => candidate.id === matchId);
  if (!round || !match?.sideB) notFound();
  const format = {
    gamesToWin: round.phase.gamesToWin,
    elimination: round.phase.kind === "SINGLE_ELIMINATION",
  };
  const names = { A: match.sideA.displayName, B: match.sideB.displayName };
  const reports = { A: match.flow.latestBySide.A, B: match.flow.latestBySide.B };
  const describe = (report: NonNullable<(typeof reports)["A"]>) => {
    const outcome = evaluateResultSlip(
      format,
      { winsA: report.winsA, winsB: report.winsB, draws: report.draws },
      { concededBy: report.concededBy ?? undefined, intentionalDraw: report.intentionalDraw },
    );
    const winner = outcome.ok
      ? outcome.value.winner === null
        ? "a draw"
        : `${names[outcome.value.winner]} wins`
      : "not a valid result";
    const extra = report.concededBy
      ? `, ${names[report.concededBy]} conceded`
      : report.intentionalDraw
        ? ", intentional draw"
        : "";
    return `${slipToString(report)}: ${winner}${extra}`;
  };
  return (
    <Card
      title={`${title ?? `Round ${round.number}`}, table ${match.tableNumber}: ${names.A} vs ${names.B}`}
      actions={
        <Link
          href={`/tournaments/${id}/rounds/${round.number}/queue`}
          className="text-sm text-brand-700 underline"
        >
          Back to the queue
        </Link>
      }
    >
      <p className="mb-3 text-sm">
        State: <span className="font-medium">{render(REPORT_FLOW_LABELS[match.flow.state])}</span>
        {match.flow.state === "final" &&
          match.winsA !== null &&
          ` (${match.winsA}-${match.winsB}-${match.draws ?? 0})`}
      </p>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a role would alter the a11y tree */}
      <div className="mb-4 grid gap-3 sm:grid-cols-2" aria-label="Both reports">
        {(["A", "B"] as const).map((side) => {
          const report = reports[side];
          return (
            <div
              key={side}
              className="rounded-md border border-slate-200 p-3"
              data-testid={`report-${side}`}
            >
              <p className="text-xs text-slate-500 uppercase">{names[side]} reported</p>
              <p className="text-base font-semibold">{report ? describe(report) : "Nothing yet"}</p>
              {report && (
                <p className="text-xs text-slate-500">
                  at <LocalTime dateTime={report.createdAt} />
                </p>
              )}
            </div>
          );
        })}
      </div>
      {viewer.can("disputes.resolve") ? (
        <SettleMatchForm
          matchId={match.id}
          version={match.version}
          idempotencyKey={randomUUID()}
          format={format}
          nameA={names.A}
          nameB={names.B}
          reports={reports}
        />
      ) : (
        <p className="text-sm text-slate-600">
          Only the organizer or the head judge can settle a disputed result.
        </p>
      )}
    </Card>
  );
}
