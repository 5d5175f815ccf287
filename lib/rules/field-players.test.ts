import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import { readFieldPlayers } from "./field-players";
import { pairingReason } from "./pairing-reason";
import { topCutOutlook } from "./top-cut-outlook";

const twice = [
  { id: "ana", matchPoints: 3 },
  { id: "ana", matchPoints: 0 },
];

describe("field players (MTR 3.1: standings by match points), one check for every reader", () => {
  it("MTR 3.1: a meeting listed on one side counts for both", () => {
    const read = readFieldPlayers([
      { id: "ana", matchPoints: 3, opponents: ["bo"] },
      { id: "bo", matchPoints: 0 },
    ]);
    expect(read.ok && read.value.map((p) => [...p.opponents])).toEqual([["bo"], ["ana"]]);
  });

  it("MTR 3.1: the outlook and the pairing reasons refuse a player listed twice alike", () => {
    const outlook = topCutOutlook({ players: twice, roundsLeft: 1, cutSize: 1 });
    const why = pairingReason({
      source: "pairer",
      round: 2,
      players: twice,
      pairing: { playerA: "ana", playerB: null },
    });
    expect(outlook.ok ? null : outlook.error.code).toBe("DUPLICATE_PLAYER");
    expect(why.ok ? null : why.error.code).toBe("DUPLICATE_PLAYER");
    expect(why.ok ? null : render(why.error)).toBe("ana is listed twice.");
  });

  it("MTR 3.1: match points that are not a whole number are refused by name", () => {
    const read = readFieldPlayers([{ id: "cy", matchPoints: 1.5 }]);
    expect(read.ok ? null : render(read.error)).toBe(
      "cy's match points are a whole number, not 1.5.",
    );
    expect(readFieldPlayers("x").ok).toBe(false);
    expect(readFieldPlayers([{ matchPoints: 1 }]).ok).toBe(false);
  });
});
