import { describe, expect, it } from "vitest";
import { isRoundOver, showsPlayerClock } from "./player-clock";

describe("the player's round clock (MTR 2.4)", () => {
  it("MTR 2.4: shows while the round is played, not after the event or a last finished round", () => {
    const facts = { eventComplete: false, roundOver: false, hasLaterRound: false };
    expect(showsPlayerClock(facts)).toBe(true);
    expect(showsPlayerClock({ ...facts, roundOver: true })).toBe(false);
    expect(showsPlayerClock({ ...facts, eventComplete: true })).toBe(false);
    expect(showsPlayerClock({ ...facts, roundOver: true, hasLaterRound: true })).toBe(true);
  });
});

describe("a round over (MTR 2.4)", () => {
  it("MTR 2.4: a round is over once every table has its result, or once the event is", () => {
    const facts = { eventComplete: false, tablesPlaying: 2, tablesPlayed: 3 };
    expect(isRoundOver(facts)).toBe(false);
    expect(isRoundOver({ ...facts, tablesPlaying: 0 })).toBe(true);
    expect(isRoundOver({ ...facts, eventComplete: true })).toBe(true);
    // A round of byes only was never played: nothing to call over.
    expect(isRoundOver({ ...facts, tablesPlaying: 0, tablesPlayed: 0 })).toBe(false);
  });
});
