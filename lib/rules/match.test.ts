import { swapSlip } from "./testing/end-of-match-runs";
import { swapMatchEvent } from "./testing/mirror";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { GameOutcome } from "./game";
import {
  checkLastGameRemoval,
  checkSlipAgainstGames,
  mayTellAnotherGame,
  resultSummary,
  slipFromGames,
  writtenScore,
  storedMatchEvents,
  withMatchLoss,
} from "./match";
import {
  type MatchEvent,
  type MatchFormat,
  type MatchOutcome,
  type MatchState,
  type ResultSlip,
  bestOf,
  deriveMatchResult,
  evaluateResultSlip,
} from "./match";
import { render } from "@/lib/messages/render";
import { RULE_ERROR_CODES, type RuleResult, type Side } from "./result";
import { shown, text } from "./testing/shown";

const BO1 = bestOf(1);
const BO3 = bestOf(3);
const BO5 = bestOf(5);
const BO3_PLAYOFF = bestOf(3, true);

const slip = (winsA: number, winsB: number, draws = 0): ResultSlip => ({ winsA, winsB, draws });

function value<T>(result: RuleResult<T>): T {
  if (!result.ok)
    throw new Error(`expected a value, got ${result.error.code}: ${text(result.error)}`);
  return result.value;
}

function errorOf<T>(result: RuleResult<T>): { code: string; message: string; rule?: string } {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return { code: result.error.code, message: render(result.error), rule: result.error.rule };
}

// Game outcomes as decideGame produces them.
const winA: GameOutcome = { kind: "win", winner: "A", reason: "LIFE", rule: "104.3b" };
const winB: GameOutcome = { kind: "win", winner: "B", reason: "POISON", rule: "104.3d" };
const drawn: GameOutcome = { kind: "draw", reason: "DRAW_LOOP", rule: "104.4b" };
const restart: GameOutcome = { kind: "restart", rule: "104.6" };
const unfinished: GameOutcome = {
  kind: "draw",
  reason: "DRAW_UNFINISHED_AT_TIME",
  rule: "MTR 2.4",
};
const lifeA: GameOutcome = {
  kind: "win",
  winner: "A",
  reason: "LIFE_TOTAL_AT_TIME",
  rule: "MTR 2.4",
};
const lifeB: GameOutcome = {
  kind: "win",
  winner: "B",
  reason: "LIFE_TOTAL_AT_TIME",
  rule: "MTR 2.4",
};

const game = (outcome: GameOutcome): MatchEvent => ({ type: "game", outcome });
const time = (gameInProgress: boolean): MatchEvent => ({ type: "time-called", gameInProgress });

function derive(format: MatchFormat, ...events: MatchEvent[]): RuleResult<MatchState> {
  return deriveMatchResult({ format, events });
}

describe("MTR 2.1: a score as written, from one side", () => {
  it("games won-lost, and drawn games only when there were any; none before a result", () => {
    expect(writtenScore(2, 1, 0)).toBe("2-1");
    expect(writtenScore(1, 2, 0)).toBe("1-2");
    expect(writtenScore(1, 1, 1)).toBe("1-1-1");
    expect(writtenScore(0, 0, 3)).toBe("0-0-3");
    expect(writtenScore(2, 0, null)).toBe("2-0");
    expect(writtenScore(null, null, null)).toBeNull();
    expect(writtenScore(2, null, 0)).toBeNull();
  });
});

describe("MTR 2.1 Match Structure: evaluateResultSlip", () => {
  it("MTR 2.1: a best-of-three is won by the first player to two game wins (2-1-0)", () => {
    expect(value(evaluateResultSlip(BO3, slip(2, 1)))).toEqual({
      winner: "A",
      slip: slip(2, 1),
      rule: "MTR 2.1",
      matchPoints: { A: 3, B: 0 },
      gamePoints: { A: 6, B: 3 },
    });
  });

  it("MTR 2.1: the number of games to win is a per-phase setting: best-of-one and best-of-five", () => {
    expect(value(evaluateResultSlip(BO1, slip(0, 1))).winner).toBe("B");
    expect(errorOf(evaluateResultSlip(BO1, slip(2, 0))).code).toBe("TOO_MANY_GAME_WINS");
    expect(value(evaluateResultSlip(BO5, slip(3, 2))).winner).toBe("A");
    expect(
      value(evaluateResultSlip({ gamesToWin: 4, elimination: false }, slip(1, 4))).winner,
    ).toBe("B");
  });

  it("MTR 2.1: drawn games do not count toward the games needed (2-0-1 is a win, 1-1-1 is unfinished)", () => {
    expect(value(evaluateResultSlip(BO3, slip(2, 0, 1))).winner).toBe("A");
    expect(value(evaluateResultSlip(BO3, slip(1, 1, 1))).winner).toBeNull();
    expect(value(evaluateResultSlip(BO3, slip(0, 2, 4))).winner).toBe("B");
  });

  it("MTR 2.1: when the round ends before anyone has the games needed, more game wins wins (1-0-0)", () => {
    expect(value(evaluateResultSlip(BO3, slip(1, 0)))).toMatchObject({
      winner: "A",
      rule: "MTR 2.1",
      matchPoints: { A: 3, B: 0 },
    });
    expect(value(evaluateResultSlip(BO5, slip(1, 2, 1))).winner).toBe("B");
  });

  it("MTR 2.1: equal game wins when the round ends is a drawn match in Swiss (1-1-1, 0-0-0)", () => {
    expect(value(evaluateResultSlip(BO3, slip(1, 1, 1)))).toMatchObject({
      winner: null,
      matchPoints: { A: 1, B: 1 },
      rule: "MTR 2.1",
    });
    expect(value(evaluateResultSlip(BO3, slip(0, 0, 0)))).toMatchObject({
      winner: null,
      gamePoints: { A: 0, B: 0 },
    });
  });

  it("MTR 2.4 End-of-Match Procedure: a single-elimination match cannot be reported as a draw (1-1-0)", () => {
    const error = errorOf(evaluateResultSlip(BO3_PLAYOFF, slip(1, 1)));
    expect(error.code).toBe("DRAW_IN_SINGLE_ELIMINATION");
    expect(error.rule).toBe("MTR 2.4");
    expect(value(evaluateResultSlip(BO3_PLAYOFF, slip(1, 0, 1))).winner).toBe("A");
  });

  it("MTR 2.1: three game wins in a best-of-three are impossible", () => {
    const error = errorOf(evaluateResultSlip(BO3, slip(3, 0)));
    expect(error.code).toBe("TOO_MANY_GAME_WINS");
    expect(error.message).toMatch(/best-of-three/);
  });

  it("MTR 2.1: both players with two game wins (2-2-0) is impossible: the match ended at the first", () => {
    expect(errorOf(evaluateResultSlip(BO3, slip(2, 2))).code).toBe("TOO_MANY_GAME_WINS");
  });

  it.each([
    ["negative game wins", slip(-1, 2)],
    ["fractional drawn games", slip(2, 0, 0.5)],
    ["not a number", slip(Number.NaN, 0)],
  ])("INVALID_NUMBER: %s", (_label, bad) => {
    expect(errorOf(evaluateResultSlip(BO3, bad)).code).toBe("INVALID_NUMBER");
  });

  it("INVALID_FORMAT: games to win must be a whole number of at least 1", () => {
    expect(
      errorOf(evaluateResultSlip({ gamesToWin: 0, elimination: false }, slip(0, 0))).code,
    ).toBe("INVALID_FORMAT");
    expect(
      errorOf(evaluateResultSlip({ gamesToWin: 1.5, elimination: false }, slip(1, 0))).code,
    ).toBe("INVALID_FORMAT");
  });

  it("MTR Appendix C Tiebreaker Explanation: game points of 2-0-0, 2-1-0 and 2-0-1 are 6/0, 6/3 and 7/1", () => {
    expect(value(evaluateResultSlip(BO3, slip(2, 0))).gamePoints).toEqual({ A: 6, B: 0 });
    expect(value(evaluateResultSlip(BO3, slip(2, 1))).gamePoints).toEqual({ A: 6, B: 3 });
    expect(value(evaluateResultSlip(BO3, slip(2, 0, 1))).gamePoints).toEqual({ A: 7, B: 1 });
  });
});

describe("MTR 2.5 Conceding or Intentionally Drawing Games or Matches: evaluateResultSlip", () => {
  it("MTR 2.5: a match conceded by a player who had won a game is reported 2-1", () => {
    expect(value(evaluateResultSlip(BO3, slip(1, 0), { concededBy: "A" }))).toEqual({
      winner: "B",
      slip: slip(1, 2),
      rule: "MTR 2.5",
      matchPoints: { A: 0, B: 3 },
      gamePoints: { A: 3, B: 6 },
    });
  });

  it("MTR 2.5: a match conceded by a player without a game win is reported 2-0 for the opponent", () => {
    expect(value(evaluateResultSlip(BO3, slip(0, 0), { concededBy: "B" })).slip).toEqual(
      slip(2, 0),
    );
    expect(value(evaluateResultSlip(BO3, slip(1, 0), { concededBy: "B" })).slip).toEqual(
      slip(2, 0),
    );
  });

  it("MTR 2.5: the conceding player keeps at most one game fewer than needed (best-of-five: 3-2)", () => {
    expect(value(evaluateResultSlip(BO5, slip(2, 1), { concededBy: "A" })).slip).toEqual(
      slip(2, 3),
    );
  });

  it("MTR 2.5: drawn games actually played stay on a conceded match's slip", () => {
    expect(value(evaluateResultSlip(BO3, slip(1, 0, 1), { concededBy: "A" })).slip).toEqual(
      slip(1, 2, 1),
    );
  });

  it("MTR 2.5: a player may concede until the match is complete, even after winning it; it is reported 2-1", () => {
    expect(value(evaluateResultSlip(BO3, slip(2, 0), { concededBy: "A" }))).toMatchObject({
      winner: "B",
      slip: slip(1, 2),
    });
  });

  it("MTR 2.5: an intentional draw with no games played is reported 0-0-3", () => {
    expect(value(evaluateResultSlip(BO3, slip(0, 0), { intentionalDraw: true }))).toEqual({
      winner: null,
      slip: slip(0, 0, 3),
      rule: "MTR 2.5",
      matchPoints: { A: 1, B: 1 },
      gamePoints: { A: 3, B: 3 },
    });
  });

  it("MTR 2.5: an intentional draw after games records the games played, and the match is a draw", () => {
    expect(value(evaluateResultSlip(BO3, slip(1, 1, 1), { intentionalDraw: true }))).toMatchObject({
      winner: null,
      slip: slip(1, 1, 1),
    });
    expect(value(evaluateResultSlip(BO3, slip(1, 0), { intentionalDraw: true }))).toMatchObject({
      winner: null,
      slip: slip(1, 0),
    });
  });

  it("MTR 2.5 with MTR 2.4: an intentional draw is impossible in single elimination", () => {
    expect(
      errorOf(evaluateResultSlip(BO3_PLAYOFF, slip(0, 0), { intentionalDraw: true })).code,
    ).toBe("DRAW_IN_SINGLE_ELIMINATION");
  });

  it("MTR 2.5: a match cannot be both conceded and drawn by agreement", () => {
    expect(
      errorOf(evaluateResultSlip(BO3, slip(0, 0), { concededBy: "A", intentionalDraw: true })).code,
    ).toBe("CONCESSION_CONFLICT");
  });

  it("MTR 2.1: a conceded match still cannot show impossible game wins", () => {
    expect(errorOf(evaluateResultSlip(BO3, slip(3, 0), { concededBy: "B" })).code).toBe(
      "TOO_MANY_GAME_WINS",
    );
  });
});

describe("deriveMatchResult: a match from its ordered facts", () => {
  it("MTR 2.1: the first to two game wins decides a best-of-three; no game may follow", () => {
    const state = value(derive(BO3, game(winA), game(winB), game(winA)));
    expect(state).toMatchObject({
      status: "decided",
      winner: "A",
      slip: slip(2, 1),
      rule: "MTR 2.1",
      decidedBy: "games",
      mayStartNewGame: false,
      gamesPlayed: 3,
    });
    expect(state.outcome?.matchPoints).toEqual({ A: 3, B: 0 });
    const after = errorOf(derive(BO3, game(winA), game(winA), game(winB)));
    expect(after.code).toBe("GAME_AFTER_MATCH_DECIDED");
    expect(after.message).toMatch(/^Event 3: /);
  });

  it("MTR 2.1: a match in progress says another game may start", () => {
    expect(value(derive(BO3, game(winA)))).toMatchObject({
      status: "in-progress",
      winner: null,
      slip: slip(1, 0),
      mayStartNewGame: true,
      outcome: null,
    });
    expect(value(derive(BO3))).toMatchObject({
      status: "in-progress",
      gamesPlayed: 0,
      mayStartNewGame: true,
    });
  });

  it("MTR 2.1: drawn games do not count toward the goal (win, draw, win is 2-0-1)", () => {
    expect(value(derive(BO3, game(winA), game(drawn), game(winA)))).toMatchObject({
      status: "decided",
      winner: "A",
      slip: slip(2, 0, 1),
    });
    expect(value(derive(BO3, game(drawn), game(drawn), game(drawn)))).toMatchObject({
      status: "in-progress",
      slip: slip(0, 0, 3),
    });
  });

  it("104.6: a restarted game is not counted; the same game is played again", () => {
    expect(value(derive(BO3, game(restart), game(winB), game(restart), game(winB)))).toMatchObject({
      winner: "B",
      slip: slip(0, 2),
      gamesPlayed: 2,
    });
  });

  it("MTR 2.5: conceding the match while up 1-0 is reported 2-1 for the opponent", () => {
    const state = value(derive(BO3, game(winA), { type: "concession", side: "A" }));
    expect(state).toMatchObject({
      status: "decided",
      winner: "B",
      slip: slip(1, 2),
      rule: "MTR 2.5",
      decidedBy: "concession",
    });
  });

  it("MTR 2.5: a player who refuses to play is treated as conceding the match", () => {
    expect(value(derive(BO3, { type: "refusal", side: "B" }))).toMatchObject({
      winner: "A",
      slip: slip(2, 0),
      rule: "MTR 2.5",
      decidedBy: "concession",
    });
  });

  it("MTR 2.5: an intentional draw with no games played is reported 0-0-3 (from the match's facts)", () => {
    expect(value(derive(BO3, { type: "intentional-draw" }))).toMatchObject({
      winner: null,
      slip: slip(0, 0, 3),
      decidedBy: "intentional-draw",
      status: "decided",
    });
  });

  it("MTR 2.5: a concession or draw is possible until the match is complete, even after it was won on games", () => {
    expect(
      value(derive(BO3, game(winA), game(winA), { type: "concession", side: "A" })),
    ).toMatchObject({ winner: "B", slip: slip(1, 2) });
  });

  it("MTR 2.5: once conceded or drawn by agreement, only staff can change the match", () => {
    expect(
      errorOf(derive(BO3, { type: "concession", side: "A" }, { type: "concession", side: "B" }))
        .code,
    ).toBe("MATCH_ALREADY_DECIDED");
    expect(
      errorOf(derive(BO3, { type: "intentional-draw" }, { type: "refusal", side: "B" })).code,
    ).toBe("MATCH_ALREADY_DECIDED");
    expect(errorOf(derive(BO3, { type: "concession", side: "A" }, game(winA))).code).toBe(
      "GAME_AFTER_MATCH_DECIDED",
    );
  });

  it("MTR 2.5 with MTR 2.4: an intentional draw is impossible in single elimination (from the match's facts)", () => {
    expect(errorOf(derive(BO3_PLAYOFF, game(winA), { type: "intentional-draw" })).code).toBe(
      "DRAW_IN_SINGLE_ELIMINATION",
    );
  });

  it("MTR 2.4 End-of-Match Procedure: 1-1 when time runs out in Swiss with game 3 unfinished is a draw, 1-1-1", () => {
    const state = value(derive(BO3, game(winA), game(winB), time(true), game(unfinished)));
    expect(state).toMatchObject({
      status: "decided",
      winner: null,
      slip: slip(1, 1, 1),
      decidedBy: "time",
      rule: "MTR 2.1",
    });
    expect(state.outcome?.matchPoints).toEqual({ A: 1, B: 1 });
  });

  it("MTR 2.4 End-of-Match Procedure: the game in progress when time is called may still be won", () => {
    expect(value(derive(BO3, game(winA), game(winB), time(true), game(winB)))).toMatchObject({
      winner: "B",
      slip: slip(1, 2),
      decidedBy: "games",
    });
    expect(value(derive(BO3, game(winA), time(true), game(drawn)))).toMatchObject({
      winner: "A",
      slip: slip(1, 0, 1),
      decidedBy: "time",
    });
  });

  it("MTR 2.4 End-of-Match Procedure: while the last game runs after time, no new game may start", () => {
    expect(value(derive(BO3, game(winA), time(true)))).toMatchObject({
      status: "in-progress",
      mayStartNewGame: false,
      timeCalled: true,
      rule: "MTR 2.4",
    });
  });

  it("MTR 2.4 End-of-Match Procedure: no new game may begin once time is called between games", () => {
    const between = value(derive(BO3, game(winA), game(winB), time(false)));
    expect(between).toMatchObject({
      status: "decided",
      winner: null,
      slip: slip(1, 1),
      decidedBy: "time",
    });
    const error = errorOf(derive(BO3, game(winA), game(winB), time(false), game(winA)));
    expect(error.code).toBe("GAME_STARTED_AFTER_TIME");
    expect(error.rule).toBe("MTR 2.4");
  });

  it("MTR 2.4 End-of-Match Procedure: single elimination at 1-1 with game 3 unfinished: the highest life total wins it", () => {
    expect(
      value(derive(BO3_PLAYOFF, game(winA), game(winB), time(true), game(lifeB))),
    ).toMatchObject({ status: "decided", winner: "B", slip: slip(1, 2) });
    expect(
      errorOf(derive(BO3_PLAYOFF, game(winA), game(winB), time(true), game(unfinished))).code,
    ).toBe("DRAW_IN_SINGLE_ELIMINATION");
  });

  it("MTR 2.4 End-of-Match Procedure: single elimination, time called between games at 1-1: play continues under the added state-based action", () => {
    const tied = value(derive(BO3_PLAYOFF, game(winA), game(winB), time(false)));
    expect(tied).toMatchObject({
      status: "in-progress",
      mayStartNewGame: true,
      timeCalled: true,
      rule: "MTR 2.4",
    });
    expect(
      value(derive(BO3_PLAYOFF, game(winA), game(winB), time(false), game(lifeA))),
    ).toMatchObject({ winner: "A", slip: slip(2, 1) });
  });

  it("MTR 2.4 End-of-Match Procedure: single elimination with unequal game wins at time: the leader wins, an unfinished game is a draw", () => {
    expect(value(derive(BO3_PLAYOFF, game(winA), time(true), game(unfinished)))).toMatchObject({
      winner: "A",
      slip: slip(1, 0, 1),
    });
    expect(value(derive(BO3_PLAYOFF, game(winB), time(false)))).toMatchObject({
      winner: "B",
      slip: slip(0, 1),
    });
  });

  it("MTR 2.4 End-of-Match Procedure: single elimination, a drawn game leaves 1-1: another game under the added state-based action", () => {
    expect(
      value(derive(BO3_PLAYOFF, game(winA), game(winB), time(true), game(drawn))),
    ).toMatchObject({ status: "in-progress", mayStartNewGame: true, slip: slip(1, 1, 1) });
  });

  it("MTR 2.4 End-of-Match Procedure: the life-total rule and unfinished draws need time to have been called", () => {
    expect(errorOf(derive(BO3, game(unfinished))).code).toBe("TIME_NOT_CALLED");
    expect(errorOf(derive(BO3_PLAYOFF, game(lifeA))).code).toBe("CONFLICTING_FACTS");
    expect(errorOf(derive(BO3, time(true), game(lifeA))).code).toBe("CONFLICTING_FACTS");
  });

  it("MTR 2.4 End-of-Match Procedure: time is called once; a restart after time keeps the same game going", () => {
    expect(errorOf(derive(BO3, time(true), time(true))).code).toBe("TIME_ALREADY_CALLED");
    expect(value(derive(BO3, game(winA), time(true), game(restart), game(winA)))).toMatchObject({
      winner: "A",
      slip: slip(2, 0),
    });
  });

  it("MTR 2.1: an invalid format is an error", () => {
    expect(errorOf(derive({ gamesToWin: -1, elimination: false })).code).toBe("INVALID_FORMAT");
  });
});

// ---------------------------------------------------------------------------------------

const side = fc.constantFrom<Side>("A", "B");
const gameOutcome: fc.Arbitrary<GameOutcome> = fc.oneof(
  {
    weight: 8,
    arbitrary: side.map(
      (winner): GameOutcome => ({ kind: "win", winner, reason: "LIFE", rule: "104.3b" }),
    ),
  },
  { weight: 2, arbitrary: fc.constant(drawn) },
  { weight: 1, arbitrary: fc.constant(restart) },
  { weight: 1, arbitrary: fc.constant(unfinished) },
  {
    weight: 1,
    arbitrary: side.map(
      (winner): GameOutcome => ({
        kind: "win",
        winner,
        reason: "LIFE_TOTAL_AT_TIME",
        rule: "MTR 2.4",
      }),
    ),
  },
);
const matchEvent: fc.Arbitrary<MatchEvent> = fc.oneof(
  { weight: 12, arbitrary: gameOutcome.map((outcome): MatchEvent => ({ type: "game", outcome })) },
  { weight: 1, arbitrary: side.map((s): MatchEvent => ({ type: "concession", side: s })) },
  { weight: 1, arbitrary: side.map((s): MatchEvent => ({ type: "refusal", side: s })) },
  { weight: 1, arbitrary: fc.constant<MatchEvent>({ type: "intentional-draw" }) },
  {
    weight: 2,
    arbitrary: fc.boolean().map((g): MatchEvent => ({ type: "time-called", gameInProgress: g })),
  },
);
const format: fc.Arbitrary<MatchFormat> = fc.record({
  gamesToWin: fc.integer({ min: 1, max: 3 }),
  elimination: fc.boolean(),
});
const events = fc.array(matchEvent, { maxLength: 8 });

function swapOutcome(o: MatchOutcome): MatchOutcome {
  return {
    ...o,
    winner: o.winner === null ? null : o.winner === "A" ? "B" : "A",
    slip: swapSlip(o.slip),
    matchPoints: { A: o.matchPoints.B, B: o.matchPoints.A },
    gamePoints: { A: o.gamePoints.B, B: o.gamePoints.A },
  };
}

describe("match properties", () => {
  it("totality: any sequence of facts gives a state or a known error", () => {
    fc.assert(
      fc.property(format, events, (f, es) => {
        const result = deriveMatchResult({ format: f, events: es });
        if (!result.ok) expect(RULE_ERROR_CODES).toContain(result.error.code);
      }),
      { numRuns: 3000 },
    );
  });

  it("MTR Appendix C: the match points of a decided match sum to 3 (a winner) or 2 (a draw)", () => {
    fc.assert(
      fc.property(format, events, (f, es) => {
        const result = deriveMatchResult({ format: f, events: es });
        if (!result.ok || result.value.outcome === null) return;
        const { matchPoints, winner } = result.value.outcome;
        expect(matchPoints.A + matchPoints.B).toBe(winner === null ? 2 : 3);
      }),
      { numRuns: 3000 },
    );
  });

  it("symmetry: swapping the two sides mirrors the derived match and keeps every error", () => {
    fc.assert(
      fc.property(format, events, (f, es) => {
        const direct = deriveMatchResult({ format: f, events: es });
        const swapped = deriveMatchResult({ format: f, events: es.map(swapMatchEvent) });
        if (!direct.ok) {
          expect(swapped.ok ? "ok" : swapped.error.code).toBe(direct.error.code);
          return;
        }
        if (!swapped.ok) throw new Error(text(swapped.error));
        const d = direct.value;
        expect(swapped.value).toEqual({
          ...d,
          winner: d.winner === null ? null : d.winner === "A" ? "B" : "A",
          slip: swapSlip(d.slip),
          outcome: d.outcome === null ? null : swapOutcome(d.outcome),
        });
      }),
      { numRuns: 3000 },
    );
  });

  it("symmetry: evaluateResultSlip mirrors when the slip and the conceding side are swapped", () => {
    const context = fc.oneof(
      fc.constant({}),
      side.map((s) => ({ concededBy: s })),
      fc.constant({ intentionalDraw: true }),
    );
    const anySlip = fc.record({
      winsA: fc.integer({ min: -1, max: 4 }),
      winsB: fc.integer({ min: 0, max: 4 }),
      draws: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(format, anySlip, context, (f, s, c) => {
        const swappedContext =
          "concededBy" in c ? { concededBy: c.concededBy === "A" ? "B" : "A" } : c;
        const direct = evaluateResultSlip(f, s, c as never);
        const swapped = evaluateResultSlip(f, swapSlip(s), swappedContext as never);
        if (direct.ok) expect(swapped).toEqual({ ok: true, value: swapOutcome(direct.value) });
        else expect(swapped.ok ? "ok" : swapped.error.code).toBe(direct.error.code);
      }),
      { numRuns: 3000 },
    );
  });

  it("MTR 2.1: the result of a match does not depend on the order its games were played in", () => {
    // Every ordering of the same games that the rules accept (no game after the decision)
    // gives the same state; time, concessions and restarts are not reordered.
    const games = fc.array(fc.oneof(fc.constant(winA), fc.constant(winB), fc.constant(drawn)), {
      maxLength: 6,
    });
    fc.assert(
      fc.property(
        format,
        games,
        fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
        (f, gs, keys) => {
          const shuffled = gs
            .map((g, i) => ({ g, k: keys[i] ?? 0 }))
            .sort((x, y) => x.k - y.k)
            .map((x) => x.g);
          const a = deriveMatchResult({ format: f, events: gs.map(game) });
          const b = deriveMatchResult({ format: f, events: shuffled.map(game) });
          if (a.ok && b.ok) expect(b.value).toEqual(a.value);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("MTR 2.1, 2.5: a decided match's slip, evaluated as a report, gives the same winner and slip", () => {
    fc.assert(
      fc.property(format, events, (f, es) => {
        const result = deriveMatchResult({ format: f, events: es });
        if (!result.ok || result.value.outcome === null) return;
        const { decidedBy, outcome } = result.value;
        const context =
          decidedBy === "concession"
            ? { concededBy: outcome.winner === "A" ? ("B" as const) : ("A" as const) }
            : decidedBy === "intentional-draw"
              ? { intentionalDraw: true }
              : {};
        const reported = evaluateResultSlip(f, outcome.slip, context);
        expect(reported.ok).toBe(true);
        if (reported.ok) {
          expect(reported.value.winner).toBe(outcome.winner);
          expect(reported.value.slip).toEqual(outcome.slip);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("MTR 2.1: a valid slip never shows more game wins than needed, and its winner (if any) leads unless the match was conceded or drawn by agreement", () => {
    const anySlip = fc.record({
      winsA: fc.integer({ min: 0, max: 4 }),
      winsB: fc.integer({ min: 0, max: 4 }),
      draws: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(format, anySlip, (f, s) => {
        const result = evaluateResultSlip(f, s);
        if (!result.ok) return;
        const { winner, slip: reported } = result.value;
        expect(Math.max(reported.winsA, reported.winsB)).toBeLessThanOrEqual(f.gamesToWin);
        if (winner === "A") expect(reported.winsA).toBeGreaterThan(reported.winsB);
        if (winner === "B") expect(reported.winsB).toBeGreaterThan(reported.winsA);
        if (winner === null) expect(reported.winsA).toBe(reported.winsB);
        if (f.elimination) expect(winner).not.toBeNull();
      }),
      { numRuns: 3000 },
    );
  });
});

describe("checkSlipAgainstGames: one source of truth per match (MTR 2.1)", () => {
  const win = (winner: "A" | "B"): GameOutcome => ({
    kind: "win",
    winner,
    reason: "LIFE",
    rule: "104.3b",
  });
  const drawn: GameOutcome = { kind: "draw", reason: "DRAW_LOOP", rule: "104.4b" };
  it("MTR 2.1: the slip the games make is accepted", () => {
    expect(
      checkSlipAgainstGames({ winsA: 2, winsB: 1, draws: 1 }, [
        win("A"),
        drawn,
        win("B"),
        win("A"),
      ]),
    ).toBeNull();
  });
  it("MTR 2.1: a slip that leaves out a recorded game names that game", () => {
    expect(
      shown(checkSlipAgainstGames({ winsA: 2, winsB: 0, draws: 0 }, [win("A"), win("B")])?.error),
    ).toMatchObject({
      code: "SLIP_CONTRADICTS_GAMES",
      message: "Game 2 was won by player B, but the slip 2-0-0 has only player B 0 game wins.",
    });
    expect(
      text(checkSlipAgainstGames({ winsA: 1, winsB: 0, draws: 0 }, [win("A"), drawn])?.error),
    ).toContain("Game 2 was a draw");
  });
  it("MTR 2.1: a slip with games that were not recorded is refused", () => {
    expect(checkSlipAgainstGames({ winsA: 2, winsB: 0, draws: 0 }, [win("A")])?.error.code).toBe(
      "SLIP_CONTRADICTS_GAMES",
    );
  });
});

const bo3 = { gamesToWin: 2, elimination: false };

describe("MTR 2.1: a player tells the games one by one", () => {
  it("MTR 2.1: games from the player's side become the pairing's A/B slip", () => {
    expect(slipFromGames(["me", "draw"], "A")).toEqual({ winsA: 1, winsB: 0, draws: 1 });
    expect(slipFromGames(["me", "draw"], "B")).toEqual({ winsA: 0, winsB: 1, draws: 1 });
    expect(slipFromGames(["opponent", "me", "me"], "B")).toEqual({ winsA: 1, winsB: 2, draws: 0 });
    expect(slipFromGames([], "A")).toEqual({ winsA: 0, winsB: 0, draws: 0 });
  });

  it("MTR 2.1: no game after a player has won the match; a drawn game makes room for one more", () => {
    expect(mayTellAnotherGame(bo3, ["me", "me"])).toBe(false);
    expect(mayTellAnotherGame(bo3, ["me", "opponent"])).toBe(true);
    expect(mayTellAnotherGame(bo3, ["me", "opponent", "draw"])).toBe(true);
    expect(mayTellAnotherGame(bo3, ["draw", "draw", "draw"])).toBe(true);
    expect(mayTellAnotherGame({ gamesToWin: 1, elimination: false }, ["draw"])).toBe(true);
    expect(mayTellAnotherGame({ gamesToWin: 1, elimination: false }, ["me"])).toBe(false);
    expect(mayTellAnotherGame(bo3, ["draw", "draw", "draw", "draw", "draw", "draw", "draw"])).toBe(
      false,
    );
  });
});

describe("checkLastGameRemoval: taking back a game recorded in error (MTR 2.1)", () => {
  type Facts = Parameters<typeof checkLastGameRemoval>[0];
  const facts = (games: GameOutcome[], more: Partial<Facts> = {}): Facts => ({
    format: BO3,
    games,
    agreement: null,
    timeCalled: null,
    gamesCountedByProcedure: null,
    matchLoss: false,
    ...more,
  });
  const judgeGameLoss: GameOutcome = {
    kind: "win",
    winner: "B",
    reason: "JUDGE_GAME_LOSS",
    rule: "104.3k",
  };

  it("MTR 2.1: the games before the last one decide the match again (2-0 back to 1-0, in progress)", () => {
    const removed = value(checkLastGameRemoval(facts([winA, winA])));
    expect(removed.number).toBe(2);
    expect(removed.state.status).toBe("in-progress");
    expect(removed.state.slip).toEqual(slip(1, 0));
    expect(removed.state.mayStartNewGame).toBe(true);
  });

  it("MTR 2.1: taking back the only game leaves a match with no game played", () => {
    const removed = value(checkLastGameRemoval(facts([drawn])));
    expect(removed).toMatchObject({
      number: 1,
      state: { status: "in-progress", slip: slip(0, 0) },
    });
  });

  it("MTR 2.1: with no game recorded there is nothing to take back", () => {
    expect(errorOf(checkLastGameRemoval(facts([])))).toMatchObject({ code: "GAME_NOT_REMOVABLE" });
  });

  it("CR 104.3k: a Game Loss a judge gave stays with its penalty", () => {
    expect(errorOf(checkLastGameRemoval(facts([winA, judgeGameLoss])))).toMatchObject({
      code: "GAME_NOT_REMOVABLE",
      rule: "104.3k",
    });
    // Only the last game is taken back: a Game Loss earlier in the match does not stop it.
    expect(value(checkLastGameRemoval(facts([judgeGameLoss, winA]))).state.slip).toEqual(
      slip(0, 1),
    );
  });

  it("MTR 2.4: a game a step of the end-of-match procedure counted stays; one recorded after the steps may go, and time called stays a fact", () => {
    const timeAfterOne = {
      timeCalled: { gamesBefore: 1, gameInProgress: true },
      gamesCountedByProcedure: 1,
    };
    expect(
      errorOf(
        checkLastGameRemoval(
          facts([winA, winB], {
            timeCalled: { gamesBefore: 2, gameInProgress: false },
            gamesCountedByProcedure: 2,
          }),
        ),
      ),
    ).toMatchObject({ code: "GAME_NOT_REMOVABLE", rule: "MTR 2.4" });
    // Turns added by a penalty counted game 2 too, though time was called before it.
    expect(
      errorOf(
        checkLastGameRemoval(facts([winA, winB], { ...timeAfterOne, gamesCountedByProcedure: 2 })),
      ),
    ).toMatchObject({ code: "GAME_NOT_REMOVABLE" });
    const removed = value(checkLastGameRemoval(facts([winA, winB], timeAfterOne)));
    expect(removed.state).toMatchObject({
      status: "in-progress",
      slip: slip(1, 0),
      timeCalled: true,
    });
  });

  it("MTR 2.5: a concession or intentional draw on top of the games is cleared first", () => {
    expect(errorOf(checkLastGameRemoval(facts([winA], { agreement: "concession" })))).toMatchObject(
      { code: "GAME_NOT_REMOVABLE", rule: "MTR 2.5" },
    );
    expect(
      errorOf(checkLastGameRemoval(facts([winA, winB], { agreement: "intentional-draw" }))),
    ).toMatchObject({ code: "GAME_NOT_REMOVABLE" });
  });

  it("IPG 1.2: a match a judge gave a Match Loss or Disqualification in keeps its games (even one given after the games decided it)", () => {
    expect(errorOf(checkLastGameRemoval(facts([winA], { matchLoss: true })))).toMatchObject({
      code: "GAME_NOT_REMOVABLE",
      rule: "IPG 1.2",
    });
  });

  it("refuses facts it cannot read, naming what is wrong", () => {
    expect(
      errorOf(checkLastGameRemoval(facts([winA], { gamesCountedByProcedure: -1 }))),
    ).toMatchObject({ code: "INVALID_INPUT" });
    expect(
      errorOf(checkLastGameRemoval(facts([winA], { timeCalled: { gamesBefore: 1 } as never }))),
    ).toMatchObject({ code: "INVALID_INPUT" });
    expect(
      errorOf(checkLastGameRemoval(facts([{ kind: "win" } as unknown as GameOutcome]))),
    ).toMatchObject({ code: "INVALID_INPUT" });
  });
});

describe("the stored facts of a match, in the order the rules read them (MTR 2.4, 2.5, IPG 1.2)", () => {
  const bo3 = { gamesToWin: 2, elimination: false };
  const win = (winner: "A" | "B") => ({
    kind: "win" as const,
    winner,
    reason: "LIFE" as const,
    rule: "104.3b" as const,
  });

  it("MTR 2.4: time called goes after the games finished before it; MTR 2.5: a concession stored with the result comes last", () => {
    const events = storedMatchEvents(
      [win("A"), win("B")],
      { concededBy: "B", intentionalDraw: false, winsA: 2 },
      { gamesBefore: 1, gameInProgress: true },
    );
    expect(events.map((event) => event.type)).toEqual([
      "game",
      "time-called",
      "game",
      "concession",
    ]);
    // No result stored: a concession flag without a result is not a fact yet.
    expect(
      storedMatchEvents([win("A")], { concededBy: "B", intentionalDraw: true, winsA: null }).map(
        (event) => event.type,
      ),
    ).toEqual(["game"]);
  });

  it("IPG 1.2: a Match Loss given during the match comes last and decides it; one given after the match ended changes nothing", () => {
    const during = withMatchLoss(
      bo3,
      storedMatchEvents([win("A")], { concededBy: null, intentionalDraw: false, winsA: null }),
      "A",
    );
    expect(during.at(-1)).toEqual({ type: "match-loss", side: "A" });
    const after = withMatchLoss(
      bo3,
      storedMatchEvents([win("A"), win("A")], {
        concededBy: null,
        intentionalDraw: false,
        winsA: 2,
      }),
      "A",
    );
    expect(after.some((event) => event.type === "match-loss")).toBe(false);
    expect(withMatchLoss(bo3, [], null)).toEqual([]);
  });
});

describe("MTR 2.5: a result is confirmed as it ended (resultSummary)", () => {
  const sides = { sides: { A: "Ann", B: "Ben" } };
  it("MTR 2.5: a concession is confirmed as a concession, the winner's score first", () => {
    const slip = { winsA: 0, winsB: 2, draws: 0 };
    expect(render(resultSummary({ winner: "B", slip }, { concededBy: "A" }), sides)).toBe(
      "Ann conceded: Ben wins 2-0",
    );
  });
  it("MTR 2.5: an intentional draw is confirmed as one, not as a drawn match", () => {
    const slip = { winsA: 0, winsB: 0, draws: 3 };
    expect(render(resultSummary({ winner: null, slip }, { intentionalDraw: true }), sides)).toBe(
      "Intentional draw, 0-0-3",
    );
    expect(
      render(resultSummary({ winner: null, slip: { winsA: 1, winsB: 1, draws: 0 } }), sides),
    ).toBe("Drawn match, 1-1-0");
  });
  it("MTR 2.1: a played win reads with its drawn games", () => {
    const slip = { winsA: 2, winsB: 1, draws: 1 };
    expect(render(resultSummary({ winner: "A", slip }), sides)).toBe("Ann wins 2-1-1");
  });
});
