// What lib/rules/match-record.ts says, in English.
export const matchRecord = {
  fact: "Fact {value} ({type}): {what}.",
  factGame: "Fact {value} (game): {message}",
  whetherGameUnderWay: "whether a game was under way must be true or false",
  activeSideB: 'the active side must be "A" or "B"',
  playerWhoRestartedGame: 'the player who restarted the game must be "A" or "B", not {by}',
  lifeTotalsWholeNumbers: "life totals must be whole numbers",
  sideB: 'the side must be "A" or "B", not {side}',
  factFactMatch: "Fact {value}: {value2} is not a fact of a match.",
  concession: "by a concession",
  intentionalDraw: "by an intentional draw",
  matchLoss: "by a Match Loss",
  matchDecided: "The match is decided {DECIDED_BY_WORDS}: {value}.",
  matchGoes: "The match goes on.",
  drawnMatch: "Drawn match {slip}",
  wins: "{who} wins {slip}",
  fact2: "Fact {value} ({type}): {message}",
  gameUnderWayRestart: "No game is under way to restart: the match is decided.",
  timeAlreadyCalledMatch: "Time was already called for this match.",
  turnsLifeTotalsCounted: "Turns and life totals are counted only once time has been called.",
  matchDecidedThereTurns: "The match is decided: there are no turns left to count.",
  matchSFactsObject: "The match's facts must be an object, not {facts}.",
  matchSTrueFalse: "The match's {flag} must be true or false, not {facts}.",
  gameSChooserB: 'Game 1\'s chooser must be "A", "B" or null, not {firstChooser}.',
  matchSFactsList: "The match's facts must be a list, not {events}.",
  byeNothingPlayedResult: "This is a bye: nothing is played, and its result is fixed.",
  resultRecordedMatchComplete:
    "The result is recorded: the match is complete, and only a staff correction with a reason changes it.",
  matchDecidedRecordResult:
    "The match is decided: record its result (the players may still concede or agree to a draw until then).",
  matchAlreadyDecidedTime:
    "The match is already decided{value}: time is no longer called and no turns are counted.",
  matchAlreadyStaffCorrection:
    "The match was already {value}; only a staff correction changes that.",
  timeBeenCalledGame: "Time has been called and no game is under way, so no new game may begin.",
  turnsCountedOnceTime: "Turns are counted only once time has been called.",
  additionalTurnsOverLife:
    "The additional turns are over; only the life-total rule decides the game now.",
  lifeTotalsDecideGame:
    "Life totals decide a game only in single elimination, with game wins tied, once the additional turns are over.",
  singleEliminationMatchCannot: "A single-elimination match cannot end in a draw.",
  endMatchProcedureDecided:
    "The end-of-match procedure decided the game under way: record that game first.",
  matchDecidedYetRecord: "The match is not decided yet: record its games, or the players' slip.",
  endMatchProcedureDecided2:
    "The end-of-match procedure decided the game under way: record it; it cannot be restarted.",
  reportObject: "A report must be an object, not {report}.",
  endMatchProcedureDecided3: "The end-of-match procedure decided",
  judgeRecorded: "A judge recorded",
  gameDrawReportDrawn:
    "{by} game {number} as a draw, but this report has {draws} drawn game{value}.",
  gameWonReportGives:
    "{by} game {number} as won by {who}, but this report gives {who} {slip} game win{value}.",
  reportGamesTheyPlayed:
    "{message} Report the games as they were played, or call a judge if one was recorded wrongly.",
  gamePlayedAfterReport:
    "{describeDecidedMatch} No game is played after that: report that result, or a concession or an agreed draw.",
} as const;
