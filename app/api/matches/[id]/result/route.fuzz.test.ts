// Thousands of malformed and hostile requests to every
// write route — never a 5xx, never a changed row, always a clear 4xx naming the field.
//
// The route handler is imported and called directly with Request objects (no server), against
// the real PostgreSQL of the integration run. The staff result forms' server actions get the
// same treatment with FormData, since they reach the same data-layer writes.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { clearMatchResultAction, reportMatchResultAction } from "@/lib/server/match/result-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { POST } from "./route";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";

// Server actions refresh the round page after a conflict; there is no Next.js cache in a test.
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
// Every request comes from the tournaments' signed-in organizer (the fuzz is about the input, not
// about who sends it: lib/server/access/authorization.test.ts covers that). Server actions read the
// request's headers through next/headers.
let organizer: TestAccount;
vi.mock("next/headers", () => ({
  headers: async () => organizer.headers,
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));

afterAll(async () => {
  await prisma.$disconnect();
});

type Fixture = {
  tournamentId: string;
  /** A paired match with no result yet, version 0. */
  openMatch: { id: string; version: number };
  /** A match whose result staff already recorded (confirmed), version 1. */
  reportedMatch: { id: string; version: number };
  /** A match of another tournament. */
  otherTournamentMatch: { id: string; version: number };
};

let fixture: Fixture;

async function tournamentWithRound(name: string, players: string[]) {
  const created = await createTournament(
    { name, format: "Modern", gamesToWin: 2, roundMinutes: 50, teamSize: 1 },
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  for (const player of players) {
    const registered = await registerPlayer({ tournamentId: created.value.id, name: player });
    if (!registered.ok) throw new Error(registered.error.message);
  }
  const paired = await pairNextSwissRound(created.value.id, "fuzz-seed");
  if (!paired.ok) throw new Error(paired.error.message);
  const round = await getRound(created.value.id, 1);
  if (!round) throw new Error("round 1 missing");
  return { tournamentId: created.value.id, matches: round.matches.filter((m) => m.sideB !== null) };
}

beforeAll(async () => {
  organizer = await createSignedInAccount("Fuzz Organizer");
  const main = await tournamentWithRound("Fuzz Open", ["Ana", "Ben", "Cleo", "Dev"]);
  const other = await tournamentWithRound("Fuzz Other", ["Eve", "Finn"]);
  const [open, reported] = main.matches;
  const [elsewhere] = other.matches;
  if (!open || !reported || !elsewhere) throw new Error("expected two matches and one match");
  const saved = await reportMatchResult(
    {
      matchId: reported.id,
      winsA: 2,
      winsB: 1,
      draws: 0,
      expectedVersion: 0,
      idempotencyKey: "fuzz-fixture-report",
      intentionalDraw: false,
      note: "",
    },
    { source: "STAFF", name: "Fixture" },
  );
  if (!saved.ok) throw new Error(saved.error.message);
  fixture = {
    tournamentId: main.tournamentId,
    openMatch: { id: open.id, version: 0 },
    reportedMatch: { id: reported.id, version: 1 },
    otherTournamentMatch: { id: elsewhere.id, version: 0 },
  };
});

/** Every row the result writes touch, in a stable order: compared before and after a run. */
async function snapshotResultRows(): Promise<string> {
  const [matches, reports, changes] = await Promise.all([
    prisma.match.findMany({ orderBy: { id: "asc" } }),
    prisma.matchReport.findMany({ orderBy: { id: "asc" } }),
    prisma.resultChange.findMany({ orderBy: { id: "asc" } }),
  ]);
  return JSON.stringify({ matches, reports, changes });
}

// ---------------------------------------------------------------------------------------
// What a clear refusal looks like

/** Library wording that must never reach a person (zod's defaults, JavaScript and database errors). */
const RAW_LIBRARY_TEXT =
  /Invalid input|expected \w+, received|Unrecognized key|Too (big|small)|Invalid option|Invalid (string|number|type|enum)|^Required$|NaN|undefined|\[object Object\]|Unexpected token|JSON at position|prisma|violates|syntax error|TypeError|is not a function/i;

const KNOWN_CODES = [
  "VALIDATION",
  "NOT_FOUND",
  "CONFLICT",
  "MATCH_CONFIRMED",
  "INVALID_RESULT",
  "UNSUPPORTED_MEDIA_TYPE",
  "PAYLOAD_TOO_LARGE",
  "METHOD_NOT_ALLOWED",
];

type Refusal = {
  status: number;
  code: string;
  message: string;
  fieldErrors?: Record<string, string[]>;
};

function expectHumanSentence(message: unknown): asserts message is string {
  expect(typeof message).toBe("string");
  const text = message as string;
  expect(text.length).toBeGreaterThan(10);
  expect(text.length).toBeLessThan(400);
  // A field name the client sent is quoted back as it came ("NaN", "undefined"…): judge the words around it.
  expect(text.replace(/"(?:[^"\\]|\\.)*"/g, '"…"')).not.toMatch(RAW_LIBRARY_TEXT);
}

/** A 4xx with the one error body, `{ error: { code, message, fields? } }`, and sentences a person can act on. */
async function readRefusal(response: Response): Promise<Refusal> {
  expect(response.status, `status ${response.status}`).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(response.headers.get("content-type") ?? "").toMatch(/^application\/json/);
  const body = (await response.json()) as {
    error: Omit<Refusal, "fieldErrors"> & { fields?: Refusal["fieldErrors"] };
  };
  expect(Object.keys(body)).toEqual(["error"]);
  const { code, message, fields: fieldErrors } = body.error;
  expect(KNOWN_CODES).toContain(code);
  expectHumanSentence(message);
  if (fieldErrors !== undefined) {
    expect(typeof fieldErrors).toBe("object");
    for (const messages of Object.values(fieldErrors)) {
      expect(Array.isArray(messages)).toBe(true);
      for (const text of messages) expectHumanSentence(text);
    }
  }
  return { status: response.status, code, message, fieldErrors };
}

// ---------------------------------------------------------------------------------------
// Hostile values

const SQL_AND_HTML = [
  '\'; DROP TABLE "Match"; --',
  "1 OR 1=1",
  '" OR ""="',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe
  "${7*7}",
  "{{7*7}}",
  "../../etc/passwd",
  "%00",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "🂡🂱",
  "ＡＢＣ",
  "\u202eevil",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-Infinity",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
];

const hostileString = fc.oneof(
  fc.constantFrom(...SQL_AND_HTML),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
);
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(
    null,
    true,
    false,
    [],
    [1],
    {},
    { $gt: 0 },
    { __proto__: { admin: true } },
    [null],
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
  ),
  fc.double({ noNaN: true }),
  fc.integer(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

/** A whole number from 0 to 9 — the one kind of value a game count may be. */
const isGameCount = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 9;
const notAGameCount = fc
  .oneof(
    hostileJson,
    fc.constantFrom(
      "2",
      " 1",
      "0x1",
      "1e0",
      "",
      "two",
      -1,
      10,
      12,
      99999999,
      1.5,
      0.1,
      2.000001,
      -0.5,
    ),
  )
  .filter((value) => !isGameCount(value));

const isMatchVersion = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 1_000_000;
const notAMatchVersion = fc
  .oneof(
    hostileJson,
    fc.constantFrom(99999999, -1, 1.5, "0", "1", "", "v1", 1_000_001, 2 ** 31, 2 ** 53),
  )
  .filter((value) => !isMatchVersion(value));

const notAKey = fc.oneof(
  fc.constantFrom(
    "",
    "short",
    "       ",
    "a\u0000bcdefghij",
    "tab\tinside-the-key",
    "x".repeat(101),
    "\u0000".repeat(10),
  ),
  hostileJson.filter((value) => typeof value !== "string"),
);
const notASide = fc
  .oneof(hostileJson, fc.constantFrom("C", "a", "b", "", "A ", "AB", 0, 1))
  .filter((value) => value !== "A" && value !== "B" && value !== undefined);
const notABoolean = fc
  .oneof(hostileJson, fc.constantFrom("true", "false", "on", "yes", 1, 0, ""))
  .filter((value) => typeof value !== "boolean");
const notANote = fc.oneof(
  fc.constantFrom("x".repeat(501), "ok\u0000then", "\u0007bell", 42, true, null, [], {}),
  hostileJson.filter((value) => typeof value !== "string"),
);

const KNOWN_FIELDS = [
  "winsA",
  "winsB",
  "draws",
  "expectedVersion",
  "idempotencyKey",
  "concededBy",
  "intentionalDraw",
  "confirmUnusual",
  "note",
];
const unknownField = fc
  .oneof(
    fc.constantFrom(
      "__proto__",
      "constructor",
      "prototype",
      "toString",
      "hasOwnProperty",
      "matchId",
      "tournamentId",
      "version",
      "confirmedAt",
      "$where",
      "winsa",
      "WinsA",
    ),
    fc.string({ minLength: 1, maxLength: 12 }),
  )
  .filter((key) => !KNOWN_FIELDS.includes(key));

const FIELD_DEFECTS = {
  winsA: notAGameCount,
  winsB: notAGameCount,
  draws: notAGameCount,
  expectedVersion: notAMatchVersion,
  idempotencyKey: notAKey,
  concededBy: notASide,
  intentionalDraw: notABoolean,
  note: notANote,
} satisfies Record<string, fc.Arbitrary<unknown>>;
type Field = keyof typeof FIELD_DEFECTS;
const REQUIRED_FIELDS: Field[] = ["winsA", "winsB", "expectedVersion", "idempotencyKey"];

// ---------------------------------------------------------------------------------------
// Requests

let keyCounter = 0;
const freshKey = () => `fuzz-key-${Date.now()}-${keyCounter++}`;

type Target = keyof Fixture | "unknown" | "hostile";
const targetMatch = (target: Target, hostileId: string): { id: string; version: number } => {
  if (target === "unknown") return { id: "cm0000000000000000000000", version: 0 };
  if (target === "hostile") return { id: hostileId, version: 0 };
  if (target === "tournamentId") throw new Error("not a match");
  return fixture[target];
};

/** A slip that would be saved if nothing else were wrong with the request. */
function validBody(match: { version: number }): Record<string, unknown> {
  return {
    winsA: 2,
    winsB: 0,
    draws: 0,
    expectedVersion: match.version,
    idempotencyKey: freshKey(),
    note: "Entered by the fuzz test",
  };
}

function jsonRequest(
  body: string,
  contentType: string | null = "application/json",
  method = "POST",
): Request {
  const headers = new Headers({ cookie: organizer.cookie });
  if (contentType !== null) headers.set("content-type", contentType);
  return new Request("http://localhost/api/matches/x/result", { method, headers, body });
}

async function post(matchId: string, request: Request): Promise<Response> {
  return POST(request, { params: Promise.resolve({ id: matchId }) });
}

/** Serialises own keys as given, `__proto__` and `constructor` included (JSON.stringify of a literal would drop a prototype key). */
function rawJson(entries: [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`).join(",")}}`;
}

// One defect per request, so the answer can be checked precisely.
type Case =
  | { kind: "content-type"; contentType: string | null }
  | { kind: "not-json"; body: string }
  | { kind: "not-an-object"; body: unknown }
  | { kind: "too-large"; size: number }
  | { kind: "bad-field"; field: Field; value: unknown }
  | { kind: "missing-field"; field: Field }
  | { kind: "unknown-field"; key: string; value: unknown }
  | { kind: "unknown-match"; target: "unknown" | "hostile"; hostileId: string }
  | { kind: "stale-version"; version: number };

const singleDefect: fc.Arbitrary<Case> = fc.oneof(
  fc.record({
    kind: fc.constant("content-type" as const),
    contentType: fc.constantFrom(
      null,
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
      "text/json",
      "application/json-patch+json",
      "application/json; charset=utf-16",
      "*/*",
      "",
    ),
  }),
  fc.record({
    kind: fc.constant("not-json" as const),
    body: fc
      .oneof(
        fc.constantFrom(
          "",
          "{",
          '{"winsA":',
          "winsA=2&winsB=0",
          "undefined",
          "NaN",
          "{'winsA': 2}",
          '{"winsA": 2,}',
          "\u0000",
          "<xml/>",
        ),
        fc.string({ maxLength: 30 }),
      )
      .filter((text) => {
        try {
          JSON.parse(text);
          return false;
        } catch {
          return true;
        }
      }),
  }),
  fc.record({
    kind: fc.constant("not-an-object" as const),
    body: fc.oneof(
      fc.constantFrom(null, true, 0, "text", [], [{ winsA: 2, winsB: 0 }]),
      fc.array(fc.integer(), { maxLength: 4 }),
      fc.string({ maxLength: 10 }),
    ),
  }),
  fc.record({
    kind: fc.constant("too-large" as const),
    size: fc.integer({ min: 70_000, max: 2_000_000 }),
  }),
  fc
    .constantFrom(...(Object.keys(FIELD_DEFECTS) as Field[]))
    .chain((field) =>
      FIELD_DEFECTS[field].map((value) => ({ kind: "bad-field" as const, field, value })),
    ),
  fc.record({
    kind: fc.constant("missing-field" as const),
    field: fc.constantFrom(...REQUIRED_FIELDS),
  }),
  fc.record({ kind: fc.constant("unknown-field" as const), key: unknownField, value: hostileJson }),
  fc.record({
    kind: fc.constant("unknown-match" as const),
    target: fc.constantFrom("unknown" as const, "hostile" as const),
    hostileId: fc.oneof(
      fc.constantFrom(...SQL_AND_HTML),
      fc.string({ minLength: 1, maxLength: 300 }),
    ),
  }),
  // An offset from the stored version: a well-formed version that is not the current one.
  fc.record({
    kind: fc.constant("stale-version" as const),
    version: fc.oneof(fc.constantFrom(1, 2, 999_000), fc.integer({ min: 1, max: 999_000 })),
  }),
);

const realMatch = fc.constantFrom<"openMatch" | "reportedMatch" | "otherTournamentMatch">(
  "openMatch",
  "reportedMatch",
  "otherTournamentMatch",
);

async function send(
  testCase: Case,
  target: "openMatch" | "reportedMatch" | "otherTournamentMatch",
): Promise<Response> {
  const match = fixture[target];
  const body = validBody(match);
  switch (testCase.kind) {
    case "content-type":
      return post(match.id, jsonRequest(JSON.stringify(body), testCase.contentType));
    case "not-json":
      return post(match.id, jsonRequest(testCase.body));
    case "not-an-object":
      return post(match.id, jsonRequest(JSON.stringify(testCase.body)));
    case "too-large":
      return post(
        match.id,
        jsonRequest(JSON.stringify({ ...body, note: "x".repeat(testCase.size) })),
      );
    case "bad-field":
      return post(
        match.id,
        jsonRequest(rawJson(Object.entries({ ...body, [testCase.field]: testCase.value }))),
      );
    case "missing-field": {
      const { [testCase.field]: _removed, ...rest } = body;
      return post(match.id, jsonRequest(JSON.stringify(rest)));
    }
    case "unknown-field":
      return post(
        match.id,
        jsonRequest(rawJson([...Object.entries(body), [testCase.key, testCase.value]])),
      );
    case "unknown-match": {
      const other = targetMatch(testCase.target, testCase.hostileId);
      return post(other.id, jsonRequest(JSON.stringify(body)));
    }
    case "stale-version":
      return post(
        match.id,
        jsonRequest(JSON.stringify({ ...body, expectedVersion: match.version + testCase.version })),
      );
  }
}

function expectAnswerFits(testCase: Case, refusal: Refusal) {
  switch (testCase.kind) {
    case "content-type":
      expect(refusal.status).toBe(415);
      expect(refusal.message).toMatch(/application\/json/);
      return;
    case "not-json":
      expect(refusal.status).toBe(400);
      expect(refusal.message).toMatch(/JSON/);
      return;
    case "not-an-object":
      expect(refusal.status).toBe(400);
      expect(refusal.message).toMatch(/JSON object/);
      return;
    case "too-large":
      expect(refusal.status).toBe(413);
      expect(refusal.message).toMatch(/too large/i);
      return;
    case "bad-field":
    case "missing-field":
      expect(refusal.status).toBe(400);
      expect(refusal.code).toBe("VALIDATION");
      expect(Object.keys(refusal.fieldErrors ?? {})).toEqual([testCase.field]);
      expect(refusal.message).toContain(testCase.field);
      if (testCase.kind === "missing-field") expect(refusal.message).toMatch(/missing/i);
      if (testCase.kind === "bad-field" && testCase.field === "expectedVersion")
        expect(refusal.message).not.toMatch(/missing/i);
      return;
    case "unknown-field":
      expect(refusal.status).toBe(400);
      expect(refusal.code).toBe("VALIDATION");
      expect(refusal.message).toContain(JSON.stringify(testCase.key));
      expect(Object.keys(refusal.fieldErrors ?? {})).toEqual([testCase.key]);
      return;
    case "unknown-match":
      expect(refusal.status).toBe(404);
      expect(refusal.code).toBe("NOT_FOUND");
      return;
    case "stale-version":
      expect(refusal.status).toBe(409);
      expect(refusal.code).toBe("CONFLICT");
      return;
  }
}

describe("POST /api/matches/[id]/result under malformed and hostile requests", () => {
  it("answers each single defect with the right 4xx and a sentence naming the field; no row changes", async () => {
    const before = await snapshotResultRows();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(singleDefect, realMatch, async (testCase, target) => {
        const refusal = await readRefusal(await send(testCase, target));
        expectAnswerFits(testCase, refusal);
        sent++;
      }),
      { numRuns: 1500, seed: 7_000_007 },
    );
    expect(sent).toBeGreaterThanOrEqual(1500);
    expect(await snapshotResultRows()).toBe(before);
  }, 120_000);

  it("answers piles of defects at once with a clear 4xx, never a 5xx; no row changes", async () => {
    const before = await snapshotResultRows();
    const chaos = fc.record({
      cases: fc.array(singleDefect, { minLength: 2, maxLength: 5 }),
      target: realMatch,
    });
    await fc.assert(
      fc.asyncProperty(chaos, async ({ cases, target }) => {
        const match = fixture[target];
        let entries: [string, unknown][] = Object.entries(validBody(match));
        let contentType: string | null = "application/json";
        let id = match.id;
        let raw: string | null = null;
        for (const c of cases) {
          if (c.kind === "content-type") contentType = c.contentType;
          else if (c.kind === "not-json") raw = c.body;
          else if (c.kind === "not-an-object") raw = JSON.stringify(c.body);
          else if (c.kind === "too-large") entries.push(["note", "y".repeat(c.size)]);
          else if (c.kind === "bad-field")
            entries = [...entries.filter(([k]) => k !== c.field), [c.field, c.value]];
          else if (c.kind === "missing-field") entries = entries.filter(([k]) => k !== c.field);
          else if (c.kind === "unknown-field") entries.push([c.key, c.value]);
          else if (c.kind === "unknown-match") id = targetMatch(c.target, c.hostileId).id;
          else
            entries = [
              ...entries.filter(([k]) => k !== "expectedVersion"),
              ["expectedVersion", match.version + c.version],
            ];
        }
        await readRefusal(await post(id, jsonRequest(raw ?? rawJson(entries), contentType)));
      }),
      { numRuns: 1000, seed: 7_000_077 },
    );
    expect(await snapshotResultRows()).toBe(before);
  }, 120_000);

  it("says an expectedVersion of 99999999 is not a valid match version (not that the form is missing it)", async () => {
    const body = { ...validBody(fixture.openMatch), expectedVersion: 99999999 };
    const refusal = await readRefusal(
      await post(fixture.openMatch.id, jsonRequest(JSON.stringify(body))),
    );
    expect(refusal.status).toBe(400);
    expect(refusal.message).not.toMatch(/missing/i);
    expect(refusal.message).toMatch(/expectedVersion/);
    expect(refusal.message).toMatch(/not a valid match version/);
  });

  it("refuses a body sent as text/plain with 415 even when it is valid JSON", async () => {
    const refusal = await readRefusal(
      await post(
        fixture.openMatch.id,
        jsonRequest(JSON.stringify(validBody(fixture.openMatch)), "text/plain"),
      ),
    );
    expect(refusal).toMatchObject({ status: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
  });

  it("refuses a body over the size limit with 413 before reading it all, whatever Content-Length claims", async () => {
    const huge = JSON.stringify({ ...validBody(fixture.openMatch), note: "z".repeat(5_000_000) });
    const refusal = await readRefusal(await post(fixture.openMatch.id, jsonRequest(huge)));
    expect(refusal).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
    // A Content-Length that understates the body does not get it read whole.
    const understated = new Request("http://localhost/api/matches/x/result", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": "20",
        cookie: organizer.cookie,
      },
      body: huge,
    });
    expect(await readRefusal(await post(fixture.openMatch.id, understated))).toMatchObject({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
    });
    // One that overstates it is refused before reading.
    const overstated = new Request("http://localhost/api/matches/x/result", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": "999999999",
        cookie: organizer.cookie,
      },
      body: "{}",
    });
    expect(await readRefusal(await post(fixture.openMatch.id, overstated))).toMatchObject({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
    });
  });

  it("still saves a well-formed result (the fuzz refuses defects, not results)", async () => {
    const body = { ...validBody(fixture.openMatch), winsA: 2, winsB: 1 };
    const response = await post(
      fixture.openMatch.id,
      jsonRequest(JSON.stringify(body), "application/json; charset=utf-8"),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      ok: true,
      data: { matchId: fixture.openMatch.id, version: 1, winner: "A" },
    });
    fixture.openMatch = { ...fixture.openMatch, version: 1 };
  });
});

// ---------------------------------------------------------------------------------------
// The staff result forms' server actions: the same data-layer writes, reached with FormData.

const isFormGameCount = (text: string, blankIsZero: boolean) => {
  const trimmed = text.trim();
  if (trimmed === "") return blankIsZero;
  const number = Number(trimmed);
  return Number.isInteger(number) && number >= 0 && number <= 9;
};
const formText = fc.oneof(
  fc.constantFrom(...SQL_AND_HTML),
  fc.constantFrom("-1", "1.5", "12", "two", "", " ", "1e9", "99999999", "0.5"),
  fc.string({ maxLength: 20 }),
);

type FormCase = { field: string; value: string };
const FORM_DEFECTS: Record<string, fc.Arbitrary<string>> = {
  matchId: fc.oneof(
    fc.constantFrom(...SQL_AND_HTML, "", "   ", "cm0000000000000000000000"),
    fc.string({ maxLength: 300 }),
  ),
  winsA: formText.filter((text) => !isFormGameCount(text, false)),
  winsB: formText.filter((text) => !isFormGameCount(text, false)),
  draws: formText.filter((text) => !isFormGameCount(text, true)),
  // Anything but the stored versions (0 and 1) as the form reads them (blank is missing, not 0).
  expectedVersion: fc
    .oneof(formText, fc.integer({ min: 2, max: 1_000_000 }).map(String))
    .filter(
      (text) => text.trim() === "" || (Number(text.trim()) !== 0 && Number(text.trim()) !== 1),
    ),
  idempotencyKey: fc.constantFrom(
    "",
    "short",
    "a\u0000bcdefghij",
    "\u0000".repeat(10),
    "x".repeat(101),
    "bell\u0007bell-bell",
  ),
  concededBy: fc.constantFrom("C", "a", "AB", "1", "<b>A</b>", "\u0000"),
  note: fc.constantFrom("x".repeat(501), "ok\u0000then", "\u0007 bell"),
};

function formData(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe("the result forms' server actions under malformed and hostile input", () => {
  it("answer every defect with an error naming the field, never the generic failure; no row changes", async () => {
    const before = await snapshotResultRows();
    const formCase = fc
      .constantFrom(...Object.keys(FORM_DEFECTS))
      .chain((field) => FORM_DEFECTS[field]!.map((value): FormCase => ({ field, value })));
    await fc.assert(
      fc.asyncProperty(
        formCase,
        fc.constantFrom<"report" | "clear">("report", "clear"),
        fc.constantFrom<"reportedMatch" | "otherTournamentMatch">(
          "reportedMatch",
          "otherTournamentMatch",
        ),
        async (testCase, action, target) => {
          const match = fixture[target];
          const values: Record<string, string> = {
            tournamentId: fixture.tournamentId,
            matchId: match.id,
            winsA: "1",
            winsB: "2",
            draws: "0",
            expectedVersion: String(match.version),
            idempotencyKey: freshKey(),
            note: "Entered by the fuzz test",
            [testCase.field]: testCase.value,
          };
          if (
            action === "clear" &&
            !["matchId", "expectedVersion", "note"].includes(testCase.field)
          )
            values.note = " ";
          const state =
            action === "report"
              ? await reportMatchResultAction(IDLE_FORM, formData(values))
              : await clearMatchResultAction(IDLE_FORM, formData(values));
          expect(state.status).toBe("error");
          expectHumanSentence(state.message);
          expect(state.message).not.toMatch(/went wrong on our side/);
          for (const messages of Object.values(state.fieldErrors ?? {}))
            for (const text of messages) expectHumanSentence(text);
          if (
            state.fieldErrors &&
            testCase.field !== "matchId" &&
            !(action === "clear" && values.note === " ")
          ) {
            expect(Object.keys(state.fieldErrors)).toContain(testCase.field);
          }
        },
      ),
      { numRuns: 600, seed: 7_000_777 },
    );
    expect(await snapshotResultRows()).toBe(before);
  }, 120_000);
});
