import { describe, expect, it } from "vitest";
import { bestOf } from "./match";
import {
  type MatchResultStatus,
  authorizeResultChange,
  isMatchComplete,
  reconcileReports,
} from "./match-report";
import { text } from "./testing/shown";

const BO3 = bestOf(3);

describe("MTR 2.5 Conceding or Intentionally Drawing Games or Matches: completing and correcting a result", () => {
  it("MTR 2.5: a match is complete once its result is confirmed, not before", () => {
    expect(isMatchComplete("in-progress")).toBe(false);
    expect(isMatchComplete("decided")).toBe(false);
    expect(isMatchComplete("confirmed")).toBe(true);
  });

  it("MTR 2.5: players may change a result until the match is complete, and not after", () => {
    expect(authorizeResultChange({ status: "in-progress", actor: "player" }).ok).toBe(true);
    expect(authorizeResultChange({ status: "decided", actor: "player" }).ok).toBe(true);
    expect(authorizeResultChange({ status: "confirmed", actor: "player" }).ok).toBe(false);
  });

  it("MTR 2.5: after the match is complete, a player's change is refused", () => {
    const result = authorizeResultChange({ status: "confirmed", actor: "player" });
    expect(result).toMatchObject({ ok: false, error: { code: "MATCH_COMPLETE", rule: "MTR 2.5" } });
  });

  it("MTR 2.5: staff may correct a complete match, as a recorded correction with a reason", () => {
    expect(
      authorizeResultChange({
        status: "confirmed",
        actor: "staff",
        reason: "Slip was filled in mirrored",
      }),
    ).toEqual({ ok: true, value: { isCorrection: true } });
    expect(
      authorizeResultChange({ status: "confirmed", actor: "staff", reason: "  " }),
    ).toMatchObject({ ok: false, error: { code: "CORRECTION_REASON_REQUIRED" } });
    expect(authorizeResultChange({ status: "confirmed", actor: "staff" })).toMatchObject({
      ok: false,
      error: { code: "CORRECTION_REASON_REQUIRED" },
    });
  });

  it("MTR 2.5: changes before completion are not corrections, whoever makes them", () => {
    for (const actor of ["player", "staff"] as const) {
      expect(authorizeResultChange({ status: "decided", actor })).toEqual({
        ok: true,
        value: { isCorrection: false },
      });
    }
  });

  it("MTR 2.5: every status and actor, with the answer written out", () => {
    const table: [MatchResultStatus, "player" | "staff", string | undefined, unknown][] = [
      ["in-progress", "player", undefined, { ok: true, value: { isCorrection: false } }],
      ["in-progress", "staff", undefined, { ok: true, value: { isCorrection: false } }],
      ["decided", "player", undefined, { ok: true, value: { isCorrection: false } }],
      ["decided", "staff", "typo", { ok: true, value: { isCorrection: false } }],
      [
        "confirmed",
        "player",
        undefined,
        { ok: false, error: { code: "MATCH_COMPLETE", rule: "MTR 2.5" } },
      ],
      [
        "confirmed",
        "player",
        "I misread the slip",
        { ok: false, error: { code: "MATCH_COMPLETE", rule: "MTR 2.5" } },
      ],
      [
        "confirmed",
        "staff",
        undefined,
        { ok: false, error: { code: "CORRECTION_REASON_REQUIRED" } },
      ],
      [
        "confirmed",
        "staff",
        "Deck check found a Game Loss",
        { ok: true, value: { isCorrection: true } },
      ],
    ];
    for (const [status, actor, reason, expected] of table) {
      expect(
        authorizeResultChange(reason === undefined ? { status, actor } : { status, actor, reason }),
      ).toMatchObject(expected as object);
    }
  });
});

describe("a match reported twice, or differently by the two players", () => {
  it("MTR 2.1: two identical reports confirm the result", () => {
    const slip = { winsA: 2, winsB: 1, draws: 0 };
    expect(reconcileReports(BO3, { A: { slip }, B: { slip } })).toMatchObject({
      ok: true,
      value: { winner: "A", slip },
    });
  });

  it("MTR 2.5: reports agree once normalized: a concession at 1-0 is 2-1 however each player wrote it", () => {
    const result = reconcileReports(BO3, {
      A: { slip: { winsA: 1, winsB: 0, draws: 0 }, concededBy: "A" },
      B: { slip: { winsA: 1, winsB: 2, draws: 0 }, concededBy: "A" },
    });
    expect(result).toMatchObject({
      ok: true,
      value: { winner: "B", slip: { winsA: 1, winsB: 2, draws: 0 } },
    });
  });

  it("reports that disagree are not reconciled: a judge settles them", () => {
    const result = reconcileReports(BO3, {
      A: { slip: { winsA: 2, winsB: 1, draws: 0 } },
      B: { slip: { winsA: 2, winsB: 0, draws: 0 } },
    });
    expect(result).toMatchObject({ ok: false, error: { code: "REPORTS_DISAGREE" } });
    expect(result.ok ? "" : text(result.error)).toContain("2-1-0");
  });

  it("MTR 2.5: an intentional draw with no games, reported 0-0-3 or with the draw button (0-0), is the same result however each player entered it", () => {
    const none = { winsA: 0, winsB: 0, draws: 0 };
    const three = { winsA: 0, winsB: 0, draws: 3 };
    const forms = [
      { slip: none, intentionalDraw: true },
      { slip: none },
      { slip: three },
      { slip: three, intentionalDraw: true },
    ];
    for (const A of forms) {
      for (const B of forms) {
        if (A === forms[1] && B === forms[1]) continue; // both plain 0-0: below
        expect(reconcileReports(BO3, { A, B })).toMatchObject({
          ok: true,
          value: { winner: null, slip: three, gamePoints: { A: 3, B: 3 } },
        });
      }
    }
    // Two identical plain 0-0 reports stay what evaluateResultSlip makes of them.
    expect(reconcileReports(BO3, { A: { slip: none }, B: { slip: none } })).toMatchObject({
      ok: true,
      value: { winner: null, slip: none },
    });
    // A draw with no games is still not a game played and drawn.
    expect(
      reconcileReports(BO3, {
        A: { slip: none, intentionalDraw: true },
        B: { slip: { winsA: 0, winsB: 0, draws: 1 } },
      }),
    ).toMatchObject({ ok: false, error: { code: "REPORTS_DISAGREE" } });
  });

  it("MTR 2.5: a drawn match agreed at 1-0 differs from a 1-0 win", () => {
    const slip = { winsA: 1, winsB: 0, draws: 0 };
    expect(
      reconcileReports(BO3, { A: { slip }, B: { slip, intentionalDraw: true } }),
    ).toMatchObject({ ok: false, error: { code: "REPORTS_DISAGREE" } });
  });

  it("an impossible report is an error naming its reporter", () => {
    const result = reconcileReports(BO3, {
      A: { slip: { winsA: 2, winsB: 0, draws: 0 } },
      B: { slip: { winsA: 3, winsB: 0, draws: 0 } },
    });
    expect(result).toMatchObject({ ok: false, error: { code: "TOO_MANY_GAME_WINS" } });
    expect(result.ok ? "" : text(result.error)).toMatch(/^Player B's report/);
  });
});
