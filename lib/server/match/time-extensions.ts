import "server-only";
import { isRoundOver } from "@/lib/rules/player-clock";
import { listOfNames, plural } from "@/lib/plural";
import { lockContest } from "@/lib/server/contest/tournament-lock";
import { tableLabel } from "@/lib/rules/teams";
import { matchesPerPairingOf } from "@/lib/server/registration/team-names";
import type { TournamentAccess } from "@/lib/server/access/tournament-access";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import {
  checkExtensionMayBeGiven,
  checkExtensionMinutes,
  roundClock,
  totalExtensionMinutes,
  type RoundClock,
} from "@/lib/rules/round-clock";
import type { AddTimeExtensionInput } from "@/lib/schemas/time-extension";
import {
  opened,
  refused,
  writeContest,
  type ContestReader,
} from "@/lib/server/contest/contest-write";
import { render } from "@/lib/messages/render";

export type RecordedTimeExtension = {
  id: string;
  matchId: string;
  tableNumber: number;
  tableLabel: string;
  minutes: number;
  totalMinutes: number;
  isDuplicate: boolean;
};

/**
 * MTR 2.6 Time Extensions: a judge gives one match extra time, recorded with who gave it and
 * why. Extensions are history: added, never edited or deleted. The rules say which matches may
 * take one (checkExtensionMayBeGiven); a voided match is no longer played. A retried form (same
 * idempotency key) is recorded once.
 */
export async function addTimeExtension(
  input: AddTimeExtensionInput,
  actor: { staffId: string },
): Promise<ActionResult<RecordedTimeExtension>> {
  const minutes = checkExtensionMinutes(input.minutes);
  if (!minutes.ok) return failure("VALIDATION", render(minutes.error));
  return writeContest({
    open: (tx) => openTable(tx, input),
    // MTR 2.6: two judges answering one delay must not both add time; a judge who saw the newer ones may add a second.
    expectedVersion: input.addAnyway ? undefined : input.extensionsSeen,
    replay: (db) => findByKey(db, input),
    // A table that may take no time at all says so before any "added meanwhile".
    stale: (match) =>
      mayNotExtend(match) ?? staleExtension(match.timeExtensions.slice(input.extensionsSeen)),
    run: async (tx, match) => {
      const refused = mayNotExtend(match);
      if (refused) return refused;
      const created = await tx.timeExtension.create({
        data: {
          matchId: match.id,
          minutes: minutes.value,
          reason: input.reason,
          staffId: actor.staffId,
          idempotencyKey: input.idempotencyKey,
        },
        select: { id: true },
      });
      const total = totalExtensionMinutes([...match.timeExtensions, { minutes: minutes.value }]);
      return success({
        id: created.id,
        matchId: match.id,
        tableNumber: match.tableNumber,
        tableLabel: tableLabel(
          match.tableNumber,
          match.seat,
          matchesPerPairingOf(match.round.tournament),
        ),
        minutes: minutes.value,
        totalMinutes: total.ok ? total.value : minutes.value,
        isDuplicate: false,
      });
    },
  });
}

/** A table's match opened for an extension under the contest lock rule: two judges adding time at once are both counted, in order. */
async function openTable(tx: Transaction, input: AddTimeExtensionInput) {
  const isOurs = await lockContest(tx, input.tournamentId, { matchId: input.matchId });
  const match = !isOurs
    ? null
    : await tx.match.findUnique({
        where: { id: input.matchId },
        select: {
          id: true,
          tableNumber: true,
          seat: true,
          sideBId: true,
          winsA: true,
          voidedAt: true,
          round: {
            select: {
              tournamentId: true,
              tournament: { select: { teamFormat: true, teamSize: true } },
            },
          },
          timeExtensions: {
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            select: { minutes: true, staff: { select: { name: true } } },
          },
          endOfMatch: { where: { kind: "TIME_CALLED" }, take: 1, select: { sequence: true } },
        },
      });
  if (!match || match.round.tournamentId !== input.tournamentId || match.voidedAt)
    return refused<NonNullable<typeof match>>(failure("NOT_FOUND", "That match does not exist."));
  return opened(match, match.timeExtensions.length);
}

/** MTR 2.4, 2.6: the refusal when this match may take no extension (a bye, a result, time called), else null. */
function mayNotExtend(match: {
  tableNumber: number;
  sideBId: string | null;
  winsA: number | null;
  endOfMatch: unknown[];
}) {
  const refused = checkExtensionMayBeGiven({
    tableNumber: match.tableNumber,
    isBye: match.sideBId === null,
    hasResult: match.winsA !== null,
    isTimeCalled: match.endOfMatch.length > 0,
  });
  if (!refused) return null;
  return failure(
    refused.error.code === "MATCH_ALREADY_DECIDED" ? "MATCH_CONFIRMED" : "VALIDATION",
    render(refused.error),
  );
}

/** The answer to a form opened before another extension landed: what is on record since, and the way to add this one too. */
function staleExtension(since: { minutes: number; staff: { name: string } | null }[]) {
  if (since.length === 0)
    return failure("CONFLICT", "This table's time changed meanwhile. Reload the page.");
  const minutes = since.reduce((sum, extension) => sum + extension.minutes, 0);
  const names = [...new Set(since.map((extension) => extension.staff?.name ?? "staff"))];
  return failure(
    "CONFLICT",
    `${plural(minutes, "minute")} ${minutes === 1 ? "was" : "were"} added at this table meanwhile by ${listOfNames(names)}; nothing was saved. If this is another delay, press "Add mine as well".`,
  );
}

/**
 * A form whose key was already used: the same extension sent again (a retry, a double click) is
 * answered as it was first answered; the key used for another match, tournament, length or reason
 * is a conflict, never the first table's "added".
 */
async function findByKey(
  db: ContestReader,
  input: AddTimeExtensionInput,
): Promise<ActionResult<RecordedTimeExtension> | null> {
  const row = await db.timeExtension.findUnique({
    where: { idempotencyKey: input.idempotencyKey },
    select: {
      id: true,
      minutes: true,
      reason: true,
      match: {
        select: {
          id: true,
          tableNumber: true,
          seat: true,
          sideBId: true,
          round: {
            select: {
              tournamentId: true,
              tournament: { select: { teamFormat: true, teamSize: true } },
            },
          },
          timeExtensions: { select: { minutes: true } },
        },
      },
    },
  });
  if (!row) return null;
  const isSameRequest =
    row.match.id === input.matchId &&
    row.match.round.tournamentId === input.tournamentId &&
    row.minutes === input.minutes &&
    row.reason === input.reason;
  if (!isSameRequest)
    return failure(
      "CONFLICT",
      "This form was already used to give time to a table, so nothing was saved now. Reload the page and give the time again.",
    );
  const total = totalExtensionMinutes(row.match.timeExtensions);
  const seats = row.match.sideBId === null ? 1 : matchesPerPairingOf(row.match.round.tournament);
  return success({
    id: row.id,
    matchId: row.match.id,
    tableNumber: row.match.tableNumber,
    tableLabel: tableLabel(row.match.tableNumber, row.match.seat, seats),
    minutes: row.minutes,
    totalMinutes: total.ok ? total.value : row.minutes,
    isDuplicate: true,
  });
}

export type TableClock = {
  matchId: string;
  tableNumber: number;
  /** As printed: "12", or "12A" for seat A's match of a team table (MTR 8.2). */
  tableLabel: string;
  extensionMinutes: number;
  extensions: { minutes: number; reason: string; staffName: string | null; createdAt: Date }[];
  clock: RoundClock;
  hasResult: boolean;
  isBye: boolean;
  nameA: string;
  nameB: string | null;
};

export type RoundClockView = {
  tournamentName: string;
  roundNumber: number;
  /** The server's time when this was read: the browser counts down from its offset to it. */
  serverNow: number;
  roundMinutes: number | null;
  /** Matches at one table: one per seat in a team event of seat matches (MTR 8.2), otherwise 1. */
  matchesPerPairing: number;
  /** A pod event: its tables are pods (CR 100.6a). */
  isPods: boolean;
  round: RoundClock;
  isEventComplete: boolean;
  /** MTR 2.4: every table has its result, or the event is over: no countdown, "Round over". */
  isOver: boolean;
  tables: TableClock[];
};

/** Which tables' clocks to read: all of them, one match's or pod's, or only those with extra time and no result yet. */
export type RoundClockTables =
  | { all: true }
  | { matchId: string }
  | { podId: string }
  | { extendedAndPlaying: true };

/**
 * The round's tables (not byes) and those still without a result, in one statement, counted apart
 * from the tables a page reads so that a page about one table still knows the round is over.
 */
async function countTables(roundId: string, isPods: boolean) {
  const [counts] = isPods
    ? await prisma.$queryRaw<{ tablesPlaying: number; tablesPlayed: number }[]>`
        SELECT count(*) FILTER (WHERE "confirmedAt" IS NULL)::int AS "tablesPlaying",
               count(*)::int AS "tablesPlayed"
        FROM "Pod" WHERE "roundId" = ${roundId} AND NOT "isBye"`
    : await prisma.$queryRaw<{ tablesPlaying: number; tablesPlayed: number }[]>`
        SELECT count(*) FILTER (WHERE "winsA" IS NULL)::int AS "tablesPlaying",
               count(*)::int AS "tablesPlayed"
        FROM "Match"
        WHERE "roundId" = ${roundId} AND "voidedAt" IS NULL AND "sideBId" IS NOT NULL`;
  return counts ?? { tablesPlaying: 0, tablesPlayed: 0 };
}

/**
 * The clock of a round and of each of its tables (or of the `tables` asked for), computed on the server's clock (the browser
 * only counts down from the server's `now`, so a phone whose clock is off still shows the right
 * time). Null when the round does not exist.
 */
export async function getRoundClock(
  access: TournamentAccess,
  roundNumber: number,
  now = Date.now(),
  tables: RoundClockTables = { all: true },
): Promise<RoundClockView | null> {
  const { tournamentId } = access;
  const round = await prisma.round.findUnique({
    where: { tournamentId_number: { tournamentId, number: roundNumber } },
    select: {
      number: true,
      startedAt: true,
      id: true,
      tournament: {
        select: { name: true, teamFormat: true, teamSize: true, structure: true, status: true },
      },
      phase: { select: { roundMinutes: true } },
      matches: {
        // A round has up to a few thousand tables: a page about one table, or about the extended
        // ones, reads only those (a player's phone must not load the whole round).
        where: {
          voidedAt: null,
          ...("matchId" in tables ? { id: tables.matchId } : {}),
          ...("podId" in tables ? { id: { in: [] } } : {}),
          ...("extendedAndPlaying" in tables ? { winsA: null, timeExtensions: { some: {} } } : {}),
        },
        orderBy: { tableNumber: "asc" },
        select: {
          id: true,
          tableNumber: true,
          seat: true,
          winsA: true,
          sideBId: true,
          sideA: { select: { displayName: true } },
          sideB: { select: { displayName: true } },
          timeExtensions: {
            orderBy: { createdAt: "asc" },
            select: {
              minutes: true,
              reason: true,
              createdAt: true,
              staff: { select: { name: true } },
            },
          },
        },
      },
    },
  });
  if (!round) return null;
  const startedAt = round.startedAt?.getTime() ?? null;
  const roundMinutes = round.phase.roundMinutes;
  const matchesPerPairing = matchesPerPairingOf(round.tournament);
  const clockOf = (extensionMinutes: number): RoundClock => {
    const clock = roundClock({ startedAt, roundMinutes, extensionMinutes, now });
    // Only stored, validated numbers reach here; a refusal would mean a corrupt row: show no clock.
    return clock.ok ? clock.value : { kind: "not-started" };
  };
  // CR 100.6a: a pod event's tables are its pods, each one game with no extensions of its own.
  const pods =
    round.tournament.structure === "PODS" && ("all" in tables || "podId" in tables)
      ? await prisma.pod.findMany({
          where: { roundId: round.id, ...("podId" in tables ? { id: tables.podId } : {}) },
          orderBy: { tableNumber: "asc" },
          select: { id: true, tableNumber: true, isBye: true, confirmedAt: true },
        })
      : [];
  const isPods = round.tournament.structure === "PODS";
  const { tablesPlaying, tablesPlayed } = await countTables(round.id, isPods);
  return {
    isEventComplete: round.tournament.status === "COMPLETE",
    isOver: isRoundOver({
      eventComplete: round.tournament.status === "COMPLETE",
      tablesPlaying,
      tablesPlayed,
    }),
    tournamentName: round.tournament.name,
    roundNumber: round.number,
    serverNow: now,
    roundMinutes,
    matchesPerPairing,
    isPods,
    round: clockOf(0),
    tables: [
      ...pods.map((pod) => ({
        matchId: pod.id,
        tableNumber: pod.tableNumber,
        tableLabel: String(pod.tableNumber),
        extensionMinutes: 0,
        extensions: [],
        clock: clockOf(0),
        hasResult: pod.confirmedAt !== null,
        isBye: pod.isBye,
        nameA: "",
        nameB: null,
      })),
      ...round.matches.map((match) => {
        const total = totalExtensionMinutes(match.timeExtensions);
        const extensionMinutes = total.ok ? total.value : 0;
        return {
          matchId: match.id,
          tableNumber: match.tableNumber,
          tableLabel: tableLabel(
            match.tableNumber,
            match.seat,
            match.sideBId === null ? 1 : matchesPerPairing,
          ),
          extensionMinutes,
          extensions: match.timeExtensions.map((extension) => ({
            minutes: extension.minutes,
            reason: extension.reason,
            staffName: extension.staff?.name ?? null,
            createdAt: extension.createdAt,
          })),
          clock: clockOf(extensionMinutes),
          hasResult: match.winsA !== null,
          isBye: match.sideBId === null,
          nameA: match.sideA.displayName,
          nameB: match.sideB?.displayName ?? null,
        };
      }),
    ],
  };
}
