// Judge calls: a player asks for a judge at their table; one judge claims the call and resolves it.
//
// The app's own rules (the MTR leaves how a judge is called to the event), numbered for the tests:
//   JC1  Who may call: a player seated in a match (or, CR 100.6a, a pod) of the current round (not a
//        bye, not voided). A finished match may still call: "ask a judge if something is wrong".
//   JC2  One open call per player and match or pod: a second tap shows the open call, it makes no new one.
//   JC3  No spamming: at most JUDGE_CALL_LIMIT.calls calls per player and match in any
//        JUDGE_CALL_LIMIT.windowMinutes minutes, resolved ones included.
//   JC4  Claiming: only staff who may judge; an open, unclaimed call. Claimed by you again is the
//        same claim; claimed by someone else is refused, naming who has it.
//   JC5  Resolving: only staff who may judge; an open call. An unclaimed call is claimed and resolved
//        at once; one claimed by another judge may be resolved only by the head judge or the organizer.
//
// Nothing here reads a clock: the caller passes `now` (milliseconds since the epoch).

import { isAllowed, type StaffRole } from "./permissions";
import { type Message, say } from "./result";

export const JUDGE_CALL_LIMIT = { calls: 3, windowMinutes: 15 } as const;
export const JUDGE_CALL_NOTE_MAX = 200;

/** What the judge goes on to do once a call is answered; each opens an existing page for that match. */
export const JUDGE_CALL_FOLLOW_UPS = ["NONE", "PENALTY", "TIME_EXTENSION", "TIME_SCREEN"] as const;
export type JudgeCallFollowUp = (typeof JUDGE_CALL_FOLLOW_UPS)[number];

export const FOLLOW_UP_LABELS: Readonly<Record<JudgeCallFollowUp, Message>> = {
  NONE: say("judgeCalls.nothingMore"),
  PENALTY: say("judgeCalls.givePenalty"),
  TIME_EXTENSION: say("judgeCalls.giveTimeExtension"),
  TIME_SCREEN: say("judgeCalls.openTimeScreen"),
};

export type JudgeCallRefusalCode =
  | "NOT_CALLABLE"
  | "RATE_LIMITED"
  | "NOT_A_JUDGE"
  | "ALREADY_RESOLVED"
  | "CLAIMED_BY_ANOTHER";
export type JudgeCallRefusal = { ok: false; code: JudgeCallRefusalCode; message: Message };

function refuse(code: JudgeCallRefusalCode, message: Message): JudgeCallRefusal {
  return { ok: false, code, message };
}

export type CallerMatch = { isBye: boolean; isVoided: boolean };

/** The caller's calls for this match so far (open and resolved), with when each was made. */
export type PreviousCall = { id: string; calledAt: number; isOpen: boolean };

export type CallDecision =
  | { ok: true; kind: "new" }
  | { ok: true; kind: "open"; callId: string }
  | JudgeCallRefusal;

/** JC1–JC3: whether a player's tap makes a new call, shows their open one, or is refused. */
export function decideJudgeCall(input: {
  match: CallerMatch;
  previous: readonly PreviousCall[];
  now: number;
}): CallDecision {
  if (input.match.isBye) return refuse("NOT_CALLABLE", say("judgeCalls.youByeRoundThere"));
  if (input.match.isVoided) return refuse("NOT_CALLABLE", say("judgeCalls.matchLongerPlayedFind"));
  const open = input.previous.find((call) => call.isOpen);
  if (open) return { ok: true, kind: "open", callId: open.id };
  const windowMs = JUDGE_CALL_LIMIT.windowMinutes * 60_000;
  const recent = input.previous
    .filter((call) => input.now - call.calledAt < windowMs)
    .map((call) => call.calledAt);
  if (recent.length >= JUDGE_CALL_LIMIT.calls) {
    const minutesLeft = Math.max(
      1,
      Math.ceil((Math.min(...recent) + windowMs - input.now) / 60_000),
    );
    return refuse(
      "RATE_LIMITED",
      say("judgeCalls.youCalledJudgeTimes", {
        calls: recent.length,
        windowMinutes: JUDGE_CALL_LIMIT.windowMinutes,
        minutesLeft,
        s: minutesLeft === 1 ? "" : "s",
      }),
    );
  }
  return { ok: true, kind: "new" };
}

export type CallState = {
  resolvedAt: number | null;
  claimedByStaffId: string | null;
  claimedByName: string;
};
export type Judge = { staffId: string; role: StaffRole };

export type ClaimDecision = { ok: true; kind: "claim" | "already-yours" } | JudgeCallRefusal;

/** JC4: whether this judge may claim the call now. */
export function decideClaim(call: CallState, judge: Judge): ClaimDecision {
  if (!isAllowed(judge.role, "judging.act"))
    return refuse("NOT_A_JUDGE", say("judgeCalls.judgesCanAnswerJudge"));
  if (call.resolvedAt !== null)
    return refuse("ALREADY_RESOLVED", say("judgeCalls.callAlreadyBeenResolved"));
  if (call.claimedByStaffId === judge.staffId) return { ok: true, kind: "already-yours" };
  if (call.claimedByStaffId !== null)
    return refuse(
      "CLAIMED_BY_ANOTHER",
      say("judgeCalls.alreadyTakenCall", {
        judge: call.claimedByName || say("judgeCalls.anotherJudge"),
      }),
    );
  return { ok: true, kind: "claim" };
}

export type ResolveDecision = { ok: true; claimsToo: boolean } | JudgeCallRefusal;

/** JC5: whether this judge may resolve the call now, and whether resolving claims it too. */
export function decideResolve(call: CallState, judge: Judge): ResolveDecision {
  if (!isAllowed(judge.role, "judging.act"))
    return refuse("NOT_A_JUDGE", say("judgeCalls.judgesCanAnswerJudge"));
  if (call.resolvedAt !== null)
    return refuse("ALREADY_RESOLVED", say("judgeCalls.callAlreadyBeenResolved"));
  if (call.claimedByStaffId === null) return { ok: true, claimsToo: true };
  if (
    call.claimedByStaffId === judge.staffId ||
    judge.role === "HEAD_JUDGE" ||
    judge.role === "ORGANIZER"
  )
    return { ok: true, claimsToo: false };
  return refuse(
    "CLAIMED_BY_ANOTHER",
    say("judgeCalls.callTheyHeadJudge", {
      judge: call.claimedByName || say("judgeCalls.anotherJudge"),
    }),
  );
}

/** The key that is unique while a call is open (JC2): one per player and match or pod. */
export function openCallKey(placeId: string, registrationId: string): string {
  return `${placeId}:${registrationId}`;
}

/** "just now", "4 min", "1 h 05 min": how long a call has waited, for the judges' queue. */
export function formatWaiting(ms: number): Message {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return say("judgeCalls.justNow");
  if (minutes < 60) return say("judgeCalls.minutes", { minutes });
  return say("judgeCalls.hMin", {
    hours: Math.floor(minutes / 60),
    minutes: String(minutes % 60).padStart(2, "0"),
  });
}
