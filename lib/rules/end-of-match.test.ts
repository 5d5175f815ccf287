import { runEndOfMatch, swapSlip } from "./testing/end-of-match-runs";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  type EndOfMatchEvent,
  type EndOfMatchState,
  SLOW_PLAY_ADDED_TURNS,
  applyEndOfMatchEvent,
  checkGameAgainstEndOfMatch,
  gameDecidedByProcedure,
  describeEndOfMatch as describeEndOfMatchResult,
  startEndOfMatch,
  endOfMatchAtStart,
  timeLimitReachedAt,
} from "./end-of-match";
import type { GameOutcome } from "./game";
import {
  type MatchEvent,
  type MatchFormat,
  type ResultSlip,
  bestOf,
  deriveMatchResult,
} from "./match";
import { RULE_ERROR_CODES, type RuleResult, type Side, otherSide } from "./result";
import { text } from "./testing/shown";

const SWISS = bestOf(3);
const PLAYOFF = bestOf(3, true);

const winA: GameOutcome = { kind: "win", winner: "A", reason: "LIFE", rule: "104.3b" };
const winB: GameOutcome = { kind: "win", winner: "B", reason: "LIFE", rule: "104.3b" };
const drawn: GameOutcome = { kind: "draw", reason: "DRAW_LOOP", rule: "104.4b" };
const restart: GameOutcome = { kind: "restart", rule: "104.6" };

const slip = (winsA: number, winsB: number, draws = 0): ResultSlip => ({ winsA, winsB, draws });
const timeCalled: EndOfMatchEvent = { type: "time-called" };
const turnEnds: EndOfMatchEvent = { type: "turn-ended" };
const turns = (n: number): EndOfMatchEvent[] => Array.from({ length: n }, () => turnEnds);
const ended = (outcome: GameOutcome): EndOfMatchEvent => ({ type: "game-ended", outcome });

function value<T>(result: RuleResult<T>): T {
  if (!result.ok)
    throw new Error(`expected a value, got ${result.error.code}: ${text(result.error)}`);
  return result.value;
}

/** The summary of a state the machine made (describeEndOfMatch fails only for states it never makes). */
function describeEndOfMatch(state: EndOfMatchState) {
  return value(describeEndOfMatchResult(state));
}

function errorCode<T>(result: RuleResult<T>): string {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error.code;
}

function run(
  format: MatchFormat,
  from: { slip?: ResultSlip; gameInProgress?: boolean; team?: boolean },
  events: EndOfMatchEvent[],
): RuleResult<EndOfMatchState> {
  const start = startEndOfMatch({ format, team: from.team ?? false }, from);
  return start.ok ? runEndOfMatch(start.value, events) : start;
}

describe("MTR 2.4 End-of-Match Procedure", () => {
  it("MTR 2.4: when time is called the active player's turn is turn 0, then five additional turns follow", () => {
    const state = value(run(SWISS, {}, [timeCalled]));
    expect(describeEndOfMatch(state)).toMatchObject({
      phase: "finishing-turn",
      turn: 0,
      additionalTurns: 5,
      turnsRemainingAfterThis: 5,
      mayStartNewGame: false,
    });
    const third = value(run(SWISS, {}, [timeCalled, ...turns(3)]));
    expect(describeEndOfMatch(third)).toMatchObject({
      phase: "additional-turns",
      turn: 3,
      turnsRemainingAfterThis: 2,
    });
    expect(text(describeEndOfMatch(third).message)).toContain("Additional turn 3 of 5");
  });

  it("MTR 2.4: if the active player had already indicated passing the turn, the opponent's next turn is turn 0: seven turn ends in all", () => {
    const passing: EndOfMatchEvent = { type: "time-called", activePlayerPassingTurn: true };
    const state = value(run(SWISS, {}, [passing]));
    expect(state).toMatchObject({ phase: "finishing-turn", turn: -1 });
    // The turn being passed, then turn 0 (the opponent's), then additional turns 1-5.
    expect(value(run(SWISS, { slip: slip(1, 0) }, [passing, ...turns(6)]))).toMatchObject({
      phase: "additional-turns",
      turn: 5,
    });
    expect(value(run(SWISS, { slip: slip(1, 0) }, [passing, ...turns(7)])).outcome).toMatchObject({
      winner: "A",
      slip: slip(1, 0, 1),
    });
    // Without passing, six turn ends: turn 0, then 1-5.
    expect(value(run(SWISS, { slip: slip(1, 0) }, [timeCalled, ...turns(5)])).phase).toBe(
      "additional-turns",
    );
    expect(value(run(SWISS, { slip: slip(1, 0) }, [timeCalled, ...turns(6)])).phase).toBe(
      "decided",
    );
  });

  it("MTR 2.4: while the active player is passing the turn at time, the description never says an additional turn has begun", () => {
    const passing: EndOfMatchEvent = { type: "time-called", activePlayerPassingTurn: true };
    const expected: [turn: number, phase: string, remaining: number, text: RegExp][] = [
      [
        -1,
        "finishing-turn",
        6,
        /passing the turn: the opponent's next turn is turn 0, then 5 additional turns/,
      ],
      [0, "finishing-turn", 5, /finishes this turn \(turn 0\), then 5 additional turns/],
      [1, "additional-turns", 4, /^Additional turn 1 of 5\. No new game/],
      [2, "additional-turns", 3, /^Additional turn 2 of 5\. No new game/],
      [3, "additional-turns", 2, /^Additional turn 3 of 5\. No new game/],
      [4, "additional-turns", 1, /^Additional turn 4 of 5\. No new game/],
      [5, "additional-turns", 0, /^Additional turn 5 of 5\. This is the last one: .*it is a draw/],
    ];
    expected.forEach(([turn, phase, remaining, sentence], ended) => {
      const summary = describeEndOfMatch(value(run(SWISS, {}, [passing, ...turns(ended)])));
      expect(summary).toMatchObject({ turn, phase, turnsRemainingAfterThis: remaining });
      expect(text(summary.message)).toMatch(sentence);
      if (turn < 1) expect(text(summary.message)).not.toMatch(/Additional turn/);
    });
    expect(describeEndOfMatch(value(run(SWISS, {}, [passing, ...turns(7)]))).phase).toBe("decided");
  });

  it("MTR 2.4: a game unfinished after the last additional turn is a draw (Swiss, 1-0 becomes 1-0-1 for A)", () => {
    const beforeLast = value(run(SWISS, { slip: slip(1, 0) }, [timeCalled, ...turns(5)]));
    expect(beforeLast).toMatchObject({ phase: "additional-turns", turn: 5 });
    expect(text(describeEndOfMatch(beforeLast).message)).toContain("it is a draw");
    const over = value(applyEndOfMatchEvent(beforeLast, turnEnds));
    expect(over).toMatchObject({ phase: "decided", slip: slip(1, 0, 1), gameInProgress: false });
    expect(over.outcome).toMatchObject({
      winner: "A",
      rule: "MTR 2.1",
      matchPoints: { A: 3, B: 0 },
    });
    expect(describeEndOfMatch(over)).toMatchObject({
      phase: "decided",
      decided: { winner: "A" },
      mayStartNewGame: false,
    });
  });

  it("MTR 2.4: 1-1 when time runs out in Swiss is a drawn match (1-1-1)", () => {
    const state = value(run(SWISS, { slip: slip(1, 1) }, [timeCalled, ...turns(6)]));
    expect(state.outcome).toMatchObject({
      winner: null,
      slip: slip(1, 1, 1),
      matchPoints: { A: 1, B: 1 },
    });
  });

  it("MTR 2.4: team formats such as Two-Headed Giant use three additional turns", () => {
    const state = value(run(SWISS, { team: true }, [timeCalled]));
    expect(state.additionalTurns).toBe(3);
    expect(value(run(SWISS, { team: true }, [timeCalled, ...turns(4)])).phase).toBe("decided");
    expect(value(run(SWISS, { team: true }, [timeCalled, ...turns(3)])).phase).toBe(
      "additional-turns",
    );
  });

  it("MTR 2.4: extra turns taken because of effects count as additional turns", () => {
    const extra: EndOfMatchEvent = { type: "turn-ended", extraTurn: true };
    const state = value(run(SWISS, {}, [timeCalled, turnEnds, extra, extra, turnEnds, turnEnds]));
    expect(state).toMatchObject({ turn: 5, extraTurnsTaken: 2, phase: "additional-turns" });
    expect(value(applyEndOfMatchEvent(state, extra)).phase).toBe("decided");
  });

  it("IPG 3.3 Slow Play, MTR 2.6 Time Extensions: a Slow Play Warning given before time is called adds two turns; once the procedure has begun (turn 0, or the turn being passed) it adds none", () => {
    expect(SLOW_PLAY_ADDED_TURNS).toBe(2);
    const warning: EndOfMatchEvent = { type: "turns-added", turns: SLOW_PLAY_ADDED_TURNS };
    const beforeTime = value(run(SWISS, {}, [warning, timeCalled]));
    expect(beforeTime).toMatchObject({
      phase: "finishing-turn",
      turn: 0,
      additionalTurns: 7,
      addedTurns: 2,
    });
    expect(value(runEndOfMatch(beforeTime, turns(7))).phase).toBe("additional-turns");
    expect(value(runEndOfMatch(beforeTime, turns(8))).phase).toBe("decided");
    const inTurnZero = value(run(SWISS, {}, [timeCalled, warning]));
    expect(inTurnZero).toMatchObject({
      phase: "finishing-turn",
      turn: 0,
      additionalTurns: 5,
      addedTurns: 0,
    });
    expect(value(runEndOfMatch(inTurnZero, turns(6))).phase).toBe("decided");
    const inPassedTurn = value(
      run(SWISS, {}, [{ type: "time-called", activePlayerPassingTurn: true }, warning]),
    );
    expect(inPassedTurn).toMatchObject({
      phase: "finishing-turn",
      turn: -1,
      additionalTurns: 5,
      addedTurns: 0,
    });
  });

  it("IPG 3.3 Slow Play: a Slow Play Warning given once the match is already in additional turns adds no turns; the Warning still stands (the event is accepted)", () => {
    const warning: EndOfMatchEvent = { type: "turns-added", turns: SLOW_PLAY_ADDED_TURNS };
    const inTurnOne = value(run(SWISS, {}, [timeCalled, turnEnds]));
    expect(inTurnOne).toMatchObject({
      phase: "additional-turns",
      turn: 1,
      additionalTurns: 5,
      addedTurns: 0,
    });
    expect(value(applyEndOfMatchEvent(inTurnOne, warning))).toEqual(inTurnOne);
    const afterWarning = value(runEndOfMatch(inTurnOne, [warning, warning]));
    expect(afterWarning).toMatchObject({ additionalTurns: 5, addedTurns: 0 });
    expect(value(runEndOfMatch(afterWarning, turns(4))).phase).toBe("additional-turns");
    expect(value(runEndOfMatch(afterWarning, turns(5))).phase).toBe("decided");
    // In the last additional turn too: that turn still ends the procedure.
    const lastTurn = value(run(SWISS, {}, [timeCalled, ...turns(5), warning]));
    expect(lastTurn).toMatchObject({ phase: "additional-turns", turn: 5, additionalTurns: 5 });
    expect(value(applyEndOfMatchEvent(lastTurn, turnEnds)).phase).toBe("decided");
    // After the additional turns (single elimination, life totals awaited or the added state-based action in force).
    const awaiting = value(run(PLAYOFF, { slip: slip(1, 1) }, [timeCalled, ...turns(6)]));
    expect(awaiting.phase).toBe("awaiting-life-totals");
    expect(value(applyEndOfMatchEvent(awaiting, warning))).toEqual(awaiting);
    const underRule = value(applyEndOfMatchEvent(awaiting, { type: "life-totals", A: 7, B: 7 }));
    expect(underRule.phase).toBe("life-total-rule");
    expect(value(applyEndOfMatchEvent(underRule, warning))).toEqual(underRule);
  });

  it("MTR 2.6 Time Extensions: turns added before time is called are added to the additional turns too", () => {
    const state = value(
      run(SWISS, {}, [
        { type: "turns-added", turns: 2 },
        { type: "turns-added", turns: 2 },
        timeCalled,
      ]),
    );
    expect(describeEndOfMatch(state)).toMatchObject({
      additionalTurns: 9,
      turnsRemainingAfterThis: 9,
    });
  });

  it("MTR 2.6 Time Extensions: added turns must be a whole positive number, in every phase", () => {
    expect(errorCode(run(SWISS, {}, [{ type: "turns-added", turns: 0 }]))).toBe("INVALID_NUMBER");
    expect(errorCode(run(SWISS, {}, [{ type: "turns-added", turns: 1.5 }]))).toBe("INVALID_NUMBER");
    expect(
      errorCode(run(SWISS, {}, [timeCalled, turnEnds, { type: "turns-added", turns: -2 }])),
    ).toBe("INVALID_NUMBER");
    expect(
      errorCode(run(PLAYOFF, {}, [timeCalled, ...turns(6), { type: "turns-added", turns: 0 }])),
    ).toBe("INVALID_NUMBER");
  });

  it("MTR 2.4: a game that ends during the additional turns ends the match: no new game may begin", () => {
    const state = value(run(SWISS, {}, [timeCalled, turnEnds, ended(winA)]));
    expect(state).toMatchObject({ phase: "decided", slip: slip(1, 0) });
    expect(state.outcome?.winner).toBe("A");
    expect(errorCode(applyEndOfMatchEvent(state, { type: "game-started" }))).toBe(
      "GAME_STARTED_AFTER_TIME",
    );
  });

  it("MTR 2.4: no new game may begin once time is called between games", () => {
    const state = value(run(SWISS, { slip: slip(1, 1), gameInProgress: false }, [timeCalled]));
    expect(state.outcome).toMatchObject({ winner: null, slip: slip(1, 1) });
    expect(errorCode(applyEndOfMatchEvent(state, { type: "game-started" }))).toBe(
      "GAME_STARTED_AFTER_TIME",
    );
  });

  it("MTR 2.4: a game that began after time was called is refused", () => {
    // A state as stored mid-procedure, built by hand: time called, no game running, not yet settled.
    const stored: EndOfMatchState = {
      ...value(run(SWISS, { gameInProgress: false }, [])),
      timeCalled: true,
      phase: "additional-turns",
      turn: 2,
    };
    expect(errorCode(applyEndOfMatchEvent(stored, { type: "game-started" }))).toBe(
      "GAME_STARTED_AFTER_TIME",
    );
  });

  it("MTR 2.1 with MTR 2.4: the game in progress may still win the match for a player after time", () => {
    expect(
      value(run(SWISS, { slip: slip(1, 1) }, [timeCalled, ...turns(4), ended(winB)])).outcome,
    ).toMatchObject({ winner: "B", slip: slip(1, 2) });
  });

  it("104.6: a restart during the additional turns keeps the game going and the turn count running", () => {
    const state = value(run(SWISS, {}, [timeCalled, ...turns(3), ended(restart), turnEnds]));
    expect(state).toMatchObject({
      phase: "additional-turns",
      turn: 4,
      gameInProgress: true,
      slip: slip(0, 0),
    });
  });

  it("MTR 2.4 single elimination: with game wins tied when the additional turns end, the highest life total wins the current game", () => {
    const waiting = value(run(PLAYOFF, { slip: slip(1, 1) }, [timeCalled, ...turns(6)]));
    expect(describeEndOfMatch(waiting)).toMatchObject({
      phase: "awaiting-life-totals",
      awaitingLifeTotals: true,
    });
    const over = value(applyEndOfMatchEvent(waiting, { type: "life-totals", A: 5, B: 12 }));
    expect(over.outcome).toMatchObject({ winner: "B", slip: slip(1, 2) });
  });

  it("MTR 2.4 single elimination: the last additional turn says life totals, not a draw, decide", () => {
    const last = value(run(PLAYOFF, {}, [timeCalled, ...turns(5)]));
    expect(text(describeEndOfMatch(last).message)).toContain("highest life total wins");
  });

  it("MTR 2.4 single elimination: equal life totals: play continues with the added state-based action", () => {
    const equal = value(
      run(PLAYOFF, { slip: slip(1, 1) }, [
        timeCalled,
        ...turns(6),
        { type: "life-totals", A: 7, B: 7 },
      ]),
    );
    expect(describeEndOfMatch(equal)).toMatchObject({
      phase: "life-total-rule",
      lifeTotalRuleInForce: true,
      mayStartNewGame: false,
    });
    const decided = value(applyEndOfMatchEvent(equal, { type: "life-totals", A: 7, B: 6 }));
    expect(decided.outcome).toMatchObject({ winner: "A", slip: slip(2, 1) });
  });

  it("MTR 2.4, CR 810.4: in Two-Headed Giant the team, with its shared life total, is what the added state-based action names", () => {
    const equal = value(
      run(PLAYOFF, { slip: slip(1, 1), team: true }, [
        timeCalled,
        ...turns(4),
        { type: "life-totals", A: 11, B: 11 },
      ]),
    );
    expect(text(describeEndOfMatch(equal).message)).toContain(
      "a team that does not have the highest team life total loses the game",
    );
    expect(
      text(
        describeEndOfMatch(
          value(
            run(PLAYOFF, { slip: slip(1, 1) }, [
              timeCalled,
              ...turns(6),
              { type: "life-totals", A: 7, B: 7 },
            ]),
          ),
        ).message,
      ),
    ).toContain("a player who does not");
  });

  it("MTR 2.4 single elimination: under the added state-based action turns no longer count: a turn ending is accepted and changes nothing", () => {
    const equal = value(
      run(PLAYOFF, { slip: slip(1, 1) }, [
        timeCalled,
        ...turns(6),
        { type: "life-totals", A: 7, B: 7 },
      ]),
    );
    expect(equal.phase).toBe("life-total-rule");
    expect(applyEndOfMatchEvent(equal, turnEnds)).toEqual({ ok: true, value: equal });
    expect(applyEndOfMatchEvent(equal, { type: "turn-ended", extraTurn: true })).toEqual({
      ok: true,
      value: equal,
    });
    // A game begun under the rule after time was called between games: the same.
    const between = value(
      run(PLAYOFF, { slip: slip(1, 1), gameInProgress: false }, [
        timeCalled,
        { type: "game-started" },
      ]),
    );
    expect(value(runEndOfMatch(between, turns(12)))).toEqual(between);
    // Still no turns while life totals are awaited: the additional turns are over.
    const waiting = value(run(PLAYOFF, { slip: slip(1, 1) }, [timeCalled, ...turns(6)]));
    expect(errorCode(applyEndOfMatchEvent(waiting, turnEnds))).toBe("ADDITIONAL_TURNS_OVER");
  });

  it("MTR 2.4 single elimination: time called between games with 1-1: the next game is played under the added state-based action", () => {
    const between = value(run(PLAYOFF, { slip: slip(1, 1), gameInProgress: false }, [timeCalled]));
    expect(describeEndOfMatch(between)).toMatchObject({
      phase: "life-total-rule",
      mayStartNewGame: true,
      lifeTotalRuleInForce: true,
    });
    const started = value(applyEndOfMatchEvent(between, { type: "game-started" }));
    const decided = value(applyEndOfMatchEvent(started, { type: "life-totals", A: 20, B: 18 }));
    expect(decided.outcome).toMatchObject({ winner: "A", slip: slip(2, 1) });
  });

  it("MTR 2.4 single elimination: between games with equal life (both at the starting total) the game is not decided yet", () => {
    const between = value(
      run(PLAYOFF, { slip: slip(1, 1), gameInProgress: false }, [
        timeCalled,
        { type: "game-started" },
        { type: "life-totals", A: 20, B: 20 },
      ]),
    );
    expect(between.phase).toBe("life-total-rule");
    expect(
      errorCode(
        run(PLAYOFF, { slip: slip(1, 1), gameInProgress: false }, [
          timeCalled,
          { type: "life-totals", A: 20, B: 19 },
        ]),
      ),
    ).toBe("NOT_AWAITING_LIFE_TOTALS");
  });

  it("MTR 2.4 single elimination: a drawn game with tied game wins after time leads to another game under the added state-based action", () => {
    const state = value(run(PLAYOFF, { slip: slip(1, 1) }, [timeCalled, turnEnds, ended(drawn)]));
    expect(state).toMatchObject({ phase: "life-total-rule", slip: slip(1, 1, 1) });
    expect(describeEndOfMatch(state).mayStartNewGame).toBe(true);
  });

  it("MTR 2.4 single elimination: with unequal game wins, the unfinished game is a draw and the leader wins", () => {
    expect(
      value(run(PLAYOFF, { slip: slip(0, 1) }, [timeCalled, ...turns(6)])).outcome,
    ).toMatchObject({ winner: "B", slip: slip(0, 1, 1) });
    expect(
      value(run(PLAYOFF, { slip: slip(1, 0), gameInProgress: false }, [timeCalled])).outcome,
    ).toMatchObject({ winner: "A", slip: slip(1, 0) });
  });

  it("MTR 2.1: before time is called, games go on until a player has the games needed", () => {
    const state = value(
      run(SWISS, {}, [
        ended(winA),
        { type: "game-started" },
        ended(drawn),
        { type: "game-started" },
        ended(winA),
      ]),
    );
    expect(state.outcome).toMatchObject({ winner: "A", slip: slip(2, 0, 1) });
    expect(describeEndOfMatch(value(run(SWISS, {}, [ended(winA)])))).toMatchObject({
      phase: "playing",
      mayStartNewGame: true,
    });
  });

  it("events that cannot happen in this state are errors that say why", () => {
    expect(errorCode(run(SWISS, {}, [turnEnds]))).toBe("TIME_NOT_CALLED");
    expect(errorCode(run(SWISS, {}, [timeCalled, timeCalled]))).toBe("TIME_ALREADY_CALLED");
    expect(errorCode(run(SWISS, {}, [{ type: "game-started" }]))).toBe("GAME_IN_PROGRESS");
    expect(errorCode(run(SWISS, { gameInProgress: false }, [ended(winA)]))).toBe(
      "NO_GAME_IN_PROGRESS",
    );
    expect(errorCode(run(SWISS, {}, [{ type: "life-totals", A: 3, B: 4 }]))).toBe(
      "NOT_AWAITING_LIFE_TOTALS",
    );
    expect(
      errorCode(
        run(SWISS, {}, [
          timeCalled,
          ended({ kind: "draw", reason: "DRAW_UNFINISHED_AT_TIME", rule: "MTR 2.4" }),
        ]),
      ),
    ).toBe("TIME_NOT_CALLED");
    expect(
      errorCode(
        run(SWISS, {}, [
          ended({ kind: "win", winner: "A", reason: "LIFE_TOTAL_AT_TIME", rule: "MTR 2.4" }),
        ]),
      ),
    ).toBe("CONFLICTING_FACTS");
    expect(
      errorCode(
        run(PLAYOFF, { slip: slip(1, 1) }, [
          timeCalled,
          ...turns(6),
          { type: "life-totals", A: 2.5, B: 4 },
        ]),
      ),
    ).toBe("INVALID_NUMBER");
  });

  it("nothing more happens in a decided match; time being called after it changes nothing", () => {
    const decided = value(run(SWISS, {}, [ended(winA), { type: "game-started" }, ended(winA)]));
    expect(errorCode(applyEndOfMatchEvent(decided, { type: "game-started" }))).toBe(
      "GAME_AFTER_MATCH_DECIDED",
    );
    expect(errorCode(applyEndOfMatchEvent(decided, turnEnds))).toBe("MATCH_ALREADY_DECIDED");
    expect(value(applyEndOfMatchEvent(decided, timeCalled))).toEqual({
      ...decided,
      timeCalled: true,
    });
    expect(errorCode(runEndOfMatch(decided, [timeCalled, timeCalled]))).toBe("TIME_ALREADY_CALLED");
    const error = runEndOfMatch(decided, [timeCalled, turnEnds]);
    expect(error.ok ? "" : text(error.error)).toMatch(/^Event 2 \(turn-ended\)/);
  });

  it("MTR 2.1: a match already decided, or an impossible slip, cannot be timed", () => {
    expect(errorCode(startEndOfMatch({ format: SWISS }, { slip: slip(2, 0) }))).toBe(
      "MATCH_ALREADY_DECIDED",
    );
    expect(errorCode(startEndOfMatch({ format: SWISS }, { slip: slip(-1, 0) }))).toBe(
      "INVALID_NUMBER",
    );
    expect(errorCode(startEndOfMatch({ format: { gamesToWin: 0, elimination: false } }))).toBe(
      "INVALID_FORMAT",
    );
  });
});

// Scenarios written out by hand: the events as a judge would log them, and the expected
// state and result counted on paper — nothing here is derived from the machine's own output.
describe("MTR 2.4 and MTR 2.6: hand-counted scenarios", () => {
  const C: EndOfMatchEvent = { type: "time-called" };
  const P: EndOfMatchEvent = { type: "time-called", activePlayerPassingTurn: true };
  const T: EndOfMatchEvent = { type: "turn-ended" };
  const X: EndOfMatchEvent = { type: "turn-ended", extraTurn: true };
  const warning: EndOfMatchEvent = { type: "turns-added", turns: 2 };
  const g = (outcome: GameOutcome): MatchEvent => ({ type: "game", outcome });
  const unfinishedGame: GameOutcome = {
    kind: "draw",
    reason: "DRAW_UNFINISHED_AT_TIME",
    rule: "MTR 2.4",
  };
  const timeWithGame: MatchEvent = { type: "time-called", gameInProgress: true };

  type Scenario = {
    name: string;
    format?: MatchFormat;
    team?: boolean;
    from: ResultSlip;
    between?: boolean;
    events: EndOfMatchEvent[];
    expected: Partial<EndOfMatchState> & { winner?: Side | null };
    /** The same match as the facts deriveMatchResult reads (games from the start), when it is decided. */
    facts?: MatchEvent[];
  };
  const scenarios: Scenario[] = [
    {
      name: "no passing: turn 0 and four more turn ends → additional turn 5 of 5",
      from: slip(1, 0),
      events: [C, T, T, T, T, T],
      expected: { phase: "additional-turns", turn: 5, additionalTurns: 5 },
    },
    {
      name: "no passing: six turn ends (turn 0, then 1-5) → the unfinished game is a draw, A wins 1-0-1",
      from: slip(1, 0),
      events: [C, T, T, T, T, T, T],
      expected: { phase: "decided", slip: slip(1, 0, 1), winner: "A" },
      facts: [g(winA), timeWithGame, g(unfinishedGame)],
    },
    {
      name: "passing: time is in the opponent's next turn; the passed turn ends → turn 0",
      from: slip(1, 0),
      events: [P, T],
      expected: { phase: "finishing-turn", turn: 0 },
    },
    {
      name: "passing: six turn ends → additional turn 5",
      from: slip(1, 0),
      events: [P, T, T, T, T, T, T],
      expected: { phase: "additional-turns", turn: 5 },
    },
    {
      name: "passing: seven turn ends → over, 1-0-1",
      from: slip(1, 0),
      events: [P, T, T, T, T, T, T, T],
      expected: { phase: "decided", slip: slip(1, 0, 1), winner: "A" },
    },
    {
      name: "two extra turns from effects count as additional turns",
      from: slip(0, 1),
      events: [C, T, X, X, T, T],
      expected: { phase: "additional-turns", turn: 5, extraTurnsTaken: 2 },
    },
    {
      name: "…and an extra turn can be the last one",
      from: slip(0, 1),
      events: [C, T, X, X, T, T, X],
      expected: { phase: "decided", slip: slip(0, 1, 1), winner: "B", extraTurnsTaken: 3 },
    },
    {
      name: "IPG 3.3: Slow Play Warning in additional turn 2 adds no turns: additional turn 5 of 5 after five turn ends",
      from: slip(1, 0),
      events: [C, T, T, warning, T, T, T],
      expected: { phase: "additional-turns", turn: 5, additionalTurns: 5, addedTurns: 0 },
    },
    {
      name: "IPG 3.3: …and the sixth turn end ends it, as without the Warning",
      from: slip(1, 0),
      events: [C, T, T, warning, T, T, T, T],
      expected: { phase: "decided", slip: slip(1, 0, 1) },
    },
    {
      name: "IPG 3.3: Slow Play Warning in turn 0 adds none: the sixth turn end ends the procedure",
      from: slip(1, 0),
      events: [C, warning, T, T, T, T, T, T],
      expected: { phase: "decided", slip: slip(1, 0, 1) },
    },
    {
      name: "IPG 3.3: Slow Play Warning before time adds two: 7 additional turns, so turn 7 after seven turn ends",
      from: slip(1, 0),
      events: [warning, C, T, T, T, T, T, T, T],
      expected: { phase: "additional-turns", turn: 7, additionalTurns: 7, addedTurns: 2 },
    },
    {
      name: "IPG 3.3: …and the eighth turn end ends it",
      from: slip(1, 0),
      events: [warning, C, T, T, T, T, T, T, T, T],
      expected: { phase: "decided", slip: slip(1, 0, 1) },
    },
    {
      name: "two warnings before time: 9 additional turns",
      from: slip(0, 0),
      events: [warning, warning, C, T, T, T, T, T, T, T, T, T],
      expected: { phase: "additional-turns", turn: 9, additionalTurns: 9 },
    },
    {
      name: "…and the tenth turn end ends it: 0-0-1 is a drawn match",
      from: slip(0, 0),
      events: [warning, warning, C, T, T, T, T, T, T, T, T, T, T],
      expected: { phase: "decided", slip: slip(0, 0, 1), winner: null },
    },
    {
      name: "Two-Headed Giant: three additional turns, over after four turn ends",
      team: true,
      from: slip(1, 0),
      events: [C, T, T, T],
      expected: { phase: "additional-turns", turn: 3, additionalTurns: 3 },
    },
    {
      name: "Two-Headed Giant: the fourth turn end ends it",
      team: true,
      from: slip(1, 0),
      events: [C, T, T, T, T],
      expected: { phase: "decided", slip: slip(1, 0, 1) },
    },
    {
      name: "Two-Headed Giant, a warning before time, passing: turns -1, 0, then 1-5",
      team: true,
      from: slip(1, 0),
      events: [warning, P, T, T, T, T, T, T],
      expected: { phase: "additional-turns", turn: 5, additionalTurns: 5 },
    },
    {
      name: "Two-Headed Giant, a warning before time, passing: seven turn ends",
      team: true,
      from: slip(1, 0),
      events: [warning, P, T, T, T, T, T, T, T],
      expected: { phase: "decided", slip: slip(1, 0, 1) },
    },
    {
      name: "IPG 3.3: Two-Headed Giant, passing, a warning in turn -1 adds none: five turn ends end it",
      team: true,
      from: slip(1, 0),
      events: [P, warning, T, T, T, T, T],
      expected: { phase: "decided", slip: slip(1, 0, 1) },
    },
    {
      name: "a game won in additional turn 3 ends the match: 1-2",
      from: slip(1, 1),
      events: [C, T, T, T, ended(winB)],
      expected: { phase: "decided", slip: slip(1, 2), winner: "B" },
      facts: [g(winA), g(winB), timeWithGame, g(winB)],
    },
    {
      name: "Swiss 1-1 with game 3 unfinished: a drawn match 1-1-1",
      from: slip(1, 1),
      events: [C, T, T, T, T, T, T],
      expected: { phase: "decided", slip: slip(1, 1, 1), winner: null },
      facts: [g(winB), g(winA), timeWithGame, g(unfinishedGame)],
    },
    {
      name: "single elimination 1-1: life totals are asked for after six turn ends",
      format: PLAYOFF,
      from: slip(1, 1),
      events: [C, T, T, T, T, T, T],
      expected: { phase: "awaiting-life-totals" },
    },
    {
      name: "single elimination 1-1, passing: six turn ends → still additional turn 5",
      format: PLAYOFF,
      from: slip(1, 1),
      events: [P, T, T, T, T, T, T],
      expected: { phase: "additional-turns", turn: 5 },
    },
    {
      name: "single elimination 1-1, passing: life totals are asked for after seven turn ends",
      format: PLAYOFF,
      from: slip(1, 1),
      events: [P, T, T, T, T, T, T, T],
      expected: { phase: "awaiting-life-totals" },
    },
    {
      name: "single elimination 1-1: 5 life against 12 → B wins the game and the match 1-2",
      format: PLAYOFF,
      from: slip(1, 1),
      events: [C, T, T, T, T, T, T, { type: "life-totals", A: 5, B: 12 }],
      expected: { phase: "decided", slip: slip(1, 2), winner: "B" },
      facts: [
        g(winA),
        g(winB),
        timeWithGame,
        g({ kind: "win", winner: "B", reason: "LIFE_TOTAL_AT_TIME", rule: "MTR 2.4" }),
      ],
    },
    {
      name: "time called between games at 1-0: A wins 1-0 at once",
      from: slip(1, 0),
      between: true,
      events: [C],
      expected: { phase: "decided", slip: slip(1, 0), winner: "A" },
      facts: [g(winA), { type: "time-called", gameInProgress: false }],
    },
  ];

  it.each(scenarios.map((sc) => [sc.name, sc] as const))("MTR 2.4: %s", (_name, sc) => {
    const { winner, ...state } = sc.expected;
    const result = value(
      run(
        sc.format ?? SWISS,
        { slip: sc.from, gameInProgress: sc.between !== true, team: sc.team ?? false },
        sc.events,
      ),
    );
    expect(result).toMatchObject(state);
    if (winner !== undefined) expect(result.outcome?.winner).toBe(winner);
    if (sc.facts !== undefined) {
      const derived = value(deriveMatchResult({ format: sc.format ?? SWISS, events: sc.facts }));
      expect(derived).toMatchObject({
        status: "decided",
        slip: sc.expected.slip,
        winner: winner ?? null,
      });
    }
  });

  it("MTR 2.6 Time Extensions: the procedure starts at the round's end plus this match's extension", () => {
    const tenAm = Date.UTC(2026, 10, 21, 10, 0);
    const minute = 60_000;
    const table: [
      label: string,
      roundMinutes: number,
      extensionMinutes: number,
      nowMinutes: number,
      reached: boolean,
    ][] = [
      ["50-minute round, no extension, 49 minutes in", 50, 0, 49, false],
      ["50-minute round, no extension, 50 minutes in", 50, 0, 50, true],
      ["50-minute round, 7-minute deck-check extension, 56 minutes in", 50, 7, 56, false],
      ["50-minute round, 7-minute deck-check extension, 57 minutes in", 50, 7, 57, true],
      ["untimed-looking 0-minute round with a 3-minute extension, 2 minutes in", 0, 3, 2, false],
    ];
    for (const [label, roundMinutes, extensionMinutes, nowMinutes, reached] of table) {
      const timing = { roundStartedAt: tenAm, roundMinutes, extensionMinutes };
      const at = timeLimitReachedAt(timing);
      expect(at.ok && tenAm + nowMinutes * minute >= at.value, label).toBe(reached);
    }
    expect(
      timeLimitReachedAt({ roundStartedAt: tenAm, roundMinutes: 50, extensionMinutes: 7 }),
    ).toEqual({ ok: true, value: Date.UTC(2026, 10, 21, 10, 57) });
  });
});

describe("MTR 2.4 and MTR 2.6 Time Extensions: when time is reached for one match", () => {
  const start = Date.UTC(2026, 10, 21, 10, 0);

  it("MTR 2.4: the procedure starts when the round's time is up", () => {
    expect(timeLimitReachedAt({ roundStartedAt: start, roundMinutes: 50 })).toEqual({
      ok: true,
      value: start + 50 * 60_000,
    });
  });

  it("MTR 2.6 Time Extensions: a match's time extension delays its end-of-match procedure by its length", () => {
    expect(
      timeLimitReachedAt({ roundStartedAt: start, roundMinutes: 50, extensionMinutes: 7 }),
    ).toEqual({ ok: true, value: start + 57 * 60_000 });
    expect(
      timeLimitReachedAt({ roundStartedAt: start, roundMinutes: 50, extensionMinutes: 3 }),
    ).toEqual({ ok: true, value: start + 53 * 60_000 });
  });

  it("times and lengths must be real numbers; lengths cannot be negative", () => {
    expect(errorCode(timeLimitReachedAt({ roundStartedAt: Number.NaN, roundMinutes: 50 }))).toBe(
      "INVALID_NUMBER",
    );
    expect(errorCode(timeLimitReachedAt({ roundStartedAt: start, roundMinutes: -1 }))).toBe(
      "INVALID_NUMBER",
    );
    expect(
      errorCode(
        timeLimitReachedAt({
          roundStartedAt: start,
          roundMinutes: 50,
          extensionMinutes: Number.POSITIVE_INFINITY,
        }),
      ),
    ).toBe("INVALID_NUMBER");
  });
});

// ---------------------------------------------------------------------------------------

const machineEvent: fc.Arbitrary<EndOfMatchEvent> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<EndOfMatchEvent>({ type: "game-started" }) },
  { weight: 3, arbitrary: fc.constantFrom(winA, winB, drawn, restart).map(ended) },
  {
    weight: 2,
    arbitrary: fc
      .boolean()
      .map((p): EndOfMatchEvent => ({ type: "time-called", activePlayerPassingTurn: p })),
  },
  {
    weight: 6,
    arbitrary: fc.boolean().map((x): EndOfMatchEvent => ({ type: "turn-ended", extraTurn: x })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 2 })
      .map((t): EndOfMatchEvent => ({ type: "turns-added", turns: t })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: -2, max: 3 }), fc.integer({ min: -2, max: 3 }))
      .map(([A, B]): EndOfMatchEvent => ({ type: "life-totals", A, B })),
  },
);
/** Single events, plus the common run "time is called and every additional turn passes", so the late phases are reached often. */
const machineEvents = fc
  .array(
    fc.oneof(
      { weight: 8, arbitrary: machineEvent.map((e) => [e]) },
      { weight: 1, arbitrary: fc.constant([timeCalled, ...turns(6)]) },
    ),
    { maxLength: 15 },
  )
  .map((chunks) => chunks.flat());
const start = fc.record({
  format: fc.record({ gamesToWin: fc.integer({ min: 1, max: 3 }), elimination: fc.boolean() }),
  team: fc.boolean(),
  winsA: fc.integer({ min: 0, max: 2 }),
  winsB: fc.integer({ min: 0, max: 2 }),
  draws: fc.integer({ min: 0, max: 1 }),
  gameInProgress: fc.boolean(),
});

/** Applies events one by one, skipping the impossible ones, and records the match facts as deriveMatchResult sees them. */
function simulate(
  first: EndOfMatchState,
  events: readonly EndOfMatchEvent[],
): { state: EndOfMatchState; facts: MatchEvent[] } {
  let state = first;
  const facts: MatchEvent[] = [];
  for (const event of events) {
    const next = applyEndOfMatchEvent(state, event);
    if (!next.ok) continue;
    const before = state.slip;
    const after = next.value.slip;
    if (event.type === "time-called" && !state.timeCalled)
      facts.push({ type: "time-called", gameInProgress: state.gameInProgress });
    if (event.type === "game-ended") facts.push({ type: "game", outcome: event.outcome });
    if (event.type === "turn-ended" && after.draws > before.draws) {
      facts.push({
        type: "game",
        outcome: { kind: "draw", reason: "DRAW_UNFINISHED_AT_TIME", rule: "MTR 2.4" },
      });
    }
    if (event.type === "life-totals" && after !== before) {
      const winner: Side = after.winsA > before.winsA ? "A" : "B";
      facts.push({
        type: "game",
        outcome: { kind: "win", winner, reason: "LIFE_TOTAL_AT_TIME", rule: "MTR 2.4" },
      });
    }
    state = next.value;
  }
  return { state, facts };
}

function mirrorEvent(e: EndOfMatchEvent): EndOfMatchEvent {
  if (e.type === "life-totals") return { type: "life-totals", A: e.B, B: e.A };
  if (e.type === "game-ended" && e.outcome.kind === "win")
    return { type: "game-ended", outcome: { ...e.outcome, winner: otherSide(e.outcome.winner) } };
  return e;
}

describe("end-of-match properties", () => {
  it("totality and bounds: every event gives a state or a known error; the turn never passes the last additional turn", () => {
    fc.assert(
      fc.property(start, machineEvents, (s, events) => {
        const first = startEndOfMatch(
          { format: s.format, team: s.team },
          { slip: slip(s.winsA, s.winsB, s.draws), gameInProgress: s.gameInProgress },
        );
        if (!first.ok) return;
        let state = first.value;
        for (const event of events) {
          const next = applyEndOfMatchEvent(state, event);
          if (!next.ok) {
            expect(RULE_ERROR_CODES).toContain(next.error.code);
            continue;
          }
          state = next.value;
          if (state.turn !== null) expect(state.turn).toBeLessThanOrEqual(state.additionalTurns);
          const summary = describeEndOfMatch(state);
          expect(text(summary.message).length).toBeGreaterThan(10);
          if (summary.turnsRemainingAfterThis !== null)
            expect(summary.turnsRemainingAfterThis).toBeGreaterThanOrEqual(0);
          if (state.timeCalled && state.phase !== "life-total-rule")
            expect(summary.mayStartNewGame).toBe(false);
          if (state.phase === "decided")
            expect(state.format.elimination ? state.outcome?.winner : "ok").not.toBeNull();
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("IPG 3.3 Slow Play: once time is called, a Slow Play Warning is accepted and changes nothing; before, it adds exactly its turns", () => {
    fc.assert(
      fc.property(start, machineEvents, fc.integer({ min: 1, max: 4 }), (s, events, added) => {
        const first = startEndOfMatch(
          { format: s.format, team: s.team },
          { slip: slip(s.winsA, s.winsB, s.draws), gameInProgress: s.gameInProgress },
        );
        if (!first.ok) return;
        const { state } = simulate(first.value, events);
        const next = applyEndOfMatchEvent(state, { type: "turns-added", turns: added });
        if (state.phase === "decided") {
          expect(next.ok).toBe(false);
          return;
        }
        expect(next.ok).toBe(true);
        if (!next.ok) return;
        if (state.timeCalled) {
          expect(next.value).toEqual(state);
        } else {
          expect(next.value).toEqual({
            ...state,
            addedTurns: state.addedTurns + added,
            additionalTurns: state.additionalTurns + added,
          });
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("the state machine and deriveMatchResult agree on every match they both accept", () => {
    fc.assert(
      fc.property(start, machineEvents, (s, events) => {
        const first = startEndOfMatch(
          { format: s.format, team: s.team },
          { slip: slip(0, 0), gameInProgress: true },
        );
        if (!first.ok) return;
        const { state, facts } = simulate(first.value, events);
        const derived = deriveMatchResult({ format: s.format, events: facts });
        expect(derived.ok).toBe(true);
        if (!derived.ok) return;
        expect(derived.value.slip).toEqual(state.outcome?.slip ?? state.slip);
        expect(derived.value.status === "decided").toBe(state.phase === "decided");
        if (state.outcome !== null) expect(derived.value.winner).toBe(state.outcome.winner);
      }),
      { numRuns: 2000 },
    );
  });

  it("symmetry: swapping the sides mirrors the end-of-match procedure", () => {
    fc.assert(
      fc.property(start, machineEvents, (s, events) => {
        const from = { slip: slip(s.winsA, s.winsB, s.draws), gameInProgress: s.gameInProgress };
        const a = startEndOfMatch({ format: s.format, team: s.team }, from);
        const b = startEndOfMatch(
          { format: s.format, team: s.team },
          { ...from, slip: swapSlip(from.slip) },
        );
        if (!a.ok || !b.ok) return;
        const direct = simulate(a.value, events).state;
        const mirrored = simulate(b.value, events.map(mirrorEvent)).state;
        expect(mirrored.slip).toEqual(swapSlip(direct.slip));
        expect(mirrored.phase).toBe(direct.phase);
        expect(mirrored.turn).toBe(direct.turn);
        expect(mirrored.outcome?.winner ?? null).toBe(
          direct.outcome?.winner == null ? null : otherSide(direct.outcome.winner),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("MTR 2.4: once time is called with a game running, turns alone always end the procedure (decided, or life totals asked for)", () => {
    fc.assert(
      fc.property(start, fc.integer({ min: 0, max: 4 }), fc.boolean(), (s, added, passing) => {
        const first = startEndOfMatch(
          { format: s.format, team: s.team },
          { slip: slip(s.winsA, s.winsB, s.draws), gameInProgress: true },
        );
        if (!first.ok) return;
        const extra: EndOfMatchEvent[] = added > 0 ? [{ type: "turns-added", turns: added }] : [];
        const called: EndOfMatchEvent = { type: "time-called", activePlayerPassingTurn: passing };
        // Turn 0 plus the additional turns, plus the turn being passed when the active player was passing.
        const total = (s.team ? 3 : 5) + added + (passing ? 1 : 0);
        const state = value(runEndOfMatch(first.value, [...extra, called, ...turns(total + 1)]));
        expect(state.phase).toBe(
          s.format.elimination && s.winsA === s.winsB ? "awaiting-life-totals" : "decided",
        );
        const oneShort = value(runEndOfMatch(first.value, [...extra, called, ...turns(total)]));
        expect(oneShort.phase).toBe("additional-turns");
      }),
      { numRuns: 500 },
    );
  });
});

describe("MTR 2.4: the game the procedure decided is the game recorded", () => {
  const lifeWin = (winner: Side): GameOutcome => ({
    kind: "win",
    winner,
    reason: "LIFE_TOTAL_AT_TIME",
    rule: "MTR 2.4",
  });
  const drawAtTime: GameOutcome = {
    kind: "draw",
    reason: "DRAW_UNFINISHED_AT_TIME",
    rule: "MTR 2.4",
  };

  it("MTR 2.4: single elimination, life totals 12-3 give the game to A; a win for B on life totals is refused", () => {
    const state = value(
      run(PLAYOFF, {}, [timeCalled, ...turns(6), { type: "life-totals", A: 12, B: 3 }]),
    );
    expect(value(gameDecidedByProcedure(state, []))).toEqual(lifeWin("A"));
    expect(checkGameAgainstEndOfMatch(state, [], lifeWin("A"))).toBeNull();
    const refused = checkGameAgainstEndOfMatch(state, [], lifeWin("B"));
    expect(refused?.error).toMatchObject({
      code: "GAME_CONTRADICTS_END_OF_MATCH",
      rule: "MTR 2.4",
    });
    expect(text(refused?.error)).toContain("gave game 1 to player A");
    expect(checkGameAgainstEndOfMatch(state, [], winB)?.error.code).toBe(
      "GAME_CONTRADICTS_END_OF_MATCH",
    );
    expect(checkGameAgainstEndOfMatch(state, [], winA)?.error.code).toBe(
      "GAME_CONTRADICTS_END_OF_MATCH",
    );
  });

  it("MTR 2.4: Swiss, the game unfinished after the last additional turn is a draw; a win is refused", () => {
    const state = value(run(SWISS, { slip: slip(1, 0) }, [timeCalled, ...turns(6)]));
    expect(value(gameDecidedByProcedure(state, [winA]))).toEqual(drawAtTime);
    expect(checkGameAgainstEndOfMatch(state, [winA], drawAtTime)).toBeNull();
    expect(text(checkGameAgainstEndOfMatch(state, [winA], winB)?.error)).toContain(
      "still unfinished when the last additional turn ended, so it is a draw",
    );
    expect(checkGameAgainstEndOfMatch(state, [winA], drawn)?.error.code).toBe(
      "GAME_CONTRADICTS_END_OF_MATCH",
    );
  });

  it("MTR 2.4: once the decided game is recorded, no further game may be", () => {
    const state = value(run(SWISS, { slip: slip(1, 0) }, [timeCalled, ...turns(6)]));
    expect(value(gameDecidedByProcedure(state, [winA, drawAtTime]))).toBeNull();
    expect(checkGameAgainstEndOfMatch(state, [winA, drawAtTime], winB)?.error.code).toBe(
      "GAME_AFTER_MATCH_DECIDED",
    );
  });

  it("MTR 2.4: during the additional turns a game may end normally, but not as a draw at time or on life totals", () => {
    const state = value(run(SWISS, {}, [timeCalled, ...turns(2)]));
    expect(checkGameAgainstEndOfMatch(state, [], winB)).toBeNull();
    expect(checkGameAgainstEndOfMatch(state, [], drawAtTime)?.error.code).toBe("TIME_NOT_CALLED");
    expect(checkGameAgainstEndOfMatch(state, [], lifeWin("A"))?.error.code).toBe(
      "CONFLICTING_FACTS",
    );
  });

  it("MTR 2.4: under the added state-based action (equal life totals) any game result ends the game", () => {
    const state = value(
      run(PLAYOFF, {}, [timeCalled, ...turns(6), { type: "life-totals", A: 7, B: 7 }]),
    );
    expect(value(gameDecidedByProcedure(state, []))).toBeNull();
    expect(checkGameAgainstEndOfMatch(state, [], winB)).toBeNull();
  });

  it("MTR 2.4: before time is called the procedure has nothing to say", () => {
    const state = value(run(SWISS, {}, []));
    expect(checkGameAgainstEndOfMatch(state, [], winA)).toBeNull();
  });

  it("MTR 2.4: recorded games that do not fit the procedure are named", () => {
    const state = value(run(SWISS, { slip: slip(1, 0) }, [timeCalled, ...turns(6)]));
    expect(gameDecidedByProcedure(state, [winB, winB])).toMatchObject({
      ok: false,
      error: { code: "CONFLICTING_FACTS" },
    });
  });
});

describe("MTR 2.4: the procedure as a judge's screen starts it", () => {
  const bo3 = { gamesToWin: 2, elimination: false };
  it("MTR 2.4: starts from the games so far with the phase's turns; MTR 2.1: a match its games decided shows that decision", () => {
    expect(
      endOfMatchAtStart(
        { format: bo3, team: false },
        { slip: { winsA: 1, winsB: 0, draws: 0 }, gameInProgress: true },
        3,
      ),
    ).toMatchObject({ ok: true, value: { phase: "playing", additionalTurns: 3 } });
    expect(
      endOfMatchAtStart(
        { format: bo3, team: false },
        { slip: { winsA: 0, winsB: 2, draws: 0 }, gameInProgress: false },
        5,
      ),
    ).toMatchObject({
      ok: true,
      value: {
        phase: "decided",
        outcome: { winner: "B", slip: { winsA: 0, winsB: 2, draws: 0 }, rule: "MTR 2.1" },
      },
    });
    expect(
      endOfMatchAtStart(
        { format: { gamesToWin: 0, elimination: false }, team: false },
        { slip: { winsA: 0, winsB: 0, draws: 0 }, gameInProgress: true },
        5,
      ),
    ).toMatchObject({ ok: false });
  });
});
