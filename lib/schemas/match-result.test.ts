import { describe, expect, it } from "vitest";
import { parseInput } from "./parse";
import {
  ClearMatchResultSchema,
  ReportMatchResultJsonSchema,
  ReportMatchResultSchema,
} from "./match-result";

const base = { matchId: "m1", expectedVersion: "0", idempotencyKey: "m1:v0:2-1-0" };

describe("result slip input (the boundary before the rules)", () => {
  it("reads form text as numbers, with no drawn games when the field is empty", () => {
    const parsed = parseInput(ReportMatchResultSchema, {
      ...base,
      winsA: "2",
      winsB: "1",
      draws: "",
    });
    expect(parsed).toMatchObject({
      ok: true,
      value: { winsA: 2, winsB: 1, draws: 0, intentionalDraw: false, note: "" },
    });
  });

  it("treats an empty game-wins field as missing, never as 0 (a stray tap must not save a 0-0 draw)", () => {
    const parsed = parseInput(ReportMatchResultSchema, {
      ...base,
      winsA: "",
      winsB: " ",
      draws: "",
    });
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
    expect(
      parseInput(ClearMatchResultSchema, { matchId: "m1", expectedVersion: "3", note: "  " }),
    ).toMatchObject({
      ok: false,
      error: { fieldErrors: { note: [expect.stringMatching(/why/)] } },
    });
  });
});

/** zod's own wording, which must never reach a person. */
const LIBRARY_WORDING =
  /Invalid input|expected \w+, received|Unrecognized key|Too (big|small)|Invalid option/;

describe("refusals are sentences naming the field", () => {
  const json = {
    winsA: 2,
    winsB: 1,
    draws: 0,
    expectedVersion: 0,
    idempotencyKey: "json-key-0001",
  };

  it("an expectedVersion of 99999999 is not a valid match version, not a missing one (form and JSON)", () => {
    const form = parseInput(ReportMatchResultSchema, {
      ...base,
      winsA: "2",
      winsB: "0",
      expectedVersion: "99999999",
    });
    const api = parseInput(ReportMatchResultJsonSchema, { ...json, expectedVersion: 99999999 });
    for (const parsed of [form, api]) {
      expect(parsed).toMatchObject({
        ok: false,
        error: {
          code: "VALIDATION",
          fieldErrors: { expectedVersion: [expect.stringMatching(/not a valid match version/)] },
        },
      });
      if (!parsed.ok) expect(parsed.error.message).not.toMatch(/missing/);
    }
    const missing = parseInput(ReportMatchResultSchema, {
      ...base,
      winsA: "2",
      winsB: "0",
      expectedVersion: "",
    });
    expect(missing).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/missing the match version/) },
    });
  });

  it("the JSON body takes numbers as JSON numbers: a string in a number is refused, naming the key", () => {
    const parsed = parseInput(ReportMatchResultJsonSchema, { ...json, winsA: "2" });
    expect(parsed).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", fieldErrors: { winsA: [expect.stringContaining("winsA")] } },
    });
  });

  it("the JSON body refuses unknown fields by name, __proto__ and constructor included, keyed by their own name", () => {
    for (const key of ["__proto__", "constructor", "matchId", "winsa"]) {
      const body = JSON.parse(
        `{"winsA":2,"winsB":1,"expectedVersion":0,"idempotencyKey":"json-key-0001",${JSON.stringify(key)}:{"polluted":true}}`,
      );
      const parsed = parseInput(ReportMatchResultJsonSchema, body);
      expect(parsed.ok).toBe(false);
      if (parsed.ok) continue;
      expect(parsed.error.message).toContain(JSON.stringify(key));
      expect(Object.keys(parsed.error.fieldErrors ?? {})).toEqual([key]);
      expect(Object.getPrototypeOf(parsed.error.fieldErrors)).toBe(Object.prototype);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("never answers in zod's own words, for missing fields, wrong types and bad options (form and JSON)", () => {
    const cases: [
      (
        | typeof ReportMatchResultSchema
        | typeof ReportMatchResultJsonSchema
        | typeof ClearMatchResultSchema
      ),
      unknown,
    ][] = [
      [ReportMatchResultSchema, {}],
      [ReportMatchResultSchema, { ...base, winsA: "2", winsB: "0", concededBy: "C" }],
      [ReportMatchResultSchema, { ...base, winsA: "2", winsB: "0", note: "x".repeat(501) }],
      [ReportMatchResultSchema, { ...base, winsA: "2", winsB: "0", idempotencyKey: undefined }],
      [ClearMatchResultSchema, {}],
      [ReportMatchResultJsonSchema, {}],
      [
        ReportMatchResultJsonSchema,
        { ...json, concededBy: "C", intentionalDraw: "yes", note: 5, idempotencyKey: 12 },
      ],
    ];
    for (const [schema, input] of cases) {
      const parsed = parseInput(schema, input);
      expect(parsed.ok).toBe(false);
      if (parsed.ok) continue;
      expect(parsed.error.message).not.toMatch(LIBRARY_WORDING);
      for (const messages of Object.values(parsed.error.fieldErrors ?? {}))
        for (const message of messages) expect(message).not.toMatch(LIBRARY_WORDING);
    }
  });

  it("refuses what PostgreSQL would refuse (NUL) before the database: match ids, request keys and reasons", () => {
    const slip = { ...base, winsA: "2", winsB: "0" };
    expect(parseInput(ReportMatchResultSchema, { ...slip, matchId: "m1\u0000" })).toMatchObject({
      ok: false,
      error: { fieldErrors: { matchId: [expect.any(String)] } },
    });
    expect(
      parseInput(ReportMatchResultSchema, { ...slip, idempotencyKey: "key\u0000-0001" }),
    ).toMatchObject({
      ok: false,
      error: { fieldErrors: { idempotencyKey: [expect.any(String)] } },
    });
    expect(parseInput(ReportMatchResultSchema, { ...slip, note: "late\u0000" })).toMatchObject({
      ok: false,
      error: { fieldErrors: { note: [expect.any(String)] } },
    });
    expect(
      parseInput(ClearMatchResultSchema, { matchId: "m1", expectedVersion: "1", note: "\u0007" }),
    ).toMatchObject({ ok: false, error: { fieldErrors: { note: [expect.any(String)] } } });
  });
});
