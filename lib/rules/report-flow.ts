// Players report their own match, the opponent confirms (MTR 2.5). A first report waits
// for the opponent; the opponent confirming it (or reporting the same result) completes the match,
// after which players can no longer change it; a different report makes the match disputed, and
// nothing is taken from either report until staff settle it.

import { mtr } from "./edition";
import { type MatchFormat, type MatchOutcome, evaluateResultSlip } from "./match";
import { authorizeResultChange, reconcileReports, type SlipReport } from "./match-report";
import { type Message, type RuleResult, type Side, fail, ok, otherSide, say } from "./result";

/**
 * Where a match stands in the report flow:
 * - "final": confirmed by both players, entered by staff, or a bye;
 * - "disputed": the players reported different results; staff must settle it;
 * - "awaiting-confirmation": one player reported; the opponent has not confirmed yet;
 * - "decided": the match's facts (games, a Match Loss, the end-of-match procedure) decided it and
 *   nobody recorded the result yet (MTR 2.5: the players may still concede or agree to a draw);
 * - "no-report": nothing reported yet.
 */
export type ReportFlowState =
  | "final"
  | "disputed"
  | "awaiting-confirmation"
  | "decided"
  | "no-report";

export const REPORT_FLOW_LABELS: Readonly<Record<ReportFlowState, Message>> = {
  final: say("reportFlow.final"),
  disputed: say("reportFlow.disputed"),
  "awaiting-confirmation": say("reportFlow.awaitingConfirmation"),
  decided: say("reportFlow.decidedRecordResult"),
  "no-report": say("reportFlow.noReport"),
};

/** The facts a match's state is derived from, as the data layer reads them. */
export type ReportFlowFacts = {
  isBye: boolean;
  /** The match's result is confirmed (Match.confirmedAt). */
  isConfirmed: boolean;
  /** The latest change to the match is a dispute that nothing has replaced since. */
  isDisputed: boolean;
  /** The side whose report is waiting for the opponent, if any. */
  pendingReportBy: Side | null;
  /** The match's facts decided its result, which is stored but not recorded (MTR 2.5). */
  isDecided?: boolean;
};

export function reportFlowState(facts: ReportFlowFacts): ReportFlowState {
  if (facts.isBye || facts.isConfirmed) return "final";
  if (facts.isDisputed) return "disputed";
  if (facts.pendingReportBy === "A" || facts.pendingReportBy === "B")
    return "awaiting-confirmation";
  if (facts.isDecided === true) return "decided";
  return "no-report";
}

/**
 * What a player's report does:
 * - "await": it is the first report (or the reporter replaces their own): it waits for the opponent;
 * - "unchanged": the reporter sent the report already waiting again: nothing to record;
 * - "confirm": it agrees with the opponent's waiting report: the match is complete with `outcome`;
 * - "dispute": it disagrees with the opponent's waiting report: staff must settle it.
 */
export type PlayerReportStep =
  | { step: "await"; outcome: MatchOutcome }
  | { step: "unchanged" }
  | { step: "confirm"; outcome: MatchOutcome }
  | { step: "dispute"; message: Message };

/**
 * Reports one player may send for one match before the opponent answers (the first and a few
 * corrections of their own typing): each is kept in the history and makes open staff forms stale,
 * so past this a judge takes over.
 */
export const PLAYER_REPORTS_PER_MATCH_MAX = 4;

export function decidePlayerReport(input: {
  format: MatchFormat;
  state: ReportFlowState;
  reporter: Side;
  report: SlipReport;
  pending: { by: Side; report: SlipReport } | null;
  /** How many reports the reporter has already sent for this match. */
  reportsSent?: number;
}): RuleResult<PlayerReportStep> {
  if (typeof input !== "object" || input === null)
    return fail("INVALID_INPUT", say("reportFlow.reportDecideObject"));
  if (input.reporter !== "A" && input.reporter !== "B")
    return fail("INVALID_INPUT", say("reportFlow.reportingPlayerSideB"));
  // MTR 2.5: once the match is complete, players can no longer change it.
  const authorized = authorizeResultChange({
    status: input.state === "final" ? "confirmed" : "decided",
    actor: "player",
  });
  if (!authorized.ok) return authorized;
  if (input.state === "disputed") {
    return fail(
      "REPORTS_DISAGREE",
      say("reportFlow.twoReportsMatchDisagree"),
      mtr("concedeOrDraw"),
    );
  }
  const { slip, ...context } = input.report ?? ({} as SlipReport);
  const evaluated = evaluateResultSlip(input.format, slip, context);
  if (!evaluated.ok) return evaluated;
  const pending = input.pending;
  if (pending && pending.by === input.reporter && isSameReport(pending.report, input.report))
    return ok({ step: "unchanged" });
  if (!pending || pending.by === input.reporter) {
    if ((input.reportsSent ?? 0) >= PLAYER_REPORTS_PER_MATCH_MAX) {
      return fail(
        "TOO_MANY_REPORTS",
        say("reportFlow.youAlreadySentReports", { PLAYER_REPORTS_PER_MATCH_MAX }),
        mtr("concedeOrDraw"),
      );
    }
    return ok({ step: "await", outcome: evaluated.value });
  }
  const reports =
    input.reporter === "A"
      ? { A: input.report, B: pending.report }
      : { A: pending.report, B: input.report };
  const reconciled = reconcileReports(input.format, reports);
  if (reconciled.ok) return ok({ step: "confirm", outcome: reconciled.value });
  if (reconciled.error.code === "REPORTS_DISAGREE")
    return ok({ step: "dispute", message: reconciled.error });
  // The waiting report no longer evaluates (it cannot, once stored): treat it as a disagreement for staff.
  return ok({
    step: "dispute",
    message: say("reportFlow.reportWaitingCannotRead", {
      side: otherSide(input.reporter),
      detail: reconciled.error,
    }),
  });
}

/**
 * MTR 2.5: when the players' reports disagree, the result is settled by staff who may resolve
 * disputes, with the reason in the match's history; an ordinary staff entry does not close a dispute.
 */
export function checkStaffEntryOverDispute(input: {
  isDisputed: boolean;
  isSettling: boolean;
}): RuleResult<void> {
  if (input.isDisputed && !input.isSettling) {
    return fail(
      "MATCH_DISPUTED",
      say("reportFlow.playersReportsMatchDisagree"),
      mtr("concedeOrDraw"),
    );
  }
  return ok(undefined);
}

function isSameReport(x: SlipReport, y: SlipReport): boolean {
  return (
    x.slip.winsA === y.slip.winsA &&
    x.slip.winsB === y.slip.winsB &&
    x.slip.draws === y.slip.draws &&
    (x.concededBy ?? null) === (y.concededBy ?? null) &&
    (x.intentionalDraw ?? false) === (y.intentionalDraw ?? false)
  );
}

export type QueueEntry = { state: ReportFlowState; tableNumber: number; since: number };

/** Most urgent first: disputes, then reports waiting for the opponent, then decided results to record, then no report; oldest first within each. */
export function byUrgency(a: QueueEntry, b: QueueEntry): number {
  const rank: Record<ReportFlowState, number> = {
    disputed: 0,
    "awaiting-confirmation": 1,
    decided: 2,
    "no-report": 3,
    final: 4,
  };
  return rank[a.state] - rank[b.state] || a.since - b.since || a.tableNumber - b.tableNumber;
}

/** MTR 2.5: a result is in once it is recorded (final); one the match's facts decided, or one player reported, is still outstanding. */
export function isResultIn(state: ReportFlowState): boolean {
  return state === "final";
}

/** A round's played matches as the round page counts them: results in, outstanding, and of those the decided ones to record. */
export function roundResultCounts(states: readonly ReportFlowState[]): {
  in: number;
  outstanding: number;
  decided: number;
} {
  const list = Array.isArray(states) ? states : [];
  const recorded = list.filter(isResultIn).length;
  return {
    in: recorded,
    outstanding: list.length - recorded,
    decided: list.filter((state) => state === "decided").length,
  };
}

/**
 * MTR 2.5: a round is over (the next can be paired, the playoff cut made) only when every match
 * in it is final. Answers null when it is, or a sentence naming the tables that are not.
 */
export function roundNotFinal(
  roundNumber: number,
  matches: readonly { tableNumber: number; state: ReportFlowState }[],
): Message | null {
  const open = matches
    .filter((match) => match.state !== "final")
    .sort((a, b) => a.tableNumber - b.tableNumber);
  if (open.length === 0) return null;
  const listed = open.slice(0, 10).map((match) =>
    say("reportFlow.table", {
      tableNumber: match.tableNumber,
      state: REPORT_FLOW_LABELS[match.state],
    }),
  );
  return say("reportFlow.roundMatchFinal", {
    roundNumber,
    count: open.length,
    matches: open.length === 1 ? say("reportFlow.matchIs") : say("reportFlow.matchesAre"),
    listed,
    more: open.length > 10 ? say("reportFlow.more", { count: open.length - 10 }) : "",
  });
}
