// What lib/rules/report-flow.ts says, in English.
export const reportFlow = {
  final: "final",
  disputed: "disputed",
  awaitingConfirmation: "awaiting confirmation",
  noReport: "no report",
  decidedRecordResult: "decided — record the result",
  reportDecideObject: "The report to decide must be an object.",
  reportingPlayerSideB: "The reporting player must be side A or B.",
  twoReportsMatchDisagree:
    "The two reports of this match disagree: a judge will settle the result. Call a judge if you have not already.",
  youAlreadySentReports:
    "You have already sent {PLAYER_REPORTS_PER_MATCH_MAX} reports for this match; to change it again, ask a judge.",
  reportWaitingCannotRead: "The report waiting for {side} cannot be read: {detail}",
  playersReportsMatchDisagree:
    "The players' reports of this match disagree: settle it from the round's results queue, with a reason (the organizer or the head judge).",
  table: "table {tableNumber} ({state})",
  more: ", and {count} more",
  matchIs: "match is",
  matchesAre: "matches are",
  roundMatchFinal: "Round {roundNumber}: {count} {matches} not final: {listed}{more}.",
} as const;
