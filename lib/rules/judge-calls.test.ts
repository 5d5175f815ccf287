import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  decideClaim,
  decideJudgeCall,
  decideResolve,
  formatWaiting,
  JUDGE_CALL_LIMIT,
  openCallKey,
  type CallState,
} from "./judge-calls";

const now = Date.UTC(2026, 10, 25, 12, 0);
const minutes = (n: number) => n * 60_000;
const playing = { isBye: false, isVoided: false };
const open: CallState = { resolvedAt: null, claimedByStaffId: null, claimedByName: "" };

describe("Judge calls: who may call (JC1)", () => {
  it("JC1: a player in a match being played makes a new call", () => {
    expect(decideJudgeCall({ match: playing, previous: [], now })).toEqual({
      ok: true,
      kind: "new",
    });
  });

  it("JC1: a bye has no table to call a judge to", () => {
    const decision = decideJudgeCall({
      match: { isBye: true, isVoided: false },
      previous: [],
      now,
    });
    expect(decision).toMatchObject({ ok: false, code: "NOT_CALLABLE" });
  });

  it("JC1: a voided match is no longer played", () => {
    expect(
      decideJudgeCall({ match: { isBye: false, isVoided: true }, previous: [], now }),
    ).toMatchObject({ ok: false, code: "NOT_CALLABLE" });
  });
});

describe("Judge calls: one open call per player and match (JC2)", () => {
  it("JC2: a second tap while a call is open shows that call instead of making another", () => {
    const previous = [{ id: "c1", calledAt: now - minutes(1), isOpen: true }];
    expect(decideJudgeCall({ match: playing, previous, now })).toEqual({
      ok: true,
      kind: "open",
      callId: "c1",
    });
  });

  it("JC2: the open call is shown even past the rate limit (showing it is not a new call)", () => {
    const previous = [
      { id: "c1", calledAt: now - minutes(3), isOpen: false },
      { id: "c2", calledAt: now - minutes(2), isOpen: false },
      { id: "c3", calledAt: now - minutes(1), isOpen: true },
    ];
    expect(decideJudgeCall({ match: playing, previous, now })).toEqual({
      ok: true,
      kind: "open",
      callId: "c3",
    });
  });

  it("JC2: the open key is per match and player", () => {
    expect(openCallKey("m1", "r1")).not.toBe(openCallKey("m1", "r2"));
    expect(openCallKey("m1", "r1")).not.toBe(openCallKey("m2", "r1"));
  });
});

describe("Judge calls: no spamming (JC3)", () => {
  const resolved = (minutesAgo: number, id = `c${minutesAgo}`) => ({
    id,
    calledAt: now - minutes(minutesAgo),
    isOpen: false,
  });

  it(`JC3: after ${JUDGE_CALL_LIMIT.calls} calls in ${JUDGE_CALL_LIMIT.windowMinutes} minutes the next is refused, saying when to try again`, () => {
    const decision = decideJudgeCall({
      match: playing,
      previous: [resolved(10), resolved(5), resolved(1)],
      now,
    });
    expect(decision).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    if (!decision.ok) expect(render(decision.message)).toContain("in 5 minutes");
  });

  it("JC3: calls older than the window no longer count", () => {
    const decision = decideJudgeCall({
      match: playing,
      previous: [resolved(JUDGE_CALL_LIMIT.windowMinutes), resolved(5), resolved(1)],
      now,
    });
    expect(decision).toEqual({ ok: true, kind: "new" });
  });

  it("JC3: fewer calls than the limit are allowed", () => {
    expect(decideJudgeCall({ match: playing, previous: [resolved(2), resolved(1)], now })).toEqual({
      ok: true,
      kind: "new",
    });
  });

  it("JC3: the wait is at least one minute, said in the singular", () => {
    const decision = decideJudgeCall({
      match: playing,
      previous: [resolved(14.99), resolved(2), resolved(1)],
      now,
    });
    expect(decision.ok).toBe(false);
    if (!decision.ok) expect(render(decision.message)).toContain("in 1 minute;");
  });
});

describe("Judge calls: claiming (JC4)", () => {
  const judge = { staffId: "s1", role: "JUDGE" as const };

  it("JC4: a judge claims an open, unclaimed call", () => {
    expect(decideClaim(open, judge)).toEqual({ ok: true, kind: "claim" });
  });

  it("JC4: claiming again your own call is the same claim", () => {
    expect(decideClaim({ ...open, claimedByStaffId: "s1", claimedByName: "Ada" }, judge)).toEqual({
      ok: true,
      kind: "already-yours",
    });
  });

  it("JC4: a call another judge has is refused, naming them", () => {
    const decision = decideClaim(
      { ...open, claimedByStaffId: "s2", claimedByName: "Grace Hopper" },
      judge,
    );
    expect(decision).toMatchObject({ ok: false, code: "CLAIMED_BY_ANOTHER" });
    if (!decision.ok)
      expect(render(decision.message)).toBe("Grace Hopper has already taken this call.");
  });

  it("JC4: a resolved call cannot be claimed", () => {
    expect(decideClaim({ ...open, resolvedAt: now }, judge)).toMatchObject({
      ok: false,
      code: "ALREADY_RESOLVED",
    });
  });

  it("JC4: a scorekeeper is not a judge", () => {
    expect(decideClaim(open, { staffId: "s3", role: "SCOREKEEPER" })).toMatchObject({
      ok: false,
      code: "NOT_A_JUDGE",
    });
  });

  it("JC4: the head judge and the organizer answer calls too", () => {
    expect(decideClaim(open, { staffId: "h", role: "HEAD_JUDGE" }).ok).toBe(true);
    expect(decideClaim(open, { staffId: "o", role: "ORGANIZER" }).ok).toBe(true);
  });
});

describe("Judge calls: resolving (JC5)", () => {
  const judge = { staffId: "s1", role: "JUDGE" as const };
  const claimedByOther = { ...open, claimedByStaffId: "s2", claimedByName: "Grace Hopper" };

  it("JC5: resolving an unclaimed call claims it too", () => {
    expect(decideResolve(open, judge)).toEqual({ ok: true, claimsToo: true });
  });

  it("JC5: the judge who claimed it resolves it", () => {
    expect(decideResolve({ ...open, claimedByStaffId: "s1", claimedByName: "Ada" }, judge)).toEqual(
      { ok: true, claimsToo: false },
    );
  });

  it("JC5: a call another judge has is refused to a floor judge", () => {
    expect(decideResolve(claimedByOther, judge)).toMatchObject({
      ok: false,
      code: "CLAIMED_BY_ANOTHER",
    });
  });

  it("JC5: the head judge and the organizer may resolve a call another judge has", () => {
    expect(decideResolve(claimedByOther, { staffId: "h", role: "HEAD_JUDGE" })).toEqual({
      ok: true,
      claimsToo: false,
    });
    expect(decideResolve(claimedByOther, { staffId: "o", role: "ORGANIZER" })).toEqual({
      ok: true,
      claimsToo: false,
    });
  });

  it("JC5: a resolved call stays resolved", () => {
    expect(decideResolve({ ...open, resolvedAt: now }, judge)).toMatchObject({
      ok: false,
      code: "ALREADY_RESOLVED",
    });
  });

  it("JC5: a scorekeeper cannot resolve a call", () => {
    expect(decideResolve(open, { staffId: "s3", role: "SCOREKEEPER" })).toMatchObject({
      ok: false,
      code: "NOT_A_JUDGE",
    });
  });
});

describe("Judge calls: how long a call has waited", () => {
  it("says just now under a minute, minutes under an hour, then hours and minutes", () => {
    expect(render(formatWaiting(59_000))).toBe("just now");
    expect(render(formatWaiting(minutes(4) + 30_000))).toBe("4 min");
    expect(render(formatWaiting(minutes(65)))).toBe("1 h 05 min");
    expect(render(formatWaiting(-5_000))).toBe("just now");
  });
});
