import { describe, expect, it } from "vitest";
import { checkReopen, checkResultChangeOnEvent, type ReopenFacts } from "./reopen";
import { shownResult, text } from "./testing/shown";

const finished = (overrides: Partial<ReopenFacts> = {}): ReopenFacts => ({
  status: "COMPLETE",
  hasPlayoff: false,
  isImported: false,
  ...overrides,
});

describe("reopening a finished event", () => {
  it("MTR Appendix E: a Swiss-only event finished after its rounds reopens, as nothing builds on its final standings yet", () => {
    const reopen = checkReopen(finished());
    expect(reopen.ok).toBe(true);
    if (!reopen.ok) return;
    expect(text(reopen.value.because)).toBe(
      "Nothing builds on the final standings yet (no prizes, ratings or series are recorded here): the event may reopen.",
    );
  });

  it("an event that is not finished has nothing to reopen", () => {
    for (const status of ["REGISTRATION", "RUNNING"] as const) {
      expect(shownResult(checkReopen(finished({ status })))).toEqual({
        ok: false,
        error: {
          code: "EVENT_NOT_COMPLETE",
          rule: undefined,
          message: "The event is not finished: there is nothing to reopen.",
        },
      });
    }
  });

  it("MTR 2.1: an event its playoff's Final ended is reopened by correcting the Final's result, not here", () => {
    expect(shownResult(checkReopen(finished({ hasPlayoff: true })))).toEqual({
      ok: false,
      error: {
        code: "EVENT_NOT_REOPENABLE",
        rule: "MTR 2.1",
        message:
          "The playoff's Final ended this event: to change how it ended, correct the Final's result.",
      },
    });
  });

  it("an event imported from another tool's published results is final as published", () => {
    expect(shownResult(checkReopen(finished({ isImported: true })))).toEqual({
      ok: false,
      error: {
        code: "EVENT_NOT_REOPENABLE",
        rule: undefined,
        message:
          "This event was imported from its published results: they stay final as published.",
      },
    });
  });

  it("facts that are not an event's are INVALID_INPUT, not a crash", () => {
    for (const garbage of [
      null,
      3,
      "COMPLETE",
      { status: "DONE" },
      { ...finished(), hasPlayoff: "no" },
    ])
      expect(checkReopen(garbage as never)).toMatchObject({
        ok: false,
        error: { code: "INVALID_INPUT" },
      });
  });
});

describe("a result change on a finished event", () => {
  it("MTR Appendix E: a finished Swiss-only event takes no result change until it is reopened", () => {
    expect(shownResult(checkResultChangeOnEvent(finished()))).toEqual({
      ok: false,
      error: {
        code: "EVENT_COMPLETE",
        rule: undefined,
        message:
          "The event is finished and its standings are final: reopen the event first (Reopen the event), then correct the result.",
      },
    });
  });

  it("MTR 2.5: an event still running takes result changes", () => {
    for (const status of ["REGISTRATION", "RUNNING"] as const)
      expect(checkResultChangeOnEvent(finished({ status })).ok).toBe(true);
  });

  it("MTR 2.1: an event its Final ended takes the Final's correction, which is how it changes", () => {
    expect(checkResultChangeOnEvent(finished({ hasPlayoff: true })).ok).toBe(true);
  });

  it("MTR Appendix E: an imported event's results stay final as published", () => {
    const change = checkResultChangeOnEvent(finished({ isImported: true }));
    expect(change.ok ? null : change.error.code).toBe("EVENT_COMPLETE");
  });

  it("facts that are not an event are refused, not thrown on", () => {
    const change = checkResultChangeOnEvent(null as unknown as ReopenFacts);
    expect(change.ok ? null : change.error.code).toBe("INVALID_INPUT");
  });
});
