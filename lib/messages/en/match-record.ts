// What lib/rules/match-record.ts says, in English.
export const matchRecord = {
  fact: "Fact {number} ({type}): {what}.",
  factGame: "Fact {number} (game): {detail}",
  whetherGameUnderWay: "whether a game was under way must be true or false",
  activeSideB: 'the active side must be "A" or "B"',
  playerWhoRestartedGame: 'the player who restarted the game must be "A" or "B", not {by}',
  lifeTotalsWholeNumbers: "life totals must be whole numbers",
  sideB: 'the side must be "A" or "B", not {side}',
  factFactMatch: "Fact {number}: {type} is not a fact of a match.",
  onGames: "on games",
  atTime: "at time",
  concession: "by a concession",
  intentionalDraw: "by an intentional draw",
  matchLoss: "by a Match Loss",
  matchDecidedDraw: "The match is decided {by}: a draw, {slip}.",
  matchDecidedWin: "The match is decided {by}: {who} wins {slip}.",
  matchGoes: "The match goes on.",
  drawnMatch: "Drawn match {slip} {by}",
  wins: "{who} wins {slip} {by}",
  fact2: "Fact {number} ({type}): {detail}",
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
    "The match is already decided: time is no longer called and no turns are counted.",
  matchAlreadyRecordedTime:
    "The match is already decided and its result recorded: time is no longer called and no turns are counted.",
  conceded: "conceded",
  drawnByAgreement: "drawn by agreement",
  matchAlreadyStaffCorrection: "The match was already {how}; only a staff correction changes that.",
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
  gameDrawReportDrawn: "{by} game {number} as a draw, but this report has {draws} drawn game{s}.",
  gameWonReportGives:
    "{by} game {number} as won by {who}, but this report gives {who} {wins} game win{s}.",
  reportGamesTheyPlayed:
    "{contradiction} Report the games as they were played, or call a judge if one was recorded wrongly.",
  gamePlayedAfterReport:
    "{decided} No game is played after that: report that result, or a concession or an agreed draw.",
} as const;
