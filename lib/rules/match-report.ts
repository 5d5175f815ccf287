// Reporting a match result and changing it afterwards: MTR 2.5 Conceding or Intentionally
// Drawing Games or Matches says a match is complete once the result slip is filled out (here:
// once the result is confirmed); until then players may still concede or agree to a draw,
// and after it the players can no longer change the result — only staff can, as a recorded
// correction.

import { mtr } from "./edition";
import {
  type MatchFormat,
  type MatchOutcome,
  type ResultSlip,
  type SlipContext,
  evaluateResultSlip,
  intentionalDrawSlip,
  matchOutcome,
  slipToString,
} from "./match";
import {
  type RuleError,
  type RuleResult,
  type Side,
  asRecord,
  checkRecord,
  fail,
  isRecord,
  ok,
  showValue,
  say,
  sideOf,
  type Message,
} from "./result";

const STATUSES: readonly unknown[] = ["in-progress", "decided", "confirmed"];
const ACTORS: readonly unknown[] = ["player", "staff"];

/**
 * - "in-progress": games are still being played (or nothing has been reported yet);
 * - "decided": a result exists but is not confirmed; players may still change it;
 * - "confirmed": the match is complete (MTR 2.5); only a staff correction changes it.
 */
export type MatchResultStatus = "in-progress" | "decided" | "confirmed";

export type ResultActor = "player" | "staff";

/** A report as one player (or staff) enters it, in the pairing's A/B orientation. */
export type SlipReport = { slip: ResultSlip } & SlipContext;

export function isMatchComplete(status: MatchResultStatus): boolean {
  return status === "confirmed";
}

export type ResultChange = {
  /** A change to a complete match is a correction and must be stored with who, when and why. */
  isCorrection: boolean;
};

/**
 * May this actor change the result now? Players: only before the match is complete. Staff:
 * always, but changing a complete match is a correction that needs a stated reason, so it is
 * never silent.
 */
export function authorizeResultChange(input: {
  status: MatchResultStatus;
  actor: ResultActor;
  reason?: string;
}): RuleResult<ResultChange> {
  const shape = checkRecord(say("matchReport.changeAuthorize"), input);
  if (shape) return shape;
  if (!STATUSES.includes(input.status)) {
    return fail(
      "INVALID_INPUT",
      say("matchReport.matchSResultStatus", { status: showValue(input.status) }),
    );
  }
  if (!ACTORS.includes(input.actor))
    return fail(
      "INVALID_INPUT",
      say("matchReport.whoChangesResultPlayer", { actor: showValue(input.actor) }),
    );
  if (input.reason !== undefined && input.reason !== null && typeof input.reason !== "string") {
    return fail(
      "INVALID_INPUT",
      say("matchReport.reasonCorrectionText", { reason: showValue(input.reason) }),
    );
  }
  const complete = isMatchComplete(input.status);
  if (!complete) return ok({ isCorrection: false });
  if (input.actor === "player") {
    return fail(
      "MATCH_COMPLETE",
      say("matchReport.matchCompleteResultConfirmed"),
      mtr("concedeOrDraw"),
    );
  }
  if ((input.reason ?? "").trim() === "") {
    return fail("CORRECTION_REASON_REQUIRED", say("matchReport.correctingConfirmedResultNeeds"));
  }
  return ok({ isCorrection: true });
}

function describe(outcome: MatchOutcome): Message {
  return say("matchReport.reported", {
    slip: slipToString(outcome.slip),
    result:
      outcome.winner === null
        ? say("matchReport.aDraw")
        : say("matchReport.winPlayer", { winner: sideOf(outcome.winner) }),
  });
}

/**
 * Two reports of the same match, for example one from each player. They must describe the
 * same outcome — the same slip once normalized (a concession is reported 2-1; a drawn match
 * with no games, 0-0 or 0-0-3 with or without the intentional-draw flag, is 0-0-3) and the same
 * winner — or a judge has to settle it. Identical reports give what evaluateResultSlip gives;
 * 0-0 against 0-0-3 gives the 0-0-3 result (MTR 2.5).
 * Each report is validated first; an impossible report is an error naming its reporter.
 */
export function reconcileReports(
  format: MatchFormat,
  reports: { A: SlipReport; B: SlipReport },
): RuleResult<MatchOutcome> {
  const outcomes: Partial<Record<Side, MatchOutcome>> = {};
  const shape = checkRecord(say("matchReport.twoReports"), reports);
  if (shape) return shape;
  for (const reporter of ["A", "B"] as const) {
    const invalid = checkRecord(say("matchReport.playerSReport", { reporter }), reports[reporter]);
    if (invalid) return invalid;
  }
  for (const reporter of ["A", "B"] as const) {
    const { slip, ...context } = asRecord(reports[reporter]) as SlipReport;
    const evaluated = evaluateResultSlip(format, slip, context);
    if (!evaluated.ok) {
      return fail(
        evaluated.error.code,
        say("matchReport.playerSReport2", { reporter, detail: evaluated.error }),
        evaluated.error.rule,
      );
    }
    outcomes[reporter] = evaluated.value;
  }
  const a = outcomes.A as MatchOutcome;
  const b = outcomes.B as MatchOutcome;
  // MTR 2.5: an intentional draw with no games is "reported as 0-0-3 or by using the draw
  // button (0-0)": a drawn 0-0-0 and a 0-0-3 are the same result, whichever flag each player set.
  const slipA = drawnWithNoGames(a) ? intentionalDrawSlip(a.slip) : a.slip;
  const slipB = drawnWithNoGames(b) ? intentionalDrawSlip(b.slip) : b.slip;
  if (a.winner !== b.winner || !sameSlip(slipA, slipB)) {
    return fail(
      "REPORTS_DISAGREE",
      // biome-ignore lint/correctness/usePlaywrightValidDescribeCallback: local helper, not a test
      say("matchReport.playerReportedPlayerB", { a: describe(a), b: describe(b) }),
    );
  }
  if (sameSlip(a.slip, b.slip)) return ok(a);
  // One wrote 0-0, the other 0-0-3: the result is reported 0-0-3 (MTR 2.5).
  return ok(matchOutcome(null, slipA, mtr("concedeOrDraw")));
}

function drawnWithNoGames(outcome: MatchOutcome): boolean {
  return (
    outcome.winner === null &&
    outcome.slip.winsA === 0 &&
    outcome.slip.winsB === 0 &&
    outcome.slip.draws === 0
  );
}

function sameSlip(x: ResultSlip, y: ResultSlip): boolean {
  return x.winsA === y.winsA && x.winsB === y.winsB && x.draws === y.draws;
}

/** A stored or proposed result: the slip as reported and how the match ended (MTR 2.5). */
export type StoredResult = { slip: ResultSlip; concededBy: Side | null; intentionalDraw: boolean };

/**
 * MTR 2.5: a correction is recorded with who, when and why; one that would store exactly the
 * result already stored changes nothing and is refused, so the history never shows "2-0-0 → 2-0-0".
 */
export function checkCorrectionChanges(
  stored: StoredResult | null,
  next: StoredResult,
): { ok: false; error: RuleError } | null {
  if (!isRecord(stored) || !isRecord(next) || !isRecord(stored.slip) || !isRecord(next.slip))
    return null;
  const same =
    sameSlip(stored.slip, next.slip) &&
    (stored.concededBy ?? null) === (next.concededBy ?? null) &&
    Boolean(stored.intentionalDraw) === Boolean(next.intentionalDraw);
  if (!same) return null;
  return fail(
    "NOTHING_TO_CORRECT",
    next.concededBy
      ? say("matchReport.resultAlreadyConceded", {
          slip: slipToString(next.slip),
          side: sideOf(next.concededBy),
        })
      : next.intentionalDraw
        ? say("matchReport.resultAlreadyDrawn", { slip: slipToString(next.slip) })
        : say("matchReport.resultAlreadyThereNothing", { slip: slipToString(next.slip) }),
    mtr("concedeOrDraw"),
  );
}
