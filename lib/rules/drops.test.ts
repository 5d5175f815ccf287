import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  computeStandings,
  dropTakesEffectAfter,
  dropUndoFirstRound,
  playoffContenders,
  playsInRound,
} from "./standings";

describe("MTR 2.10 Dropping from a Tournament", () => {
  it("MTR 2.10: a player paired in the current round stays in it; the drop takes effect after that round", () => {
    expect(dropTakesEffectAfter({ roundsPaired: 3, firstRound: 1 })).toEqual({
      ok: true,
      value: 3,
    });
  });

  it("MTR 2.10: before round 1, or a late entry before their first round, took no part (0)", () => {
    expect(dropTakesEffectAfter({ roundsPaired: 0, firstRound: 1 })).toEqual({
      ok: true,
      value: 0,
    });
    expect(dropTakesEffectAfter({ roundsPaired: 2, firstRound: 3 })).toEqual({
      ok: true,
      value: 0,
    });
    expect(dropTakesEffectAfter({ roundsPaired: 3, firstRound: 3 })).toEqual({
      ok: true,
      value: 3,
    });
  });

  it("MTR 2.10: once the event is complete there is nothing left to drop from", () => {
    expect(
      dropTakesEffectAfter({ roundsPaired: 5, firstRound: 1, isEventComplete: true }),
    ).toMatchObject({ ok: false, error: { code: "EVENT_COMPLETE" } });
    expect(
      dropTakesEffectAfter({ roundsPaired: 5, firstRound: 1, isEventComplete: false }),
    ).toEqual({ ok: true, value: 5 });
  });

  it("MTR 2.10: impossible counts are a typed error, not a number", () => {
    expect(dropTakesEffectAfter({ roundsPaired: -1, firstRound: 1 })).toMatchObject({
      ok: false,
      error: { code: "INVALID_NUMBER" },
    });
    expect(dropTakesEffectAfter({ roundsPaired: 1, firstRound: 0 })).toMatchObject({
      ok: false,
      error: { code: "INVALID_NUMBER" },
    });
  });

  it("MTR 2.10: a player who took no part is left out of the standings", () => {
    const dropped = dropTakesEffectAfter({ roundsPaired: 1, firstRound: 2 });
    if (!dropped.ok) throw new Error(render(dropped.error));
    const standings = computeStandings({
      players: [
        { id: "a" },
        { id: "b" },
        { id: "late", firstRound: 2, droppedAfterRound: dropped.value },
      ],
      matches: [{ round: 1, playerA: "a", playerB: "b", slip: { winsA: 2, winsB: 0, draws: 0 } }],
    });
    expect(standings.ok && standings.value.map((standing) => standing.playerId)).toEqual([
      "a",
      "b",
    ]);
  });

  it("MTR 2.10: the playoff cut goes past dropped players in standings order", () => {
    const standings = computeStandings({
      players: [
        { id: "first" },
        { id: "second", droppedAfterRound: 1 },
        { id: "third" },
        { id: "fourth" },
      ],
      matches: [
        { round: 1, playerA: "first", playerB: "fourth", slip: { winsA: 2, winsB: 0, draws: 0 } },
        { round: 1, playerA: "second", playerB: "third", slip: { winsA: 2, winsB: 1, draws: 0 } },
      ],
    });
    if (!standings.ok) throw new Error(render(standings.error));
    expect(standings.value.find((standing) => standing.playerId === "second")?.rank).toBeLessThan(
      3,
    );
    expect(playoffContenders(standings.value)).toEqual(
      standings.value.map((s) => s.playerId).filter((id) => id !== "second"),
    );
    expect(playoffContenders([...standings.value].reverse())).toEqual(
      playoffContenders(standings.value),
    );
  });
});

describe("MTR 2.10: undoing a drop", () => {
  it("MTR 2.10: a drop undone before the next round is paired makes the player eligible from that round; nothing earlier is paired again", () => {
    expect(dropUndoFirstRound({ droppedAfterRound: 3, roundsPaired: 3, firstRound: 1 })).toEqual({
      ok: true,
      value: 4,
    });
    expect(dropUndoFirstRound({ droppedAfterRound: 0, roundsPaired: 0, firstRound: 1 })).toEqual({
      ok: true,
      value: 1,
    });
  });

  it("MTR 2.10: a late entry who dropped before their first round may come back until that round is paired", () => {
    expect(dropUndoFirstRound({ droppedAfterRound: 0, roundsPaired: 2, firstRound: 3 })).toEqual({
      ok: true,
      value: 3,
    });
    expect(
      dropUndoFirstRound({ droppedAfterRound: 0, roundsPaired: 3, firstRound: 3 }),
    ).toMatchObject({ ok: false, error: { code: "DROP_NOT_UNDOABLE" } });
  });

  it("MTR 2.10: once a round was paired without the player, the drop stands (no retroactive pairing)", () => {
    const refused = dropUndoFirstRound({ droppedAfterRound: 2, roundsPaired: 3, firstRound: 1 });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: "DROP_NOT_UNDOABLE", rule: "MTR 2.10" },
    });
    expect(!refused.ok && render(refused.error)).toContain("Round 3 was paired without them");
  });

  it("MTR 2.10: a player who has not dropped, a finished event and a started playoff are refused", () => {
    expect(
      dropUndoFirstRound({ droppedAfterRound: null, roundsPaired: 2, firstRound: 1 }),
    ).toMatchObject({ ok: false, error: { code: "NOT_DROPPED" } });
    expect(
      dropUndoFirstRound({
        droppedAfterRound: 2,
        roundsPaired: 2,
        firstRound: 1,
        isEventComplete: true,
      }),
    ).toMatchObject({ ok: false, error: { code: "EVENT_COMPLETE" } });
    expect(
      dropUndoFirstRound({
        droppedAfterRound: 2,
        roundsPaired: 2,
        firstRound: 1,
        hasPlayoffStarted: true,
      }),
    ).toMatchObject({ ok: false, error: { code: "DROP_NOT_UNDOABLE" } });
  });

  it("MTR 2.10: a drop that came with a Disqualification is not undone here; the drop stands", () => {
    const refused = dropUndoFirstRound({
      droppedAfterRound: 2,
      roundsPaired: 2,
      firstRound: 1,
      isDisqualified: true,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: "DROP_NOT_UNDOABLE" } });
    expect(!refused.ok && render(refused.error)).toContain("Disqualification");
  });
});

describe("MTR 2.10: who is paired in a round (playsInRound)", () => {
  it("MTR 2.10: a player who dropped after round 3 plays rounds 1 to 3, not round 4; a late entry joins at their first round", () => {
    expect(
      [1, 3, 4].map((round) => playsInRound({ firstRound: 1, droppedAfterRound: 3 }, round)),
    ).toEqual([true, true, false]);
    expect(
      [2, 3].map((round) => playsInRound({ firstRound: 3, droppedAfterRound: null }, round)),
    ).toEqual([false, true]);
    expect(playsInRound({ firstRound: 1, droppedAfterRound: 0 }, 1)).toBe(false);
  });
});
