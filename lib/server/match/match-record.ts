import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Transaction } from "@/lib/server/infra/db";
import { failure, type ActionResult } from "@/lib/action-result";
import { recordedGameOutcome, type GameEndReason, type GameOutcome } from "@/lib/rules/game";
import { BYE_SLIP, slipToString, type MatchFormat } from "@/lib/rules/match";
import { checkStaffEntryOverDispute } from "@/lib/rules/report-flow";
import { lockTournament, tournamentLockKey } from "@/lib/server/contest/tournament-lock";
import { opened, refused, type ContestOpening } from "@/lib/server/contest/contest-write";
import {
  deriveMatchRecord,
  teammatesShareTurnsFor,
  type MatchRecordEvent,
  type MatchRecordFacts,
  type MatchRecordView,
} from "@/lib/rules/match-record";
import type { Side } from "@/lib/rules/result";
import { render } from "@/lib/messages/render";

/*
 * One match's record: every command on a match (a result, a game, a restart, a penalty, a step of
 * the end-of-match procedure) reads it through here, takes its lock here, and meets the refusals
 * every write shares here; the commands import this module and never each other.
 */

/** The match as a result write needs it, read in the same statement that takes the lock. */
export type MatchForResult = {
  id: string;
  tournamentId: string;
  roundNumber: number;
  gamesToWin: number;
  phaseKind: string;
  sideAId: string;
  sideBId: string | null;
  winsA: number | null;
  winsB: number | null;
  draws: number | null;
  concededBy: "A" | "B" | null;
  intentionalDraw: boolean;
  version: number;
  confirmedAt: Date | null;
  voidedAt: Date | null;
  /** MTR 2.2: who chose play/draw for game 1, once known. */
  game1Chooser: "A" | "B" | null;
  /** Games recorded one by one; 0 for a match reported by slip only. */
  gameCount: number;
  /** The players' reports disagree and no one has settled them since (the change at the current version is DISPUTED). */
  isDisputed: boolean;
  /** CR 104.6: who restarted the game to be recorded next, when read `withNextGameRestart`. */
  nextGameRestartedBy?: "A" | "B" | null;
  /** The event as a result change on it is checked (lib/rules/reopen.ts). */
  eventStatus: "REGISTRATION" | "RUNNING" | "COMPLETE";
  eventHasPlayoff: boolean;
  eventIsImported: boolean;
};

/**
 * The columns of a MatchForResult, for statements that read "Match" m JOIN "Round" r JOIN "Phase" p
 * (here, and the scope check of a request naming a match: lib/server/access/scope.ts).
 */
export const MATCH_FOR_RESULT_COLUMNS = Prisma.sql`m.id, r."tournamentId", r.number AS "roundNumber", p."gamesToWin", p.kind::text AS "phaseKind",
           m."sideAId", m."sideBId", m."winsA", m."winsB", m.draws, m."concededBy"::text AS "concededBy",
           m."intentionalDraw", m.version, m."confirmedAt", m."voidedAt", m."game1Chooser"::text AS "game1Chooser",
           (SELECT count(*) FROM "Game" g WHERE g."matchId" = m.id AND g."removedAt" IS NULL)::int AS "gameCount",
           EXISTS (SELECT 1 FROM "ResultChange" c WHERE c."matchId" = m.id AND c.version = m.version AND c.kind = 'DISPUTED') AS "isDisputed",
           (SELECT t.status::text FROM "Tournament" t WHERE t.id = r."tournamentId") AS "eventStatus",
           EXISTS (SELECT 1 FROM "Round" er JOIN "Phase" ep ON ep.id = er."phaseId"
                   WHERE ep."tournamentId" = r."tournamentId" AND ep.kind = 'SINGLE_ELIMINATION') AS "eventHasPlayoff",
           EXISTS (SELECT 1 FROM "Tournament" t WHERE t.id = r."tournamentId" AND t."importedFrom" IS NOT NULL) AS "eventIsImported"`;

/**
 * Reads the match and takes its tournament's lock (see tournament-lock.ts) in one statement:
 * shared for a Swiss result, exclusive for a playoff result. The row comes from a snapshot taken
 * before the lock was granted, which is why the write below is conditional on the version read:
 * every change to a Swiss match row (a result, a clear, a seat swap) moves its version.
 */
export async function readMatchAndLock(
  tx: Transaction,
  matchId: string,
  options: { withNextGameRestart?: boolean } = {},
): Promise<MatchForResult | undefined> {
  // CR 104.6: who restarted the game to be recorded next, for the writes that record games (not the reports' hot path).
  const restart = options.withNextGameRestart
    ? Prisma.sql`(SELECT c.after->>'restartedBy' FROM "ResultChange" c
                   WHERE c."matchId" = m.id AND c.kind = 'GAME_RESTARTED'
                     AND c.after->>'game' = ((SELECT count(*) FROM "Game" g WHERE g."matchId" = m.id AND g."removedAt" IS NULL) + 1)::text
                   ORDER BY c.version DESC LIMIT 1) AS "nextGameRestartedBy",`
    : Prisma.empty;
  const rows = await tx.$queryRaw<(MatchForResult & { isLocked: boolean })[]>`
    SELECT ${MATCH_FOR_RESULT_COLUMNS}, ${restart}
           (CASE WHEN p.kind = 'SINGLE_ELIMINATION'
                 THEN pg_advisory_xact_lock(hashtext(${tournamentLockKey("")} || r."tournamentId"))
                 ELSE pg_advisory_xact_lock_shared(hashtext(${tournamentLockKey("")} || r."tournamentId")) END)::text IS NOT NULL AS "isLocked"
    FROM "Match" m
    JOIN "Round" r ON r.id = m."roundId"
    JOIN "Phase" p ON p.id = r."phaseId"
    WHERE m.id = ${matchId}
    FOR UPDATE OF m`;
  return rows[0];
}

/** The match as readMatchAndLock reads it, without a lock or a transaction (the report's fast path). */
export async function readMatchForResult(
  db: Transaction,
  matchId: string,
): Promise<MatchForResult | undefined> {
  const rows = await db.$queryRaw<MatchForResult[]>`
    SELECT ${MATCH_FOR_RESULT_COLUMNS}
    FROM "Match" m
    JOIN "Round" r ON r.id = m."roundId"
    JOIN "Phase" p ON p.id = r."phaseId"
    WHERE m.id = ${matchId}`;
  return rows[0];
}

export function formatOf(match: { gamesToWin: number; phaseKind: string }): MatchFormat {
  return { gamesToWin: match.gamesToWin, elimination: match.phaseKind === "SINGLE_ELIMINATION" };
}

export function staleVersion(match: {
  winsA: number | null;
  winsB: number | null;
  draws: number | null;
}): ActionResult<never> {
  const current =
    match.winsA === null ? "no result" : `${match.winsA}-${match.winsB}-${match.draws ?? 0}`;
  return failure(
    "CONFLICT",
    `This result was changed by someone else in the meantime (it is now ${current}). Review it and save again.`,
  );
}

/** MTR 2.5: the players' reports disagree; only the settle path (with its permission and a reason) records anything on the match. */
export function disputedMatch(): ActionResult<never> {
  const refused = checkStaffEntryOverDispute({ isDisputed: true, isSettling: false });
  return failure(
    "DISPUTED",
    refused.ok ? "The players' reports of this match disagree." : render(refused.error),
  );
}

/** A bye (MTR 2.1): its result is fixed; nothing is recorded on it. */
export function byeMatch(): ActionResult<never> {
  return failure(
    "INVALID_RESULT",
    `This is a bye: its result is fixed at ${slipToString(BYE_SLIP)}.`,
  );
}

/** A playoff match an upstream correction took out of the bracket: kept for its history only. */
export function voidedMatch(): ActionResult<never> {
  return failure(
    "NOT_FOUND",
    "This playoff match was voided by a correction to an earlier match. Reload the bracket to see the current match.",
  );
}

/** A stored game as the rules see it. A row the rules cannot read is a defect, not a user error. */
export function storedGameOutcome(game: {
  number: number;
  winner: string | null;
  reason: string;
}): GameOutcome {
  const outcome = recordedGameOutcome(game.reason as GameEndReason, game.winner as Side | null);
  if (!outcome.ok)
    throw new Error(
      `Game ${game.number} is stored in a state the rules refuse: ${render(outcome.error)}`,
    );
  return outcome.value;
}

/** The recorded games of a match, in the order played, as rule outcomes. */
export async function readGameOutcomes(
  db: Pick<Transaction, "game">,
  matchId: string,
): Promise<GameOutcome[]> {
  const games = await db.game.findMany({
    where: { matchId, removedAt: null },
    orderBy: { number: "asc" },
    select: { number: true, winner: true, reason: true },
  });
  return games.map(storedGameOutcome);
}

/**
 * A match opened for a write in the contest envelope (contest-write.ts): read and locked by the
 * lock rule, or the answer every such write gives instead (not found, voided, a bye); a stale
 * form is answered by its replay or staleVersion, and a dispute only the settle path may close
 * (MTR 2.5) is refused unless `allowDisputed`.
 */
export function matchOpening(
  input: { matchId: string; expectedVersion?: number; tournamentId?: string },
  options: {
    withNextGameRestart?: boolean;
    allowDisputed?: boolean;
    allowBye?: boolean;
    changesWhoPlays?: boolean;
  } = {},
): ContestOpening<MatchForResult> {
  return {
    open: async (tx) => {
      // A write that also changes who plays (a Disqualification drops the player) takes the tournament's lock exclusively, as pairing does.
      if (options.changesWhoPlays && input.tournamentId)
        await lockTournament(tx, input.tournamentId);
      const match = await readMatchAndLock(tx, input.matchId, options);
      if (!match || (input.tournamentId !== undefined && match.tournamentId !== input.tournamentId))
        return refused(failure("NOT_FOUND", "That match does not exist."));
      if (match.voidedAt) return refused(voidedMatch());
      if (match.sideBId === null && !options.allowBye) return refused(byeMatch());
      return opened(match, match.version);
    },
    expectedVersion: input.expectedVersion,
    stale: staleVersion,
    check: options.allowDisputed
      ? undefined
      : (match) => (match.isDisputed ? disputedMatch() : null),
  };
}

/**
 * Every stored fact of one match, as the one derivation (lib/rules/match-record.ts) takes them:
 * select this with the match, map it with matchRecordFacts, derive with deriveMatchRecord.
 */
export const MATCH_RECORD_SELECT = {
  id: true,
  sideAId: true,
  sideBId: true,
  winsA: true,
  winsB: true,
  draws: true,
  concededBy: true,
  intentionalDraw: true,
  resultAsPublished: true,
  confirmedAt: true,
  game1Chooser: true,
  round: { select: { phase: { select: { kind: true, gamesToWin: true, additionalTurns: true } } } },
  games: {
    where: { removedAt: null },
    orderBy: { number: "asc" },
    select: { number: true, winner: true, reason: true, createdAt: true },
  },
  endOfMatch: {
    orderBy: { sequence: "asc" },
    select: { sequence: true, kind: true, data: true, createdAt: true },
  },
  penalties: {
    where: { kind: { in: ["MATCH_LOSS", "DISQUALIFICATION"] } },
    orderBy: { createdAt: "asc" },
    take: 1,
    select: { registrationId: true },
  },
  version: true,
  // Restarts are facts of the match; a DISPUTED change at the match's own version means the reports disagree now.
  changes: {
    where: { kind: { in: ["GAME_RESTARTED", "DISPUTED"] } },
    orderBy: { version: "asc" },
    select: { kind: true, version: true, after: true, createdAt: true },
  },
} as const satisfies Prisma.MatchSelect;

export type MatchRecordRow = Prisma.MatchGetPayload<{ select: typeof MATCH_RECORD_SELECT }>;

type StepData = {
  type?: string;
  gameInProgress?: boolean;
  activePlayerPassingTurn?: boolean;
  activeSide?: Side;
  extraTurn?: boolean;
  A?: number;
  B?: number;
  gamesRecorded?: number;
};

function stepEvent(kind: string, data: StepData): MatchRecordEvent | null {
  switch (kind) {
    case "TIME_CALLED":
      return {
        type: "time-called",
        gameInProgress: data.gameInProgress !== false,
        activePlayerPassingTurn: data.activePlayerPassingTurn === true,
        activeSide: data.activeSide ?? null,
      };
    case "TURN_ENDED":
      return { type: "turn-ended" };
    case "EXTRA_TURN":
      return { type: "turn-ended", extraTurn: true };
    case "LIFE_TOTALS":
      return { type: "life-totals", A: data.A ?? 0, B: data.B ?? 0 };
    case "PENALTY_TURNS":
      return { type: "slow-play-warning" };
    default:
      return null;
  }
}

/**
 * The stored facts in the order they happened: each step of the end-of-match procedure keeps how
 * many games were recorded when it was written (both take the match's row lock), so game k comes
 * just before the first step that counted k games; steps older than that count go by their time.
 * A Match Loss, then a concession or agreed draw stored with the result, come last.
 */
export function matchRecordFacts(row: MatchRecordRow): MatchRecordFacts {
  const games = row.games.map((game) => ({
    number: game.number,
    createdAt: game.createdAt,
    event: { type: "game", outcome: storedGameOutcome(game) } as MatchRecordEvent,
  }));
  const steps = row.endOfMatch.map((step) => {
    const data = (step.data ?? {}) as StepData;
    return {
      createdAt: step.createdAt,
      gamesRecorded: typeof data.gamesRecorded === "number" ? data.gamesRecorded : null,
      event: stepEvent(step.kind, data),
    };
  });
  // CR 104.6: a restart comes after the games before it, among the steps by when it was written.
  for (const change of row.changes) {
    const restart = change.kind === "GAME_RESTARTED" ? restartOf(change.after) : null;
    if (restart)
      steps.push({
        createdAt: change.createdAt,
        gamesRecorded: restart.number - 1,
        event: { type: "restart", by: restart.by },
      });
  }
  steps.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
  const events: MatchRecordEvent[] = [];
  let next = 0;
  for (const step of steps) {
    const before = (game: (typeof games)[number]) =>
      step.gamesRecorded !== null
        ? game.number <= step.gamesRecorded
        : game.createdAt <= step.createdAt;
    while (next < games.length && before(games[next]!)) events.push(games[next++]!.event);
    if (step.event) events.push(step.event);
  }
  while (next < games.length) events.push(games[next++]!.event);
  const matchLoss = row.penalties[0];
  if (matchLoss)
    events.push({ type: "match-loss", side: matchLoss.registrationId === row.sideAId ? "A" : "B" });
  if (row.winsA !== null && row.concededBy)
    events.push({ type: "concession", side: row.concededBy as Side });
  if (row.winsA !== null && row.intentionalDraw) events.push({ type: "intentional-draw" });
  const { phase } = row.round;
  return {
    // An imported result the rules do not allow ("3-0-0") is kept as published: its match is read as long as it was played.
    format: {
      gamesToWin: row.resultAsPublished
        ? Math.max(phase.gamesToWin, row.winsA ?? 0, row.winsB ?? 0)
        : phase.gamesToWin,
      elimination: phase.kind === "SINGLE_ELIMINATION",
    },
    // The phase keeps the turns its format plays: three only where teammates share turns (MTR 2.4).
    teammatesShareTurns: teammatesShareTurnsFor(phase.additionalTurns),
    isBye: row.sideBId === null,
    firstChooser: (row.game1Chooser as Side | null) ?? null,
    events,
    isRecorded: row.confirmedAt !== null,
    recordedSlip:
      row.confirmedAt !== null && row.winsA !== null
        ? { winsA: row.winsA, winsB: row.winsB ?? 0, draws: row.draws ?? 0 }
        : null,
  };
}

/** MTR 2.5: the players' reports disagree and nothing has been recorded on the match since. */
export function isStoredMatchDisputed(row: Pick<MatchRecordRow, "version" | "changes">): boolean {
  return row.changes.some((change) => change.kind === "DISPUTED" && change.version === row.version);
}

/** The one derived state of a stored match; a match whose stored facts the rules refuse is a defect, not a user error. */
export function deriveStoredMatch(row: MatchRecordRow): MatchRecordView {
  const view = deriveMatchRecord(matchRecordFacts(row));
  if (!view.ok)
    throw new Error(
      `Match ${row.id}: its stored facts are refused by the rules: ${render(view.error)}`,
    );
  return view.value;
}

/** A GAME_RESTARTED change's `after`: the game that restarted and who restarted it (CR 104.6). */
export function restartOf(after: unknown): { number: number; by: Side } | null {
  const value = after as { game?: unknown; restartedBy?: unknown } | null;
  return value &&
    typeof value.game === "number" &&
    (value.restartedBy === "A" || value.restartedBy === "B")
    ? { number: value.game, by: value.restartedBy }
    : null;
}
