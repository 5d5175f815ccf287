import { describe, expect, it } from "vitest";
import { deliveryWhat } from "./webhook-delivery-words";

const none = { round: null, table: null, names: [] };

describe("what a webhook delivery announced, in words", () => {
  it("names the round, the table and the players", () => {
    expect(deliveryWhat({ ...none, kind: "round.paired", round: "Round 3" })).toBe(
      "Round 3 paired",
    );
    expect(
      deliveryWhat({
        kind: "result.recorded",
        round: "Round 1",
        table: "12",
        names: ["Ann", "Ben"],
      }),
    ).toBe("Result recorded: table 12 (Ann vs Ben)");
    expect(deliveryWhat({ ...none, kind: "time.called", table: "4" })).toBe("Time called: table 4");
    expect(deliveryWhat({ ...none, kind: "standings.changed", round: "Round 3" })).toBe(
      "Standings changed after round 3",
    );
    expect(deliveryWhat({ ...none, kind: "standings.changed", round: "Quarterfinals" })).toBe(
      "Standings changed after the Quarterfinals",
    );
    expect(deliveryWhat({ ...none, kind: "event.finished" })).toBe("Event finished");
    expect(deliveryWhat({ ...none, kind: "judge_call.opened", table: "7" })).toBe(
      "Judge call table 7",
    );
    expect(deliveryWhat({ ...none, kind: "judge_call.claimed", table: "7" })).toBe(
      "Judge call taken: table 7",
    );
    expect(deliveryWhat({ ...none, kind: "webhook.ping" })).toBe("Test message");
  });

  it("a pod's result names its table; a subject since deleted falls back to the event kind", () => {
    expect(deliveryWhat({ ...none, kind: "result.recorded", table: "3" })).toBe(
      "Result recorded: table 3",
    );
    expect(deliveryWhat({ ...none, kind: "result.recorded" })).toBe("Result recorded");
    expect(deliveryWhat({ ...none, kind: "round.paired" })).toBe("Round paired");
  });
});
