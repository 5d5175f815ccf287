import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/server/infra/db";
import type { GameEndReason } from "@/lib/rules/game";
import type { Side } from "@/lib/rules/result";
import type { MatchHistoryEntry, Slip } from "@/lib/match-history-format";
import { restartOf } from "./match-record";

/**
 * A match's full history: every ResultChange, Game,
 * MatchReport, Penalty, TimeExtension and EndOfMatchEvent row of the match, as plain data in the
 * order it happened. Nothing is ever deleted from these tables, so the history is complete. The
 * wording is lib/match-history-format.ts's; this only reads.
 */

/** Rows written in one transaction share a time: the cause first, then what it made. */
const ORDER: Record<MatchHistoryEntry["kind"], number> = {
  "time-extension": 0,
  penalty: 1,
  "end-of-match": 2,
  report: 3,
  game: 4,
  "result-change": 5,
};

function slipOf(value: Prisma.JsonValue | null): Slip | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const inner =
    record.slip && typeof record.slip === "object"
      ? (record.slip as Record<string, unknown>)
      : record;
  return typeof inner.winsA === "number" && typeof inner.winsB === "number"
    ? {
        winsA: inner.winsA,
        winsB: inner.winsB as number,
        draws: typeof inner.draws === "number" ? inner.draws : 0,
      }
    : null;
}

function gameOf(
  value: Prisma.JsonValue | null,
): { number: number; winner: Side | null; reason: GameEndReason } | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const game = (value as Record<string, unknown>).game as
    | { number?: unknown; winner?: unknown; reason?: unknown }
    | undefined;
  if (!game || typeof game.number !== "number") return null;
  return {
    number: game.number,
    winner: game.winner === "A" || game.winner === "B" ? game.winner : null,
    reason: game.reason as GameEndReason,
  };
}

/** The waiting report a recorded game set aside, as record-game.ts stores it in the change's `before`. */
function setAsideOf(
  value: Prisma.JsonValue | null,
): NonNullable<Extract<MatchHistoryEntry, { kind: "result-change" }>["setAside"]> | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const report = (value as Record<string, unknown>).setAsideReport as
    | Record<string, unknown>
    | undefined;
  if (!report || (report.reportedBy !== "A" && report.reportedBy !== "B")) return null;
  const reportSlip = slipOf(report as Prisma.JsonValue);
  if (!reportSlip) return null;
  return {
    by: report.reportedBy,
    slip: reportSlip,
    concededBy: report.concededBy === "A" || report.concededBy === "B" ? report.concededBy : null,
    intentionalDraw: report.intentionalDraw === true,
  };
}

const staffName = { select: { name: true, email: true } } as const;

/**
 * Staff are named by their seat (its name is fixed when the seat is taken) and the seat's email,
 * never by an account's display name alone: two people may call themselves the same.
 */
function nameOf(staff: { name: string; email: string } | null): string | null {
  if (!staff) return null;
  const name = staff.name.trim();
  if (name === "") return staff.email || null;
  return staff.email ? `${name} (${staff.email})` : name;
}

/** The history of one match of this tournament, oldest first; null when the match is not this tournament's. */
export async function getMatchHistory(
  tournamentId: string,
  matchId: string,
): Promise<MatchHistoryEntry[] | null> {
  const match = await prisma.match.findFirst({
    where: { id: matchId, round: { tournamentId } },
    select: {
      sideAId: true,
      sideBId: true,
      changes: {
        select: {
          createdAt: true,
          actorName: true,
          kind: true,
          source: true,
          version: true,
          before: true,
          after: true,
          note: true,
          staff: staffName,
        },
      },
      reports: {
        select: {
          createdAt: true,
          source: true,
          winsA: true,
          winsB: true,
          draws: true,
          concededBy: true,
          intentionalDraw: true,
          confirmedAt: true,
          staff: staffName,
          reportedBy: { select: { displayName: true } },
        },
      },
      // Taken-back games too: the history keeps them, with the GAME_REMOVED change that took them back.
      games: {
        select: {
          createdAt: true,
          number: true,
          winner: true,
          reason: true,
          chooser: true,
          choice: true,
          removedAt: true,
        },
      },
      penalties: {
        select: {
          createdAt: true,
          registrationId: true,
          kind: true,
          infraction: true,
          gameNumber: true,
          additionalTurns: true,
          note: true,
          staff: staffName,
          registration: { select: { displayName: true } },
        },
      },
      timeExtensions: {
        select: { createdAt: true, minutes: true, reason: true, staff: staffName },
      },
      endOfMatch: {
        select: { createdAt: true, sequence: true, kind: true, data: true, staff: staffName },
      },
    },
  });
  if (!match) return null;
  const entries: MatchHistoryEntry[] = [
    ...match.changes.map(
      (change): MatchHistoryEntry => ({
        kind: "result-change",
        at: change.createdAt,
        // A staff row shows its seat, whatever name was written with it (older rows wrote the account's).
        who: nameOf(change.staff) ?? (change.actorName || null),
        change: change.kind,
        source: change.source,
        version: change.version,
        before: slipOf(change.before),
        after: slipOf(change.after),
        game:
          change.kind === "GAME_RECORDED"
            ? gameOf(change.after)
            : change.kind === "GAME_REMOVED"
              ? gameOf(change.before)
              : null,
        restart: change.kind === "GAME_RESTARTED" ? restartOf(change.after) : null,
        setAside: change.kind === "GAME_RECORDED" ? setAsideOf(change.before) : null,
        note: change.note,
      }),
    ),
    ...match.reports.map(
      (report): MatchHistoryEntry => ({
        kind: "report",
        at: report.createdAt,
        who: report.reportedBy?.displayName ?? nameOf(report.staff),
        source: report.source,
        slip: { winsA: report.winsA, winsB: report.winsB, draws: report.draws },
        concededBy: report.concededBy,
        intentionalDraw: report.intentionalDraw,
        confirmedAt: report.confirmedAt,
      }),
    ),
    ...match.games.map(
      (game): MatchHistoryEntry => ({
        kind: "game",
        at: game.createdAt,
        who: null,
        number: game.number,
        winner: game.winner,
        reason: game.reason,
        chooser: game.chooser,
        choice: game.choice,
        takenBack: game.removedAt !== null,
      }),
    ),
    ...match.penalties.map(
      (penalty): MatchHistoryEntry => ({
        kind: "penalty",
        at: penalty.createdAt,
        who: nameOf(penalty.staff),
        player: penalty.registration.displayName,
        side:
          penalty.registrationId === match.sideAId
            ? "A"
            : penalty.registrationId === match.sideBId
              ? "B"
              : null,
        penalty: penalty.kind,
        infraction: penalty.infraction,
        gameNumber: penalty.gameNumber,
        addedTurns: penalty.additionalTurns,
        note: penalty.note,
      }),
    ),
    ...match.timeExtensions.map(
      (extension): MatchHistoryEntry => ({
        kind: "time-extension",
        at: extension.createdAt,
        who: nameOf(extension.staff),
        minutes: extension.minutes,
        reason: extension.reason,
      }),
    ),
    ...match.endOfMatch.map(
      (step): MatchHistoryEntry => ({
        kind: "end-of-match",
        at: step.createdAt,
        who: nameOf(step.staff),
        sequence: step.sequence,
        step: step.kind,
        data: step.data,
      }),
    ),
  ];
  return entries.sort(
    (x, y) =>
      x.at.getTime() - y.at.getTime() ||
      ORDER[x.kind] - ORDER[y.kind] ||
      sequenceOf(x) - sequenceOf(y),
  );
}

function sequenceOf(entry: MatchHistoryEntry): number {
  if (entry.kind === "result-change") return entry.version;
  if (entry.kind === "end-of-match") return entry.sequence;
  if (entry.kind === "game") return entry.number;
  return 0;
}
