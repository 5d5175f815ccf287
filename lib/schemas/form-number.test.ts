import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { z } from "zod";
import { numberFromText } from "./form-number";
import { ReportMatchResultSchema, ClearMatchResultSchema } from "./match-result";
import { PageQuerySchema } from "./paging";
import { RecordPenaltySchema } from "./penalty";
import { AddTimeExtensionSchema } from "./time-extension";
import { RecordEndOfMatchStepSchema } from "./end-of-match";
import { StartPlayoffSchema } from "./playoff";
import { StartRoundSchema, roundNumberFromParam } from "./round";
import { CreateTournamentSchema, UpdateTournamentSettingsSchema } from "./tournament";

/** Text Number() and z.coerce read as a number that no one types into a form. */
const NOT_PLAIN = [
  "0x2",
  "0X2",
  "1e2",
  "2E0",
  "0b1",
  "0o7",
  "Infinity",
  "-Infinity",
  "NaN",
  "+2",
  "2.",
  ".5",
  "1_000",
  "٣",
  "2 2",
  "1,5",
];

describe("form and query numbers are plain decimal digits only", () => {
  it("reads digits, a minus sign and a decimal fraction; blank is missing", () => {
    expect(numberFromText("2")).toBe(2);
    expect(numberFromText(" 12 ")).toBe(12);
    expect(numberFromText("-3")).toBe(-3);
    expect(numberFromText("0.33")).toBe(0.33);
    expect(numberFromText("")).toBeUndefined();
    expect(numberFromText("  ")).toBeUndefined();
    expect(numberFromText(7)).toBe(7);
    for (const text of NOT_PLAIN) expect(numberFromText(text), text).toBe(text);
  });

  it("any integer written in decimal reads back as itself", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        (value) => numberFromText(String(value)) === value,
      ),
      { seed: 19, numRuns: 500 },
    );
  });

  const cases: { name: string; schema: z.ZodType; valid: Record<string, string>; field: string }[] =
    [
      {
        name: "result slip winsA",
        schema: ReportMatchResultSchema,
        valid: {
          matchId: "m1",
          winsA: "2",
          winsB: "1",
          draws: "0",
          expectedVersion: "0",
          idempotencyKey: "key-00001",
        },
        field: "winsA",
      },
      {
        name: "result slip draws",
        schema: ReportMatchResultSchema,
        valid: {
          matchId: "m1",
          winsA: "2",
          winsB: "1",
          draws: "0",
          expectedVersion: "0",
          idempotencyKey: "key-00001",
        },
        field: "draws",
      },
      {
        name: "result slip version",
        schema: ReportMatchResultSchema,
        valid: {
          matchId: "m1",
          winsA: "2",
          winsB: "1",
          draws: "0",
          expectedVersion: "1",
          idempotencyKey: "key-00001",
        },
        field: "expectedVersion",
      },
      {
        name: "clear version",
        schema: ClearMatchResultSchema,
        valid: { matchId: "m1", expectedVersion: "1", note: "wrong table" },
        field: "expectedVersion",
      },
      { name: "page", schema: PageQuerySchema, valid: { page: "2" }, field: "page" },
      { name: "page size", schema: PageQuerySchema, valid: { pageSize: "20" }, field: "pageSize" },
      {
        name: "penalty game",
        schema: RecordPenaltySchema,
        valid: {
          tournamentId: "t1",
          matchId: "m1",
          expectedVersion: "0",
          idempotencyKey: "key-00001",
          registrationId: "r1",
          kind: "WARNING",
          infraction: "Slow Play",
          gameNumber: "2",
        },
        field: "gameNumber",
      },
      {
        name: "extension minutes",
        schema: AddTimeExtensionSchema,
        valid: {
          tournamentId: "t1",
          matchId: "m1",
          minutes: "3",
          reason: "deck check",
          extensionsSeen: "0",
          idempotencyKey: "key-00001",
        },
        field: "minutes",
      },
      {
        name: "end-of-match life",
        schema: RecordEndOfMatchStepSchema,
        valid: {
          step: "life-totals",
          tournamentId: "t1",
          matchId: "m1",
          expectedSequence: "2",
          idempotencyKey: "key-00001",
          lifeA: "2",
          lifeB: "1",
        },
        field: "lifeA",
      },
      {
        name: "end-of-match sequence",
        schema: RecordEndOfMatchStepSchema,
        valid: {
          step: "turn-ended",
          tournamentId: "t1",
          matchId: "m1",
          expectedSequence: "2",
          idempotencyKey: "key-00001",
        },
        field: "expectedSequence",
      },
      {
        name: "playoff cut",
        schema: StartPlayoffSchema,
        valid: { tournamentId: "t1", cutSize: "8", gamesToWin: "2" },
        field: "cutSize",
      },
      {
        name: "playoff games",
        schema: StartPlayoffSchema,
        valid: { tournamentId: "t1", cutSize: "8", gamesToWin: "2" },
        field: "gamesToWin",
      },
      {
        name: "round number",
        schema: StartRoundSchema,
        valid: { tournamentId: "t1", roundNumber: "2" },
        field: "roundNumber",
      },
      {
        name: "games to win",
        schema: CreateTournamentSchema,
        valid: { name: "FNM", gamesToWin: "2", roundMinutes: "50", teamSize: "1" },
        field: "gamesToWin",
      },
      {
        name: "round minutes",
        schema: CreateTournamentSchema,
        valid: { name: "FNM", gamesToWin: "2", roundMinutes: "50", teamSize: "1" },
        field: "roundMinutes",
      },
      {
        name: "team size",
        schema: CreateTournamentSchema,
        valid: { name: "FNM", gamesToWin: "2", roundMinutes: "50", teamSize: "1" },
        field: "teamSize",
      },
      {
        name: "planned rounds",
        schema: CreateTournamentSchema,
        valid: { name: "FNM", plannedRounds: "5" },
        field: "plannedRounds",
      },
      {
        name: "settings version",
        schema: UpdateTournamentSettingsSchema,
        valid: { tournamentId: "t1", expectedVersion: "5", roundMinutes: "50" },
        field: "expectedVersion",
      },
      {
        name: "settings minutes",
        schema: UpdateTournamentSettingsSchema,
        valid: { tournamentId: "t1", expectedVersion: "5", roundMinutes: "50" },
        field: "roundMinutes",
      },
      {
        name: "settings planned rounds",
        schema: UpdateTournamentSettingsSchema,
        valid: { tournamentId: "t1", expectedVersion: "5", plannedRounds: "4" },
        field: "plannedRounds",
      },
      {
        name: "settings floor",
        schema: UpdateTournamentSettingsSchema,
        valid: { tournamentId: "t1", expectedVersion: "5", percentageFloor: "0.33" },
        field: "percentageFloor",
      },
    ];

  for (const { name, schema, valid, field } of cases) {
    it(`${name}: plain digits pass, "0x2", "1e2" and the like are refused`, () => {
      expect(schema.safeParse(valid).success, JSON.stringify(schema.safeParse(valid))).toBe(true);
      for (const text of NOT_PLAIN)
        expect(schema.safeParse({ ...valid, [field]: text }).success, `${field}=${text}`).toBe(
          false,
        );
    });
  }

  it("a round's address takes 1 to 100 in plain digits, nothing else", () => {
    expect(roundNumberFromParam("3")).toBe(3);
    for (const text of [...NOT_PLAIN, "0", "101", "1e20", "99999999999999999999", "%00", ""])
      expect(roundNumberFromParam(text), text).toBeNull();
  });
});
