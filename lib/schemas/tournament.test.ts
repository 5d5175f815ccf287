import { describe, expect, it } from "vitest";
import { parseInput } from "./parse";
import { CreateTournamentSchema, UpdateTournamentSettingsSchema } from "./tournament";

const base = { name: "FNM", gamesToWin: "2", roundMinutes: "50" };

describe("creating a tournament with its planned top cut (MTR 3.1)", () => {
  it("MTR 3.1: a top cut of 4, 8 or 16 is kept; none leaves it unset", () => {
    const eight = CreateTournamentSchema.safeParse({ ...base, plannedCut: "8" });
    expect(eight.success && eight.data.plannedCut).toBe(8);
    const none = CreateTournamentSchema.safeParse({ ...base, plannedCut: "" });
    expect(none.success && none.data.plannedCut).toBeNull();
    const json = CreateTournamentSchema.safeParse({ ...base, plannedCut: 16 });
    expect(json.success && json.data.plannedCut).toBe(16);
  });

  it("MTR 3.1: any other cut is refused at its field with a clear message", () => {
    for (const plannedCut of ["6", "eight", 2.5, -4]) {
      const parsed = CreateTournamentSchema.safeParse({ ...base, plannedCut });
      expect(parsed.success).toBe(false);
      if (!parsed.success)
        expect(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
          ["plannedCut", "The top cut is none, 4, 8 or 16 players."],
        ]);
    }
  });
});

describe("the decklist settings (MTR 2.7 Deck Registration)", () => {
  const settings = { tournamentId: "t1", expectedVersion: "5" };

  it("MTR 2.7: a format key of the deck rules is kept (any case); empty or none is an event without decklists", () => {
    for (const [deckFormat, kept] of [
      ["Modern", "modern"],
      [" sealed ", "sealed"],
      ["", null],
      ["none", null],
    ] as const) {
      const parsed = UpdateTournamentSettingsSchema.safeParse({ ...settings, deckFormat });
      expect(parsed.success && parsed.data.deckFormat, deckFormat).toBe(kept);
    }
    const untouched = UpdateTournamentSettingsSchema.safeParse(settings);
    expect(untouched.success && "deckFormat" in untouched.data).toBe(false);
  });

  it("MTR 2.7: a format the deck rules do not know is a field error naming the formats there are", () => {
    const refused = parseInput(UpdateTournamentSettingsSchema, {
      ...settings,
      deckFormat: "Oathbreaker",
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: "VALIDATION",
        fieldErrors: { deckFormat: [expect.stringContaining("Standard, Pioneer, Modern")] },
      },
    });
  });

  it("MTR 2.7: the deadline is an instant with its zone, in milliseconds; empty is none; a time without a zone is refused", () => {
    const parsed = UpdateTournamentSettingsSchema.safeParse({
      ...settings,
      decklistDeadline: "2026-12-05T09:30:00+01:00",
      decklistPublication: "TOP_CUT",
    });
    expect(
      parsed.success && [parsed.data.decklistDeadline, parsed.data.decklistPublication],
    ).toEqual([Date.UTC(2026, 11, 5, 8, 30), "TOP_CUT"]);
    const cleared = UpdateTournamentSettingsSchema.safeParse({ ...settings, decklistDeadline: "" });
    expect(cleared.success && cleared.data.decklistDeadline).toBeNull();
    for (const decklistDeadline of ["2026-12-05T09:30", "tomorrow"]) {
      const refused = parseInput(UpdateTournamentSettingsSchema, { ...settings, decklistDeadline });
      expect(refused.ok ? null : Object.keys(refused.error.fieldErrors ?? {})).toEqual([
        "decklistDeadline",
      ]);
    }
    expect(
      UpdateTournamentSettingsSchema.safeParse({ ...settings, decklistPublication: "SOME" })
        .success,
    ).toBe(false);
  });
});
