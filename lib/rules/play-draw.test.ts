import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { GameOutcome } from "./game";
import { choosersByGame as choosersByGameResult, chooserForNextGame as chooserForNextGameResult, designatedChooser, startingPlayer, startingPlayerAfterRestart } from "./play-draw";
import { type RuleResult, type Side, otherSide } from "./result";

function value<T>(result: RuleResult<T>): T {
  if (!result.ok) throw new Error(`expected a value, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}
const choosersByGame = (designated: Side, played: readonly GameOutcome[]): Side[] => value(choosersByGameResult(designated, played));
const chooserForNextGame = (designated: Side, played: readonly GameOutcome[]): Side => value(chooserForNextGameResult(designated, played));

const winA: GameOutcome = { kind: "win", winner: "A", reason: "LIFE", rule: "104.3b" };
const winB: GameOutcome = { kind: "win", winner: "B", reason: "CONCESSION", rule: "104.3a" };
const drawn: GameOutcome = { kind: "draw", reason: "DRAW_SIMULTANEOUS_LOSS", rule: "104.4a" };
const restart: GameOutcome = { kind: "restart", rule: "104.6" };

describe("MTR 2.2 Play/Draw Rule", () => {
  it("MTR 2.2: in Swiss rounds the winner of the random method chooses for game 1", () => {
    expect(designatedChooser({ phase: "swiss", randomWinner: "B" })).toEqual({ ok: true, value: "B" });
  });

  it("MTR 2.2: in playoff matches the player ranked higher at the end of Swiss chooses for game 1", () => {
    expect(designatedChooser({ phase: "playoff", swissRankA: 7, swissRankB: 2 })).toEqual({ ok: true, value: "B" });
    expect(designatedChooser({ phase: "playoff", swissRankA: 1, swissRankB: 8 })).toEqual({ ok: true, value: "A" });
  });

  it("MTR 2.2: two players with the same Swiss rank (or no rank) cannot be told apart", () => {
    expect(designatedChooser({ phase: "playoff", swissRankA: 3, swissRankB: 3 })).toMatchObject({ ok: false, error: { code: "NO_HIGHER_RANKED_PLAYER" } });
    expect(designatedChooser({ phase: "playoff", swissRankA: 0, swissRankB: 3 })).toMatchObject({ ok: false, error: { code: "INVALID_NUMBER" } });
  });

  it("MTR 2.2: a stated choice to play or draw is followed; no stated choice means playing first", () => {
    expect(startingPlayer("A", "play")).toEqual({ playsFirst: "A", skipsFirstDraw: "A" });
    expect(startingPlayer("A", "draw")).toEqual({ playsFirst: "B", skipsFirstDraw: "B" });
    expect(startingPlayer("B")).toEqual({ playsFirst: "B", skipsFirstDraw: "B" });
    expect(startingPlayer("B", null)).toEqual({ playsFirst: "B", skipsFirstDraw: "B" });
  });

  it("MTR 2.2: game 1 is chosen by the designated player", () => {
    expect(chooserForNextGame("A", [])).toBe("A");
  });

  it("MTR 2.2: after each game the loser of that game chooses", () => {
    expect(choosersByGame("A", [winA, winB])).toEqual(["A", "B", "A"]);
    expect(chooserForNextGame("A", [winB])).toBe("A");
    expect(chooserForNextGame("B", [winB])).toBe("A");
  });

  it("MTR 2.2: after a drawn game in the middle of a best-of-three, the player who chose for the drawn game chooses again", () => {
    // Game 1: A chooses, B wins. Game 2: A (the loser) chooses, drawn. Game 3: A chooses again.
    expect(choosersByGame("A", [winB, drawn])).toEqual(["A", "A", "A"]);
    // Game 1: A chooses, A wins. Game 2: B chooses, drawn. Game 3: B chooses again.
    expect(choosersByGame("A", [winA, drawn])).toEqual(["A", "B", "B"]);
    expect(chooserForNextGame("B", [drawn, drawn])).toBe("B");
  });

  it("104.6: a restarted game is not a game: it changes no one's turn to choose", () => {
    expect(choosersByGame("A", [winA, restart, winB])).toEqual(["A", "B", "A"]);
  });

  it("104.6: the restarted game's starting player is whoever controlled the restarting ability", () => {
    expect(startingPlayerAfterRestart("B")).toBe("B");
  });

  it("property: with no draws, the chooser of each later game is the previous game's loser", () => {
    const outcomes = fc.array(fc.constantFrom(winA, winB, drawn, restart), { maxLength: 8 });
    fc.assert(
      fc.property(fc.constantFrom<Side>("A", "B"), outcomes, (designated, played) => {
        const choosers = choosersByGame(designated, played);
        const games = played.filter((g) => g.kind !== "restart");
        expect(choosers).toHaveLength(games.length + 1);
        games.forEach((g, i) => {
          const next = choosers[i + 1];
          if (g.kind === "win") expect(next).toBe(otherSide(g.winner));
          if (g.kind === "draw") expect(next).toBe(choosers[i]);
        });
      }),
    );
  });

  it("property: swapping sides mirrors every chooser", () => {
    const mirror = (g: GameOutcome): GameOutcome => (g.kind === "win" ? { ...g, winner: otherSide(g.winner) } : g);
    fc.assert(
      fc.property(fc.constantFrom<Side>("A", "B"), fc.array(fc.constantFrom(winA, winB, drawn, restart), { maxLength: 8 }), (designated, played) => {
        expect(choosersByGame(otherSide(designated), played.map(mirror))).toEqual(choosersByGame(designated, played).map(otherSide));
      }),
    );
  });
});
