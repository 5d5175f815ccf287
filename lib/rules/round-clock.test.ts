import { describe, expect, it } from "vitest";
import {
  checkExtensionMayBeGiven,
  checkExtensionMinutes,
  checkTimeMayBeCalled,
  formatTimeLeft,
  roundClock,
  totalExtensionMinutes,
  type RoundClock,
} from "./round-clock";
import type { RuleResult } from "./result";
import { shownResult, text } from "./testing/shown";

const start = Date.UTC(2026, 10, 21, 10, 0);
const minutes = (n: number) => n * 60_000;

function value(result: RuleResult<RoundClock>): RoundClock {
  if (!result.ok) throw new Error(text(result.error));
  return result.value;
}

describe("MTR 2.4 End-of-Match Procedure: the round clock", () => {
  it("MTR 2.4: before the round starts there is no clock", () => {
    expect(value(roundClock({ startedAt: null, roundMinutes: 50, now: start }))).toEqual({
      kind: "not-started",
    });
  });

  it("MTR 2.4: an untimed round (roundMinutes null, as playoffs often are) has no time limit", () => {
    expect(
      value(roundClock({ startedAt: start, roundMinutes: null, now: start + minutes(500) })),
    ).toEqual({ kind: "untimed" });
  });

  it("MTR 2.4: an untimed round is untimed without being started (playoff rounds have no Start button), never 'not started'", () => {
    expect(value(roundClock({ startedAt: null, roundMinutes: null, now: start }))).toEqual({
      kind: "untimed",
    });
  });

  it("MTR 2.4: a 50-minute round started at 10:00 ends at 10:50; 12 minutes in, 38 minutes are left", () => {
    expect(
      value(roundClock({ startedAt: start, roundMinutes: 50, now: start + minutes(12) })),
    ).toEqual({
      kind: "timed",
      endsAt: start + minutes(50),
      msLeft: minutes(38),
      isOver: false,
    });
  });

  it("MTR 2.4: time is reached at the limit exactly, and the time left never goes below 0", () => {
    expect(
      value(roundClock({ startedAt: start, roundMinutes: 50, now: start + minutes(50) - 1 })),
    ).toMatchObject({ msLeft: 1, isOver: false });
    expect(
      value(roundClock({ startedAt: start, roundMinutes: 50, now: start + minutes(50) })),
    ).toMatchObject({ msLeft: 0, isOver: true });
    expect(
      value(roundClock({ startedAt: start, roundMinutes: 50, now: start + minutes(75) })),
    ).toMatchObject({ msLeft: 0, isOver: true });
  });

  it("MTR 2.4: the clock depends only on the `now` it is given (a browser's wrong clock is the caller's offset, not ours)", () => {
    const a = value(roundClock({ startedAt: start, roundMinutes: 50, now: start + minutes(10) }));
    const b = value(roundClock({ startedAt: start, roundMinutes: 50, now: start + minutes(10) }));
    expect(a).toEqual(b);
  });

  it("MTR 2.4: a bad start, length or now is refused, not a NaN clock", () => {
    expect(roundClock({ startedAt: Number.NaN, roundMinutes: 50, now: start }).ok).toBe(false);
    expect(roundClock({ startedAt: start, roundMinutes: -1, now: start }).ok).toBe(false);
    expect(roundClock({ startedAt: start, roundMinutes: 50, now: Number.NaN }).ok).toBe(false);
    expect(roundClock(null as never).ok).toBe(false);
  });
});

describe("MTR 2.6 Time Extensions: one match's clock", () => {
  it("MTR 2.6: a match's end is the round's end plus that match's extensions", () => {
    const round = value(
      roundClock({ startedAt: start, roundMinutes: 50, now: start + minutes(20) }),
    );
    const table = value(
      roundClock({
        startedAt: start,
        roundMinutes: 50,
        extensionMinutes: 5,
        now: start + minutes(20),
      }),
    );
    if (round.kind !== "timed" || table.kind !== "timed") throw new Error("timed");
    expect(table.endsAt - round.endsAt).toBe(minutes(5));
    expect(table.msLeft - round.msLeft).toBe(minutes(5));
  });

  it("MTR 2.6: when the round's time is over, an extended match still plays on until its own end", () => {
    const now = start + minutes(52);
    expect(value(roundClock({ startedAt: start, roundMinutes: 50, now }))).toMatchObject({
      isOver: true,
      msLeft: 0,
    });
    expect(
      value(roundClock({ startedAt: start, roundMinutes: 50, extensionMinutes: 5, now })),
    ).toMatchObject({ isOver: false, msLeft: minutes(3) });
  });

  it("MTR 2.6: a match's extensions add up (a 3-minute ruling and a 7-minute deck check: 10 minutes)", () => {
    expect(totalExtensionMinutes([{ minutes: 3 }, { minutes: 7 }])).toEqual({
      ok: true,
      value: 10,
    });
    expect(totalExtensionMinutes([])).toEqual({ ok: true, value: 0 });
  });

  it("MTR 2.6: an extension is whole minutes from 1 to 30; anything else is refused with the rule", () => {
    expect(checkExtensionMinutes(1)).toEqual({ ok: true, value: 1 });
    expect(checkExtensionMinutes(30)).toEqual({ ok: true, value: 30 });
    for (const bad of [0, 31, 2.5, -3, Number.NaN, "5", null]) {
      const checked = checkExtensionMinutes(bad);
      expect(checked.ok, String(bad)).toBe(false);
      if (!checked.ok)
        expect(checked.error).toMatchObject({ code: "INVALID_NUMBER", rule: "MTR 2.6" });
    }
    expect(totalExtensionMinutes([{ minutes: 5 }, { minutes: 0 }]).ok).toBe(false);
    expect(totalExtensionMinutes("5" as never).ok).toBe(false);
  });
});

describe("MTR 2.6 Time Extensions: time is called for a table only when its own clock runs out", () => {
  const start = Date.UTC(2025, 5, 1, 10, 0, 0);
  const minute = 60_000;

  it("MTR 2.6: calling time before the table's end (round end + its extension) is refused, naming the time left and the extension", () => {
    const now = start + 50 * minute + 50_000; // round over 50 s ago; table 12 has 5 minutes more
    const refused = checkTimeMayBeCalled({
      tableNumber: 12,
      startedAt: start,
      roundMinutes: 50,
      extensionMinutes: 5,
      now,
    });
    expect(refused?.error).toMatchObject({ code: "TIME_NOT_REACHED", rule: "MTR 2.6" });
    expect(text(refused?.error)).toBe(
      "Table 12 still has 4:10 on its clock (includes 5 minutes of time extension): time is called when it runs out (MTR 2.4, MTR 2.6). If the hall's clock says time, say why and call it anyway.",
    );
  });

  it("MTR 2.4: calling time before the round's end is refused; at the end and after it is allowed", () => {
    expect(
      text(
        checkTimeMayBeCalled({
          tableNumber: 3,
          startedAt: start,
          roundMinutes: 50,
          now: start + 10 * minute,
        })?.error,
      ),
    ).toContain("Table 3 still has 40:00 on its clock:");
    expect(
      checkTimeMayBeCalled({
        tableNumber: 3,
        startedAt: start,
        roundMinutes: 50,
        now: start + 50 * minute,
      }),
    ).toBeNull();
    expect(
      checkTimeMayBeCalled({
        tableNumber: 3,
        startedAt: start,
        roundMinutes: 50,
        extensionMinutes: 5,
        now: start + 55 * minute + 1,
      }),
    ).toBeNull();
  });

  it("MTR 2.4: a judge may call time before the app's clock runs out with a reason (the hall's clock is official); an empty reason is no reason", () => {
    const start = Date.UTC(2026, 10, 24, 10, 0);
    const early = { tableNumber: 4, startedAt: start, roundMinutes: 50, now: start + 48 * minute };
    expect(
      checkTimeMayBeCalled({ ...early, overrideReason: "Round started 3 minutes late in the app" }),
    ).toBeNull();
    expect(checkTimeMayBeCalled({ ...early, overrideReason: "   " })?.error.code).toBe(
      "TIME_NOT_REACHED",
    );
    expect(text(checkTimeMayBeCalled(early)?.error)).toContain(
      "If the hall's clock says time, say why and call it anyway.",
    );
  });

  it("MTR 2.4: a round with no recorded start, or an untimed round, leaves calling time to the judge", () => {
    expect(
      checkTimeMayBeCalled({ tableNumber: 1, startedAt: null, roundMinutes: 50, now: start }),
    ).toBeNull();
    expect(
      checkTimeMayBeCalled({ tableNumber: 1, startedAt: start, roundMinutes: null, now: start }),
    ).toBeNull();
  });

  it("MTR 2.6: the time left is shown as the clocks show it, seconds rounded up", () => {
    expect(formatTimeLeft(250_000)).toBe("4:10");
    expect(formatTimeLeft(249_001)).toBe("4:10");
    expect(formatTimeLeft(0)).toBe("0:00");
    expect(formatTimeLeft(3_725_000)).toBe("1:02:05");
  });

  it("MTR 2.6: a current time that is not a time is refused", () => {
    expect(
      checkTimeMayBeCalled({ tableNumber: 1, startedAt: start, roundMinutes: 50, now: Number.NaN })
        ?.error.code,
    ).toBe("INVALID_NUMBER");
  });
});

describe("MTR 2.6 Time Extensions: which matches may take one", () => {
  const playing = { tableNumber: 4, isBye: false, hasResult: false, isTimeCalled: false };
  it("MTR 2.6: a match still being played, before time is called, may be extended", () => {
    expect(checkExtensionMayBeGiven(playing)).toBeNull();
  });
  it("MTR 2.4: once time is called the procedure has begun and an extension no longer delays it: refused", () => {
    const refused = checkExtensionMayBeGiven({ ...playing, isTimeCalled: true });
    expect(refused ? shownResult(refused) : refused).toMatchObject({
      ok: false,
      error: { code: "TIME_ALREADY_CALLED", message: expect.stringContaining("MTR 2.4") },
    });
  });
  it("MTR 2.6: a bye has no clock, and a match with a result needs no more time", () => {
    expect(checkExtensionMayBeGiven({ ...playing, isBye: true })).toMatchObject({
      ok: false,
      error: { code: "BYE" },
    });
    expect(checkExtensionMayBeGiven({ ...playing, hasResult: true })).toMatchObject({
      ok: false,
      error: { code: "MATCH_ALREADY_DECIDED" },
    });
  });
  it("MTR 2.6: a table number that is not one is never named in the refusal", () => {
    const refused = checkExtensionMayBeGiven({
      ...playing,
      hasResult: true,
      tableNumber: {} as never,
    });
    expect(refused ? shownResult(refused) : refused).toMatchObject({
      ok: false,
      error: { code: "MATCH_ALREADY_DECIDED", message: expect.stringMatching(/^This match/) },
    });
  });
});
