import "server-only";
import { accessAllows, type TournamentAccess } from "@/lib/server/access/tournament-access";
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { reportFlowState, roundNotFinal, type ReportFlowState } from "@/lib/rules/report-flow";
import type { Side } from "@/lib/rules/result";
import { render } from "@/lib/messages/render";

/**
 * Where each match stands in the player report flow, derived from stored facts:
 * - confirmed: Match.confirmedAt (both players agreed, or staff entered it);
 * - a waiting report: a player's MatchReport that produced the match's current version and is
 *   not confirmed (any later write moves the version on, so it is no longer waiting);
 * - disputed: the change that produced the current version is a DISPUTED one;
 * - decided: a slip stored on the match, not confirmed (its games, a Match Loss, the procedure).
 */

export const FLOW_SELECT = {
  id: true,
  tableNumber: true,
  version: true,
  confirmedAt: true,
  createdAt: true,
  sideAId: true,
  sideBId: true,
  winsA: true,
  winsB: true,
  draws: true,
  reports: {
    where: { source: "PLAYER" },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      reportedById: true,
      winsA: true,
      winsB: true,
      draws: true,
      concededBy: true,
      intentionalDraw: true,
      confirmedAt: true,
      resultVersion: true,
      createdAt: true,
    },
  },
  changes: {
    orderBy: { version: "desc" },
    take: 1,
    select: { version: true, kind: true, createdAt: true, note: true },
  },
} as const satisfies Prisma.MatchSelect;

export type FlowMatchRow = Prisma.MatchGetPayload<{ select: typeof FLOW_SELECT }>;
export type PlayerReportRow = FlowMatchRow["reports"][number];

export type MatchFlow = {
  state: ReportFlowState;
  /** The report waiting for the opponent, and whose it is. */
  pending: { by: Side; report: PlayerReportRow } | null;
  /** Each side's latest report (both, side by side, when settling a dispute). */
  latestBySide: { A: PlayerReportRow | null; B: PlayerReportRow | null };
  /** Since when the match has been in this state (server time). */
  since: Date;
};

export function sideOf(
  match: { sideAId: string; sideBId: string | null },
  registrationId: string | null,
): Side | null {
  if (registrationId === null) return null;
  if (registrationId === match.sideAId) return "A";
  if (registrationId === match.sideBId) return "B";
  return null;
}

export function matchFlow(match: FlowMatchRow, roundStartedAt: Date | null): MatchFlow {
  const latestBySide = { A: null as PlayerReportRow | null, B: null as PlayerReportRow | null };
  for (const report of match.reports) {
    const side = sideOf(match, report.reportedById);
    if (side && !latestBySide[side]) latestBySide[side] = report;
  }
  const waiting = match.reports.find(
    (report) => report.resultVersion === match.version && report.confirmedAt === null,
  );
  const waitingBy = waiting ? sideOf(match, waiting.reportedById) : null;
  const latestChange = match.changes[0];
  const isDisputed =
    latestChange !== undefined &&
    latestChange.version === match.version &&
    latestChange.kind === "DISPUTED";
  const state = reportFlowState({
    isBye: match.sideBId === null,
    isConfirmed: match.confirmedAt !== null,
    isDisputed,
    pendingReportBy: isDisputed ? null : waitingBy,
    // A player's first report leaves the match row alone, so a stored slip there came from the match's facts.
    isDecided: match.winsA !== null,
  });
  const pending =
    state === "awaiting-confirmation" && waiting && waitingBy
      ? { by: waitingBy, report: waiting }
      : null;
  const since =
    state === "final"
      ? (match.confirmedAt ?? match.createdAt)
      : state === "disputed"
        ? latestChange!.createdAt
        : pending
          ? pending.report.createdAt
          : (roundStartedAt ?? match.createdAt);
  return { state, pending, latestBySide, since };
}

/** Every live match of a round with its flow state, for the staff queue and the round's completion. */
export async function loadRoundFlow(
  db: Pick<Transaction, "round">,
  tournamentId: string,
  roundNumber: number,
) {
  const round = await db.round.findUnique({
    where: { tournamentId_number: { tournamentId, number: roundNumber } },
    select: {
      number: true,
      startedAt: true,
      phase: { select: { gamesToWin: true, kind: true } },
      tournament: { select: { name: true } },
      matches: {
        where: { voidedAt: null },
        orderBy: { tableNumber: "asc" },
        select: {
          ...FLOW_SELECT,
          sideA: { select: { displayName: true } },
          sideB: { select: { displayName: true } },
        },
      },
    },
  });
  if (!round) return null;
  return {
    ...round,
    matches: round.matches.map((match) => ({ ...match, flow: matchFlow(match, round.startedAt) })),
  };
}

/** MTR 2.5: null when every match of the round is final, else the sentence naming those that are not. */
export async function roundNotFinalMessage(
  db: Pick<Transaction, "round">,
  tournamentId: string,
  roundNumber: number,
): Promise<string | null> {
  const round = await loadRoundFlow(db, tournamentId, roundNumber);
  if (!round) return null;
  const notFinal = roundNotFinal(
    roundNumber,
    round.matches.map((match) => ({ tableNumber: match.tableNumber, state: match.flow.state })),
  );
  return notFinal === null ? null : render(notFinal);
}

/** A round's results queue: staff only, like the reports in it. */
export async function getRoundQueue(
  access: TournamentAccess,
  roundNumber: number,
  now = new Date(),
) {
  if (!accessAllows(access, "staff.view")) return null;
  const round = await loadRoundFlow(prisma, access.tournamentId, roundNumber);
  if (!round) return null;
  return { ...round, serverNow: now.getTime() };
}
