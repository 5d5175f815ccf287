import { describe, expect, it } from "vitest";
import { CreateTournamentSchema } from "./tournament";

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
