import { describe, expect, it } from "vitest";
import { ArchetypeSchema, EnterDecklistSchema, seatFromParam } from "./decklist";

describe("the decklist forms' fields", () => {
  it("a deck's name is one line of at most 60 characters, without hidden characters", () => {
    expect(ArchetypeSchema.parse("  Mono-Red Burn ")).toBe("Mono-Red Burn");
    expect(ArchetypeSchema.safeParse("Burn\n=HYPERLINK(1)").error?.issues[0]?.message).toBe(
      "The deck's name is one line.",
    );
    expect(ArchetypeSchema.safeParse("x".repeat(61)).success).toBe(false);
  });

  it("a team member's seat is A, B or C (0 to 2), and 0 when the form names none", () => {
    const base = {
      tournamentId: "t1",
      registrationId: "r1",
      text: "4 Lightning Bolt",
      idempotencyKey: "key-12345",
    };
    expect(EnterDecklistSchema.parse(base).seat).toBe(0);
    expect(EnterDecklistSchema.parse({ ...base, seat: "2" }).seat).toBe(2);
    expect(EnterDecklistSchema.safeParse({ ...base, seat: "3" }).error?.issues[0]?.message).toBe(
      "Choose whose deck this is: seat A, B or C.",
    );
  });

  it("a seat in an address is a digit; absent is seat A (0), anything else names no seat", () => {
    expect(seatFromParam(undefined)).toBe(0);
    expect(seatFromParam("2")).toBe(2);
    expect(seatFromParam(["1", "2"])).toBe(1);
    for (const text of ["-1", "1.5", "x", "12"]) expect(seatFromParam(text)).toBeNull();
  });
});
