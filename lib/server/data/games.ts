import "server-only";
import { randomUUID } from "node:crypto";
import { prisma, type Transaction } from "../db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { decideGame, recordedGameOutcome, type GameEndReason, type GameOutcome } from "@/lib/rules/game";
import { checkLastGameRemoval, deriveMatchResult, type LastGameRemoval, type MatchEvent, type MatchFormat, type MatchState } from "@/lib/rules/match";
import { checkGameAgainstEndOfMatch, gameDecidedByProcedure } from "@/lib/rules/end-of-match";
import { checkRestartedGameStarter, chooserForNextGame, choosersByGame } from "@/lib/rules/play-draw";
import type { Side } from "@/lib/rules/result";
import type { RecordGameInput, TakeBackGameInput } from "@/lib/schemas/game";
import { gamesRecordedAt, PROCEDURE_SELECT, procedureView, readEndOfMatchIn } from "./end-of-match";
import { isUniqueViolation } from "./prisma-errors";
import { deriveStoredMatch, formatOf, openMatchForWrite, RollBack, staleVersion, storedGameOutcome, type MatchForResult } from "./match-record";
import { advancePlayoff } from "./playoffs";

type StoredGame = { number: number; chooser: Side; choice: "PLAY" | "DRAW"; winner: Side | null; reason: GameEndReason };

const toOutcome = storedGameOutcome;

async function readGames(db: Pick<Transaction, "game">, matchId: string): Promise<StoredGame[]> {
  return db.game.findMany({ where: { matchId, removedAt: null }, orderBy: { number: "asc" }, select: { number: true, chooser: true, choice: true, winner: true, reason: true } });
}

/**
 * The facts the rules derive a match from: its games in order, then a concession or agreed
 * draw stored with its result (MTR 2.5). Only a match whose result came from its games (or a
 * concession or agreed draw on top of them) is read this way.
 */
function matchEvents(
  games: readonly GameOutcome[],
  match: { concededBy: Side | null; intentionalDraw: boolean; winsA: number | null },
  timeCalled: TimeCalled | null = null,
): MatchEvent[] {
  const events: MatchEvent[] = games.map((outcome) => ({ type: "game", outcome }));
  // MTR 2.4: time called on the judge's end-of-match screen is a fact of the match, placed
  // after the games finished before it (so a game left unfinished at time may be recorded).
  if (timeCalled) events.splice(Math.min(timeCalled.gamesBefore, events.length), 0, { type: "time-called", gameInProgress: timeCalled.gameInProgress });
  if (match.winsA !== null && match.concededBy) events.push({ type: "concession", side: match.concededBy });
  if (match.winsA !== null && match.intentionalDraw) events.push({ type: "intentional-draw" });
  return events;
}

type TimeCalled = { gamesBefore: number; gameInProgress: boolean };

/**
 * IPG 1.2: a Match Loss (or a Disqualification) a judge gave during this match, as the side it
 * went to, or null. Only the first counts; one given after the match had ended changed nothing.
 */
export async function readMatchLoss(db: Pick<Transaction, "penalty">, match: { id: string; sideAId: string }): Promise<Side | null> {
  const penalty = await db.penalty.findFirst({
    where: { matchId: match.id, kind: { in: ["MATCH_LOSS", "DISQUALIFICATION"] } },
    orderBy: { createdAt: "asc" },
    select: { registrationId: true },
  });
  return penalty ? (penalty.registrationId === match.sideAId ? "A" : "B") : null;
}

/** The match's facts with a Match Loss last, unless the match had already ended without it (a DQ after the match). */
export function withMatchLoss(format: MatchFormat, events: MatchEvent[], matchLoss: Side | null): MatchEvent[] {
  if (!matchLoss) return events;
  const without = deriveMatchResult({ format, events });
  if (without.ok && without.value.status === "decided") return events;
  return [...events, { type: "match-loss", side: matchLoss }];
}

/**
 * Everything the rules derive a match from, read in the caller's transaction (penalties.ts):
 * its games, time called on the end-of-match screen, a concession or agreed draw, a Match Loss.
 */
export async function readMatchFacts(tx: Transaction, match: MatchForResult) {
  const games = await readGames(tx, match.id);
  const outcomes = games.map(toOutcome);
  const { timeCalled, gamesCountedByProcedure } = await readProcedureCounts(tx, match.id);
  const matchLoss = await readMatchLoss(tx, match);
  const format = formatOf(match);
  return { games, outcomes, format, matchLoss, timeCalled, gamesCountedByProcedure, events: withMatchLoss(format, matchEvents(outcomes, match, timeCalled), matchLoss) };
}

/**
 * What the judge's end-of-match screen stored about the games, in one read of its steps: when it
 * called time (the first TIME_CALLED step) and the most games any step counted (time called,
 * turns added by a penalty); nulls without steps. Each step's count was taken under the match's
 * row lock; steps stored before that count was kept are counted by timestamp.
 */
async function readProcedureCounts(
  db: Pick<Transaction, "endOfMatchEvent" | "game">,
  matchId: string,
): Promise<{ timeCalled: TimeCalled | null; gamesCountedByProcedure: number | null }> {
  const steps = await db.endOfMatchEvent.findMany({ where: { matchId }, orderBy: { sequence: "asc" }, select: { kind: true, data: true, createdAt: true } });
  if (steps.length === 0) return { timeCalled: null, gamesCountedByProcedure: null };
  const counts: number[] = [];
  for (const step of steps) counts.push(gamesRecordedAt(step.data) ?? (await db.game.count({ where: { matchId, removedAt: null, createdAt: { lte: step.createdAt } } })));
  const first = steps.findIndex((step) => step.kind === "TIME_CALLED");
  const data = first === -1 ? null : (steps[first]!.data as { gameInProgress?: boolean } | null);
  return {
    timeCalled: first === -1 ? null : { gamesBefore: counts[first]!, gameInProgress: data?.gameInProgress !== false },
    gamesCountedByProcedure: Math.max(...counts),
  };
}

/**
 * The facts checkLastGameRemoval decides from, as stored: the games, a concession or agreed
 * draw stored on top of them, what the end-of-match procedure counted, a Match Loss or DQ.
 */
function lastGameRemovalFacts(
  match: { winsA: number | null; concededBy: Side | null; intentionalDraw: boolean },
  facts: { format: MatchFormat; outcomes: GameOutcome[]; timeCalled: TimeCalled | null; gamesCountedByProcedure: number | null; matchLoss: Side | null },
): LastGameRemoval {
  return {
    format: facts.format,
    games: facts.outcomes,
    agreement: match.winsA === null ? null : match.concededBy ? "concession" : match.intentionalDraw ? "intentional-draw" : null,
    timeCalled: facts.timeCalled,
    gamesCountedByProcedure: facts.gamesCountedByProcedure,
    matchLoss: facts.matchLoss !== null,
  };
}

export type RecordedGame = { matchId: string; number: number; version: number; status: MatchState["status"]; winner: Side | null; isDuplicate: boolean };

/**
 * Records the next game of a match (issue 9). The rules decide everything from the stored facts:
 * how the game ended (CR 104, `recordedGameOutcome`), who chooses play/draw (MTR 2.2: game 1 the
 * random winner in Swiss, whom this first game records, or the higher seed in a playoff; then
 * the loser of the previous game; after a drawn game the previous chooser), and what the match
 * now is (`deriveMatchResult`, MTR 2.1/2.4/2.5: a game after the match was decided is refused
 * with the rule's message). The write has the guarantees of a result slip (see results.ts): the
 * same tournament lock, applied only at `expectedVersion` (every game bumps the match version),
 * idempotent by key, with a GAME_RECORDED history row; once the games decide the match its slip
 * is stored as decided (MTR 2.5: recorded in a separate step) and a playoff bracket advances.
 * One source of truth: a match whose result was entered as a slip takes no games.
 */
export async function recordGame(
  input: RecordGameInput,
  staff: { staffId?: string; name: string },
  options: { mayOverrideChooser: boolean },
): Promise<ActionResult<RecordedGame>> {
  if (input.atOnce) {
    // CR 104.3f, 104.4a: when the judge said what happened to each player at once, the rules decide the game.
    const decided = decideGame(input.atOnce);
    if (!decided.ok) return failure("INVALID_RESULT", `What happened at once: ${decided.error.message}`);
    if (decided.value.kind === "restart") return failure("INVALID_RESULT", "A restart is not a game result (CR 104.6).");
    input = { ...input, atOnce: null, reason: decided.value.reason, winner: decided.value.kind === "win" ? decided.value.winner : null };
  }
  try {
    return await prisma.$transaction(async (tx) => {
      const opened = await openMatchForWrite(tx, input, () => findGameByIdempotencyKey(tx, input), { withNextGameRestart: true });
      if ("answer" in opened) return opened.answer;
      const { match } = opened;
      const matchLoss = await readMatchLoss(tx, match);
      if (match.gameCount === 0 && match.winsA !== null && !matchLoss) {
        return failure(
          "INVALID_RESULT",
          `This match's result was entered as a slip (${match.winsA}-${match.winsB}-${match.draws ?? 0}). A match keeps one source of truth: correct the slip, or clear it to record the match game by game.`,
        );
      }

      const games = await readGames(tx, match.id);
      const outcomes = games.map(toOutcome);
      const number = games.length + 1;
      const outcome = recordedGameOutcome(input.reason, input.winner);
      if (!outcome.ok) return failure("INVALID_RESULT", `Game ${number}: ${outcome.error.message}`);

      const format = formatOf(match);
      const { timeCalled } = await readProcedureCounts(tx, match.id);
      if (timeCalled) {
        // MTR 2.4: once time is called the judge's stored steps say how the game in progress may
        // end (and, once they decided it, exactly how): the rules check the game against them.
        const procedure = await readEndOfMatchIn(tx, match.tournamentId, match.id);
        const contradiction = procedure ? checkGameAgainstEndOfMatch(procedure.state, outcomes, outcome.value) : null;
        if (contradiction) return failure("INVALID_RESULT", `Game ${number}: ${contradiction.error.message}`);
      }
      const derived = deriveMatchResult({ format, events: [...withMatchLoss(format, matchEvents(outcomes, match, timeCalled), matchLoss), { type: "game", outcome: outcome.value }] });
      if (!derived.ok) return failure("INVALID_RESULT", `Game ${number}: ${derived.error.message.replace(/^Event \d+: /, "")}`);

      // CR 104.6: a restarted game is started by the player who restarted it, with no choice.
      const restartedBy = match.nextGameRestartedBy ?? null;
      const chooserCheck = restartedBy ? checkRecordedStarterAfterRestart(number, restartedBy, input, options) : checkChooser(match, outcomes, input, options);
      if (chooserCheck) return chooserCheck;

      const state = derived.value;
      const written = await writeGame(tx, match, input, staff, { number, outcome: outcome.value, state });
      if (!written) return (await findGameByIdempotencyKey(tx, input)) ?? staleVersion(await tx.match.findUniqueOrThrow({ where: { id: match.id }, select: { winsA: true, winsB: true, draws: true } }));
      if (format.elimination && state.status === "decided") {
        const advanced = await advancePlayoff(tx, match.tournamentId);
        if (!advanced.ok) throw new RollBack(advanced);
      }
      return success({ matchId: match.id, number, version: written.version, status: state.status, winner: state.winner, isDuplicate: false });
    });
  } catch (error) {
    if (error instanceof RollBack) return error.result;
    if (isUniqueViolation(error)) {
      // The key (or this game number) was taken by a request that committed first.
      const previous = await findGameByIdempotencyKey(prisma, input);
      if (previous) return previous;
      return failure("CONFLICT", "Another game was recorded for this match in the meantime. Reload the match and record the next game.");
    }
    throw error;
  }
}

/**
 * MTR 2.2: the chooser the form names must be the one the rules name, except for game 1 of a
 * Swiss match (the winner of the random method, recorded now) or when a judge overrides it
 * with a reason kept in the history.
 */
function checkChooser(match: MatchForResult, played: readonly GameOutcome[], input: RecordGameInput, options: { mayOverrideChooser: boolean }): ActionResult<never> | null {
  if (match.game1Chooser === null && played.length === 0) return null;
  const expected = chooserForNextGame(match.game1Chooser ?? input.chooser, played);
  if (!expected.ok) return failure("INVALID_RESULT", expected.error.message);
  if (expected.value === input.chooser) return null;
  if (!options.mayOverrideChooser) {
    return failure("FORBIDDEN", `By MTR 2.2 player ${expected.value} chooses play or draw for game ${played.length + 1}; only a judge can record a different chooser.`);
  }
  if (input.note.trim() === "") {
    const message = `By MTR 2.2 player ${expected.value} chooses for game ${played.length + 1}: say why player ${input.chooser} chose instead (kept in the history).`;
    return failure("VALIDATION", message, { note: [message] });
  }
  return null;
}

/** CR 104.6: the rules name the restarted game's starting player; a judge may record otherwise with a reason. */
function checkRecordedStarterAfterRestart(number: number, restartedBy: Side, input: RecordGameInput, options: { mayOverrideChooser: boolean }): ActionResult<never> | null {
  const refused = checkRestartedGameStarter({ number, restartedBy, chooser: input.chooser, choice: input.choice });
  if (!refused) return null;
  const rule = refused.error.message;
  if (!options.mayOverrideChooser) return failure("FORBIDDEN", `${rule}; only a judge can record it otherwise.`);
  if (input.note.trim() === "") {
    const message = `${rule}: say why it was otherwise (kept in the history).`;
    return failure("VALIDATION", message, { note: [message] });
  }
  return null;
}

/**
 * The game, the match (only at the version read) and the history row, as one statement. Also
 * the path a judge's Game Loss takes (penalties.ts: CR 104.3k, reason JUDGE_GAME_LOSS).
 */
export async function writeGame(
  tx: Transaction,
  match: MatchForResult,
  input: Pick<RecordGameInput, "chooser" | "choice" | "winner" | "reason" | "idempotencyKey" | "note">,
  staff: { staffId?: string; name: string },
  game: { number: number; outcome: GameOutcome; state: MatchState },
): Promise<{ version: number } | undefined> {
  const { state } = game;
  // MTR 2.5: games that decide the match store its slip as decided; recording it is a separate step.
  const slip = state.status === "decided" ? state.slip : null;
  const after = JSON.stringify({
    game: {
      number: game.number,
      chooser: input.chooser,
      choice: input.choice,
      winner: input.winner,
      reason: input.reason,
      rule: game.outcome.rule,
    },
    status: state.status,
    slip: state.slip,
    winner: state.winner,
  });
  const staffId = staff.staffId ?? null;
  const rows = await tx.$queryRaw<{ version: number }[]>`
    WITH updated AS (
      UPDATE "Match"
      SET "winsA" = ${slip?.winsA ?? null}::int, "winsB" = ${slip?.winsB ?? null}::int, draws = ${slip?.draws ?? null}::int,
          "game1Chooser" = COALESCE("game1Chooser", ${input.chooser}::"Side"),
          version = version + 1, "updatedAt" = now()
      WHERE id = ${match.id} AND version = ${match.version}
      RETURNING id, version
    ), game AS (
      INSERT INTO "Game" (id, "matchId", number, chooser, choice, winner, reason, "idempotencyKey", "createdAt")
      SELECT ${randomUUID()}, updated.id, ${game.number}, ${input.chooser}::"Side", ${input.choice}::"PlayOrDraw",
             ${input.winner}::"Side", ${input.reason}::"GameEndReason", ${input.idempotencyKey}, now()
      FROM updated
    ), history AS (
      INSERT INTO "ResultChange" (id, "matchId", version, kind, source, "staffId", "actorName", before, after, note, "createdAt")
      SELECT ${randomUUID()}, updated.id, updated.version, 'GAME_RECORDED'::"ResultChangeKind", 'STAFF'::"ResultSource", ${staffId},
             ${staff.name}, NULL, ${after}::jsonb, ${input.note}, now()
      FROM updated
    )
    SELECT version FROM updated`;
  return rows[0];
}

/**
 * A request whose key was already used: the same game sent again (a retry, a double click)
 * is answered as it was first answered; any other use of the key is a conflict.
 */
async function findGameByIdempotencyKey(db: Pick<Transaction, "game" | "resultChange">, input: RecordGameInput): Promise<ActionResult<RecordedGame> | null> {
  const game = await db.game.findUnique({
    where: { idempotencyKey: input.idempotencyKey },
    select: { matchId: true, number: true, chooser: true, choice: true, winner: true, reason: true, removedAt: true },
  });
  if (!game) return null;
  const isSameRequest =
    game.matchId === input.matchId && game.chooser === input.chooser && game.choice === input.choice && game.winner === input.winner && game.reason === input.reason;
  if (isSameRequest && game.removedAt) {
    return failure("CONFLICT", `Game ${game.number} was recorded with this form and later taken back, so nothing was saved now. Reload the match to see its games.`);
  }
  // The change this very request wrote: the version it produced (a number can be recorded twice once taken back).
  const change = isSameRequest
    ? await db.resultChange.findFirst({ where: { matchId: game.matchId, kind: "GAME_RECORDED", version: input.expectedVersion + 1, after: { path: ["game", "number"], equals: game.number } }, select: { version: true, after: true } })
    : null;
  if (!change || change.version !== input.expectedVersion + 1) {
    return failure("CONFLICT", "This form was already used to record a game, so nothing was saved now. Reload the match to see its games and record the next one.");
  }
  const after = change.after as { status: MatchState["status"]; winner: Side | null };
  return success({ matchId: game.matchId, number: game.number, version: change.version, status: after.status, winner: after.winner, isDuplicate: true });
}

export type TakenBackGame = { matchId: string; number: number; version: number; status: MatchState["status"]; isDuplicate: boolean };

/**
 * Staff take back the last recorded game of a match (recorded in error: the wrong winner, the
 * wrong table). The rules say whether it may go and what the match is without it
 * (`checkLastGameRemoval`, MTR 2.1); the game is kept, marked removed, and the same game number
 * can be recorded again. A result the games had made is cleared with it (a playoff bracket
 * follows, or the whole change rolls back if a later playoff match was already played). Same
 * guarantees as recording a game: the match's lock and row lock, applied only at
 * `expectedVersion`, idempotent by the form's key, and a GAME_REMOVED history row with the reason.
 */
export async function takeBackLastGame(input: TakeBackGameInput, staff: { staffId?: string; name: string }): Promise<ActionResult<TakenBackGame>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const opened = await openMatchForWrite(tx, input, () => findTakeBackByKey(tx, input));
      if ("answer" in opened) return opened.answer;
      const { match } = opened;

      const facts = await readMatchFacts(tx, match);
      const checked = checkLastGameRemoval(lastGameRemovalFacts(match, facts));
      if (!checked.ok) return failure("INVALID_RESULT", checked.error.message);
      const { number, state } = checked.value;
      const game = facts.games[facts.games.length - 1]!;

      const removed = await tx.game.aggregate({ where: { matchId: match.id, removedAt: { not: null } }, _max: { removalSequence: true } });
      const removalSequence = (removed._max.removalSequence ?? 0) + 1;
      await tx.game.update({
        where: { matchId_number_removalSequence: { matchId: match.id, number: game.number, removalSequence: 0 } },
        data: { removedAt: new Date(), removalSequence, removalKey: input.idempotencyKey },
      });
      const nextVersion = match.version + 1;
      const hadResult = match.winsA !== null;
      const moved = await tx.match.updateMany({
        where: { id: match.id, version: match.version },
        data: {
          version: nextVersion,
          // The games made the result; without the last one they make the one the rules say (MTR 2.1),
          // which is none yet unless the facts left (time called) still decide the match.
          ...(state.status === "decided"
            ? { winsA: state.slip.winsA, winsB: state.slip.winsB, draws: state.slip.draws, confirmedAt: null }
            : hadResult
              ? { winsA: null, winsB: null, draws: null, confirmedAt: null }
              : {}),
          // MTR 2.2: a Swiss match's game-1 chooser was recorded with game 1 (a playoff's is the higher seed's).
          ...(number === 1 && !facts.format.elimination ? { game1Chooser: null } : {}),
        },
      });
      if (moved.count === 0) throw new RollBack(staleVersion(match));
      const gamesBefore = deriveMatchResult({ format: facts.format, events: facts.outcomes.map((outcome) => ({ type: "game" as const, outcome })) });
      await tx.resultChange.create({
        data: {
          matchId: match.id,
          version: nextVersion,
          kind: "GAME_REMOVED",
          source: "STAFF",
          staffId: staff.staffId ?? null,
          actorName: staff.name,
          before: {
            game: { number, chooser: game.chooser, choice: game.choice, winner: game.winner, reason: game.reason },
            ...(hadResult ? { winsA: match.winsA, winsB: match.winsB, draws: match.draws } : gamesBefore.ok ? { slip: gamesBefore.value.slip } : {}),
          },
          after: { status: state.status, slip: state.slip, removalSequence },
          note: input.note,
        },
      });
      if (facts.format.elimination && (hadResult || state.status === "decided")) {
        const advanced = await advancePlayoff(tx, match.tournamentId);
        if (!advanced.ok) throw new RollBack(advanced);
      }
      return success({ matchId: match.id, number, version: nextVersion, status: state.status, isDuplicate: false });
    });
  } catch (error) {
    if (error instanceof RollBack) return error.result;
    if (isUniqueViolation(error)) {
      const previous = await findTakeBackByKey(prisma, input);
      if (previous) return previous;
    }
    throw error;
  }
}

/** A take-back form sent again (a retry, a double click) is answered as the first time; its key used for anything else is a conflict. */
async function findTakeBackByKey(db: Pick<Transaction, "game" | "resultChange">, input: TakeBackGameInput): Promise<ActionResult<TakenBackGame> | null> {
  const game = await db.game.findUnique({ where: { removalKey: input.idempotencyKey }, select: { matchId: true, number: true, removalSequence: true } });
  if (!game) return null;
  const change =
    game.matchId === input.matchId
      ? await db.resultChange.findFirst({ where: { matchId: game.matchId, kind: "GAME_REMOVED", after: { path: ["removalSequence"], equals: game.removalSequence } }, select: { version: true, after: true } })
      : null;
  if (!change || change.version !== input.expectedVersion + 1) {
    return failure("CONFLICT", "This form was already used to take back a game, so nothing was changed now. Reload the match to see its games.");
  }
  const after = change.after as { status: MatchState["status"] };
  return success({ matchId: game.matchId, number: game.number, version: change.version, status: after.status, isDuplicate: true });
}

export type TableGame = StoredGame & { rule: string };

/**
 * A match as the staff match page shows it: the players, the games so far, what the rules
 * derive from them (MTR 2.1), who chooses play/draw for each game and for the next one
 * (MTR 2.2), and whether another game may be recorded. Null when the match is not this
 * tournament's (or was voided).
 */
export async function getMatchForTable(tournamentId: string, matchId: string) {
  const match = await prisma.match.findFirst({
    where: { id: matchId, voidedAt: null, round: { tournamentId } },
    select: {
      ...PROCEDURE_SELECT,
      winsB: true,
      draws: true,
      chooserMethod: true,
      sideA: { select: { id: true, displayName: true } },
      sideB: { select: { id: true, displayName: true } },
      round: { select: { number: true, startedAt: true, tournament: { select: { name: true } }, phase: { select: { kind: true, gamesToWin: true, additionalTurns: true, roundMinutes: true } } } },
      games: { where: { removedAt: null }, orderBy: { number: "asc" }, select: { number: true, chooser: true, choice: true, winner: true, reason: true, createdAt: true } },
    },
  });
  if (!match) return null;
  // The one derivation every screen reads (lib/rules/match-record.ts).
  const record = deriveStoredMatch(match);
  const format = formatOf({ gamesToWin: match.round.phase.gamesToWin, phaseKind: match.round.phase.kind });
  const outcomes = match.games.map(toOutcome);
  const games: TableGame[] = match.games.map((game, index) => ({ ...game, rule: outcomes[index]!.rule }));
  const matchLoss: Side | null = match.penalties[0] ? (match.penalties[0].registrationId === match.sideAId ? "A" : "B") : null;
  const isSlipOnly = match.games.length === 0 && match.winsA !== null && !matchLoss;
  const state: MatchState | null = isSlipOnly
    ? null
    : {
        status: record.decided ? "decided" : "in-progress",
        winner: record.decided?.outcome.winner ?? null,
        slip: record.score,
        rule: record.decided?.outcome.rule ?? "",
        mayStartNewGame: record.refusals["record-game"] === null,
        gamesPlayed: record.gamesPlayed,
        timeCalled: record.timeCalled,
        decidedBy: record.decided ? (record.decided.decidedBy === "time" ? "time" : record.decided.decidedBy) : null,
        outcome: record.decided?.outcome ?? null,
      };
  // MTR 2.2: the random winner of a Swiss match is only known once game 1 is recorded.
  const choosers = match.game1Chooser ? choosersByGame(match.game1Chooser, outcomes) : null;
  // MTR 2.4: once time is called the page shows the judge's procedure too.
  const procedure = record.timeCalled ? procedureView(match) : null;
  const decidedGame = record.gameDecidedByTime && record.gameDecidedByTime.kind !== "restart" ? { reason: record.gameDecidedByTime.reason, winner: record.gameDecidedByTime.kind === "win" ? record.gameDecidedByTime.winner : null } : null;
  const takeBack = record.refusals["take-back-game"];
  return {
    ...match,
    format,
    games,
    state,
    record,
    isSlipOnly,
    /** IPG 1.2: the side a judge's Match Loss (or Disqualification) during this match went to. */
    matchLoss: record.decided?.decidedBy === "penalty" ? matchLoss : null,
    /** Element i: who the rules say chooses for game i + 1 (the last one: the next game). */
    rulesChoosers: choosers?.ok ? choosers.value : null,
    nextChooser: match.game1Chooser ? record.nextChooser : null,
    /** The game the end-of-match procedure decided and that is not recorded yet (MTR 2.4), or null. */
    decidedGame,
    /** The end-of-match procedure as read for this page once time was called; null before (read it with getEndOfMatch). */
    procedure,
    /** The last game may be taken back (recorded in error), or the rule's reason why not; null with no game. */
    takeBack: outcomes.length === 0 ? null : takeBack === null ? ({ allowed: true } as const) : ({ allowed: false, reason: takeBack.message } as const),
    mayRecordGame: match.sideB !== null && !isSlipOnly && record.refusals["record-game"] === null,
  };
}
export type MatchForTable = NonNullable<Awaited<ReturnType<typeof getMatchForTable>>>;
