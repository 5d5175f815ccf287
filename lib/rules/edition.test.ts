import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  IPG_SLOW_PLAY,
  MTR_EDITION,
  mtr,
  mtrTitle as mtrTitleOf,
  type MtrSection,
} from "./edition";
import {
  RULE_ERROR_CODES,
  type RuleError,
  checkCounts as checkCountsOf,
  otherSide,
  say,
} from "./result";

/** The citation rendered in English, as the tests read it. */
const mtrTitle = (section: MtrSection) => render(mtrTitleOf(section));

/**
 * checkCounts with each value named by a message (a key the catalogue lacks renders as itself),
 * and its error's message rendered in English.
 */
const checkCounts = (values: [string, number | undefined][], min?: number) => {
  const r = checkCountsOf(
    values.map(([what, value]) => [say(what), value] as const),
    min,
  );
  return r === null ? null : { ...r, error: { ...r.error, message: render(r.error as RuleError) } };
};

describe("the MTR edition the app follows", () => {
  it("MTR numbering since November 2023: 2.4 is End-of-Match Procedure, 2.5 Conceding or Intentionally Drawing, 2.6 Time Extensions", () => {
    expect(mtrTitle("endOfMatch")).toBe("MTR 2.4 End-of-Match Procedure");
    expect(mtrTitle("concedeOrDraw")).toBe(
      "MTR 2.5 Conceding or Intentionally Drawing Games or Matches",
    );
    expect(mtrTitle("timeExtensions")).toBe("MTR 2.6 Time Extensions");
    expect(mtr("matchStructure")).toBe("MTR 2.1");
    expect(mtr("playDraw")).toBe("MTR 2.2");
    expect(mtr("tiebreakers")).toBe("MTR 3.1");
    expect(mtr("tiebreakerExplanation")).toBe("MTR Appendix C");
    expect(mtr("dropping")).toBe("MTR 2.10");
    expect(mtrTitle("deckChecks")).toBe("MTR 2.8 Deck Checks");
  });

  it("the edition is one dated constant", () => {
    expect(MTR_EDITION.effective).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(MTR_EDITION.numberingSince).toBe("2023-11");
  });

  it("IPG 3.3 Slow Play: a Slow Play Warning given before the additional turns begin adds two turns", () => {
    expect(IPG_SLOW_PLAY).toMatchObject({ section: "IPG 3.3", addedTurns: 2 });
  });
});

describe("shared vocabulary", () => {
  it("otherSide swaps A and B", () => {
    expect([otherSide("A"), otherSide("B")]).toEqual(["B", "A"]);
  });

  it("checkCounts accepts whole numbers at or above the minimum and names the first bad value", () => {
    expect(
      checkCounts([
        ["x", 0],
        ["y", 3],
      ]),
    ).toBeNull();
    // Every value is required: a missing one is not skipped (a slip without drawn games is not valid).
    expect(
      checkCounts([
        ["x", 0],
        ["z", undefined],
      ]),
    ).toMatchObject({
      ok: false,
      error: { code: "INVALID_NUMBER", message: expect.stringContaining("z must be") },
    });
    expect(
      checkCounts([
        ["Player A's game wins", 1],
        ["Drawn games", -1],
      ]),
    ).toMatchObject({
      ok: false,
      error: { code: "INVALID_NUMBER", message: expect.stringContaining("Drawn games") },
    });
    expect(checkCounts([["x", 0]], 1)?.error.code).toBe("INVALID_NUMBER");
  });

  it("error codes are unique", () => {
    expect(new Set(RULE_ERROR_CODES).size).toBe(RULE_ERROR_CODES.length);
  });
});
