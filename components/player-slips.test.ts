import { describe, expect, it } from "vitest";
import { describeSlip, playerChoices } from "./player-slips";

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
      "Ana won 2-0",
      "Ana won 2-1",
      "I won 2-1",
      "I won 2-0",
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
