// Helpers for the rules' tests only: folding end-of-match events, and a slip seen from the other side.
import { applyEndOfMatchEvent, type EndOfMatchEvent, type EndOfMatchState } from "../end-of-match";
import { mtr } from "../edition";
import type { ResultSlip } from "../match";
import { type RuleResult, asRecord, fail, ok, say, showValue } from "../result";

/** Applies events in order; the first impossible one is an error naming its position. */
export function runEndOfMatch(
  state: EndOfMatchState,
  events: readonly EndOfMatchEvent[],
): RuleResult<EndOfMatchState> {
  if (!Array.isArray(events))
    return fail(
      "INVALID_INPUT",
      say("endOfMatch.runEventsList", { events: showValue(events) }),
      mtr("endOfMatch"),
    );
  let s = state;
  for (const [index, event] of (events as readonly unknown[]).entries()) {
    const next = applyEndOfMatchEvent(s, event as EndOfMatchEvent);
    if (!next.ok) {
      const type = asRecord(event).type;
      const label = typeof type === "string" ? type : showValue(type);
      return fail(
        next.error.code,
        say("endOfMatch.runEvent", { number: index + 1, type: label, detail: next.error }),
        next.error.rule,
      );
    }
    s = next.value;
  }
  return ok(s);
}

/** The same slip seen from the other side. */
export function swapSlip(slip: ResultSlip): ResultSlip {
  const s = asRecord(slip) as Partial<ResultSlip>;
  return { winsA: s.winsB as number, winsB: s.winsA as number, draws: s.draws as number };
}
