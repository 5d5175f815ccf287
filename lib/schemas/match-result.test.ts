import { describe, expect, it } from "vitest";
import { parseInput } from "./parse";
import { ClearMatchResultSchema, ReportMatchResultSchema } from "./match-result";

const base = { matchId: "m1", expectedVersion: "0", idempotencyKey: "m1:v0:2-1-0" };

describe("result slip input (the boundary before the rules)", () => {
  it("reads form text as numbers, with no drawn games when the field is empty", () => {
    const parsed = parseInput(ReportMatchResultSchema, { ...base, winsA: "2", winsB: "1", draws: "" });
    expect(parsed).toMatchObject({ ok: true, data: { winsA: 2, winsB: 1, draws: 0, intentionalDraw: false, note: "" } });
  });

  it("treats an empty game-wins field as missing, never as 0 (a stray tap must not save a 0-0 draw)", () => {
    const parsed = parseInput(ReportMatchResultSchema, { ...base, winsA: "", winsB: " ", draws: "" });
    expect(parsed).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    if (parsed.ok) return;
    expect(Object.keys(parsed.error.fieldErrors ?? {}).sort()).toEqual(["winsA", "winsB"]);
  });

  it("refuses negative, fractional and absurd numbers with a sentence", () => {
    for (const winsA of ["-1", "1.5", "12", "two"]) {
      const parsed = parseInput(ReportMatchResultSchema, { ...base, winsA, winsB: "0" });
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error.message).toMatch(/\./);
    }
  });

  it("needs a reason to clear a result", () => {
    expect(parseInput(ClearMatchResultSchema, { matchId: "m1", expectedVersion: "3", note: "  " })).toMatchObject({
      ok: false,
      error: { fieldErrors: { note: [expect.stringMatching(/why/)] } },
    });
  });
});
