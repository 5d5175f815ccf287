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
  aDraw: "a draw",
  winPlayer: "a win for {winner}",
  reported: "{slip} ({result})",
  twoReports: "The two reports",
  playerSReport: "Player {reporter}'s report",
  playerSReport2: "Player {reporter}'s report: {detail}",
  playerReportedPlayerB:
    "Player A reported {a} and player B reported {b}; a judge must settle the result.",
  resultAlreadyThereNothing: "The result is already {slip}: there is nothing to correct.",
  resultAlreadyConceded:
    "The result is already {slip} (conceded by {side}): there is nothing to correct.",
  resultAlreadyDrawn:
    "The result is already {slip} (intentional draw): there is nothing to correct.",
} as const;
