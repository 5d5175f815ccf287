import { describe, expect, it } from "vitest";
import { decidePodReport, podReportState, POD_REPORTS_PER_PLAYER_MAX } from "./pod-report";
import { shownResult } from "./testing/shown";

const players = ["ana", "bo", "cy", "di"];
const win = (winnerId: string) => ({ kind: "win" as const, winnerId });

describe("players report their pod's result: one reports, the others confirm (community addenda, MTR 2.5)", () => {
  it("a first report waits for every other player of the pod, in seat order", () => {
    expect(
      decidePodReport({
        players,
        latest: {},
        isRecorded: false,
        reporter: "bo",
        outcome: win("bo"),
        reportsSent: 0,
      }),
    ).toEqual({ ok: true, value: { step: "await", waitingFor: ["ana", "cy", "di"] } });
  });

  it("the last player to confirm the same outcome records it", () => {
    const latest = { ana: win("bo"), bo: win("bo"), cy: win("bo") };
    expect(
      decidePodReport({
        players,
        latest,
        isRecorded: false,
        reporter: "di",
        outcome: win("bo"),
        reportsSent: 0,
      }),
    ).toEqual({ ok: true, value: { step: "record", outcome: win("bo") } });
  });

  it("104.4i: a draw every player reports as agreed is recorded as that draw", () => {
    const latest = {
      ana: { kind: "agreed-draw" as const },
      bo: { kind: "agreed-draw" as const },
      cy: { kind: "agreed-draw" as const },
    };
    expect(
      decidePodReport({
        players,
        latest,
        isRecorded: false,
        reporter: "di",
        outcome: { kind: "agreed-draw" },
        reportsSent: 0,
      }),
    ).toMatchObject({ ok: true, value: { step: "record", outcome: { kind: "agreed-draw" } } });
  });

  it("a different winner, or a draw against a win, disputes the pod and names no outcome", () => {
    expect(
      decidePodReport({
        players,
        latest: { ana: win("ana") },
        isRecorded: false,
        reporter: "bo",
        outcome: win("bo"),
        reportsSent: 0,
      }),
    ).toMatchObject({ ok: true, value: { step: "dispute" } });
    expect(
      decidePodReport({
        players,
        latest: { ana: win("ana") },
        isRecorded: false,
        reporter: "cy",
        outcome: { kind: "draw-at-time" },
        reportsSent: 0,
      }),
    ).toMatchObject({ ok: true, value: { step: "dispute" } });
    expect(
      podReportState({ players, latest: { ana: win("ana"), bo: win("bo") }, isRecorded: false }),
    ).toEqual({
      ok: true,
      value: { state: "disputed", outcome: null, reportedBy: ["ana", "bo"], waitingFor: [] },
    });
  });

  it("a player's latest report counts: correcting their own report can end a dispute", () => {
    const latest = { ana: win("ana"), bo: win("bo") };
    expect(
      decidePodReport({
        players,
        latest,
        isRecorded: false,
        reporter: "bo",
        outcome: win("ana"),
        reportsSent: 1,
      }),
    ).toEqual({ ok: true, value: { step: "await", waitingFor: ["cy", "di"] } });
  });

  it("the same report again changes nothing", () => {
    expect(
      decidePodReport({
        players,
        latest: { ana: win("ana") },
        isRecorded: false,
        reporter: "ana",
        outcome: win("ana"),
        reportsSent: 1,
      }),
    ).toEqual({ ok: true, value: { step: "unchanged", waitingFor: ["bo", "cy", "di"] } });
  });

  it("MTR 2.5: once the result is recorded, players report no more; only the pod's players report", () => {
    expect(
      decidePodReport({
        players,
        latest: {},
        isRecorded: true,
        reporter: "ana",
        outcome: win("ana"),
        reportsSent: 0,
      }),
    ).toMatchObject({ ok: false, error: { code: "MATCH_COMPLETE" } });
    expect(
      decidePodReport({
        players,
        latest: {},
        isRecorded: false,
        reporter: "zed",
        outcome: win("ana"),
        reportsSent: 0,
      }),
    ).toMatchObject({ ok: false, error: { code: "NOT_IN_MATCH" } });
  });

  it("104.2a: the winner is one of the pod's players", () => {
    expect(
      decidePodReport({
        players,
        latest: {},
        isRecorded: false,
        reporter: "ana",
        outcome: win("zed"),
        reportsSent: 0,
      }),
    ).toMatchObject({ ok: false, error: { code: "INVALID_INPUT", rule: "104.2a" } });
  });

  it("past a few corrections of their own, a player's further reports go to a judge", () => {
    expect(
      decidePodReport({
        players,
        latest: { ana: win("ana") },
        isRecorded: false,
        reporter: "ana",
        outcome: win("bo"),
        reportsSent: POD_REPORTS_PER_PLAYER_MAX,
      }),
    ).toMatchObject({ ok: false, error: { code: "TOO_MANY_REPORTS" } });
  });

  it("no report yet waits for everyone; agreeing reports wait for the rest", () => {
    expect(podReportState({ players, latest: {}, isRecorded: false })).toMatchObject({
      ok: true,
      value: { state: "no-report", waitingFor: players },
    });
    expect(podReportState({ players, latest: { di: win("cy") }, isRecorded: false })).toEqual({
      ok: true,
      value: {
        state: "awaiting-confirmation",
        outcome: win("cy"),
        reportedBy: ["di"],
        waitingFor: ["ana", "bo", "cy"],
      },
    });
  });

  it("CR 104.3: a player who left the game has lost it: not asked to confirm, and refused if they report", () => {
    const departed = [{ player: "di", rule: "104.3k" }];
    expect(
      podReportState({ players, latest: { di: win("di") }, isRecorded: false, departed }),
    ).toMatchObject({ ok: true, value: { state: "no-report", waitingFor: ["ana", "bo", "cy"] } });
    expect(
      decidePodReport({
        players,
        latest: { ana: win("bo"), bo: win("bo") },
        isRecorded: false,
        reporter: "cy",
        outcome: win("bo"),
        reportsSent: 0,
        departed,
      }),
    ).toEqual({ ok: true, value: { step: "record", outcome: win("bo") } });
    expect(
      shownResult(
        decidePodReport({
          players,
          latest: {},
          isRecorded: false,
          reporter: "di",
          outcome: win("di"),
          reportsSent: 0,
          departed,
        }),
      ),
    ).toMatchObject({
      ok: false,
      error: {
        code: "NOT_IN_MATCH",
        rule: "104.3",
        message: expect.stringContaining("you lost it"),
      },
    });
  });

  it("CR 104.2a, 104.3: a report naming a player who left the game as its winner is refused before it is stored", () => {
    const departed = [{ player: "di", rule: "104.3a" }];
    expect(
      shownResult(
        decidePodReport({
          players,
          latest: {},
          isRecorded: false,
          reporter: "ana",
          outcome: win("di"),
          reportsSent: 0,
          departed,
        }),
      ),
    ).toMatchObject({
      ok: false,
      error: {
        code: "INVALID_INPUT",
        rule: "104.2a",
        message: expect.stringContaining("left the game"),
      },
    });
    // Confirming a report that names them is refused the same way.
    expect(
      decidePodReport({
        players,
        latest: { ana: win("di") },
        isRecorded: false,
        reporter: "bo",
        outcome: win("di"),
        reportsSent: 0,
        departed,
      }),
    ).toMatchObject({ ok: false, error: { rule: "104.2a" } });
  });
});
