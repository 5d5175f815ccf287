import "server-only";
import { randomUUID } from "node:crypto";
import type { Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import {
  decideGame,
  recordedGameOutcome,
  teamMemberLoss,
  type GameOutcome,
} from "@/lib/rules/game";
import { deriveMatchResult, type MatchState } from "@/lib/rules/match";
import { checkGameAgainstEndOfMatch } from "@/lib/rules/end-of-match";
import {
  checkRestartedGameStarter,
  chooserForNextGame,
  chooserOnRecord,
  game1ChooserToKeep,
} from "@/lib/rules/play-draw";
import type { Side } from "@/lib/rules/result";
import type { RecordGameInput } from "@/lib/schemas/game";
import { RollBack, writeContest } from "@/lib/server/contest/contest-write";
import { matchOpening, staleVersion, type MatchForResult } from "./match-record";
import { readMatchFacts } from "./match-facts";
import { advancePlayoff } from "@/lib/server/round/playoffs";
import { FLOW_SELECT, matchFlow } from "./report-flow";
import { render } from "@/lib/messages/render";
import { say } from "@/lib/rules/result";

export type RecordedGame = {
  matchId: string;
  number: number;
  version: number;
  status: MatchState["status"];
  winner: Side | null;
  isDuplicate: boolean;
  /** The player whose report was waiting for the opponent and that this game set aside, if any. */
  setAsideReportBy?: Side | null;
};

/**
 * Records the next game of a match. The rules decide everything from the stored facts:
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
    if (!decided.ok)
      return failure("INVALID_RESULT", `What happened at once: ${render(decided.error)}`);
    if (decided.value.kind === "restart")
      return failure("INVALID_RESULT", "A restart is not a game result (CR 104.6).");
    input = {
      ...input,
      atOnce: null,
      reason: decided.value.reason,
      winner: decided.value.kind === "win" ? decided.value.winner : null,
    };
  }
  return writeContest({
    ...matchOpening(input, { withNextGameRestart: true }),
    replay: (db) => findGameByIdempotencyKey(db, input),
    collision: failure(
      "CONFLICT",
      "Another game was recorded for this match in the meantime. Reload the match and record the next game.",
    ),
    run: async (tx, match) => {
      const facts = await readMatchFacts(tx, match);
      if (match.gameCount === 0 && match.winsA !== null && !facts.matchLoss) {
        return failure(
          "INVALID_RESULT",
          `This match's result was entered as a slip (${match.winsA}-${match.winsB}-${match.draws ?? 0}). A match keeps one source of truth: correct the slip, or clear it to record the match game by game.`,
        );
      }

      const { outcomes, format, timeCalled } = facts;
      const number = facts.games.length + 1;
      const outcome = recordedGameOutcome(input.reason, input.winner);
      if (!outcome.ok) return failure("INVALID_RESULT", `Game ${number}: ${render(outcome.error)}`);
      const memberLoss = teamMemberLoss(outcome.value, input.losingSeat ?? null, facts.variant);
      if (!memberLoss.ok)
        return failure("VALIDATION", `Game ${number}: ${render(memberLoss.error)}`, {
          losingSeat: [render(memberLoss.error)],
        });

      if (timeCalled) {
        // MTR 2.4: once time is called the judge's stored steps say how the game in progress may
        // end (and, once they decided it, exactly how): the rules check the game against them.
        const contradiction = checkGameAgainstEndOfMatch(
          facts.procedure().state,
          outcomes,
          outcome.value,
        );
        if (contradiction)
          return failure("INVALID_RESULT", `Game ${number}: ${render(contradiction.error)}`);
      }
      const derived = deriveMatchResult({
        format,
        events: [...facts.events, { type: "game", outcome: outcome.value }],
      });
      if (!derived.ok)
        return failure(
          "INVALID_RESULT",
          `Game ${number}: ${render(derived.error).replace(/^Event \d+: /, "")}`,
        );

      // CR 104.6: a restarted game is started by the player who restarted it, with no choice.
      const restartedBy = match.nextGameRestartedBy ?? null;
      // MTR 2.2: a chooser the record names is taken from it; only Swiss game 1's die roll is asked.
      const onRecord = chooserOnRecord({ kept: match.game1Chooser, played: outcomes, restartedBy });
      const chooser = input.chooser ?? (onRecord.ok ? onRecord.value : null);
      if (chooser === null) {
        const message = onRecord.ok
          ? render(say("playDraw.sayDieRollWinner"))
          : render(onRecord.error);
        return failure("VALIDATION", message, { chooser: [message] });
      }
      const game = { ...input, chooser };
      const chooserCheck = restartedBy
        ? checkRecordedStarterAfterRestart(number, restartedBy, game, options)
        : checkChooser(match, outcomes, game, options);
      if (chooserCheck) return chooserCheck;
      const game1Chooser = game1ChooserToKeep({
        number,
        chooser,
        restartedBy,
        dieRollWinner: input.dieRollWinner ?? null,
        kept: match.game1Chooser,
      });
      if (!game1Chooser.ok)
        return failure("VALIDATION", render(game1Chooser.error), {
          dieRollWinner: [render(game1Chooser.error)],
        });

      const state = derived.value;
      const written = await writeGame(tx, match, game, staff, {
        number,
        outcome: outcome.value,
        state,
        game1Chooser: game1Chooser.value,
        losingSeat: memberLoss.value.losingSeat,
      });
      if (!written)
        return (
          (await findGameByIdempotencyKey(tx, input)) ??
          staleVersion(
            await tx.match.findUniqueOrThrow({
              where: { id: match.id },
              select: { winsA: true, winsB: true, draws: true },
            }),
          )
        );
      if (format.elimination && state.status === "decided") {
        const advanced = await advancePlayoff(tx, match.tournamentId);
        if (!advanced.ok) throw new RollBack(advanced);
      }
      return success({
        matchId: match.id,
        number,
        version: written.version,
        status: state.status,
        winner: state.winner,
        isDuplicate: false,
        setAsideReportBy: written.setAside?.by ?? null,
      });
    },
  });
}

/** A game to record with its chooser named: sent by the form, or taken from the record (MTR 2.2). */
type ChosenGame = RecordGameInput & { chooser: Side };

/**
 * MTR 2.2: the chooser the form names must be the one the rules name, except for game 1 of a
 * Swiss match (the winner of the random method, recorded now) or when a judge overrides it
 * with a reason kept in the history.
 */
function checkChooser(
  match: MatchForResult,
  played: readonly GameOutcome[],
  input: ChosenGame,
  options: { mayOverrideChooser: boolean },
): ActionResult<never> | null {
  if (match.game1Chooser === null && played.length === 0) return null;
  const expected = chooserForNextGame(match.game1Chooser ?? input.chooser, played);
  if (!expected.ok) return failure("INVALID_RESULT", render(expected.error));
  if (expected.value === input.chooser) return null;
  if (!options.mayOverrideChooser) {
    return failure(
      "FORBIDDEN",
      `By MTR 2.2 player ${expected.value} chooses play or draw for game ${played.length + 1}; only a judge can record a different chooser.`,
    );
  }
  if (input.note.trim() === "") {
    const message = `By MTR 2.2 player ${expected.value} chooses for game ${played.length + 1}: say why player ${input.chooser} chose instead (kept in the history).`;
    return failure("VALIDATION", message, { note: [message] });
  }
  return null;
}

/** CR 104.6: the rules name the restarted game's starting player; a judge may record otherwise with a reason. */
function checkRecordedStarterAfterRestart(
  number: number,
  restartedBy: Side,
  input: ChosenGame,
  options: { mayOverrideChooser: boolean },
): ActionResult<never> | null {
  const refused = checkRestartedGameStarter({
    number,
    restartedBy,
    chooser: input.chooser,
    choice: input.choice,
  });
  if (!refused) return null;
  const rule = render(refused.error);
  if (!options.mayOverrideChooser)
    return failure("FORBIDDEN", `${rule}; only a judge can record it otherwise.`);
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
  input: Pick<ChosenGame, "chooser" | "choice" | "winner" | "reason" | "idempotencyKey" | "note">,
  staff: { staffId?: string; name: string },
  game: {
    number: number;
    outcome: GameOutcome;
    state: MatchState;
    game1Chooser?: Side | null;
    losingSeat?: number | null;
  },
): Promise<{ version: number; setAside: { by: Side } | null } | undefined> {
  const { state } = game;
  // MTR 2.5: games that decide the match store its slip as decided; recording it is a separate step.
  const slip = state.status === "decided" ? state.slip : null;
  // A player's report waiting for the opponent no longer waits once the match moves on: the history says this game set it aside.
  const waiting = matchFlow(
    await tx.match.findUniqueOrThrow({ where: { id: match.id }, select: FLOW_SELECT }),
    null,
  ).pending;
  const before = waiting
    ? JSON.stringify({
        setAsideReport: {
          reportedBy: waiting.by,
          winsA: waiting.report.winsA,
          winsB: waiting.report.winsB,
          draws: waiting.report.draws,
          concededBy: waiting.report.concededBy,
          intentionalDraw: waiting.report.intentionalDraw,
        },
      })
    : null;
  const after = JSON.stringify({
    game: {
      number: game.number,
      chooser: input.chooser,
      choice: input.choice,
      winner: input.winner,
      reason: input.reason,
      rule: game.outcome.rule,
      ...(typeof game.losingSeat === "number" ? { losingSeat: game.losingSeat } : {}),
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
          "game1Chooser" = COALESCE("game1Chooser", ${game.game1Chooser === undefined ? input.chooser : game.game1Chooser}::"Side"),
          version = version + 1, "updatedAt" = now()
      WHERE id = ${match.id} AND version = ${match.version}
      RETURNING id, version
    ), game AS (
      INSERT INTO "Game" (id, "matchId", number, chooser, choice, winner, reason, "losingSeat", "idempotencyKey", "createdAt")
      SELECT ${randomUUID()}, updated.id, ${game.number}, ${input.chooser}::"Side", ${input.choice}::"PlayOrDraw",
             ${input.winner}::"Side", ${input.reason}::"GameEndReason", ${game.losingSeat ?? null}::int, ${input.idempotencyKey}, now()
      FROM updated
    ), history AS (
      INSERT INTO "ResultChange" (id, "matchId", version, kind, source, "staffId", "actorName", before, after, note, "createdAt")
      SELECT ${randomUUID()}, updated.id, updated.version, 'GAME_RECORDED'::"ResultChangeKind", 'STAFF'::"ResultSource", ${staffId},
             ${staff.name}, ${before}::jsonb, ${after}::jsonb, ${input.note}, now()
      FROM updated
    )
    SELECT version FROM updated`;
  return rows[0]
    ? { version: rows[0].version, setAside: waiting ? { by: waiting.by } : null }
    : undefined;
}

/**
 * A request whose key was already used: the same game sent again (a retry, a double click)
 * is answered as it was first answered; any other use of the key is a conflict.
 */
async function findGameByIdempotencyKey(
  db: Pick<Transaction, "game" | "resultChange">,
  input: RecordGameInput,
): Promise<ActionResult<RecordedGame> | null> {
  const game = await db.game.findUnique({
    where: { idempotencyKey: input.idempotencyKey },
    select: {
      matchId: true,
      number: true,
      chooser: true,
      choice: true,
      winner: true,
      reason: true,
      removedAt: true,
    },
  });
  if (!game) return null;
  const isSameRequest =
    game.matchId === input.matchId &&
    // A form that named no chooser took the one the record named.
    (input.chooser == null || game.chooser === input.chooser) &&
    game.choice === input.choice &&
    game.winner === input.winner &&
    game.reason === input.reason;
  if (isSameRequest && game.removedAt) {
    return failure(
      "CONFLICT",
      `Game ${game.number} was recorded with this form and later taken back, so nothing was saved now. Reload the match to see its games.`,
    );
  }
  // The change this very request wrote: the version it produced (a number can be recorded twice once taken back).
  const change = isSameRequest
    ? await db.resultChange.findFirst({
        where: {
          matchId: game.matchId,
          kind: "GAME_RECORDED",
          version: input.expectedVersion + 1,
          after: { path: ["game", "number"], equals: game.number },
        },
        select: { version: true, before: true, after: true },
      })
    : null;
  if (!change || change.version !== input.expectedVersion + 1) {
    return failure(
      "CONFLICT",
      "This form was already used to record a game, so nothing was saved now. Reload the match to see its games and record the next one.",
    );
  }
  const after = change.after as { status: MatchState["status"]; winner: Side | null };
  const setAside =
    (change.before as { setAsideReport?: { reportedBy?: Side } } | null)?.setAsideReport
      ?.reportedBy ?? null;
  return success({
    matchId: game.matchId,
    number: game.number,
    version: change.version,
    status: after.status,
    winner: after.winner,
    isDuplicate: true,
    setAsideReportBy: setAside,
  });
}
