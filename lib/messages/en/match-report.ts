// What lib/rules/match-report.ts says, in English.
export const matchReport = {
  changeAuthorize: "The change to authorize",
  matchSResultStatus:
    'A match\'s result status is "in-progress", "decided" or "confirmed", not {status}.',
  whoChangesResultPlayer: 'Who changes a result is "player" or "staff", not {actor}.',
  reasonCorrectionText: "The reason for a correction must be text, not {reason}.",
  matchCompleteResultConfirmed:
    "This match is complete: its result was confirmed, so only a judge or the organizer can correct it.",
  correctingConfirmedResultNeeds:
    "Correcting a confirmed result needs a reason, which is kept with the correction.",
  winPlayer: "a win for player {winner}",
  twoReports: "The two reports",
  playerSReport: "Player {reporter}'s report",
  playerSReport2: "Player {reporter}'s report: {message}",
  playerReportedPlayerB:
    "Player A reported {describe} and player B reported {describe2}; a judge must settle the result.",
  resultAlreadyThereNothing:
    "The result is already {slipToString}{value}: there is nothing to correct.",
} as const;
