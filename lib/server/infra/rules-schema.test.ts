import { describe, expect, it } from "vitest";
import { GameEndReason, Side } from "@/lib/generated/prisma/enums";
import { GAME_END_REASONS } from "@/lib/rules/game";
import { SIDES } from "@/lib/rules/result";

// The database stores what lib/rules decides: their vocabularies must be the same lists.
describe("lib/rules and prisma/schema.prisma speak the same enums", () => {
  it("GameEndReason: the rules' list is exactly the database enum, in order (CR 104)", () => {
    expect([...GAME_END_REASONS]).toEqual(Object.values(GameEndReason));
  });

  it("Side: A and B in both", () => {
    expect([...SIDES]).toEqual(Object.values(Side));
  });
});
