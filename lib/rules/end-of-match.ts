// MTR 2.4 End-of-Match Procedure as a reducer-style state machine, with the turns that
// MTR 2.6 Time Extensions lets slow-play penalties add (IPG 3.3: only before the procedure
// begins, so not in turn 0).
//
// When the match's time limit is reached, the player whose turn it is finishes that turn
// (turn 0) and then five additional turns are played in total (three in team formats such as
// Two-Headed Giant). If the active player had already indicated that they were passing the
// turn, the opponent's next turn is turn 0: the turn being passed finishes first (counted
// here as turn -1), then turn 0, then the additional turns. Extra turns created by effects are turns like any other. No new game may
// begin once time is called; a game unfinished after the last additional turn is a draw.
// Single-elimination matches cannot be drawn: with equal game wins the highest life total
// wins the current game; with equal life totals (or between games with tied game wins) play
// continues with an added state-based action — a player without the highest life total loses.

import { IPG_SLOW_PLAY, mtr, mtrTitle } from "./edition";
import { type GameOutcome, checkGameOutcome } from "./game";
import {
  type MatchFormat,
  type MatchOutcome,
  type ResultSlip,
  checkFormat,
  checkSlip,
  matchOutcome,
  slipToString,
} from "./match";
import {
  type RuleError,
  type RuleResult,
  type Side,
  asRecord,
  checkFlags,
  checkRecord,
  fail,
  isCount,
  isRecord,
  isSide,
  ok,
  showValue,
  say,
  sideOf,
  type Message,
} from "./result";

/** MTR 2.4: additional turns after turn 0. */
export const ADDITIONAL_TURNS = { individual: 5, team: 3 } as const;

/** Turns a Slow Play Warning given before time is called adds to the additional turns (MTR 2.6, IPG 3.3). */
export const SLOW_PLAY_ADDED_TURNS = IPG_SLOW_PLAY.addedTurns;

export type EndOfMatchConfig = {
  format: MatchFormat;
  /** A team format where teammates take turns together (Two-Headed Giant): 3 additional turns. */
  team?: boolean;
};

const PHASES: readonly unknown[] = [
  "playing",
  "finishing-turn",
  "additional-turns",
  "awaiting-life-totals",
  "life-total-rule",
  "decided",
];

export type EndOfMatchPhase =
  /** Time has not been called. */
  | "playing"
  /**
   * Time was called; the current turn is finishing before the additional turns: turn 0, or
   * turn -1 when the active player was already passing the turn (their opponent's next turn
   * is then turn 0).
   */
  | "finishing-turn"
  /** Additional turn `turn` of `additionalTurns` is being played. */
  | "additional-turns"
  /** Single elimination, tied game wins, additional turns over: life totals decide the game. */
  | "awaiting-life-totals"
  /** Single elimination, still tied: play goes on with the added state-based action. */
  | "life-total-rule"
  | "decided";

export type EndOfMatchState = {
  format: MatchFormat;
  team: boolean;
  phase: EndOfMatchPhase;
  /** Games finished so far. */
  slip: ResultSlip;
  gameInProgress: boolean;
  timeCalled: boolean;
  /**
   * 0 = the turn during which time was called (or, if the active player was already passing
   * the turn, the opponent's turn that follows it); -1 = that turn being passed;
   * 1…additionalTurns; null before time is called.
   */
  turn: number | null;
  /** Additional turns in total: 5 (or 3 for teams) plus turns added by penalties. */
  additionalTurns: number;
  /** Turns added by slow-play penalties given before the additional turns began (MTR 2.6, IPG 3.3). */
  addedTurns: number;
  /** How many of the turns counted since time was called were extra turns from effects. */
  extraTurnsTaken: number;
  /** The match result once the phase is "decided"; null before. */
  outcome: MatchOutcome | null;
};

export type EndOfMatchEvent =
  | { type: "game-started" }
  /** A game ended (a restart, 104.6, keeps the game going and does not count). */
  | { type: "game-ended"; outcome: GameOutcome }
  /**
   * The match's time limit was reached (see timeLimitReachedAt for extensions). If the
   * active player had already indicated they were passing the turn, that is considered to be
   * in their opponent's next turn (MTR 2.4): the turn being passed still ends (turn -1), and
   * the opponent's turn after it is turn 0.
   */
  | { type: "time-called"; activePlayerPassingTurn?: boolean }
  /** The current turn ended; `extraTurn` marks an extra turn from an effect, which counts (MTR 2.4). */
  | { type: "turn-ended"; extraTurn?: boolean }
  /**
   * A penalty that adds turns (MTR 2.6; a Slow Play Warning adds 2). IPG 3.3: given once the
   * end-of-match procedure has begun (turn 0 included) it adds none; the event is accepted and changes nothing.
   */
  | { type: "turns-added"; turns: number }
  /** Both life totals, asked for by the single-elimination life-total rule (MTR 2.4). */
  | { type: "life-totals"; A: number; B: number };

/**
 * MTR 2.4: the procedure as a judge's screen starts it for a match: from the games finished so
 * far, with the turns its phase plays; a match its games already decided has nothing left to
 * time and is shown as that decision (MTR 2.1).
 */
export function endOfMatchAtStart(
  config: EndOfMatchConfig,
  from: { slip: ResultSlip; gameInProgress: boolean },
  additionalTurns: number,
): RuleResult<EndOfMatchState> {
  const started = startEndOfMatch(config, from);
  if (started.ok) return ok({ ...started.value, additionalTurns });
  if (started.error.code !== "MATCH_ALREADY_DECIDED") return started;
  const { slip } = from;
  const team = config.team === true;
  const outcome: MatchOutcome = {
    winner: slip.winsA > slip.winsB ? "A" : "B",
    slip,
    rule: mtr("matchStructure"),
  } as MatchOutcome;
  return ok({
    format: config.format,
    team,
    phase: "decided",
    slip,
    gameInProgress: false,
    timeCalled: false,
    turn: null,
    additionalTurns,
    addedTurns: 0,
    extraTurnsTaken: 0,
    outcome,
  });
}

/**
 * The state of a match whose round clock is running. `from` describes the match so far
 * (default: no games finished, game 1 under way).
 */
export function startEndOfMatch(
  config: EndOfMatchConfig,
  from: { slip?: ResultSlip; gameInProgress?: boolean } = {},
): RuleResult<EndOfMatchState> {
  const shape =
    checkRecord(say("endOfMatch.endMatchSettings"), config) ??
    checkFlags(say("endOfMatch.endMatchSettings"), config as unknown as Record<string, unknown>, [
      "team",
    ]) ??
    (from === undefined || from === null ? null : checkRecord(say("endOfMatch.matchFar"), from));
  if (shape) return shape;
  const f = asRecord(from) as { slip?: ResultSlip; gameInProgress?: boolean };
  const slip = f.slip ?? { winsA: 0, winsB: 0, draws: 0 };
  const invalid =
    checkFormat(config.format) ??
    checkSlip(slip) ??
    checkFlags(say("endOfMatch.matchFar"), f, ["gameInProgress"]);
  if (invalid) return invalid;
  const g = config.format.gamesToWin;
  if (slip.winsA >= g || slip.winsB >= g) {
    return fail(
      "MATCH_ALREADY_DECIDED",
      say("endOfMatch.matchAlreadyDecidedThere", { slipToString: slipToString(slip) }),
      mtr("matchStructure"),
    );
  }
  const team = config.team === true;
  return ok({
    format: config.format,
    team,
    phase: "playing",
    slip,
    gameInProgress: f.gameInProgress ?? true,
    timeCalled: false,
    turn: null,
    additionalTurns: team ? ADDITIONAL_TURNS.team : ADDITIONAL_TURNS.individual,
    addedTurns: 0,
    extraTurnsTaken: 0,
    outcome: null,
  });
}

function addGame(slip: ResultSlip, outcome: GameOutcome): ResultSlip {
  if (outcome.kind === "restart") return slip;
  if (outcome.kind === "draw") return { ...slip, draws: slip.draws + 1 };
  return outcome.winner === "A"
    ? { ...slip, winsA: slip.winsA + 1 }
    : { ...slip, winsB: slip.winsB + 1 };
}

/** With time called and no game running, the match ends as it stands (MTR 2.1, 2.4). */
function settleBetweenGames(s: EndOfMatchState): EndOfMatchState {
  const { winsA, winsB } = s.slip;
  const g = s.format.gamesToWin;
  if (winsA === g || winsB === g) {
    return {
      ...s,
      phase: "decided",
      turn: null,
      outcome: matchOutcome(winsA === g ? "A" : "B", s.slip, mtr("matchStructure")),
    };
  }
  if (!s.timeCalled) return { ...s, phase: "playing" };
  if (winsA === winsB && s.format.elimination)
    return { ...s, phase: "life-total-rule", turn: null };
  const winner: Side | null = winsA === winsB ? null : winsA > winsB ? "A" : "B";
  return {
    ...s,
    phase: "decided",
    turn: null,
    outcome: matchOutcome(winner, s.slip, mtr("matchStructure")),
  };
}

/** IPG 3.3: once time is called (turn 0 included) the procedure has begun and a slow-play penalty adds no turns. */
function hasProcedureBegun(s: EndOfMatchState): boolean {
  return s.timeCalled;
}

function tied(s: EndOfMatchState): boolean {
  return s.slip.winsA === s.slip.winsB;
}

/** The last additional turn ended with the game unfinished (MTR 2.4). */
function endOfAdditionalTurns(s: EndOfMatchState): EndOfMatchState {
  if (s.format.elimination && tied(s)) return { ...s, phase: "awaiting-life-totals" };
  const slip = { ...s.slip, draws: s.slip.draws + 1 }; // DRAW_UNFINISHED_AT_TIME
  return settleBetweenGames({ ...s, slip, gameInProgress: false });
}

function decidedError(s: EndOfMatchState, isGame: boolean): { ok: false; error: RuleError } {
  const o = s.outcome;
  return fail(
    isGame ? "GAME_AFTER_MATCH_DECIDED" : "MATCH_ALREADY_DECIDED",
    o === null
      ? say("endOfMatch.matchAlreadyDecidedNothing")
      : say("endOfMatch.matchAlreadyDecidedAt", {
          slip: slipToString(o.slip),
          result:
            o.winner === null
              ? say("endOfMatch.aDraw")
              : say("endOfMatch.wonPlayer", { winner: sideOf(o.winner) }),
        }),
    mtr("matchStructure"),
  );
}

/**
 * A state as startEndOfMatch and applyEndOfMatchEvent make it (for states that come back from
 * storage or a caller): INVALID_INPUT naming the first field that is not what it should be.
 */
function checkState(state: unknown): { ok: false; error: RuleError } | null {
  const shape = checkRecord(say("endOfMatch.endMatchState"), state);
  if (shape) return shape;
  const s = state as Record<string, unknown>;
  const bad = (field: string, should: Message) =>
    fail(
      "INVALID_INPUT",
      say("endOfMatch.endMatchStateS", { field, should, s: showValue(s[field]) }),
      mtr("endOfMatch"),
    );
  if (!PHASES.includes(s.phase)) return bad("phase", say("endOfMatch.oneProcedureSPhases"));
  const invalid = checkFormat(s.format as MatchFormat) ?? checkSlip(s.slip as ResultSlip);
  if (invalid) return invalid;
  for (const field of ["team", "gameInProgress", "timeCalled"]) {
    if (typeof s[field] !== "boolean") return bad(field, say("endOfMatch.trueFalse"));
  }
  if (s.turn !== null && !isCount(s.turn, -1))
    return bad("turn", say("endOfMatch.nullWholeNumberLeast"));
  for (const field of ["additionalTurns", "addedTurns", "extraTurnsTaken"]) {
    if (!isCount(s[field])) return bad(field, say("endOfMatch.wholeNumberLeast"));
  }
  if (s.outcome !== null) {
    const o = asRecord(s.outcome);
    if (
      !isRecord(s.outcome) ||
      !(o.winner === null || isSide(o.winner)) ||
      typeof o.rule !== "string" ||
      checkSlip(o.slip as ResultSlip) !== null
    ) {
      return bad("outcome", say("endOfMatch.nullMatchOutcome"));
    }
  }
  return null;
}

/** An event of a known type whose fields are what that type needs. */
function checkEvent(event: unknown): { ok: false; error: RuleError } | null {
  const e = asRecord(event);
  switch (e.type) {
    case "game-started":
      return null;
    case "game-ended":
      return checkGameOutcome(e.outcome);
    case "time-called":
      return checkFlags(say("endOfMatch.timeBeingCalled"), e, ["activePlayerPassingTurn"]);
    case "turn-ended":
      return checkFlags(say("endOfMatch.turnEnding"), e, ["extraTurn"]);
    case "turns-added":
    case "life-totals":
      return null; // their numbers are checked where they are used
    default:
      return fail(
        "UNKNOWN_EVENT",
        say("endOfMatch.endMatchEventEvents", {
          value: showValue(isRecord(event) ? e.type : event),
        }),
        mtr("endOfMatch"),
      );
  }
}

export function applyEndOfMatchEvent(
  state: EndOfMatchState,
  event: EndOfMatchEvent,
): RuleResult<EndOfMatchState> {
  const invalid = checkState(state) ?? checkEvent(event);
  if (invalid) return invalid;
  const s = state;
  if (s.phase === "decided") {
    if (event.type === "time-called") {
      // The round clock runs on after this match is over; noting it changes nothing else.
      if (s.timeCalled)
        return fail(
          "TIME_ALREADY_CALLED",
          say("endOfMatch.timeAlreadyCalledMatch"),
          mtr("endOfMatch"),
        );
      return ok({ ...s, timeCalled: true });
    }
    if (event.type === "game-started" && s.timeCalled) {
      return fail(
        "GAME_STARTED_AFTER_TIME",
        say("endOfMatch.timeBeenCalledNew"),
        mtr("endOfMatch"),
      );
    }
    return decidedError(s, event.type === "game-started" || event.type === "game-ended");
  }
  switch (event.type) {
    case "game-started": {
      if (s.gameInProgress)
        return fail("GAME_IN_PROGRESS", say("endOfMatch.gameAlreadyProgressEnd"));
      if (s.timeCalled && s.phase !== "life-total-rule") {
        return fail(
          "GAME_STARTED_AFTER_TIME",
          say("endOfMatch.timeBeenCalledNew2"),
          mtr("endOfMatch"),
        );
      }
      return ok({ ...s, gameInProgress: true });
    }
    case "game-ended": {
      if (!s.gameInProgress)
        return fail("NO_GAME_IN_PROGRESS", say("endOfMatch.gameProgressNoneCan"));
      const { outcome } = event;
      if (outcome.kind === "restart") return ok(s); // 104.6: the same game begins again; turns keep counting
      if (outcome.reason === "DRAW_UNFINISHED_AT_TIME") {
        return fail("TIME_NOT_CALLED", say("endOfMatch.gameLeftUnfinishedWhen"), mtr("endOfMatch"));
      }
      if (
        outcome.reason === "LIFE_TOTAL_AT_TIME" &&
        s.phase !== "awaiting-life-totals" &&
        s.phase !== "life-total-rule"
      ) {
        return fail("CONFLICTING_FACTS", say("endOfMatch.lifeTotalRuleDecides"), mtr("endOfMatch"));
      }
      return ok(
        settleBetweenGames({ ...s, slip: addGame(s.slip, outcome), gameInProgress: false }),
      );
    }
    case "time-called": {
      if (s.timeCalled)
        return fail(
          "TIME_ALREADY_CALLED",
          say("endOfMatch.timeAlreadyCalledMatch"),
          mtr("endOfMatch"),
        );
      const called = { ...s, timeCalled: true };
      if (!s.gameInProgress) return ok(settleBetweenGames(called));
      // MTR 2.4: passing the turn when time is reached puts time in the opponent's next turn,
      // so that turn is turn 0 and the turn being passed (-1) is not one of the counted turns.
      const turn = event.activePlayerPassingTurn === true ? -1 : 0;
      return ok({ ...called, turn, phase: "finishing-turn" });
    }
    case "turn-ended": {
      if (!s.timeCalled)
        return fail("TIME_NOT_CALLED", say("endOfMatch.turnsCountedOnceTime"), mtr("endOfMatch"));
      // Under the added state-based action the game goes on until a player without the
      // highest life total loses: turns no longer count, so one ending changes nothing
      // (ruling (E) in docs/rules.md).
      if (s.phase === "life-total-rule" && s.gameInProgress) return ok(s);
      if (s.phase === "awaiting-life-totals" || s.phase === "life-total-rule") {
        return fail(
          "ADDITIONAL_TURNS_OVER",
          say("endOfMatch.additionalTurnsOverLife"),
          mtr("endOfMatch"),
        );
      }
      const ended = s.turn ?? 0;
      const counted = {
        ...s,
        extraTurnsTaken: s.extraTurnsTaken + (event.extraTurn === true ? 1 : 0),
      };
      if (ended >= s.additionalTurns) return ok(endOfAdditionalTurns({ ...counted, turn: ended }));
      const next = ended + 1;
      return ok({
        ...counted,
        turn: next,
        phase: next <= 0 ? "finishing-turn" : "additional-turns",
      });
    }
    case "turns-added": {
      if (!isCount(event.turns, 1) || !Number.isSafeInteger(s.additionalTurns + event.turns)) {
        return fail(
          "INVALID_NUMBER",
          say("endOfMatch.turnsAddedWholeNumber", { turns: showValue(event.turns) }),
          mtr("timeExtensions"),
        );
      }
      // IPG 3.3 Slow Play (ruling (A) in docs/rules.md): only a Warning given before time is called
      // adds turns; the Warning itself still stands, so the event is accepted and changes nothing.
      if (hasProcedureBegun(s)) return ok(s);
      return ok({
        ...s,
        addedTurns: s.addedTurns + event.turns,
        additionalTurns: s.additionalTurns + event.turns,
      });
    }
    case "life-totals": {
      if (
        s.phase !== "awaiting-life-totals" &&
        !(s.phase === "life-total-rule" && s.gameInProgress)
      ) {
        return fail(
          "NOT_AWAITING_LIFE_TOTALS",
          say("endOfMatch.lifeTotalsDecideGame"),
          mtr("endOfMatch"),
        );
      }
      if (!Number.isSafeInteger(event.A) || !Number.isSafeInteger(event.B)) {
        return fail(
          "INVALID_NUMBER",
          say("endOfMatch.lifeTotalsWholeNumbers", {
            A: showValue(event.A),
            B: showValue(event.B),
          }),
        );
      }
      if (event.A === event.B) return ok({ ...s, phase: "life-total-rule" }); // the added state-based action
      const winner: Side = event.A > event.B ? "A" : "B";
      const outcome: GameOutcome = {
        kind: "win",
        winner,
        reason: "LIFE_TOTAL_AT_TIME",
        rule: mtr("endOfMatch"),
      };
      return ok(
        settleBetweenGames({ ...s, slip: addGame(s.slip, outcome), gameInProgress: false }),
      );
    }
    default:
      return (
        checkEvent(event) ??
        fail("UNKNOWN_EVENT", say("endOfMatch.endMatchEvent"), mtr("endOfMatch"))
      );
  }
}

export type EndOfMatchSummary = {
  phase: EndOfMatchPhase;
  /**
   * 0 = the turn in which time was called, then 1…additionalTurns; -1 = the turn the active
   * player was passing when time was called (turn 0 is the opponent's next turn); null outside
   * the procedure.
   */
  turn: number | null;
  additionalTurns: number;
  /** Counted turns still to come after the current one (turn 0 included while it is to come); null outside the procedure. */
  turnsRemainingAfterThis: number | null;
  mayStartNewGame: boolean;
  awaitingLifeTotals: boolean;
  /** The single-elimination state-based action (no highest life total → lose) is in force. */
  lifeTotalRuleInForce: boolean;
  /** The match result once decided. */
  decided: MatchOutcome | null;
  /** The rule that governs what happens next (or that decided the match). */
  rule: string;
  /** One or two sentences for the players and the judge. */
  message: Message;
};

/**
 * What happens next: which turn it is, whether a game may start, whether the match is decided.
 * An error only for a state that is not one this machine makes (INVALID_INPUT).
 */
export function describeEndOfMatch(s: EndOfMatchState): RuleResult<EndOfMatchSummary> {
  const invalid = checkState(s);
  return invalid ?? ok(summarize(s));
}

function summarize(s: EndOfMatchState): EndOfMatchSummary {
  const base = {
    phase: s.phase,
    turn: s.turn,
    additionalTurns: s.additionalTurns,
    turnsRemainingAfterThis:
      s.turn === null || !(s.phase === "finishing-turn" || s.phase === "additional-turns")
        ? null
        : s.additionalTurns - s.turn,
    mayStartNewGame: false,
    awaitingLifeTotals: false,
    lifeTotalRuleInForce: false,
    decided: null,
    rule: mtr("endOfMatch"),
  };
  const decidesByLife = s.format.elimination && tied(s);
  switch (s.phase) {
    case "playing":
      return {
        ...base,
        mayStartNewGame: !s.gameInProgress,
        rule: mtr("matchStructure"),
        message: say("endOfMatch.timeBeenCalledWhen", {
          additionalTurns: s.additionalTurns,
          mtrTitle: mtrTitle("endOfMatch"),
        }),
      };
    case "finishing-turn":
      if (s.turn !== null && s.turn < 0) {
        return {
          ...base,
          message: say("endOfMatch.timeBeenCalledWhile", { additionalTurns: s.additionalTurns }),
        };
      }
      return {
        ...base,
        message: say("endOfMatch.timeBeenCalledActive", { additionalTurns: s.additionalTurns }),
      };
    case "additional-turns": {
      const last = s.turn === s.additionalTurns;
      const ending = decidesByLife
        ? say("endOfMatch.ifGameUnfinishedWhen")
        : say("endOfMatch.ifGameUnfinishedWhen2");
      return {
        ...base,
        message: last
          ? say("endOfMatch.lastAdditionalTurn", {
              turn: s.turn,
              additionalTurns: s.additionalTurns,
              ending,
            })
          : say("endOfMatch.additionalTurnNewGame", {
              turn: s.turn,
              additionalTurns: s.additionalTurns,
            }),
      };
    }
    case "awaiting-life-totals":
      return {
        ...base,
        awaitingLifeTotals: true,
        message: say("endOfMatch.additionalTurnsOverGame"),
      };
    case "life-total-rule":
      return {
        ...base,
        mayStartNewGame: !s.gameInProgress,
        awaitingLifeTotals: s.gameInProgress,
        lifeTotalRuleInForce: true,
        // MTR 2.4: a Two-Headed Giant team is treated as one player, with its shared life total.
        message: say(
          s.gameInProgress ? "endOfMatch.lifeTotalsEqualPlay" : "endOfMatch.gameWinsTiedBetween",
          {
            loser: s.team
              ? say("endOfMatch.teamNotHighestLife")
              : say("endOfMatch.playerNotHighestLife"),
          },
        ),
      };
    case "decided": {
      const o = s.outcome;
      return {
        ...base,
        decided: o,
        rule: o?.rule ?? mtr("matchStructure"),
        message:
          o === null
            ? say("endOfMatch.matchOver")
            : o.winner === null
              ? say("endOfMatch.matchOverDraw", { slip: slipToString(o.slip) })
              : say("endOfMatch.matchOverWin", {
                  winner: sideOf(o.winner),
                  slip: slipToString(o.slip),
                }),
      };
    }
  }
}

/**
 * When the end-of-match procedure starts for one match (MTR 2.4, MTR 2.6 Time Extensions): the
 * round's start plus its length plus that match's time extension. Times are numbers supplied by
 * the caller (milliseconds since the epoch); nothing here reads a clock.
 */
export function timeLimitReachedAt(input: {
  roundStartedAt: number;
  roundMinutes: number;
  extensionMinutes?: number;
}): RuleResult<number> {
  const shape = checkRecord(say("endOfMatch.roundSTiming"), input);
  if (shape) return shape;
  const { roundStartedAt, roundMinutes, extensionMinutes = 0 } = input;
  if (!Number.isFinite(roundStartedAt))
    return fail(
      "INVALID_NUMBER",
      say("endOfMatch.roundStartTime", { roundStartedAt: showValue(roundStartedAt) }),
    );
  for (const [what, value] of [
    [say("endOfMatch.roundLength"), roundMinutes],
    [say("endOfMatch.timeExtension"), extensionMinutes],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) {
      return fail(
        "INVALID_NUMBER",
        say("endOfMatch.numberMinutesLeast", { what, value: showValue(value) }),
        mtr("timeExtensions"),
      );
    }
  }
  return ok(roundStartedAt + (roundMinutes + extensionMinutes) * 60_000);
}

function slipOfGames(games: readonly GameOutcome[]): ResultSlip {
  return games.reduce(addGame, { winsA: 0, winsB: 0, draws: 0 });
}

function describeOutcome(outcome: GameOutcome): Message {
  if (outcome.kind === "restart") return say("endOfMatch.aRestart");
  if (outcome.kind === "draw")
    return outcome.reason === "DRAW_UNFINISHED_AT_TIME"
      ? say("endOfMatch.drawTime")
      : say("endOfMatch.aDraw");
  return outcome.reason === "LIFE_TOTAL_AT_TIME"
    ? say("endOfMatch.winPlayerLifeTotals", { winner: sideOf(outcome.winner) })
    : say("endOfMatch.winPlayer", { winner: sideOf(outcome.winner) });
}

/**
 * MTR 2.4: the game the procedure itself decided and nobody has recorded yet — the game left
 * unfinished after the last additional turn (a draw) or, in single elimination, the game the
 * life totals gave to the higher total. Null when the procedure decided no game that is not
 * already among `recorded` (the match's recorded games, in order). An error when the recorded
 * games do not fit the procedure at all (CONFLICTING_FACTS).
 */
export function gameDecidedByProcedure(
  state: EndOfMatchState,
  recorded: readonly GameOutcome[],
): RuleResult<GameOutcome | null> {
  const invalid = checkState(state);
  if (invalid) return invalid;
  if (!Array.isArray(recorded))
    return fail(
      "INVALID_INPUT",
      say("endOfMatch.recordedGamesList", { recorded: showValue(recorded) }),
      mtr("endOfMatch"),
    );
  for (const outcome of recorded) {
    const bad = checkGameOutcome(outcome);
    if (bad) return bad;
  }
  if (!state.timeCalled) return ok(null);
  const games = slipOfGames(recorded);
  const extra = {
    winsA: state.slip.winsA - games.winsA,
    winsB: state.slip.winsB - games.winsB,
    draws: state.slip.draws - games.draws,
  };
  const total = extra.winsA + extra.winsB + extra.draws;
  if (extra.winsA === 0 && extra.winsB === 0 && extra.draws === 0) return ok(null);
  if (total === 1 && extra.winsA >= 0 && extra.winsB >= 0 && extra.draws >= 0) {
    if (extra.draws === 1)
      return ok({ kind: "draw", reason: "DRAW_UNFINISHED_AT_TIME", rule: mtr("endOfMatch") });
    return ok({
      kind: "win",
      winner: extra.winsA === 1 ? "A" : "B",
      reason: "LIFE_TOTAL_AT_TIME",
      rule: mtr("endOfMatch"),
    });
  }
  return fail(
    "CONFLICTING_FACTS",
    say("endOfMatch.recordedGamesDoFit", {
      slipToString: slipToString(games),
      slipToString2: slipToString(state.slip),
    }),
    mtr("endOfMatch"),
  );
}

/**
 * MTR 2.4: whether a game may be recorded next, given the procedure as replayed from its steps
 * (`state`) and the games already recorded. Before time is called the procedure has nothing to
 * say (null). Once the procedure has decided a game itself (gameDecidedByProcedure), only that
 * game may be recorded: anything else is refused (GAME_CONTRADICTS_END_OF_MATCH) naming the game
 * the procedure decided. Otherwise the game ends the game in progress as the procedure allows
 * (no draw at time before the last additional turn, no life-total win outside the life-total
 * rule, nothing once the match is decided), with the procedure's own refusal.
 */
export function checkGameAgainstEndOfMatch(
  state: EndOfMatchState,
  recorded: readonly GameOutcome[],
  outcome: GameOutcome,
): { ok: false; error: RuleError } | null {
  const invalidOutcome = checkGameOutcome(outcome);
  if (invalidOutcome) return invalidOutcome;
  const decided = gameDecidedByProcedure(state, recorded);
  if (!decided.ok) return decided;
  if (!state.timeCalled) return null;
  const number = recorded.filter((game) => game.kind !== "restart").length + 1;
  const required = decided.value;
  if (required !== null) {
    const same =
      outcome.kind !== "restart" &&
      required.kind !== "restart" &&
      outcome.reason === required.reason &&
      (outcome.kind === "win"
        ? required.kind === "win" && outcome.winner === required.winner
        : required.kind === "draw");
    if (same) return null;
    const why =
      required.kind !== "win"
        ? say("endOfMatch.gameStillUnfinishedWhen", { number })
        : say("endOfMatch.lifeTotalsTimeGave", { number, winner: sideOf(required.winner) });
    return fail(
      "GAME_CONTRADICTS_END_OF_MATCH",
      say("endOfMatch.endMatchProcedureRecord", {
        why,
        mtr: mtr("endOfMatch"),
        describeOutcome: describeOutcome(required),
        describeOutcome2: describeOutcome(outcome),
      }),
      mtr("endOfMatch"),
    );
  }
  let s = state;
  if (s.phase === "life-total-rule" && !s.gameInProgress) {
    const begun = applyEndOfMatchEvent(s, { type: "game-started" });
    if (!begun.ok) return begun;
    s = begun.value;
  }
  const next = applyEndOfMatchEvent(s, { type: "game-ended", outcome });
  return next.ok ? null : next;
}
