import { describe, expect, it } from "vitest";
import { showsPlayerClock } from "./player-clock";

describe("the player's round clock (MTR 2.4)", () => {
  it("MTR 2.4: shows while the round is played, not after the event or a last finished round", () => {
    const facts = { eventComplete: false, roundOver: false, hasLaterRound: false };
    expect(showsPlayerClock(facts)).toBe(true);
    expect(showsPlayerClock({ ...facts, roundOver: true })).toBe(false);
    expect(showsPlayerClock({ ...facts, eventComplete: true })).toBe(false);
    expect(showsPlayerClock({ ...facts, roundOver: true, hasLaterRound: true })).toBe(true);
  });
});
