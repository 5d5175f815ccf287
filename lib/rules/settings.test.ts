import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import type { RuleResult } from "./result";
import {
  checkSettingsChange,
  settingLocks,
  type EventProgress,
  type TournamentSettings,
} from "./settings";

/** The result with its error's message rendered in English, as the tests read it. */
const rendered = <T>(r: RuleResult<T>) =>
  r.ok ? r : { ok: false, error: { ...r.error, message: render(r.error) } };

const current: TournamentSettings = {
  name: "Open",
  format: "Modern",
  gamesToWin: 2,
  roundMinutes: 50,
  plannedRounds: 5,
  plannedCut: null,
  percentageFloor: 0.33,
  byeCountsInOwnPercentages: true,
  deckFormat: "modern",
  decklistDeadline: null,
  decklistPublication: "NONE",
};
const progress = (overrides: Partial<EventProgress> = {}): EventProgress => ({
  status: "RUNNING",
  swissRoundsPaired: 0,
  hasRoundOneStarted: false,
  isRoundUnderWay: false,
  hasPlayoffStarted: false,
  ...overrides,
});

describe("which settings may still change", () => {
  it("MTR 2.1: every setting may change before round 1 starts, even once it is paired", () => {
    expect(settingLocks(progress({ swissRoundsPaired: 1 }))).toEqual({});
    const change = checkSettingsChange(
      current,
      { gamesToWin: 1, percentageFloor: 0.3333, plannedRounds: 4, roundMinutes: 30 },
      progress({ swissRoundsPaired: 1 }),
    );
    expect(change).toEqual({
      ok: true,
      value: { changed: ["gamesToWin", "roundMinutes", "plannedRounds", "percentageFloor"] },
    });
  });

  it("MTR 2.1: best-of may not change after round 1 started", () => {
    const change = checkSettingsChange(
      current,
      { gamesToWin: 3 },
      progress({ swissRoundsPaired: 1, hasRoundOneStarted: true }),
    );
    expect(rendered(change)).toMatchObject({
      ok: false,
      error: {
        code: "SETTING_LOCKED",
        rule: "MTR 2.1",
        message: expect.stringContaining("Match length (best-of) can no longer change"),
      },
    });
  });

  it("MTR 3.1: the tiebreaker options are fixed once round 1 started", () => {
    const started = progress({ swissRoundsPaired: 2, hasRoundOneStarted: true });
    expect(checkSettingsChange(current, { percentageFloor: 0 }, started)).toMatchObject({
      ok: false,
      error: { code: "SETTING_LOCKED", rule: "MTR 3.1" },
    });
    expect(
      checkSettingsChange(current, { byeCountsInOwnPercentages: false }, started),
    ).toMatchObject({ ok: false, error: { code: "SETTING_LOCKED" } });
  });

  it("MTR Appendix E: the Swiss rounds may be raised during the event but never below the rounds already paired", () => {
    const third = progress({ swissRoundsPaired: 3, hasRoundOneStarted: true });
    expect(checkSettingsChange(current, { plannedRounds: 6 }, third)).toEqual({
      ok: true,
      value: { changed: ["plannedRounds"] },
    });
    expect(checkSettingsChange(current, { plannedRounds: 3 }, third)).toEqual({
      ok: true,
      value: { changed: ["plannedRounds"] },
    });
    expect(rendered(checkSettingsChange(current, { plannedRounds: 2 }, third))).toMatchObject({
      ok: false,
      error: {
        code: "SETTING_LOCKED",
        message:
          "3 Swiss rounds are already paired: the number of Swiss rounds cannot be lower than 3.",
      },
    });
  });

  it("MTR 2.1: once the playoff has started the Swiss rounds and round length are fixed", () => {
    const locks = settingLocks(
      progress({ swissRoundsPaired: 5, hasRoundOneStarted: true, hasPlayoffStarted: true }),
    );
    expect(Object.keys(locks).sort()).toEqual([
      "byeCountsInOwnPercentages",
      "deckFormat",
      "gamesToWin",
      "percentageFloor",
      "plannedCut",
      "plannedRounds",
      "roundMinutes",
    ]);
    expect(
      checkSettingsChange(
        current,
        { name: "Open (renamed)" },
        progress({ hasPlayoffStarted: true, hasRoundOneStarted: true }),
      ),
    ).toEqual({ ok: true, value: { changed: ["name"] } });
  });

  it("MTR 2.4 (the round clock): the round length does not change while a round's clock runs", () => {
    expect(
      rendered(
        checkSettingsChange(
          current,
          { roundMinutes: 40 },
          progress({ swissRoundsPaired: 2, hasRoundOneStarted: true, isRoundUnderWay: true }),
        ),
      ),
    ).toMatchObject({
      ok: false,
      error: {
        message:
          "Round length can no longer change. A round's clock is running: change the round length between rounds.",
      },
    });
  });

  it("MTR 2.10: a complete event's settings that decide results are final, but resending the same values is no change", () => {
    const done = progress({ status: "COMPLETE", swissRoundsPaired: 5, hasRoundOneStarted: true });
    for (const change of [
      { gamesToWin: 1 },
      { roundMinutes: 30 },
      { plannedRounds: 6 },
      { percentageFloor: 0 },
      { byeCountsInOwnPercentages: false },
    ]) {
      expect(rendered(checkSettingsChange(current, change, done))).toMatchObject({
        ok: false,
        error: {
          code: "SETTING_LOCKED",
          message: expect.stringContaining("The event is complete: its results are final."),
        },
      });
    }
    expect(checkSettingsChange(current, { ...current }, done)).toEqual({
      ok: true,
      value: { changed: [] },
    });
  });

  it("a complete event's name and format are descriptive: a typo stays fixable after the event", () => {
    const done = progress({ status: "COMPLETE", swissRoundsPaired: 5, hasRoundOneStarted: true });
    expect(settingLocks(done)).not.toHaveProperty("name");
    expect(settingLocks(done)).not.toHaveProperty("format");
    expect(
      checkSettingsChange(current, { name: "Open (typo fixed)", format: "Pauper" }, done),
    ).toEqual({
      ok: true,
      value: { changed: ["name", "format"] },
    });
  });

  it("input that is not settings is INVALID_INPUT, not a crash", () => {
    expect(checkSettingsChange(null as never, {}, progress())).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT" },
    });
  });
});

describe("decklist settings (MTR 2.7 Deck Registration)", () => {
  it("MTR 2.7: the decklist format may change until round 1 starts, then stays as announced", () => {
    expect(
      checkSettingsChange(current, { deckFormat: "pioneer" }, progress({ swissRoundsPaired: 1 })),
    ).toEqual({ ok: true, value: { changed: ["deckFormat"] } });
    const locked = rendered(
      checkSettingsChange(
        current,
        { deckFormat: null },
        progress({ swissRoundsPaired: 1, hasRoundOneStarted: true }),
      ),
    );
    expect(locked).toMatchObject({
      ok: false,
      error: {
        code: "SETTING_LOCKED",
        rule: "MTR 2.7",
        message: expect.stringContaining("Decklist format can no longer change."),
      },
    });
  });

  it("MTR 2.7: the deadline moves while the event runs; publishing lists is allowed even once it is complete", () => {
    const running = progress({ swissRoundsPaired: 3, hasRoundOneStarted: true });
    expect(
      checkSettingsChange(current, { decklistDeadline: Date.UTC(2026, 11, 5) }, running),
    ).toEqual({ ok: true, value: { changed: ["decklistDeadline"] } });
    const done = progress({ status: "COMPLETE", swissRoundsPaired: 5, hasRoundOneStarted: true });
    expect(checkSettingsChange(current, { decklistPublication: "TOP_CUT" }, done)).toEqual({
      ok: true,
      value: { changed: ["decklistPublication"] },
    });
    expect(checkSettingsChange(current, { decklistDeadline: 1 }, done)).toMatchObject({
      ok: false,
      error: { code: "SETTING_LOCKED" },
    });
  });
});

describe("the planned top cut (MTR 3.1: the cut goes by the Swiss standings)", () => {
  it("MTR 3.1: the planned cut may change until the playoff starts", () => {
    expect(checkSettingsChange(current, { plannedCut: 8 }, progress())).toEqual({
      ok: true,
      value: { changed: ["plannedCut"] },
    });
    const locked = checkSettingsChange(
      current,
      { plannedCut: 8 },
      progress({ hasPlayoffStarted: true, hasRoundOneStarted: true }),
    );
    expect(locked.ok ? null : locked.error.code).toBe("SETTING_LOCKED");
  });
});
