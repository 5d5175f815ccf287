import { describe, expect, it } from "vitest";
import { AddTimeExtensionSchema } from "./time-extension";

describe("length limits are said as they are enforced", () => {
  const base = {
    tournamentId: "t1",
    matchId: "m1",
    minutes: 5,
    extensionsSeen: 0,
    idempotencyKey: "key-12345678",
  };
  it("a 200-character extension reason is accepted; 201 is refused with 'to 200 characters or fewer'", () => {
    const accepted = AddTimeExtensionSchema.safeParse({ ...base, reason: "r".repeat(200) });
    expect(accepted.error?.issues).toBeUndefined();
    const tooLong = AddTimeExtensionSchema.safeParse({ ...base, reason: "r".repeat(201) });
    expect(tooLong.success ? "" : tooLong.error.issues[0]?.message).toBe(
      "Keep the reason to 200 characters or fewer.",
    );
  });
});
