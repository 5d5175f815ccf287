import { describe, expect, it } from "vitest";
import { describeFormat, entrantNoun } from "./format-label";

describe("how an event is described in its header", () => {
  const swiss = { gamesToWin: 2, roundMinutes: 50 };

  it("an individual event says its format, match length and round time", () => {
    expect(describeFormat("Modern", swiss, { teamFormat: "INDIVIDUAL", teamSize: 1 })).toBe(
      "Modern · Swiss, best of three · 50-minute rounds",
    );
  });

  it("MTR 8.2: a team event says who plays on each side", () => {
    expect(describeFormat("Sealed", swiss, { teamFormat: "TEAM_MATCHES", teamSize: 3 })).toBe(
      "Sealed · teams of 3, a match per seat · Swiss, best of three · 50-minute rounds",
    );
    expect(describeFormat("", swiss, { teamFormat: "TWO_HEADED_GIANT", teamSize: 2 })).toBe(
      "Two-Headed Giant teams · Swiss, best of three · 50-minute rounds",
    );
  });

  it("a team event's entrants are teams on its pages", () => {
    expect(entrantNoun("TEAM_MATCHES")).toEqual({ one: "Team", many: "teams" });
    expect(entrantNoun("INDIVIDUAL")).toEqual({ one: "Player", many: "players" });
  });
});
