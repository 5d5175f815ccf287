import { describe, expect, it } from "vitest";
import type { MatchRecordFacts } from "@/lib/rules/match-record";
import { describeGameOnRecord, describeSlip, offeredChoices, playerChoices } from "./player-slips";

const swiss = { gamesToWin: 2, elimination: false };

describe("a slip told from the player's side", () => {
  it("MTR 2.1: the same slip reads as a win for one player and a loss for the other", () => {
    expect(describeSlip(swiss, { slip: { winsA: 2, winsB: 1, draws: 0 } }, "A", "Ben")).toBe(
      "I won 2-1",
    );
    expect(describeSlip(swiss, { slip: { winsA: 2, winsB: 1, draws: 0 } }, "B", "Ana")).toBe(
      "Ana won 2-1",
    );
    expect(describeSlip(swiss, { slip: { winsA: 1, winsB: 1, draws: 1 } }, "B", "Ana")).toBe(
      "Draw 1-1-1",
    );
  });

  it("MTR 2.5: a concession and an intentional draw say so", () => {
    expect(
      describeSlip(swiss, { slip: { winsA: 0, winsB: 0, draws: 0 }, concededBy: "A" }, "A", "Ben"),
    ).toBe("Ben won 2-0 (I conceded)");
    expect(
      describeSlip(
        swiss,
        { slip: { winsA: 0, winsB: 0, draws: 0 }, intentionalDraw: true },
        "B",
        "Ana",
      ),
    ).toBe("Intentional draw (0-0-3)");
  });

  it('offers every one-tap slip from the player\'s side, "I concede", and an intentional draw only in Swiss', () => {
    expect(playerChoices(swiss, "B", "Ana Reyes").map((choice) => choice.label)).toEqual([
      "I won 2-0",
      "I won 2-1",
      "Ana won 2-1",
      "Ana won 2-0",
      "Draw 1-1-1",
      "I concede",
      "Intentional draw",
    ]);
    expect(
      playerChoices({ gamesToWin: 2, elimination: true }, "A", "Ben").map((choice) => choice.label),
    ).not.toContain("Intentional draw");
  });

  it("CR 810: a Two-Headed Giant team is named in full, never cut to its first word", () => {
    const bestOfOne = { gamesToWin: 1, elimination: true };
    expect(
      playerChoices(bestOfOne, "A", "Red Rockets", true).map((choice) => choice.label),
    ).toEqual(["I won 1-0", "Red Rockets won 1-0", "I concede"]);
  });
});

const BEST_OF_THREE = { gamesToWin: 2, elimination: false };

function factsWith(events: MatchRecordFacts["events"]): MatchRecordFacts {
  return {
    format: BEST_OF_THREE,
    teammatesShareTurns: false,
    isBye: false,
    firstChooser: "A",
    events,
    isRecorded: false,
  };
}

const gameLossToA = factsWith([
  {
    type: "game",
    outcome: { kind: "win", winner: "B", reason: "JUDGE_GAME_LOSS", rule: "104.3k" },
  },
]);

describe("the one-tap choices a phone offers, by the match's record (MTR 2.1, 2.5)", () => {
  it("IPG 1.2: the player with a Game Loss on game 1 is not offered a 2-0 win; their opponent is", () => {
    const mine = offeredChoices(BEST_OF_THREE, "A", "Ben Okoro", gameLossToA).map((c) => c.label);
    expect(mine).not.toContain("I won 2-0");
    expect(mine).toEqual([
      "I won 2-1",
      "Ben won 2-1",
      "Ben won 2-0",
      "Draw 1-1-1",
      "I concede",
      "Intentional draw",
    ]);
    const theirs = offeredChoices(BEST_OF_THREE, "B", "Ana Reyes", gameLossToA).map((c) => c.label);
    expect(theirs).toContain("I won 2-0");
    expect(theirs).not.toContain("Ana won 2-0");
  });

  it("with nothing on record every choice is offered", () => {
    expect(offeredChoices(BEST_OF_THREE, "A", "Ben", factsWith([]))).toEqual(
      playerChoices(BEST_OF_THREE, "A", "Ben"),
    );
  });

  it("names a Game Loss, a win and a draw at time from the phone's side", () => {
    const loss = {
      number: 1,
      winner: "B" as const,
      reason: "JUDGE_GAME_LOSS" as const,
      byTime: false,
    };
    expect(describeGameOnRecord(loss, "A", "Ben Okoro")).toBe("Game 1: Game Loss for you (judge)");
    expect(describeGameOnRecord(loss, "B", "Ana Reyes")).toBe("Game 1: Game Loss for Ana (judge)");
    expect(
      describeGameOnRecord({ number: 2, winner: "B", reason: "LIFE", byTime: false }, "A", "Ben"),
    ).toBe("Game 2: Ben won");
    expect(
      describeGameOnRecord(
        { number: 3, winner: null, reason: "DRAW_UNFINISHED_AT_TIME", byTime: true },
        "A",
        "Ben",
      ),
    ).toBe("Game 3: draw at time (end of match)");
  });
});
