import { describe, expect, it } from "vitest";
import { DEFAULT_POD_EVENT_SETTINGS, podEventSettings, podRoundMinutes } from "./pod-event";
import { shownResult } from "./testing/shown";

describe("a pod event's settings (CR 100.6a, community tournament addenda)", () => {
  it("CR 100.6a: the addenda's defaults: pods of 4, win 5 / draw 1 / loss 0, at time the active player finishes the turn", () => {
    expect(podEventSettings()).toEqual({ ok: true, value: DEFAULT_POD_EVENT_SETTINGS });
    expect(
      podEventSettings({
        podSize: 3,
        pointsWin: 3,
        pointsDraw: 1,
        pointsLoss: 0,
        additionalTurns: 2,
      }),
    ).toEqual({
      ok: true,
      value: {
        podSize: 3,
        points: { win: 3, draw: 1, loss: 0 },
        endOfRound: { procedure: "additional-turns", turns: 2 },
      },
    });
  });

  it("refuses pods other than 3 or 4, points that do not rank a win over a draw over a loss, and turns out of range, saying why", () => {
    expect(shownResult(podEventSettings({ podSize: 5 }))).toMatchObject({
      ok: false,
      error: { code: "INVALID_SETTING", message: "Pods are of 3 or 4 players, not 5." },
    });
    expect(shownResult(podEventSettings({ pointsWin: 1, pointsDraw: 1 }))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("A win must be worth more than a draw") },
    });
    expect(shownResult(podEventSettings({ pointsDraw: -1 }))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("Points for a draw") },
    });
    expect(shownResult(podEventSettings({ additionalTurns: 0 }))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("Additional turns at time") },
    });
    expect(podEventSettings({ additionalTurns: 21 })).toMatchObject({ ok: false });
  });
});

describe("a pod round's time limit (community tournament addenda)", () => {
  it("addenda: Swiss pods keep the event's round time; the top cut's pods play until someone wins", () => {
    expect(podRoundMinutes({ isCut: false, swissMinutes: 80 })).toBe(80);
    expect(podRoundMinutes({ isCut: false, swissMinutes: null })).toBeNull();
    expect(podRoundMinutes({ isCut: true, swissMinutes: 80 })).toBeNull();
    expect(podRoundMinutes(null as never)).toBeNull();
  });
});
