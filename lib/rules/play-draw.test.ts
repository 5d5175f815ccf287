import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { GameOutcome } from "./game";
import {
  choosersByGame as choosersByGameResult,
  chooserForNextGame as chooserForNextGameResult,
  designatedChooser,
  startingPlayer,
  startingPlayerAfterRestart,
  checkRestartedGameStarter,
  game1ChooserToKeep,
  asksDieRollWinner,
  chooserOnRecord,
} from "./play-draw";
import { type RuleResult, type Side, otherSide } from "./result";
import { shownResult, text } from "./testing/shown";

function value<T>(result: RuleResult<T>): T {
  if (!result.ok)
    throw new Error(`expected a value, got ${result.error.code}: ${text(result.error)}`);
  return result.value;
}
const choosersByGame = (designated: Side, played: readonly GameOutcome[]): Side[] =>
  value(choosersByGameResult(designated, played));
const chooserForNextGame = (designated: Side, played: readonly GameOutcome[]): Side =>
  value(chooserForNextGameResult(designated, played));

const winA: GameOutcome = { kind: "win", winner: "A", reason: "LIFE", rule: "104.3b" };
const winB: GameOutcome = { kind: "win", winner: "B", reason: "CONCESSION", rule: "104.3a" };
const drawn: GameOutcome = { kind: "draw", reason: "DRAW_SIMULTANEOUS_LOSS", rule: "104.4a" };
const restart: GameOutcome = { kind: "restart", rule: "104.6" };

describe("MTR 2.2 Play/Draw Rule", () => {
  it("MTR 2.2: in Swiss rounds the winner of the random method chooses for game 1", () => {
    expect(designatedChooser({ phase: "swiss", randomWinner: "B" })).toEqual({
      ok: true,
      value: "B",
    });
  });

  it("MTR 2.2: in playoff matches the player ranked higher at the end of Swiss chooses for game 1", () => {
    expect(designatedChooser({ phase: "playoff", swissRankA: 7, swissRankB: 2 })).toEqual({
      ok: true,
      value: "B",
    });
    expect(designatedChooser({ phase: "playoff", swissRankA: 1, swissRankB: 8 })).toEqual({
      ok: true,
      value: "A",
    });
  });

  it("MTR 2.2: two players with the same Swiss rank (or no rank) cannot be told apart", () => {
    expect(designatedChooser({ phase: "playoff", swissRankA: 3, swissRankB: 3 })).toMatchObject({
      ok: false,
      error: { code: "NO_HIGHER_RANKED_PLAYER" },
    });
    expect(designatedChooser({ phase: "playoff", swissRankA: 0, swissRankB: 3 })).toMatchObject({
      ok: false,
      error: { code: "INVALID_NUMBER" },
    });
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

  it("104.6 (Karn Liberated) with MTR 2.2: game 2 restarted by the player who did not choose; the new game 2 starts with them, and game 3's chooser follows game 2's result", () => {
    // Game 1: A chooses (designated), B wins. Game 2: A (the loser) chooses to play.
    expect(startingPlayer(chooserForNextGame("A", [winB]), "play").playsFirst).toBe("A");
    // B restarts game 2: no one chooses; B, who controlled the restarting ability, starts.
    expect(startingPlayerAfterRestart("B")).toBe("B");
    expect(startingPlayerAfterRestart("A")).toBe("A");
    // The replayed game 2 is won by A: B (its loser) chooses for game 3; the restart changed nothing.
    expect(choosersByGame("A", [winB, restart, winA])).toEqual(["A", "A", "B"]);
  });

  it("MTR 2.2: the chooser of every game, written out for whole matches (wins, draws and restarts)", () => {
    const table: [designated: Side, played: GameOutcome[], choosers: Side[]][] = [
      ["A", [], ["A"]],
      ["B", [], ["B"]],
      ["A", [winA], ["A", "B"]], // the loser of game 1 chooses
      ["A", [winB], ["A", "A"]],
      ["B", [winA, winB], ["B", "B", "A"]],
      ["A", [winA, winA], ["A", "B", "B"]],
      ["A", [drawn], ["A", "A"]], // after a draw, the same chooser again
      ["B", [drawn], ["B", "B"]],
      ["A", [winA, drawn, winB], ["A", "B", "B", "A"]],
      ["B", [drawn, drawn, winB], ["B", "B", "B", "A"]],
      ["A", [winB, drawn, drawn, winA], ["A", "A", "A", "A", "B"]],
      ["A", [restart], ["A"]], // a restart is not a game
      ["A", [restart, restart, winA], ["A", "B"]],
      ["B", [winB, restart, drawn, restart, winA], ["B", "A", "A", "B"]],
    ];
    for (const [designated, played, choosers] of table) {
      expect(choosersByGame(designated, played)).toEqual(choosers);
      expect(chooserForNextGame(designated, played)).toBe(choosers.at(-1));
    }
  });

  it("MTR 2.2: a designated player other than A or B, or a game that is not an outcome, is an error", () => {
    expect(choosersByGameResult("C" as Side, [])).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT" },
    });
    expect(
      shownResult(
        chooserForNextGameResult("A", [
          winA,
          { kind: "win", winner: "C" } as unknown as GameOutcome,
        ]),
      ),
    ).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT", message: expect.stringMatching(/^Game 2/) },
    });
    expect(designatedChooser({ phase: "swiss", randomWinner: "C" as Side })).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT" },
    });
  });

  it("property: swapping sides mirrors every chooser", () => {
    const mirror = (g: GameOutcome): GameOutcome =>
      g.kind === "win" ? { ...g, winner: otherSide(g.winner) } : g;
    fc.assert(
      fc.property(
        fc.constantFrom<Side>("A", "B"),
        fc.array(fc.constantFrom(winA, winB, drawn, restart), { maxLength: 8 }),
        (designated, played) => {
          expect(choosersByGame(otherSide(designated), played.map(mirror))).toEqual(
            choosersByGame(designated, played).map(otherSide),
          );
        },
      ),
    );
  });
});

describe("CR 104.6: a restarted game", () => {
  it("CR 104.6: the player who restarted the game starts the new one, playing first; anything else is refused naming them", () => {
    expect(
      checkRestartedGameStarter({ number: 2, restartedBy: "B", chooser: "B", choice: "PLAY" }),
    ).toBeNull();
    expect(
      shownResult(
        checkRestartedGameStarter({ number: 2, restartedBy: "B", chooser: "A", choice: "PLAY" })!,
      ),
    ).toMatchObject({
      ok: false,
      error: {
        code: "NOT_STARTING_PLAYER",
        rule: "104.6",
        message: expect.stringContaining("player B"),
      },
    });
    expect(
      checkRestartedGameStarter({ number: 2, restartedBy: "B", chooser: "B", choice: "DRAW" }),
    ).toMatchObject({ ok: false });
  });
});

describe("MTR 2.2, CR 104.6: game 1's chooser when game 1 restarted", () => {
  it("MTR 2.2: game 1's chooser is the game's chooser; once kept it never changes", () => {
    expect(
      game1ChooserToKeep({
        number: 1,
        chooser: "B",
        restartedBy: null,
        dieRollWinner: null,
        kept: null,
      }),
    ).toEqual({ ok: true, value: "B" });
    expect(
      game1ChooserToKeep({
        number: 1,
        chooser: "B",
        restartedBy: null,
        dieRollWinner: null,
        kept: "A",
      }),
    ).toEqual({ ok: true, value: null });
    expect(
      game1ChooserToKeep({
        number: 2,
        chooser: "B",
        restartedBy: "B",
        dieRollWinner: null,
        kept: "A",
      }),
    ).toEqual({ ok: true, value: null });
  });

  it("CR 104.6: game 1 restarted before it was recorded keeps the die roll's winner as its chooser, not the restarter, and asks for it", () => {
    expect(
      game1ChooserToKeep({
        number: 1,
        chooser: "A",
        restartedBy: "A",
        dieRollWinner: "B",
        kept: null,
      }),
    ).toEqual({ ok: true, value: "B" });
    expect(
      game1ChooserToKeep({
        number: 1,
        chooser: "A",
        restartedBy: "A",
        dieRollWinner: null,
        kept: null,
      }),
    ).toMatchObject({ ok: false, error: { code: "DIE_ROLL_WINNER_MISSING", rule: "104.6" } });
    expect(asksDieRollWinner({ gamesPlayed: 0, restartedBy: "A", kept: null })).toBe(true);
    expect(asksDieRollWinner({ gamesPlayed: 0, restartedBy: null, kept: null })).toBe(false);
    expect(asksDieRollWinner({ gamesPlayed: 0, restartedBy: "A", kept: "B" })).toBe(false);
    expect(asksDieRollWinner({ gamesPlayed: 1, restartedBy: "A", kept: "B" })).toBe(false);
  });
});

describe("MTR 2.2, CR 104.6: the chooser the record already names, so the game form need not ask", () => {
  it("MTR 2.2: game 1 of a Swiss match with no chooser kept names nobody: the random method's winner is asked", () => {
    expect(chooserOnRecord({ kept: null, played: [], restartedBy: null })).toEqual({
      ok: true,
      value: null,
    });
  });

  it("MTR 2.2: a kept game 1 chooser (a playoff's higher seed, or game 1 recorded) names game 1's chooser and then the loser of the previous game", () => {
    expect(chooserOnRecord({ kept: "B", played: [], restartedBy: null })).toEqual({
      ok: true,
      value: "B",
    });
    expect(chooserOnRecord({ kept: "A", played: [winA], restartedBy: null })).toEqual({
      ok: true,
      value: "B",
    });
    expect(chooserOnRecord({ kept: "A", played: [winA, drawn], restartedBy: null })).toEqual({
      ok: true,
      value: "B",
    });
  });

  it("CR 104.6: a restarted game is started by its restarter, who is named even before any chooser is kept", () => {
    expect(chooserOnRecord({ kept: null, played: [], restartedBy: "A" })).toEqual({
      ok: true,
      value: "A",
    });
    expect(chooserOnRecord({ kept: "A", played: [winB], restartedBy: "B" })).toEqual({
      ok: true,
      value: "B",
    });
  });

  it("MTR 2.2: games played with no kept chooser cannot name one (a corrupt record): an error", () => {
    expect(chooserOnRecord({ kept: null, played: [winA], restartedBy: null })).toMatchObject({
      ok: false,
    });
  });
});
