// Players report their pod's result from their phones: one reports, the others confirm (community
// tournament addenda: the players of a pod agree on its result). A pod's result is recorded once
// every player of the pod has reported the same outcome; two different reports make it disputed,
// and staff settle it. Each player's latest report is the one that counts (a player may correct a
// mistyped report while the pod is open); MTR 2.5: once the result is recorded, reports stop.

import {
  asRecord,
  fail,
  isRecord,
  ok,
  showValue,
  type RuleResult,
  say,
  type Message,
} from "./result";
import type { PodOutcome } from "./pod-game";

export type PodReportState = "final" | "disputed" | "awaiting-confirmation" | "no-report";

export type PodReportView = {
  state: PodReportState;
  /** The outcome every report so far names, when they agree. */
  outcome: PodOutcome | null;
  /** Players who have reported, in seat order. */
  reportedBy: string[];
  /** Players still to report or confirm, in seat order (none once disputed or final). */
  waitingFor: string[];
};

export type PodReportStep =
  | { step: "await"; waitingFor: string[] }
  | { step: "unchanged"; waitingFor: string[] }
  | { step: "record"; outcome: PodOutcome }
  | { step: "dispute"; message: Message };

/** How many reports a player may send for one pod (a first and a few corrections) before a judge takes over. */
export const POD_REPORTS_PER_PLAYER_MAX = 4;

function sameOutcome(a: PodOutcome, b: PodOutcome): boolean {
  return (
    a.kind === b.kind && (a.kind !== "win" || a.winnerId === (b as { winnerId: string }).winnerId)
  );
}

function readOutcome(value: unknown, players: readonly string[]): RuleResult<PodOutcome> {
  const o = asRecord(value);
  if (o.kind === "agreed-draw" || o.kind === "draw-at-time") return ok({ kind: o.kind });
  if (o.kind === "win") {
    return typeof o.winnerId === "string" && players.includes(o.winnerId)
      ? ok({ kind: "win", winnerId: o.winnerId })
      : fail(
          "INVALID_INPUT",
          say("podReport.winnerOnePodS", { winnerId: showValue(o.winnerId) }),
          "104.2a",
        );
  }
  return fail("INVALID_INPUT", say("podReport.podSResultWin", { kind: showValue(o.kind) }));
}

/** A player who left the pod's game, and the rule that made them lose. */
export type PodDeparted = { player: string; rule: string };

/** CR 104.3: a player who left the game has lost it; the result needs the word of the players still in it, in seat order. */
function confirmersOf(
  players: readonly string[],
  departed: readonly PodDeparted[] | undefined,
): string[] {
  const left = new Set((Array.isArray(departed) ? departed : []).map((d) => d?.player));
  return players.filter((player) => !left.has(player));
}

/** Where a pod's reports stand: each player's latest report (`latest`, by player id) from the players still in the game, in seat order. */
export function podReportState(input: {
  players: readonly string[];
  latest: Readonly<Record<string, PodOutcome>>;
  isRecorded: boolean;
  departed?: readonly PodDeparted[];
}): RuleResult<PodReportView> {
  if (
    !isRecord(input) ||
    !Array.isArray(input.players) ||
    input.players.some((p) => typeof p !== "string")
  )
    return fail("INVALID_INPUT", say("podReport.podSPlayersList"));
  const players = confirmersOf(input.players, input.departed);
  const latest = asRecord(input.latest);
  const reportedBy = players.filter((player) => latest[player] !== undefined);
  const outcomes: PodOutcome[] = [];
  for (const player of reportedBy) {
    const outcome = readOutcome(latest[player], input.players);
    if (!outcome.ok) return outcome;
    outcomes.push(outcome.value);
  }
  const agreed = outcomes.every((outcome) => sameOutcome(outcome, outcomes[0]!));
  if (input.isRecorded === true)
    return ok({
      state: "final",
      outcome: agreed ? (outcomes[0] ?? null) : null,
      reportedBy,
      waitingFor: [],
    });
  if (outcomes.length === 0)
    return ok({ state: "no-report", outcome: null, reportedBy, waitingFor: players });
  if (!agreed) return ok({ state: "disputed", outcome: null, reportedBy, waitingFor: [] });
  return ok({
    state: "awaiting-confirmation",
    outcome: outcomes[0]!,
    reportedBy,
    waitingFor: players.filter((player) => !reportedBy.includes(player)),
  });
}

/**
 * What one player's report does: waits for the pod's other players, confirms the last missing one
 * (the result is then recorded), changes nothing (the same report again), or disputes a report
 * that differs. A report after the result is recorded, or from outside the pod, is refused.
 */
export function decidePodReport(input: {
  players: readonly string[];
  latest: Readonly<Record<string, PodOutcome>>;
  isRecorded: boolean;
  reporter: string;
  outcome: PodOutcome;
  /** How many reports the reporter has already sent for this pod. */
  reportsSent: number;
  departed?: readonly PodDeparted[];
}): RuleResult<PodReportStep> {
  if (!isRecord(input)) return fail("INVALID_INPUT", say("podReport.reportDecideObject"));
  if (!Array.isArray(input.players) || !input.players.includes(input.reporter))
    return fail("NOT_IN_MATCH", say("podReport.playerPodCanReport"));
  const left = (Array.isArray(input.departed) ? input.departed : []).find(
    (d) => d?.player === input.reporter,
  );
  if (left) return fail("NOT_IN_MATCH", say("podReport.youLeftPodS", { rule: left.rule }), "104.3");
  if (input.isRecorded === true)
    return fail("MATCH_COMPLETE", say("podReport.podSResultRecorded"), "MTR 2.5");
  const outcome = readOutcome(input.outcome, input.players);
  if (!outcome.ok) return outcome;
  const winnerLeft =
    outcome.value.kind === "win"
      ? (Array.isArray(input.departed) ? input.departed : []).find(
          (d) => d?.player === (outcome.value as { winnerId: string }).winnerId,
        )
      : undefined;
  if (winnerLeft)
    return fail(
      "INVALID_INPUT",
      say("podReport.winnerYouNameLeft", { rule: winnerLeft.rule }),
      "104.2a",
    );
  const latest = { ...asRecord(input.latest) } as Record<string, PodOutcome>;
  const own = latest[input.reporter];
  if (own && sameOutcome(own, outcome.value)) {
    const state = podReportState({
      players: input.players,
      latest,
      isRecorded: false,
      departed: input.departed,
    });
    return state.ok ? ok({ step: "unchanged", waitingFor: state.value.waitingFor }) : state;
  }
  if (typeof input.reportsSent === "number" && input.reportsSent >= POD_REPORTS_PER_PLAYER_MAX) {
    return fail(
      "TOO_MANY_REPORTS",
      say("podReport.youSentReportsPod", { reportsSent: input.reportsSent }),
    );
  }
  latest[input.reporter] = outcome.value;
  const state = podReportState({
    players: input.players,
    latest,
    isRecorded: false,
    departed: input.departed,
  });
  if (!state.ok) return state;
  if (state.value.state === "disputed")
    return ok({
      step: "dispute",
      message: say("podReport.yourReportDiffersAnother"),
    });
  if (state.value.waitingFor.length === 0) return ok({ step: "record", outcome: outcome.value });
  return ok({ step: "await", waitingFor: state.value.waitingFor });
}
