// Reopening a finished event: allowed until a later step builds on how it ended.
//
// - Finishing a Swiss-only event after its announced rounds (MTR Appendix E) makes its standings
//   final; reopening takes that back, so the next step is offered again as before the finish.
// - MTR 2.1: an event its playoff ended ends with its Final's result; that result is corrected, not
//   the event reopened.
// - An event imported from another tool's published results is final as published.
// - Nothing in this app builds on the final standings yet (no prizes, ratings or series): any other
//   finished event may reopen. A later step that needs the final standings adds its refusal here.

import { mtr } from "./edition";
import { fail, isRecord, type Message, ok, type RuleResult, say } from "./result";

export type ReopenFacts = {
  status: "REGISTRATION" | "RUNNING" | "COMPLETE";
  /** The playoff has started: its Final's result, not a finish, is what completes the event. */
  hasPlayoff: boolean;
  /** Imported from another tool's published results. */
  isImported: boolean;
};

function isEventFacts(facts: unknown): facts is ReopenFacts {
  return (
    isRecord(facts) &&
    ["REGISTRATION", "RUNNING", "COMPLETE"].includes(facts.status as string) &&
    typeof facts.hasPlayoff === "boolean" &&
    typeof facts.isImported === "boolean"
  );
}

/** Whether a finished event may reopen, and why; refused with the later step that builds on it. */
export function checkReopen(facts: ReopenFacts): RuleResult<{ because: Message }> {
  if (!isEventFacts(facts)) return fail("INVALID_INPUT", say("reopen.factsNotAnEvent"));
  if (facts.status !== "COMPLETE") return fail("EVENT_NOT_COMPLETE", say("reopen.notFinished"));
  if (facts.isImported) return fail("EVENT_NOT_REOPENABLE", say("reopen.importedAsPublished"));
  if (facts.hasPlayoff)
    return fail("EVENT_NOT_REOPENABLE", say("reopen.finalEndedIt"), mtr("matchStructure"));
  return ok({ because: say("reopen.nothingBuildsOnStandings") });
}

/**
 * Whether a match's result may change now: a finished event's standings are final, so staff
 * reopen it first (MTR 2.1: an event its Final ended changes by correcting the Final instead).
 */
export function checkResultChangeOnEvent(facts: ReopenFacts): RuleResult<true> {
  if (!isEventFacts(facts)) return fail("INVALID_INPUT", say("reopen.factsNotAnEvent"));
  if (facts.status !== "COMPLETE" || facts.hasPlayoff) return ok(true);
  if (facts.isImported) return fail("EVENT_COMPLETE", say("reopen.importedAsPublished"));
  return fail("EVENT_COMPLETE", say("reopen.reopenBeforeResultChange"));
}
