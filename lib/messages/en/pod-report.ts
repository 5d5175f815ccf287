// What lib/rules/pod-report.ts says, in English.
export const podReport = {
  winnerOnePodS: "The winner must be one of the pod's players, not {winnerId}.",
  podSResultWin: "A pod's result is a win, an agreed draw or a draw at time, not {kind}.",
  podSPlayersList: "The pod's players must be a list of player ids.",
  reportDecideObject: "The report to decide must be an object.",
  playerPodCanReport: "Only a player of this pod can report its result.",
  youLeftPodS:
    "You left this pod's game ({rule}): you lost it. The players still in it report its result.",
  podSResultRecorded: "The pod's result is recorded: ask a judge if it is wrong.",
  winnerYouNameLeft:
    "The winner you name left the game ({rule}): a player who left has lost it, so another player still in it won.",
  youSentReportsPod:
    "You have sent {reportsSent} reports for this pod: ask a judge to record its result.",
  yourReportDiffersAnother:
    "Your report differs from another player's: a judge will come to record the result.",
} as const;
