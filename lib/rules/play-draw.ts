// Who chooses to play or draw in each game of a match: MTR 2.2 Play/Draw Rule.

import { mtr } from "./edition";
import { type GameOutcome, checkGameOutcome } from "./game";
import {
  type RuleError,
  type RuleResult,
  type Side,
  checkRecord,
  fail,
  isRecord,
  isSide,
  ok,
  otherSide,
  showValue,
  say,
  sideOf,
} from "./result";

export type PlayDrawChoice = "play" | "draw";

/**
 * Who makes the choice for game 1 (MTR 2.2):
 * - Swiss rounds: the winner of a random method (die roll, coin toss), decided outside the app;
 * - playoff matches: the player ranked higher at the end of the Swiss rounds (rank 1 is highest).
 */
export type FirstGameDesignation =
  | { phase: "swiss"; randomWinner: Side }
  | { phase: "playoff"; swissRankA: number; swissRankB: number };

export function designatedChooser(input: FirstGameDesignation): RuleResult<Side> {
  const shape = checkRecord(say("playDraw.howGameSChooser"), input);
  if (shape) return shape;
  if (input.phase === "swiss") {
    if (isSide(input.randomWinner)) return ok(input.randomWinner);
    return fail(
      "INVALID_INPUT",
      say("playDraw.winnerRandomMethodB", { randomWinner: showValue(input.randomWinner) }),
      mtr("playDraw"),
    );
  }
  if (input.phase !== "playoff") {
    return fail(
      "INVALID_INPUT",
      say("playDraw.phaseSwissPlayoff", { phase: showValue((input as { phase: unknown }).phase) }),
      mtr("playDraw"),
    );
  }
  const { swissRankA: a, swissRankB: b } = input;
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a < 1 || b < 1) {
    return fail(
      "INVALID_NUMBER",
      say("playDraw.swissRanksWholeNumbers", { a: showValue(a), b: showValue(b) }),
      mtr("playDraw"),
    );
  }
  if (a === b) {
    return fail(
      "NO_HIGHER_RANKED_PLAYER",
      say("playDraw.bothPlayersSwissRank", { a }),
      mtr("playDraw"),
    );
  }
  return ok(a < b ? "A" : "B");
}

/**
 * The chooser of every game of the match: element i is the chooser of game i + 1, and the
 * last element is the chooser of the game after `played` (MTR 2.2):
 * - game 1: the designated player;
 * - after a game with a winner: the loser of that game;
 * - after a drawn game: the player who chose for the drawn game.
 * A restart (104.6) is not a game and changes no one's turn to choose; the restarted game
 * has its own starting player (see startingPlayerAfterRestart).
 * A designated player other than "A"/"B", or an entry that is not a game outcome, is an error
 * naming it.
 */
export function choosersByGame(
  designated: Side,
  played: readonly GameOutcome[],
): RuleResult<Side[]> {
  if (!isSide(designated)) {
    return fail(
      "INVALID_INPUT",
      say("playDraw.designatedPlayerB", { designated: showValue(designated) }),
      mtr("playDraw"),
    );
  }
  if (!Array.isArray(played))
    return fail("INVALID_INPUT", say("playDraw.gamesPlayedList", { played: showValue(played) }));
  const choosers: Side[] = [designated];
  let chooser = designated;
  for (const [index, outcome] of (played as readonly unknown[]).entries()) {
    const invalid = checkGameOutcome(outcome);
    if (invalid)
      return fail(
        invalid.error.code,
        say("playDraw.game", { number: index + 1, detail: invalid.error }),
        invalid.error.rule,
      );
    const o = outcome as GameOutcome;
    if (o.kind === "restart") continue;
    if (o.kind === "win") chooser = otherSide(o.winner);
    choosers.push(chooser);
  }
  return ok(choosers);
}

/** Who chooses play or draw for the next game, given the games played so far (MTR 2.2). */
export function chooserForNextGame(
  designated: Side,
  played: readonly GameOutcome[],
): RuleResult<Side> {
  const choosers = choosersByGame(designated, played);
  return choosers.ok ? ok(choosers.value.at(-1) ?? designated) : choosers;
}

/**
 * Who plays first given the chooser's stated choice; a player who states no choice is assumed
 * to play first (MTR 2.2). The player who plays first skips the draw step of their first turn.
 */
export function startingPlayer(
  chooser: Side,
  choice?: PlayDrawChoice | null,
): { playsFirst: Side; skipsFirstDraw: Side } {
  const playsFirst = choice === "draw" ? otherSide(chooser) : chooser;
  return { playsFirst, skipsFirstDraw: playsFirst };
}

/**
 * A restarted game (104.6) begins again with no choice: the player who controlled the spell
 * or ability that restarted the game is the starting player of the new game.
 */
export function startingPlayerAfterRestart(restartedBy: Side): Side {
  return restartedBy;
}

/**
 * CR 104.6 and its "Restarting the Game" rule: the player who restarted a game is the starting
 * player of the new one, so it is recorded as their playing first. Null when the game as recorded
 * says so; otherwise the sentence naming who should have started it.
 */
export function checkRestartedGameStarter(game: {
  number: number;
  restartedBy: Side;
  chooser: Side;
  choice: "PLAY" | "DRAW";
}): { ok: false; error: RuleError } | null {
  if (!isRecord(game) || !isSide(game.restartedBy))
    return fail("INVALID_INPUT", say("playDraw.sayWhichPlayerRestarted"), "104.6");
  if (game.chooser === game.restartedBy && game.choice === "PLAY") return null;
  return fail(
    "NOT_STARTING_PLAYER",
    say("playDraw.gameRestartedCrPlayer", {
      number: game.number,
      restartedBy: sideOf(game.restartedBy),
    }),
    "104.6",
  );
}

/**
 * MTR 2.2, CR 104.6: who chose play or draw for game 1, to keep with the match once game 1 is
 * recorded. It is the game's chooser, unless game 1 restarted before it was recorded: then the
 * restarter started it with no choice, and game 1's chooser is still the winner of the random
 * method, named on its own (`dieRollWinner`). Null when the match already keeps one (game 1 was
 * recorded, or a playoff's higher seed).
 */
export function game1ChooserToKeep(game: {
  number: number;
  chooser: Side;
  restartedBy: Side | null;
  dieRollWinner: Side | null;
  kept: Side | null;
}): RuleResult<Side | null> {
  if (!isRecord(game) || !isSide(game.chooser))
    return fail("INVALID_INPUT", say("playDraw.sayWhoChosePlay"), "MTR 2.2");
  if (game.kept !== null || game.number !== 1) return ok(null);
  if (game.restartedBy === null) return ok(game.chooser);
  if (!isSide(game.dieRollWinner))
    return fail("DIE_ROLL_WINNER_MISSING", say("playDraw.gameRestartedBeforeRecorded"), "104.6");
  return ok(game.dieRollWinner);
}

/** MTR 2.2, CR 104.6: the game form asks who won the die roll on its own only for game 1 restarted before anyone's choice was kept. */
export function asksDieRollWinner(match: {
  gamesPlayed: number;
  restartedBy: Side | null;
  kept: Side | null;
}): boolean {
  return (
    isRecord(match) && match.gamesPlayed === 0 && isSide(match.restartedBy) && match.kept === null
  );
}

/**
 * MTR 2.2, CR 104.6: the next game's chooser as the record names it, so no form asks again: a
 * restarted game's restarter, else the kept game 1 chooser followed through the games played.
 * Null only for game 1 of a Swiss match, whose random method's winner nobody recorded yet.
 */
export function chooserOnRecord(match: {
  kept: Side | null;
  played: readonly GameOutcome[];
  restartedBy: Side | null;
}): RuleResult<Side | null> {
  if (!isRecord(match)) return fail("INVALID_INPUT", say("playDraw.sayWhoChosePlay"), "MTR 2.2");
  if (isSide(match.restartedBy)) return ok(startingPlayerAfterRestart(match.restartedBy));
  if (match.kept === null) {
    if (Array.isArray(match.played) && match.played.length === 0) return ok(null);
    return fail(
      "INVALID_INPUT",
      say("playDraw.gamesWithoutGame1Chooser", {
        played: Array.isArray(match.played) ? match.played.length : 0,
      }),
      mtr("playDraw"),
    );
  }
  return chooserForNextGame(match.kept, match.played);
}
