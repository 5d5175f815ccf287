import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import fc from "fast-check";
import { type ResultSlip, evaluateResultSlip } from "./match";
import { RULE_ERROR_CODES, type RuleResult } from "./result";
import {
  lastCompleteRound,
  DEFAULT_STANDINGS_SETTINGS,
  type Standing,
  type StandingsInput,
  type StandingsMatch,
  type StandingsPlayer,
  type StandingsSettings,
  computeStandings,
} from "./standings";
import { createRandom } from "../pairings/random";

const slip = (winsA: number, winsB: number, draws = 0): ResultSlip => ({ winsA, winsB, draws });
const WIN = slip(2, 0);
const WIN_21 = slip(2, 1);
const LOSS = slip(0, 2);
const DRAW = slip(1, 1, 1);

/**
 * Builds small events by hand: each player's results are given round by round, and every
 * opponent not named is a fresh filler player, so a player's record is exactly what is written.
 */
class EventBuilder {
  readonly players: StandingsPlayer[] = [];
  readonly matches: StandingsMatch[] = [];
  private fillers = 0;

  player(id: string, extra: Partial<StandingsPlayer> = {}): this {
    this.players.push({ id, ...extra });
    return this;
  }

  match(
    round: number,
    playerA: string,
    playerB: string,
    result: ResultSlip,
    extra: Partial<StandingsMatch> = {},
  ): this {
    this.matches.push({ round, playerA, playerB, slip: result, ...extra });
    return this;
  }

  bye(round: number, playerA: string): this {
    this.matches.push({ round, playerA, playerB: null, slip: WIN });
    return this;
  }

  /** One result per round starting at round `from`, each against a new filler ("bye" = a bye). */
  results(id: string, results: readonly (ResultSlip | "bye")[], from = 1): this {
    results.forEach((r, i) => {
      if (r === "bye") this.bye(from + i, id);
      else {
        const filler = `~filler${++this.fillers}`;
        this.player(filler).match(from + i, id, filler, r);
      }
    });
    return this;
  }

  get input(): StandingsInput {
    return { players: this.players, matches: this.matches };
  }
}

function standings(input: StandingsInput, settings: Partial<StandingsSettings> = {}): Standing[] {
  const result = computeStandings(input, settings);
  if (!result.ok) throw new Error(`${result.error.code}: ${render(result.error)}`);
  return result.value;
}

function of(all: Standing[], id: string): Standing {
  const found = all.find((s) => s.playerId === id);
  if (!found) throw new Error(`no standing for ${id}`);
  return found;
}

function errorCode(result: RuleResult<unknown>): string {
  if (result.ok) throw new Error("expected an error");
  return result.error.code;
}

describe("MTR Appendix C Tiebreaker Explanation: points", () => {
  it("MTR Appendix C: 3 match points per win, 1 per draw, 0 per loss: 6-2-0 has 18, 4-2-2 has 14", () => {
    const event = new EventBuilder()
      .player("six-two")
      .results("six-two", [WIN, WIN, WIN, LOSS, WIN, WIN, LOSS, WIN])
      .player("four-two-two")
      .results("four-two-two", [WIN, DRAW, LOSS, WIN, WIN, DRAW, LOSS, WIN]);
    const all = standings(event.input);
    expect(of(all, "six-two")).toMatchObject({
      matchPoints: 18,
      record: { wins: 6, losses: 2, draws: 0 },
    });
    expect(of(all, "four-two-two")).toMatchObject({
      matchPoints: 14,
      record: { wins: 4, losses: 2, draws: 2 },
    });
  });

  it("MTR Appendix C: game points: a 2-0-0 win gives 6 and 0, 2-1-0 gives 6 and 3, 2-0-1 gives 7 and 1", () => {
    const event = new EventBuilder()
      .player("a")
      .player("b")
      .player("c")
      .player("d")
      .player("e")
      .player("f")
      .match(1, "a", "b", slip(2, 0))
      .match(1, "c", "d", slip(2, 1))
      .match(1, "e", "f", slip(2, 0, 1));
    const all = standings(event.input);
    expect([of(all, "a").gamePoints, of(all, "b").gamePoints]).toEqual([6, 0]);
    expect([of(all, "c").gamePoints, of(all, "d").gamePoints]).toEqual([6, 3]);
    expect([of(all, "e").gamePoints, of(all, "f").gamePoints]).toEqual([7, 1]);
  });

  it("MTR Appendix C: a bye is a 2-0 match win: 3 match points and 6 game points", () => {
    const all = standings(new EventBuilder().player("solo").bye(1, "solo").input);
    expect(of(all, "solo")).toMatchObject({
      matchPoints: 3,
      gamePoints: 6,
      byes: 1,
      record: { wins: 1, losses: 0, draws: 0 },
      gamesPlayed: 2,
    });
  });

  it("MTR Appendix C: a bye is 2-0 whatever slip is stored with it", () => {
    const input: StandingsInput = {
      players: [{ id: "solo" }],
      matches: [{ round: 1, playerA: "solo", playerB: null, slip: slip(0, 0) }],
    };
    expect(of(standings(input), "solo")).toMatchObject({ matchPoints: 3, gamePoints: 6 });
  });

  it("MTR 2.5: a drawn match agreed at 1-0 gives one match point each; its games still count for game points", () => {
    const input = new EventBuilder()
      .player("a")
      .player("b")
      .match(1, "a", "b", slip(1, 0), { intentionalDraw: true }).input;
    const all = standings(input);
    expect(of(all, "a")).toMatchObject({
      matchPoints: 1,
      gamePoints: 3,
      record: { wins: 0, losses: 0, draws: 1 },
    });
    expect(of(all, "b")).toMatchObject({ matchPoints: 1, gamePoints: 0 });
  });

  it("MTR 2.5: a conceded match is won by the other side; its stored slip must show that (2-1)", () => {
    const conceded = new EventBuilder()
      .player("a")
      .player("b")
      .match(1, "a", "b", slip(1, 2), { concededBy: "A" }).input;
    expect(of(standings(conceded), "b").matchPoints).toBe(3);
    const wrong = new EventBuilder()
      .player("a")
      .player("b")
      .match(1, "a", "b", slip(1, 0), { concededBy: "A" }).input;
    expect(errorCode(computeStandings(wrong))).toBe("CONFLICTING_FACTS");
  });

  it("MTR 2.5: with the match's games to win given, a conceded slip is counted as it is reported (1-0 conceded by B is 2-0), as evaluateResultSlip reports it", () => {
    const conceded = new EventBuilder()
      .player("a")
      .player("b")
      .match(1, "a", "b", slip(1, 0), { concededBy: "B", gamesToWin: 2 }).input;
    const all = standings(conceded);
    expect(of(all, "a")).toMatchObject({
      matchPoints: 3,
      gamePoints: 6,
      gameRecord: { wins: 2, losses: 0, draws: 0 },
    });
    expect(of(all, "b")).toMatchObject({ matchPoints: 0, gamePoints: 0 });
    // A player who had won a game and concedes: reported 2-1 (best of three), 3-2 (best of five).
    const upOne = new EventBuilder()
      .player("a")
      .player("b")
      .match(1, "a", "b", slip(1, 0), { concededBy: "A", gamesToWin: 2 }).input;
    expect([of(standings(upOne), "a").gamePoints, of(standings(upOne), "b").gamePoints]).toEqual([
      3, 6,
    ]);
    const bo5 = new EventBuilder()
      .player("a")
      .player("b")
      .match(1, "a", "b", slip(2, 0), { concededBy: "A", gamesToWin: 3 }).input;
    expect([of(standings(bo5), "a").gamePoints, of(standings(bo5), "b").gamePoints]).toEqual([
      6, 9,
    ]);
    expect(
      errorCode(
        computeStandings(
          new EventBuilder()
            .player("a")
            .player("b")
            .match(1, "a", "b", slip(3, 0), { gamesToWin: 2 }).input,
        ),
      ),
    ).toBe("TOO_MANY_GAME_WINS");
    expect(
      errorCode(
        computeStandings(
          new EventBuilder()
            .player("a")
            .player("b")
            .match(1, "a", "b", slip(2, 0), { gamesToWin: 0 }).input,
        ),
      ),
    ).toBe("INVALID_FORMAT");
  });

  it("MTR 2.5: an intentional draw with no games entered 0-0 counts as reported, 0-0-3: three game points each, like evaluateResultSlip", () => {
    for (const gamesToWin of [undefined, 2]) {
      const all = standings(
        new EventBuilder()
          .player("a")
          .player("b")
          .match(1, "a", "b", slip(0, 0), {
            intentionalDraw: true,
            ...(gamesToWin === undefined ? {} : { gamesToWin }),
          }).input,
      );
      expect(of(all, "a")).toMatchObject({
        matchPoints: 1,
        gamePoints: 3,
        gamesPlayed: 3,
        gameRecord: { wins: 0, losses: 0, draws: 3 },
      });
      expect(of(all, "b")).toMatchObject({ matchPoints: 1, gamePoints: 3 });
    }
  });

  it("MTR 2.5, Appendix C: for any slip and context evaluateResultSlip accepts, standings give both players exactly its match and game points", () => {
    const context = fc.record(
      { concededBy: fc.constantFrom<"A" | "B">("A", "B"), intentionalDraw: fc.boolean() },
      { requiredKeys: [] },
    );
    const arb = fc.record({
      gamesToWin: fc.integer({ min: 1, max: 4 }),
      slip: fc.record({
        winsA: fc.integer({ min: 0, max: 4 }),
        winsB: fc.integer({ min: 0, max: 4 }),
        draws: fc.integer({ min: 0, max: 4 }),
      }),
      context,
    });
    fc.assert(
      fc.property(arb, ({ gamesToWin, slip: s, context: c }) => {
        const evaluated = evaluateResultSlip({ gamesToWin, elimination: false }, s, c);
        if (!evaluated.ok) return;
        const { gamePoints, matchPoints } = evaluated.value;
        const all = standings({
          players: [{ id: "a" }, { id: "b" }],
          matches: [{ round: 1, playerA: "a", playerB: "b", slip: s, gamesToWin, ...c }],
        });
        expect({ A: of(all, "a").gamePoints, B: of(all, "b").gamePoints }).toEqual(gamePoints);
        expect({ A: of(all, "a").matchPoints, B: of(all, "b").matchPoints }).toEqual(matchPoints);
        // The data layer stores the evaluated slip and passes no gamesToWin: the same points.
        const stored = standings({
          players: [{ id: "a" }, { id: "b" }],
          matches: [{ round: 1, playerA: "a", playerB: "b", slip: evaluated.value.slip, ...c }],
        });
        expect({ A: of(stored, "a").gamePoints, B: of(stored, "b").gamePoints }).toEqual(
          gamePoints,
        );
        expect({ A: of(stored, "a").matchPoints, B: of(stored, "b").matchPoints }).toEqual(
          matchPoints,
        );
      }),
      { numRuns: 2000 },
    );
  });
});

describe("MTR Appendix C Tiebreaker Explanation: percentages", () => {
  // Appendix C's match-win percentage table: an 8-round tournament that only the first player completed.
  const appendixC = new EventBuilder()
    .player("5-2-1")
    .results("5-2-1", [WIN, WIN, LOSS, WIN, DRAW, WIN, LOSS, WIN])
    .player("1-3-0 then withdraws", { droppedAfterRound: 4 })
    .results("1-3-0 then withdraws", [LOSS, WIN, LOSS, LOSS])
    .player("3-2-0 including a bye then withdraws", { droppedAfterRound: 5 })
    .results("3-2-0 including a bye then withdraws", ["bye", WIN, LOSS, WIN, LOSS]);

  it("MTR Appendix C: 5-2-1 over 8 rounds is 16/(8*3) = 0.667", () => {
    const s = of(standings(appendixC.input), "5-2-1");
    expect(s).toMatchObject({ matchPoints: 16, matchesPlayed: 8 });
    expect(s.matchWinPct).toBeCloseTo(16 / 24, 12);
    expect(s.matchWinPct.toFixed(3)).toBe("0.667");
  });

  it("MTR Appendix C: 1-3-0 then withdraws is 3/(4*3) = 0.25, so 0.33 is used", () => {
    const s = of(standings(appendixC.input), "1-3-0 then withdraws");
    expect(s).toMatchObject({
      matchPoints: 3,
      matchesPlayed: 4,
      dropped: true,
      droppedAfterRound: 4,
    });
    expect(s.matchWinPct).toBe(0.33);
  });

  it("MTR Appendix C: 3-2-0 including a first-round bye, then withdraws, is 9/(5*3) = 0.60", () => {
    const s = of(standings(appendixC.input), "3-2-0 including a bye then withdraws");
    expect(s).toMatchObject({ matchPoints: 9, matchesPlayed: 5, byes: 1 });
    expect(s.matchWinPct).toBeCloseTo(0.6, 12);
  });

  it("MTR Appendix C: game-win percentage is game points over 3 x games played: 2-0, 2-1, 1-2, 2-0 is 21/30 = 0.70", () => {
    const event = new EventBuilder()
      .player("p")
      .results("p", [slip(2, 0), slip(2, 1), slip(1, 2), slip(2, 0)]);
    const s = of(standings(event.input), "p");
    expect(s).toMatchObject({
      gamePoints: 21,
      gamesPlayed: 10,
      gameRecord: { wins: 7, losses: 3, draws: 0 },
    });
    expect(s.gameWinPct).toBeCloseTo(0.7, 12);
  });

  it("MTR Appendix C: a game-win percentage below 0.33 uses 0.33 (1-2, 0-2, 0-2, 0-2 is 3/27 = 0.11)", () => {
    const event = new EventBuilder().player("p").results("p", [slip(1, 2), LOSS, LOSS, LOSS]);
    const s = of(standings(event.input), "p");
    expect(s.gamePoints).toBe(3);
    expect(s.gameWinPct).toBe(0.33);
  });

  it("MTR Appendix C: unfinished games count as drawn games for game points (1-0-1 gives 4 of 6)", () => {
    const s = of(
      standings(new EventBuilder().player("p").results("p", [slip(1, 0, 1)]).input),
      "p",
    );
    expect(s.gamePoints).toBe(4);
    expect(s.gameWinPct).toBeCloseTo(4 / 6, 12);
  });

  it("MTR Appendix C: opponents' match-win percentage is the mean of each opponent's match-win percentage, each at least 0.33", () => {
    // hero beats o1 (who then goes 3-1: 9/12 = 0.75) and o2 (who then goes 0-1 and drops: 0 → 0.33),
    // and loses to o3 (2-0 after: 6/6 = 1.0).
    const event = new EventBuilder()
      .player("hero")
      .player("o1")
      .player("o2", { droppedAfterRound: 3 })
      .player("o3")
      .match(1, "hero", "o1", WIN)
      .results("o2", [LOSS], 1)
      .match(2, "hero", "o2", WIN_21)
      .match(3, "o3", "hero", WIN)
      .results("o1", [WIN, WIN, WIN], 2)
      .results("o3", [WIN, WIN], 1);
    const all = standings(event.input);
    expect(of(all, "o1").matchWinPct).toBeCloseTo(0.75, 12);
    expect(of(all, "o2").matchWinPct).toBe(0.33);
    expect(of(all, "o3").matchWinPct).toBe(1);
    expect(of(all, "hero").opponents).toEqual(["o1", "o2", "o3"]);
    expect(of(all, "hero").opponentMatchWinPct).toBeCloseTo((0.75 + 0.33 + 1) / 3, 12);
  });

  it("MTR Appendix C: opponents' game-win percentage is the mean of each opponent's game-win percentage, each at least 0.33", () => {
    const event = new EventBuilder()
      .player("hero")
      .player("o1")
      .player("o2")
      .match(1, "hero", "o1", slip(2, 1)) // o1: 3 of 9 = 0.3333
      .match(2, "hero", "o2", slip(1, 2)) // o2: 6 of 9, then 2-0 (6 of 6): 12 of 15 = 0.8
      .results("o2", [WIN], 3);
    const s = of(standings(event.input), "hero");
    expect(s.opponentGameWinPct).toBeCloseTo((1 / 3 + 0.8) / 2, 12);
  });

  it("MTR Appendix C: a player's byes are ignored in their opponents' percentages", () => {
    const withBye = new EventBuilder()
      .player("hero")
      .player("o1")
      .bye(1, "hero")
      .match(2, "hero", "o1", WIN)
      .results("o1", [WIN], 3);
    const s = of(standings(withBye.input), "hero");
    expect(s.opponents).toEqual(["o1"]);
    expect(s.opponentMatchWinPct).toBeCloseTo(0.5, 12);
  });

  it("MTR Appendix C: a player whose opponents all dropped early gets the floor from each of them", () => {
    const event = new EventBuilder()
      .player("hero")
      .player("o1", { droppedAfterRound: 1 })
      .player("o2", { droppedAfterRound: 2 })
      .match(1, "hero", "o1", WIN)
      .match(2, "hero", "o2", WIN)
      .results("o2", [LOSS], 1);
    const s = of(standings(event.input), "hero");
    expect(s.opponentMatchWinPct).toBe(0.33);
    expect(s.opponentGameWinPct).toBe(0.33);
  });

  it("MTR Appendix C: with no opponents yet (only byes) the opponents' percentages are the floor", () => {
    const s = of(standings(new EventBuilder().player("solo").bye(1, "solo").input), "solo");
    expect([s.opponentMatchWinPct, s.opponentGameWinPct]).toEqual([0.33, 0.33]);
  });
});

describe("settings: the floor and byes in a player's own percentages", () => {
  const event = new EventBuilder()
    .player("p", { droppedAfterRound: 5 })
    .results("p", ["bye", WIN, LOSS, WIN, LOSS]);

  it("MTR Appendix C: the defaults are a 0.33 floor and byes counted in a player's own percentages", () => {
    expect(DEFAULT_STANDINGS_SETTINGS).toEqual({
      percentageFloor: 0.33,
      countByeInOwnPercentages: true,
      lateEntryLossGames: 2,
    });
  });

  it("settings: byes excluded from a player's own percentages: 3-2-0 with a bye is 6/12 = 0.5", () => {
    const s = of(standings(event.input, { countByeInOwnPercentages: false }), "p");
    expect(s.matchWinPct).toBeCloseTo(0.5, 12);
    expect(s.gameWinPct).toBeCloseTo(12 / 24, 12);
    expect(s.matchPoints).toBe(9);
  });

  it("settings: a player with only byes and byes excluded has nothing to measure: the floor", () => {
    const s = of(
      standings(new EventBuilder().player("solo").bye(1, "solo").input, {
        countByeInOwnPercentages: false,
      }),
      "solo",
    );
    expect([s.matchWinPct, s.gameWinPct]).toEqual([0.33, 0.33]);
  });

  it("settings: the floor is explicit (Magic Online style 1/3, or none)", () => {
    const low = new EventBuilder().player("p").results("p", [LOSS, LOSS]).input;
    expect(of(standings(low, { percentageFloor: 1 / 3 }), "p").matchWinPct).toBe(1 / 3);
    expect(of(standings(low, { percentageFloor: 0 }), "p").matchWinPct).toBe(0);
  });

  it("settings: an explicit undefined means the MTR default", () => {
    const s = of(
      standings(event.input, { percentageFloor: undefined, countByeInOwnPercentages: undefined }),
      "p",
    );
    expect(s.matchWinPct).toBeCloseTo(0.6, 12);
  });

  it("settings: impossible settings are errors", () => {
    expect(errorCode(computeStandings(event.input, { percentageFloor: 1.5 }))).toBe(
      "INVALID_SETTING",
    );
    expect(errorCode(computeStandings(event.input, { percentageFloor: Number.NaN }))).toBe(
      "INVALID_SETTING",
    );
    expect(errorCode(computeStandings(event.input, { lateEntryLossGames: -1 }))).toBe(
      "INVALID_SETTING",
    );
  });
});

describe("drops (MTR 2.10) and late entries (tournament practice; the MTR has no section for them)", () => {
  it("MTR 2.10 Dropping from a Tournament: a dropped player keeps their results; their percentages use the rounds they played", () => {
    const event = new EventBuilder()
      .player("gone", { droppedAfterRound: 2 })
      .results("gone", [WIN, WIN])
      .player("stays")
      .results("stays", [WIN, LOSS, LOSS]);
    const all = standings(event.input);
    expect(of(all, "gone")).toMatchObject({
      matchPoints: 6,
      matchesPlayed: 2,
      matchWinPct: 1,
      dropped: true,
    });
    expect(of(all, "gone").rank).toBeLessThan(of(all, "stays").rank);
  });

  it("MTR 2.10 Dropping from a Tournament: a player who dropped before round 1 took no part and is not listed", () => {
    const all = standings(
      new EventBuilder().player("never", { droppedAfterRound: 0 }).player("a").results("a", [WIN])
        .input,
    );
    expect(all.map((s) => s.playerId)).not.toContain("never");
  });

  it("MTR 2.10: a match after the player dropped is impossible", () => {
    const event = new EventBuilder()
      .player("gone", { droppedAfterRound: 1 })
      .results("gone", [WIN, WIN]);
    expect(errorCode(computeStandings(event.input))).toBe("MATCH_AFTER_DROP");
  });

  it("late entry (no MTR section): each round before the first round entered counts as a 0-2 match loss", () => {
    const event = new EventBuilder()
      .player("late", { firstRound: 3 })
      .results("late", [WIN, WIN], 3);
    const s = of(standings(event.input), "late");
    expect(s).toMatchObject({
      matchPoints: 6,
      matchesPlayed: 4,
      lateEntryLosses: 2,
      record: { wins: 2, losses: 2, draws: 0 },
      gamesPlayed: 8,
      gamePoints: 12,
    });
    expect(s.matchWinPct).toBeCloseTo(0.5, 12);
    expect(s.gameWinPct).toBeCloseTo(0.5, 12);
    expect(s.opponents).toHaveLength(2);
  });

  it("late entry (no MTR section): the games recorded for a missed round are a setting", () => {
    const event = new EventBuilder().player("late", { firstRound: 2 }).results("late", [WIN], 2);
    const s = of(standings(event.input, { lateEntryLossGames: 0 }), "late");
    expect(s).toMatchObject({ gamesPlayed: 2, matchesPlayed: 2 });
    expect(s.gameWinPct).toBe(1);
  });

  it("late entry (no MTR section): the organizer may enter a player without losses for the rounds missed; percentages are then over the rounds played", () => {
    const event = new EventBuilder()
      .player("late", { firstRound: 3, missedRoundsAsLosses: false })
      .results("late", [WIN, LOSS], 3);
    const s = of(standings(event.input), "late");
    expect(s).toMatchObject({
      matchPoints: 3,
      matchesPlayed: 2,
      lateEntryLosses: 0,
      record: { wins: 1, losses: 1, draws: 0 },
      gamesPlayed: 4,
    });
    expect(s.matchWinPct).toBeCloseTo(0.5, 12);
    expect(
      errorCode(
        computeStandings(
          new EventBuilder().player("late", { firstRound: 2, missedRoundsAsLosses: "no" as never })
            .input,
        ),
      ),
    ).toBe("INVALID_INPUT");
  });

  it("late entry (no MTR section): a match before the player entered is impossible", () => {
    expect(
      errorCode(
        computeStandings(
          new EventBuilder().player("late", { firstRound: 2 }).results("late", [WIN]).input,
        ),
      ),
    ).toBe("MATCH_BEFORE_ENTRY");
  });
});

describe("MTR 3.1 Tiebreakers: the order", () => {
  it("MTR 3.1: match points come first, whatever the tiebreakers", () => {
    const event = new EventBuilder()
      .player("more-points")
      .results("more-points", [WIN, LOSS, WIN])
      .player("fewer")
      .results("fewer", [WIN, LOSS, DRAW]);
    const all = standings(event.input);
    expect(of(all, "more-points").rank).toBeLessThan(of(all, "fewer").rank);
  });

  it("MTR 3.1: opponents' match-win percentage comes before game-win percentage", () => {
    // x: 2-0 over an opponent who finishes 0-2 (0.33); y: 2-1 over an opponent who finishes 1-1 (0.5).
    const event = new EventBuilder()
      .player("x", { droppedAfterRound: 1 })
      .player("y", { droppedAfterRound: 1 })
      .player("ox")
      .player("oy")
      .match(1, "x", "ox", slip(2, 0))
      .match(1, "y", "oy", slip(2, 1))
      .results("ox", [LOSS], 2)
      .results("oy", [WIN], 2);
    const all = standings(event.input);
    expect(of(all, "x").gameWinPct).toBeGreaterThan(of(all, "y").gameWinPct);
    expect(of(all, "y").opponentMatchWinPct).toBeGreaterThan(of(all, "x").opponentMatchWinPct);
    expect(of(all, "y").rank).toBeLessThan(of(all, "x").rank);
  });

  it("MTR 3.1: game-win percentage comes before opponents' game-win percentage", () => {
    // Both opponents finish 0-1 (0.33); x won 2-0 (GW 1.0, OGW 0.33), y won 2-1 (GW 0.667, OGW 0.3333).
    const event = new EventBuilder()
      .player("x")
      .player("y")
      .player("ox")
      .player("oy")
      .match(1, "x", "ox", slip(2, 0))
      .match(1, "y", "oy", slip(2, 1));
    const all = standings(event.input);
    expect(of(all, "y").opponentGameWinPct).toBeGreaterThan(of(all, "x").opponentGameWinPct);
    expect(of(all, "x").rank).toBeLessThan(of(all, "y").rank);
  });

  it("MTR 3.1: opponents' game-win percentage breaks a tie on the first three keys", () => {
    // Both won 2-1 against an opponent who then lost again: ox lost 0-2 (3/15 → 0.33), oy lost 1-2 (6/18 = 0.3333).
    const event = new EventBuilder()
      .player("x")
      .player("y")
      .player("ox")
      .player("oy")
      .match(1, "x", "ox", slip(2, 1))
      .match(1, "y", "oy", slip(2, 1))
      .results("ox", [slip(0, 2)], 2)
      .results("oy", [slip(1, 2)], 2);
    const all = standings(event.input);
    expect(of(all, "x").opponentMatchWinPct).toBe(of(all, "y").opponentMatchWinPct);
    expect(of(all, "x").gameWinPct).toBe(of(all, "y").gameWinPct);
    expect(of(all, "y").rank).toBeLessThan(of(all, "x").rank);
    expect(of(all, "y").tiedWithPrevious).toBe(false);
  });

  it("MTR 3.1: players equal on all four keys are ordered by player id, and marked as tied", () => {
    const event = new EventBuilder()
      .player("zed")
      .player("amy")
      .results("zed", [WIN])
      .results("amy", [WIN]);
    const all = standings(event.input);
    expect([of(all, "amy").rank, of(all, "zed").rank]).toEqual([1, 2]);
    expect(of(all, "amy").tiedWithPrevious).toBe(false);
    expect(of(all, "zed").tiedWithPrevious).toBe(true);
  });

  it('MTR 3.1: the player-id order compares code units, not the locale ("B" before "a")', () => {
    const all = standings(new EventBuilder().player("a").player("B").bye(1, "a").bye(1, "B").input);
    expect(all.map((s) => s.playerId)).toEqual(["B", "a"]);
  });

  it("MTR 3.1: percentages equal in arithmetic but not in floating point do not split a tie", () => {
    // One-game slips (1-0, 0-0-1) make every game-win % equal its match-win %. a-x's opponents
    // have 1/3 and 1; b-y's have 5/9 and 7/9: both sum to 4/3, but in floating point
    // 1/3 + 1 = 1.3333333333333333 while 5/9 + 7/9 = 1.3333333333333335.
    const win1 = slip(1, 0);
    const draw1 = slip(0, 0, 1);
    const event = new EventBuilder()
      .player("a-x")
      .player("b-y")
      .player("a1")
      .player("a2")
      .player("b1")
      .player("b2")
      .match(1, "a-x", "a1", draw1)
      .match(2, "a2", "a-x", win1)
      .match(1, "b-y", "b1", draw1)
      .match(2, "b2", "b-y", win1)
      .results("b1", [win1, draw1], 2)
      .results("b2", [win1], 1)
      .results("b2", [draw1], 3);
    const all = standings(event.input);
    const [x, y] = [of(all, "a-x"), of(all, "b-y")];
    expect(y.opponentMatchWinPct).not.toBe(x.opponentMatchWinPct); // the noise is really there
    expect(y.opponentMatchWinPct).toBeCloseTo(x.opponentMatchWinPct, 15);
    expect(y.rank).toBe(x.rank + 1); // equal on all four keys: player id decides
    expect(y.tiedWithPrevious).toBe(true);
  });
});

describe("impossible standings input", () => {
  const base = () => new EventBuilder().player("a").player("b").player("c");

  it("SAME_PLAYER_BOTH_SIDES: a player paired against themselves", () => {
    expect(errorCode(computeStandings(base().match(1, "a", "a", WIN).input))).toBe(
      "SAME_PLAYER_BOTH_SIDES",
    );
  });

  it("PLAYER_PAIRED_TWICE: a player in two matches of one round (a bye counts)", () => {
    expect(
      errorCode(computeStandings(base().match(1, "a", "b", WIN).match(1, "c", "a", WIN).input)),
    ).toBe("PLAYER_PAIRED_TWICE");
    expect(errorCode(computeStandings(base().match(1, "a", "b", WIN).bye(1, "b").input))).toBe(
      "PLAYER_PAIRED_TWICE",
    );
  });

  it("UNKNOWN_PLAYER and DUPLICATE_PLAYER", () => {
    expect(errorCode(computeStandings(base().match(1, "a", "nobody", WIN).input))).toBe(
      "UNKNOWN_PLAYER",
    );
    expect(errorCode(computeStandings(base().player("a").input))).toBe("DUPLICATE_PLAYER");
  });

  it("INVALID_NUMBER: bad rounds, slips, drops and entries", () => {
    expect(errorCode(computeStandings(base().match(0, "a", "b", WIN).input))).toBe(
      "INVALID_NUMBER",
    );
    expect(errorCode(computeStandings(base().match(1.5, "a", "b", WIN).input))).toBe(
      "INVALID_NUMBER",
    );
    expect(errorCode(computeStandings(base().match(1, "a", "b", slip(-2, 0)).input))).toBe(
      "INVALID_NUMBER",
    );
    expect(
      errorCode(computeStandings({ players: [{ id: "a", droppedAfterRound: -1 }], matches: [] })),
    ).toBe("INVALID_NUMBER");
    expect(
      errorCode(computeStandings({ players: [{ id: "a", firstRound: 0 }], matches: [] })),
    ).toBe("INVALID_NUMBER");
  });

  it("MTR 2.10: DROP_BEFORE_ENTRY: a late entry cannot have dropped after a round before the one before their first", () => {
    // Entered in round 5: dropping after round 2 would be leaving before entering.
    expect(
      computeStandings({
        players: [{ id: "x", firstRound: 5, droppedAfterRound: 2 }],
        matches: [],
      }),
    ).toMatchObject({ ok: false, error: { code: "DROP_BEFORE_ENTRY", rule: "MTR 2.10" } });
    expect(
      errorCode(
        computeStandings({
          players: [{ id: "x", firstRound: 3, droppedAfterRound: 1 }],
          matches: [],
        }),
      ),
    ).toBe("DROP_BEFORE_ENTRY");
    // Still possible: dropping after the round just before entry (never played), after any later
    // round, or 0 (dropped before round 1: not listed).
    expect(
      standings({ players: [{ id: "x", firstRound: 5, droppedAfterRound: 4 }], matches: [] }),
    ).toHaveLength(1);
    expect(
      standings({ players: [{ id: "x", firstRound: 5, droppedAfterRound: 5 }], matches: [] }),
    ).toHaveLength(1);
    expect(
      standings({ players: [{ id: "x", firstRound: 5, droppedAfterRound: 0 }], matches: [] }),
    ).toHaveLength(0);
    expect(
      standings({ players: [{ id: "x", firstRound: 1, droppedAfterRound: 1 }], matches: [] }),
    ).toHaveLength(1);
  });

  it("CONCESSION_CONFLICT: a match both conceded and drawn by agreement", () => {
    expect(
      errorCode(
        computeStandings(
          base().match(1, "a", "b", slip(0, 2), { concededBy: "A", intentionalDraw: true }).input,
        ),
      ),
    ).toBe("CONCESSION_CONFLICT");
  });

  it("large counts are exact: no 32-bit wrap-around, and far-apart round numbers are fine", () => {
    const all = standings(
      new EventBuilder()
        .player("a")
        .player("b")
        .match(1_000_000_000_000, "a", "b", slip(1, 0, 3_000_000_000)).input,
    );
    expect(of(all, "a")).toMatchObject({
      gamePoints: 3_000_000_003,
      gamesPlayed: 3_000_000_001,
      matchPoints: 3,
    });
  });

  it("an empty tournament has empty standings; registered players without matches are listed at the floor", () => {
    expect(standings({ players: [], matches: [] })).toEqual([]);
    expect(standings({ players: [{ id: "a", name: "Ann" }], matches: [] })[0]).toMatchObject({
      rank: 1,
      name: "Ann",
      matchPoints: 0,
      matchWinPct: 0.33,
      matchesPlayed: 0,
    });
  });
});

// ---------------------------------------------------------------------------------------
// Random Swiss-like events for properties. A tiny seeded generator keeps each event reproducible.

function rng(seed: number): () => number {
  const random = createRandom(String(seed));
  return () => random.nextUint32() / 2 ** 32;
}

const SLIPS: readonly (Pick<StandingsMatch, "slip"> & Partial<StandingsMatch>)[] = [
  { slip: slip(2, 0) },
  { slip: slip(2, 1) },
  { slip: slip(1, 2) },
  { slip: slip(0, 2) },
  { slip: slip(1, 1, 1) },
  { slip: slip(1, 0) },
  { slip: slip(0, 0, 3), intentionalDraw: true },
  { slip: slip(2, 0, 1) },
  { slip: slip(1, 2), concededBy: "A" },
  { slip: slip(1, 0), intentionalDraw: true },
];

function randomEvent(seed: number, size: number, rounds: number): StandingsInput {
  const random = rng(seed);
  const players: StandingsPlayer[] = Array.from({ length: size }, (_, i) => {
    const r = random();
    const firstRound = r < 0.15 ? 2 : 1;
    const droppedAfterRound = r > 0.85 ? Math.floor(random() * rounds) : null;
    return {
      id: `p${i}`,
      firstRound,
      droppedAfterRound:
        droppedAfterRound !== null && droppedAfterRound < firstRound - 1 ? null : droppedAfterRound,
    };
  });
  const matches: StandingsMatch[] = [];
  for (let round = 1; round <= rounds; round++) {
    const active = players
      .filter((p) => (p.firstRound ?? 1) <= round && (p.droppedAfterRound ?? Infinity) >= round)
      .map((p) => p.id);
    for (let i = active.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [active[i], active[j]] = [active[j]!, active[i]!];
    }
    for (let i = 0; i + 1 < active.length; i += 2) {
      matches.push({
        round,
        playerA: active[i]!,
        playerB: active[i + 1]!,
        ...SLIPS[Math.floor(random() * SLIPS.length)]!,
      });
    }
    if (active.length % 2 === 1)
      matches.push({ round, playerA: active.at(-1)!, playerB: null, slip: slip(2, 0) });
  }
  return { players, matches };
}

const eventArb = fc
  .record({
    seed: fc.integer(),
    size: fc.integer({ min: 0, max: 14 }),
    rounds: fc.integer({ min: 1, max: 5 }),
  })
  .map(({ seed, size, rounds }) => randomEvent(seed, size, rounds));
const settingsArb = fc.record({
  percentageFloor: fc.constantFrom(0.33, 1 / 3, 0.25, 0),
  countByeInOwnPercentages: fc.boolean(),
  lateEntryLossGames: fc.constantFrom(0, 2),
});

// An exact oracle for the order, written from MTR 3.1 and Appendix C without the engine's code:
// every percentage is a fraction of BigInts, compared by cross-multiplication, so neither
// floating-point noise nor a rounding precision can decide (or hide) a difference.
type Fraction = { n: bigint; d: bigint }; // d > 0
const frac = (n: number | bigint, d: number | bigint = 1): Fraction => ({
  n: BigInt(n),
  d: BigInt(d),
});
const compareFractions = (x: Fraction, y: Fraction): number => {
  const [l, r] = [x.n * y.d, y.n * x.d];
  return l < r ? -1 : l > r ? 1 : 0;
};
const addFractions = (x: Fraction, y: Fraction): Fraction => ({
  n: x.n * y.d + y.n * x.d,
  d: x.d * y.d,
});
const FLOORS = new Map<number, Fraction>([
  [0.33, frac(33, 100)],
  [1 / 3, frac(1, 3)],
  [0.25, frac(1, 4)],
  [0, frac(0)],
]);

type ExactKeys = { matchPoints: bigint; omw: Fraction; gw: Fraction; ogw: Fraction };

function exactKeys(input: StandingsInput, settings: StandingsSettings): Map<string, ExactKeys> {
  const floor = FLOORS.get(settings.percentageFloor)!;
  const pct = (points: number, count: number): Fraction => {
    if (count <= 0) return floor;
    const p = frac(points, 3 * count);
    return compareFractions(p, floor) < 0 ? floor : p;
  };
  const t = new Map(
    input.players.map((p) => [
      p.id,
      {
        mp: 0,
        rounds: (p.firstRound ?? 1) - 1,
        gp: 0,
        games: ((p.firstRound ?? 1) - 1) * settings.lateEntryLossGames,
        byes: 0,
        opponents: [] as string[],
      },
    ]),
  );
  for (const m of input.matches) {
    const a = t.get(m.playerA)!;
    if (m.playerB === null) {
      Object.assign(a, {
        mp: a.mp + 3,
        rounds: a.rounds + 1,
        gp: a.gp + 6,
        games: a.games + 2,
        byes: a.byes + 1,
      });
      continue;
    }
    const b = t.get(m.playerB)!;
    const noGames = m.slip.winsA + m.slip.winsB + m.slip.draws === 0;
    const { winsA, winsB, draws } = m.intentionalDraw === true && noGames ? slip(0, 0, 3) : m.slip;
    const winner =
      m.concededBy !== undefined
        ? m.concededBy === "A"
          ? "B"
          : "A"
        : m.intentionalDraw === true || winsA === winsB
          ? null
          : winsA > winsB
            ? "A"
            : "B";
    for (const [me, other, won, lost, side] of [
      [a, m.playerB, winsA, winsB, "A"],
      [b, m.playerA, winsB, winsA, "B"],
    ] as const) {
      me.mp += winner === null ? 1 : winner === side ? 3 : 0;
      me.rounds += 1;
      me.gp += 3 * won + draws;
      me.games += won + lost + draws;
      me.opponents.push(other);
    }
  }
  const own = new Map(
    [...t].map(([id, x]) => {
      const byes = settings.countByeInOwnPercentages ? 0 : x.byes;
      return [
        id,
        { mw: pct(x.mp - 3 * byes, x.rounds - byes), gw: pct(x.gp - 6 * byes, x.games - 2 * byes) },
      ];
    }),
  );
  const mean = (xs: Fraction[]): Fraction =>
    xs.length === 0
      ? floor
      : ((sum) => ({ n: sum.n, d: sum.d * BigInt(xs.length) }))(xs.reduce(addFractions, frac(0)));
  return new Map(
    [...t].map(([id, x]) => [
      id,
      {
        matchPoints: BigInt(x.mp),
        omw: mean(x.opponents.map((o) => own.get(o)!.mw)),
        gw: own.get(id)!.gw,
        ogw: mean(x.opponents.map((o) => own.get(o)!.gw)),
      },
    ]),
  );
}

/** Negative when x ranks above y on the four MTR 3.1 keys, 0 when equal on all four. */
function compareExact(x: ExactKeys, y: ExactKeys): number {
  if (x.matchPoints !== y.matchPoints) return x.matchPoints > y.matchPoints ? -1 : 1;
  return (
    -compareFractions(x.omw, y.omw) ||
    -compareFractions(x.gw, y.gw) ||
    -compareFractions(x.ogw, y.ogw)
  );
}

describe("standings properties", () => {
  it("the standings are a permutation of the players who took part, ranked 1..n", () => {
    fc.assert(
      fc.property(eventArb, settingsArb, (input, settings) => {
        const all = standings(input, settings);
        const expected = input.players
          .filter((p) => p.droppedAfterRound !== 0)
          .map((p) => p.id)
          .sort();
        expect(all.map((s) => s.playerId).sort()).toEqual(expected);
        expect(all.map((s) => s.rank)).toEqual(all.map((_, i) => i + 1));
      }),
      { numRuns: 300 },
    );
  });

  it("MTR Appendix C: every percentage stays within [floor, 1]", () => {
    fc.assert(
      fc.property(eventArb, settingsArb, (input, settings) => {
        for (const s of standings(input, settings)) {
          for (const pct of [
            s.matchWinPct,
            s.gameWinPct,
            s.opponentMatchWinPct,
            s.opponentGameWinPct,
          ]) {
            expect(pct).toBeGreaterThanOrEqual(settings.percentageFloor);
            expect(pct).toBeLessThanOrEqual(1 + 1e-12);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("MTR Appendix C: the match points given out in each round are 3 per decided match or bye and 2 per drawn match", () => {
    fc.assert(
      fc.property(eventArb, (input) => {
        const total = (upTo: number) => {
          const players = input.players.map((p) => ({
            ...p,
            droppedAfterRound: p.droppedAfterRound === 0 ? 0 : null,
            firstRound: 1,
          }));
          return standings({
            players,
            matches: input.matches.filter((m) => m.round <= upTo),
          }).reduce((sum, s) => sum + s.matchPoints, 0);
        };
        const rounds = Math.max(0, ...input.matches.map((m) => m.round));
        for (let round = 1; round <= rounds; round++) {
          const played = input.matches.filter((m) => m.round === round);
          const drawn = played.filter(
            (m) =>
              m.playerB !== null &&
              (m.intentionalDraw === true ||
                (m.concededBy === undefined && m.slip.winsA === m.slip.winsB)),
          ).length;
          const given = total(round) - total(round - 1);
          expect(given).toBe(3 * (played.length - drawn) + 2 * drawn);
          expect(given === 3 * played.length || drawn > 0).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("MTR 3.1: the order is by match points, opponents' match-win %, game-win %, opponents' game-win %, then player id — checked in exact fractions", () => {
    fc.assert(
      fc.property(eventArb, settingsArb, (input, settings) => {
        const all = standings(input, settings);
        const exact = exactKeys(input, settings);
        for (const s of all) {
          const e = exact.get(s.playerId)!;
          expect(BigInt(s.matchPoints)).toBe(e.matchPoints);
          for (const [float, fraction] of [
            [s.opponentMatchWinPct, e.omw],
            [s.gameWinPct, e.gw],
            [s.opponentGameWinPct, e.ogw],
          ] as const) {
            expect(float).toBeCloseTo(Number(fraction.n) / Number(fraction.d), 12);
          }
        }
        for (let i = 1; i < all.length; i++) {
          const [a, b] = [all[i - 1]!, all[i]!];
          const order = compareExact(exact.get(a.playerId)!, exact.get(b.playerId)!);
          expect(order).toBeLessThanOrEqual(0);
          if (order === 0) expect(a.playerId < b.playerId).toBe(true);
          expect(b.tiedWithPrevious).toBe(order === 0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the standings do not depend on the order players and matches are listed in, nor on which player is side A", () => {
    fc.assert(
      fc.property(eventArb, fc.integer(), (input, seed) => {
        const random = rng(seed);
        const shuffle = <T>(xs: readonly T[]): T[] =>
          xs
            .map((x) => ({ x, k: random() }))
            .sort((p, q) => p.k - q.k)
            .map((p) => p.x);
        const swapped: StandingsMatch[] = input.matches.map((m) =>
          m.playerB === null || random() < 0.5
            ? m
            : {
                ...m,
                playerA: m.playerB,
                playerB: m.playerA,
                slip: slip(m.slip.winsB, m.slip.winsA, m.slip.draws),
                ...(m.concededBy === undefined
                  ? {}
                  : { concededBy: m.concededBy === "A" ? ("B" as const) : ("A" as const) }),
              },
        );
        expect(standings({ players: shuffle(input.players), matches: shuffle(swapped) })).toEqual(
          standings(input),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("MTR Appendix C: giving a player an extra bye never changes their opponents' percentages", () => {
    fc.assert(
      fc.property(eventArb, (input) => {
        const before = standings(input);
        const target = before.find((s) => s.droppedAfterRound === null && s.matchesPlayed > 0);
        if (!target) return;
        const entered = input.players.find((p) => p.id === target.playerId)?.firstRound ?? 1;
        const round = Math.max(entered, ...input.matches.map((m) => m.round + 1));
        const after = standings({
          ...input,
          matches: [
            ...input.matches,
            { round, playerA: target.playerId, playerB: null, slip: slip(2, 0) },
          ],
        });
        const t = of(after, target.playerId);
        expect(t.opponentMatchWinPct).toBe(target.opponentMatchWinPct);
        expect(t.opponentGameWinPct).toBe(target.opponentGameWinPct);
        expect(t.matchPoints).toBe(target.matchPoints + 3);
      }),
      { numRuns: 300 },
    );
  });

  it("totality: damaged input gives a known error, never an exception", () => {
    const damage = fc.constantFrom(
      "duplicate-player",
      "unknown-opponent",
      "self",
      "twice",
      "negative",
      "after-drop",
      "none",
    );
    fc.assert(
      fc.property(eventArb, damage, (input, kind) => {
        const players = [...input.players];
        const matches = [...input.matches];
        const first = players[0];
        if (first && kind === "duplicate-player") players.push({ id: first.id });
        if (kind === "unknown-opponent")
          matches.push({ round: 1, playerA: "ghost", playerB: null, slip: WIN });
        if (first && kind === "self")
          matches.push({ round: 99, playerA: first.id, playerB: first.id, slip: WIN });
        if (matches[0] && kind === "twice") matches.push({ ...matches[0] });
        if (matches[0] && kind === "negative") matches[0] = { ...matches[0], slip: slip(-1, 0) };
        if (first && kind === "after-drop") players[0] = { ...first, droppedAfterRound: 0 };
        const result = computeStandings({ players, matches });
        if (!result.ok) expect(RULE_ERROR_CODES).toContain(result.error.code);
      }),
      { numRuns: 300 },
    );
  });
});

describe("when standings are published", () => {
  it("MTR 3.1 (standings after each round): through the last whole round; a round still being played hides itself and every later one", () => {
    expect(lastCompleteRound([])).toBe(0);
    expect(
      lastCompleteRound([
        { round: 1, hasResult: true },
        { round: 2, hasResult: false },
        { round: 2, hasResult: true },
      ]),
    ).toBe(1);
    expect(
      lastCompleteRound([
        { round: 2, hasResult: true },
        { round: 1, hasResult: true },
      ]),
    ).toBe(2);
    expect(
      lastCompleteRound([
        { round: 1, hasResult: false },
        { round: 2, hasResult: true },
      ]),
    ).toBe(0);
  });
});
