import { describe, expect, it } from "vitest";
import { atOnceBoxLabel, describeGameEnd, gameEndReasonLabel } from "./game-end-reasons";

const names = { A: "Ana", B: "Ben" };

describe("how a game ended, in the players' names (CR 104)", () => {
  it("104.3c: a win by an empty library names the loser who drew from it, not the winner", () => {
    expect(describeGameEnd({ reason: "EMPTY_LIBRARY", winner: "A" }, names)).toBe(
      "Ana won: Ben drew from an empty library (104.3c)",
    );
    expect(describeGameEnd({ reason: "LIFE", winner: "B" }, names)).toBe(
      "Ben won: Ana's life total reached 0 or less (104.3b)",
    );
    expect(describeGameEnd({ reason: "CONCESSION", winner: "A" }, names)).toBe(
      "Ana won: Ben conceded the game (104.3a)",
    );
    expect(describeGameEnd({ reason: "JUDGE_GAME_LOSS", winner: "A" }, names)).toBe(
      "Ana won: Game Loss penalty to Ben (104.3k)",
    );
  });

  it("104.3d, 704.6b: poison loses at ten counters, and at fifteen shared by a Two-Headed Giant team", () => {
    expect(describeGameEnd({ reason: "POISON", winner: "A" }, names)).toBe(
      "Ana won: Ben had ten poison counters (104.3d)",
    );
    const members = { A: ["Ana", "Al"], B: ["Ben", "Bo"] };
    expect(describeGameEnd({ reason: "POISON", winner: "A" }, names, members)).toBe(
      "Ana won: Ben had fifteen poison counters (704.6b)",
    );
    expect(gameEndReasonLabel("POISON")).toBe("Ten poison counters (104.3d)");
    expect(gameEndReasonLabel("POISON", true)).toBe(
      "Fifteen poison counters, shared by the team (704.6b)",
    );
    expect(gameEndReasonLabel("LIFE", true)).toBe("Team life total 0 or less (704.6a)");
    expect(describeGameEnd({ reason: "LIFE", winner: "B" }, names, members)).toBe(
      "Ben won: Ana's team life total reached 0 or less (704.6a)",
    );
    expect(gameEndReasonLabel("EMPTY_LIBRARY", true)).toBe("Drew from an empty library (104.3c)");
    expect(atOnceBoxLabel("Poison", "Ten poison counters", true)).toBe(
      "Fifteen poison counters, shared by the team",
    );
  });

  it("104.4: a drawn game says so", () => {
    expect(describeGameEnd({ reason: "DRAW_UNFINISHED_AT_TIME", winner: null }, names)).toBe(
      "Draw: unfinished at time (MTR 2.4)",
    );
  });

  it("MTR 2.2: a game decided by a Game Loss penalty names no play/draw choice (none was made for an unplayed game)", async () => {
    const { playDrawLine } = await import("./game-end-reasons");
    expect(
      playDrawLine({ reason: "JUDGE_GAME_LOSS", chooser: "A", choice: "PLAY" }, names),
    ).toBeNull();
    expect(playDrawLine({ reason: "LIFE", chooser: "B", choice: "DRAW" }, names)).toBe(
      "Ben chose to draw; Ana played first",
    );
  });
});
