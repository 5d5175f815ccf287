import { describe, expect, it } from "vitest";
import { checkEntryRemoval, compareNames, lateEntryNote, readRegistrationList } from "./registration";

describe("a pasted registration list, one name per line", () => {
  it("each line is a name to register or says why it is skipped: empty, too long, twice in the list, already registered", () => {
    const read = readRegistrationList(["", "Ana Silva", "  ben   ortiz ", "", "ANA SILVA", "x".repeat(81), "Cal", ""].join("\n"), ["Cal"]);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.map((line) => [line.line, line.status])).toEqual([
      [2, "valid"],
      [3, "valid"],
      [4, "blank"],
      [5, "duplicate"],
      [6, "too-long"],
      [7, "registered"],
    ]);
    expect(read.value[1]).toMatchObject({ name: "ben ortiz" });
    expect(read.value.filter((line) => line.status !== "valid").map((line) => ("message" in line ? line.message : ""))).toEqual([
      "Line 4 is empty.",
      "Line 5: ANA SILVA is already on line 2.",
      "Line 6: keep the name to 80 characters or fewer (it has 81).",
      "Line 7: Cal is already registered.",
    ]);
  });

  it("Windows line ends and invisible characters are cleaned like a typed name", () => {
    const read = readRegistrationList("Dee\r\nE\u200Bve\r\n", []);
    expect(read.ok && read.value.map((line) => (line.status === "valid" ? line.name : line.status))).toEqual(["Dee", "Eve"]);
  });
});

describe("names in the order people read them", () => {
  it("the overview lists names by the locale's collation, not by character code", () => {
    const names = ["Zoë", "émile", "Anders", "Ångström", "bob", "Émile 2", "Emma", "Player 10", "Player 9"];
    expect([...names].sort(compareNames)).toEqual(["Anders", "Ångström", "bob", "émile", "Émile 2", "Emma", "Player 9", "Player 10", "Zoë"]);
  });
});

describe("late entries (docs/rules.md: each missed round is a match loss recorded 0-2)", () => {
  it("the success message says the missed rounds count as losses", () => {
    expect(lateEntryNote(1)).toBeNull();
    expect(lateEntryNote(2)).toBe("They join in round 2: the round they missed counts as a match loss (0-2).");
    expect(lateEntryNote(4)).toBe("They join in round 4: the 3 rounds they missed count as match losses (0-2 each).");
  });
});

describe("MTR 2.10: removing an entry", () => {
  it("MTR 2.10: an entry may be removed before round 1 is paired; afterwards the player drops instead", () => {
    expect(checkEntryRemoval({ roundsPaired: 0, name: "Ana" })).toBeNull();
    expect(checkEntryRemoval({ roundsPaired: 1, name: "Ana" })).toMatchObject({ ok: false, error: { code: "ENTRY_NOT_REMOVABLE", rule: "MTR 2.10" } });
  });
});
