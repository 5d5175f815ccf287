import { describe, expect, it } from "vitest";
import { refreshOffsetsMs, refreshWindowMs, type LivePacing } from "./live-pacing";

const pacing: LivePacing = { refreshesPerSecond: 20, minWindowMs: 1_000 };

describe("live pages are told to refresh at a pace the server can serve", () => {
  it("a few pages (up to a second's budget) are told at once, and changes within a second are told together", () => {
    expect(refreshWindowMs(1, pacing)).toBe(1_000);
    expect(refreshWindowMs(20, pacing)).toBe(1_000);
    expect(refreshOffsetsMs(3, pacing)).toEqual([0, 0, 0]);
    expect(refreshOffsetsMs(20, pacing)).toEqual(Array.from({ length: 20 }, () => 0));
  });

  it("many pages are spread evenly, never more than the budget in any second, the first at once", () => {
    expect(refreshWindowMs(1_000, pacing)).toBe(50_000);
    const offsets = refreshOffsetsMs(1_000, pacing);
    expect(offsets).toHaveLength(1_000);
    expect(offsets[0]).toBe(0);
    expect(Math.max(...offsets)).toBeLessThan(50_000);
    for (let second = 0; second < 50; second++) {
      const told = offsets.filter(
        (offset) => offset >= second * 1_000 && offset < (second + 1) * 1_000,
      ).length;
      expect(told).toBeLessThanOrEqual(pacing.refreshesPerSecond);
    }
  });

  it("no pages, no round", () => {
    expect(refreshOffsetsMs(0, pacing)).toEqual([]);
  });
});
