import { describe, expect, it } from "vitest";
import { sideOfCurrentTurn } from "./turn-player";

const normal = { extraTurn: false };
const extra = { extraTurn: true };

describe("MTR 2.4: whose turn it is during the end-of-match procedure", () => {
  it("MTR 2.4: turn 0 is the active player's, then the players alternate", () => {
    expect(sideOfCurrentTurn({ activeSide: "A", turnsEnded: [] })).toBe("A");
    expect(sideOfCurrentTurn({ activeSide: "A", turnsEnded: [normal] })).toBe("B");
    expect(sideOfCurrentTurn({ activeSide: "A", turnsEnded: [normal, normal] })).toBe("A");
    expect(sideOfCurrentTurn({ activeSide: "B", turnsEnded: [normal, normal, normal] })).toBe("A");
  });

  it("MTR 2.4: a turn passed when time was called (turn -1) is the active player's; turn 0 is the opponent's", () => {
    // Turn -1 ended: the opponent plays turn 0.
    expect(sideOfCurrentTurn({ activeSide: "A", turnsEnded: [normal] })).toBe("B");
  });

  it("MTR 2.4: an extra turn from an effect counts, and is played by the player of the turn before it", () => {
    // A's turn 0, then A's extra turn (ended, marked extra), then B's turn.
    expect(sideOfCurrentTurn({ activeSide: "A", turnsEnded: [normal, extra] })).toBe("B");
    // Without the mark the same two endings would make it A's turn.
    expect(sideOfCurrentTurn({ activeSide: "A", turnsEnded: [normal, normal] })).toBe("A");
  });

  it("the active player unknown (an older procedure): no name", () => {
    expect(sideOfCurrentTurn({ activeSide: undefined as never, turnsEnded: [] })).toBeNull();
  });
});
