import { describe, expect, it } from "vitest";
import { formatFailures, formatMs, formatTable, percentile, summarize } from "./load-stats";

describe("percentile (nearest rank)", () => {
  const hundred = Array.from({ length: 100 }, (_, index) => index + 1);

  it("picks the value at the rank, never interpolating", () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([10, 20, 30, 40], 50)).toBe(20);
    expect(percentile([10, 20, 30, 40], 51)).toBe(30);
  });

  it("keeps a single slow request in the p99 of a small run", () => {
    expect(percentile([1, 1, 1, 1, 1, 1, 1, 1, 1, 900], 99)).toBe(900);
  });

  it("is NaN for no values and the minimum for p0", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(percentile([3, 7], 0)).toBe(3);
  });
});

describe("summarize", () => {
  it("counts 2xx as successes, the rest by status, and the rate over wall-clock time", () => {
    const summary = summarize(
      [
        { status: 200, ms: 30, bytes: 100 },
        { status: 200, ms: 10, bytes: 100 },
        { status: 409, ms: 20, bytes: 50 },
        { status: 503, ms: 5, bytes: 50 },
        { status: 0, ms: 30_000, bytes: 0, error: "ECONNRESET" },
      ],
      2_000,
    );
    expect(summary.requests).toBe(5);
    expect(summary.ok).toBe(2);
    expect(summary.okPerSecond).toBe(1);
    expect(summary.failures).toEqual({ "409": 1, "503": 1, "0": 1 });
    expect(summary.p50).toBe(20);
    expect(summary.max).toBe(30_000);
    expect(summary.meanBytes).toBe(60);
    expect(summary.errors).toEqual({ ECONNRESET: 1 });
  });
});

describe("formatting", () => {
  it("lists failures by frequency and names a missing answer", () => {
    expect(formatFailures({})).toBe("none");
    expect(formatFailures({ "503": 2, "0": 5, "409": 2 })).toBe("no answer ×5, 409 ×2, 503 ×2");
  });

  it("prints milliseconds with a decimal only under 10 ms", () => {
    expect(formatMs(4.26)).toBe("4.3");
    expect(formatMs(1234.4)).toBe("1,234");
    expect(formatMs(Number.NaN)).toBe("–");
  });

  it("prints an aligned Markdown table, numbers right-aligned, pipes escaped", () => {
    const table = formatTable(
      ["what", "p50 ms"],
      [
        ["reports, 50 clients", "12"],
        ["a|b", "1,234"],
      ],
    );
    expect(table.split("\n")).toEqual([
      "| what                | p50 ms |",
      "| ------------------- | -----: |",
      "| reports, 50 clients |     12 |",
      "| a\\|b                |  1,234 |",
    ]);
  });
});
