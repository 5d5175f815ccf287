import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import type { Message } from "./result";
import {
  byUrgency,
  checkStaffEntryOverDispute,
  decidePlayerReport,
  isResultIn,
  PLAYER_REPORTS_PER_MATCH_MAX,
  reportFlowState,
  roundNotFinal,
  roundResultCounts,
  type ReportFlowState,
} from "./report-flow";

const swiss = { gamesToWin: 2, elimination: false };
const slip = (winsA: number, winsB: number, draws = 0) => ({ slip: { winsA, winsB, draws } });

const shown = (message: Message | null) => (message === null ? null : render(message));

describe("MTR 2.5: players report, the opponent confirms", () => {
  it("MTR 2.5: the first report waits for the opponent", () => {
    expect(
      decidePlayerReport({
        format: swiss,
        state: "no-report",
        reporter: "A",
        report: slip(2, 1),
        pending: null,
      }),
    ).toMatchObject({ ok: true, value: { step: "await", outcome: { winner: "A" } } });
  });

  it("MTR 2.5: the same report sent again while it waits changes nothing (no new history, the opponent's form stays current)", () => {
    expect(
      decidePlayerReport({
        format: swiss,
        state: "awaiting-confirmation",
        reporter: "A",
        report: slip(2, 1),
        pending: { by: "A", report: slip(2, 1) },
        reportsSent: 1,
      }),
    ).toEqual({
      ok: true,
      value: { step: "unchanged" },
    });
    // A concession or an intentional draw is part of the report: changing it is a change.
    expect(
      decidePlayerReport({
        format: swiss,
        state: "awaiting-confirmation",
        reporter: "A",
        report: { ...slip(2, 1), concededBy: "B" },
        pending: { by: "A", report: slip(2, 1) },
        reportsSent: 1,
      }),
    ).toMatchObject({
      ok: true,
      value: { step: "await" },
    });
  });

  it("a player may change their waiting report only a few times; past that a judge takes over", () => {
    const change = (reportsSent: number) =>
      decidePlayerReport({
        format: swiss,
        state: "awaiting-confirmation",
        reporter: "A",
        report: slip(2, 0),
        pending: { by: "A", report: slip(2, 1) },
        reportsSent,
      });
    expect(change(PLAYER_REPORTS_PER_MATCH_MAX - 1)).toMatchObject({
      ok: true,
      value: { step: "await" },
    });
    const tooMany = change(PLAYER_REPORTS_PER_MATCH_MAX);
    expect(
      tooMany.ok ? null : { code: tooMany.error.code, message: render(tooMany.error) },
    ).toMatchObject({
      code: "TOO_MANY_REPORTS",
      message: expect.stringContaining("judge"),
    });
    // The opponent confirming is never refused for the reporter's count.
    expect(
      decidePlayerReport({
        format: swiss,
        state: "awaiting-confirmation",
        reporter: "B",
        report: slip(2, 1),
        pending: { by: "A", report: slip(2, 1) },
        reportsSent: 0,
      }),
    ).toMatchObject({ ok: true, value: { step: "confirm" } });
  });

  it("MTR 2.5: a player may replace their own report while it waits", () => {
    expect(
      decidePlayerReport({
        format: swiss,
        state: "awaiting-confirmation",
        reporter: "A",
        report: slip(2, 0),
        pending: { by: "A", report: slip(2, 1) },
      }),
    ).toMatchObject({ ok: true, value: { step: "await" } });
  });

  it("MTR 2.5: the opponent reporting the same result completes the match", () => {
    expect(
      decidePlayerReport({
        format: swiss,
        state: "awaiting-confirmation",
        reporter: "B",
        report: slip(2, 1),
        pending: { by: "A", report: slip(2, 1) },
      }),
    ).toMatchObject({
      ok: true,
      value: { step: "confirm", outcome: { winner: "A", slip: { winsA: 2, winsB: 1 } } },
    });
  });

  it("MTR 2.5: an intentional draw typed 0-0 by one and 0-0-3 by the other agrees", () => {
    const draw = { slip: { winsA: 0, winsB: 0, draws: 0 }, intentionalDraw: true };
    expect(
      decidePlayerReport({
        format: swiss,
        state: "awaiting-confirmation",
        reporter: "B",
        report: slip(0, 0, 3),
        pending: { by: "A", report: draw },
      }),
    ).toMatchObject({ ok: true, value: { step: "confirm", outcome: { winner: null } } });
  });

  it("MTR 2.5: a different report makes the match disputed", () => {
    expect(
      decidePlayerReport({
        format: swiss,
        state: "awaiting-confirmation",
        reporter: "B",
        report: slip(1, 2),
        pending: { by: "A", report: slip(2, 1) },
      }),
    ).toMatchObject({ ok: true, value: { step: "dispute" } });
  });

  it("MTR 2.5: once complete, players can no longer change the result", () => {
    expect(
      decidePlayerReport({
        format: swiss,
        state: "final",
        reporter: "B",
        report: slip(2, 1),
        pending: null,
      }),
    ).toMatchObject({ ok: false, error: { code: "MATCH_COMPLETE" } });
  });

  it("MTR 2.5: a disputed match waits for staff; players cannot report over it", () => {
    expect(
      decidePlayerReport({
        format: swiss,
        state: "disputed",
        reporter: "A",
        report: slip(2, 1),
        pending: null,
      }),
    ).toMatchObject({ ok: false, error: { code: "REPORTS_DISAGREE" } });
  });

  it("MTR 2.1: an impossible report is refused before it waits for anyone", () => {
    expect(
      decidePlayerReport({
        format: swiss,
        state: "no-report",
        reporter: "A",
        report: slip(3, 0),
        pending: null,
      }),
    ).toMatchObject({ ok: false });
    expect(decidePlayerReport(null as never)).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT" },
    });
  });

  it("derives the state: confirmed or bye is final, then disputed, then awaiting, then none", () => {
    const base = { isBye: false, isConfirmed: false, isDisputed: false, pendingReportBy: null };
    expect(reportFlowState({ ...base, isBye: true })).toBe("final");
    expect(reportFlowState({ ...base, isConfirmed: true, isDisputed: true })).toBe("final");
    expect(reportFlowState({ ...base, isDisputed: true, pendingReportBy: "A" })).toBe("disputed");
    expect(reportFlowState({ ...base, pendingReportBy: "B" })).toBe("awaiting-confirmation");
    expect(reportFlowState(base)).toBe("no-report");
  });

  it("MTR 2.5: a match its facts decided is 'decided' until its result is recorded; a player's waiting report comes first", () => {
    const base = {
      isBye: false,
      isConfirmed: false,
      isDisputed: false,
      pendingReportBy: null,
      isDecided: true,
    };
    expect(reportFlowState(base)).toBe("decided");
    expect(reportFlowState({ ...base, pendingReportBy: "A" })).toBe("awaiting-confirmation");
    expect(reportFlowState({ ...base, isConfirmed: true })).toBe("final");
    expect(shown(roundNotFinal(2, [{ tableNumber: 5, state: "decided" }]))).toBe(
      "Round 2: 1 match is not final: table 5 (decided — record the result).",
    );
  });

  it("MTR 2.5: a round is over only when every match is final, naming those that are not", () => {
    expect(roundNotFinal(3, [{ tableNumber: 1, state: "final" }])).toBeNull();
    expect(
      shown(
        roundNotFinal(3, [
          { tableNumber: 4, state: "no-report" },
          { tableNumber: 1, state: "final" },
          { tableNumber: 2, state: "disputed" },
        ]),
      ),
    ).toBe("Round 3: 2 matches are not final: table 2 (disputed), table 4 (no report).");
    expect(shown(roundNotFinal(1, [{ tableNumber: 7, state: "awaiting-confirmation" }]))).toBe(
      "Round 1: 1 match is not final: table 7 (awaiting confirmation).",
    );
  });

  it("sorts the staff queue by urgency: disputes, then waiting reports, then none; oldest first", () => {
    const entries: { state: ReportFlowState; tableNumber: number; since: number }[] = [
      { state: "no-report", tableNumber: 1, since: 0 },
      { state: "awaiting-confirmation", tableNumber: 2, since: 50 },
      { state: "disputed", tableNumber: 3, since: 90 },
      { state: "disputed", tableNumber: 4, since: 10 },
      { state: "decided", tableNumber: 5, since: 0 },
    ];
    expect(entries.sort(byUrgency).map((entry) => entry.tableNumber)).toEqual([4, 3, 2, 5, 1]);
  });
});

describe("MTR 2.5: disagreeing reports are settled, not overwritten", () => {
  it("MTR 2.5: a staff entry over a disputed match is refused unless it settles the dispute", () => {
    const refused = checkStaffEntryOverDispute({ isDisputed: true, isSettling: false });
    expect(
      refused.ok ? null : { code: refused.error.code, message: render(refused.error) },
    ).toMatchObject({
      code: "MATCH_DISPUTED",
      message: expect.stringContaining("results queue"),
    });
    expect(checkStaffEntryOverDispute({ isDisputed: true, isSettling: true })).toMatchObject({
      ok: true,
    });
    expect(checkStaffEntryOverDispute({ isDisputed: false, isSettling: false })).toMatchObject({
      ok: true,
    });
  });
});

describe("MTR 2.5: a round's results in are the recorded ones", () => {
  it("MTR 2.5: a match only decided (its slip stored by its games, not recorded) or waiting for the opponent is outstanding, not a result in", () => {
    expect(isResultIn("final")).toBe(true);
    for (const state of ["decided", "awaiting-confirmation", "disputed", "no-report"] as const)
      expect(isResultIn(state)).toBe(false);
    expect(roundResultCounts(["decided", "decided"])).toEqual({
      in: 0,
      outstanding: 2,
      decided: 2,
    });
    expect(roundResultCounts(["final", "decided", "awaiting-confirmation", "no-report"])).toEqual({
      in: 1,
      outstanding: 3,
      decided: 1,
    });
    expect(roundResultCounts([])).toEqual({ in: 0, outstanding: 0, decided: 0 });
  });
});
