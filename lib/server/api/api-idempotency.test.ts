import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { CLAIM_LEASE_MS, claimIdempotencyKey, holdIdempotencyClaim } from "./api-idempotency";

describe("an Idempotency-Key whose first request's process died", () => {
  it("is free again once the claim's lease runs out (seconds, not a minute), while a request still running keeps its key", async () => {
    const caller = { callerKey: `user:${randomUUID()}`, tokenId: null };
    const abandoned = randomUUID();
    const running = randomUUID();
    // The first request for `abandoned` claimed it, then its process was killed: nobody renews or answers it.
    expect(await claimIdempotencyKey(caller, abandoned, "hash")).toEqual({ kind: "new" });
    expect(await claimIdempotencyKey(caller, running, "hash")).toEqual({ kind: "new" });
    const stopHolding = holdIdempotencyClaim(caller.callerKey, running);
    try {
      expect(await claimIdempotencyKey(caller, abandoned, "hash")).toEqual({ kind: "in-progress" });
      const claimedAt = Date.now();
      await vi.waitFor(
        async () =>
          expect(await claimIdempotencyKey(caller, abandoned, "hash")).toEqual({ kind: "new" }),
        { timeout: 20_000, interval: 200 },
      );
      expect(Date.now() - claimedAt).toBeLessThan(CLAIM_LEASE_MS + 2_000);
      // Taken over once: a third copy finds it claimed by the second.
      expect(await claimIdempotencyKey(caller, abandoned, "hash")).toEqual({ kind: "in-progress" });
      expect(await claimIdempotencyKey(caller, running, "hash")).toEqual({ kind: "in-progress" });
    } finally {
      stopHolding();
    }
  }, 30_000);
});
