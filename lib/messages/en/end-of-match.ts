// What lib/rules/end-of-match.ts says, in English.
export const endOfMatch = {
  endMatchSettings: "The end-of-match settings",
  matchFar: "The match so far",
  matchAlreadyDecidedThere:
    "The match is already decided at {slipToString}; there is nothing left to time.",
  wonPlayer: "won by {winner}",
  aDraw: "a draw",
  aRestart: "a restart",
  matchAlreadyDecidedNothing: "The match is already decided; nothing more can happen in it.",
  matchAlreadyDecidedAt:
    "The match is already decided ({slip}, {result}); nothing more can happen in it.",
  endMatchState: "The end-of-match state",
  endMatchStateS: "The end-of-match state's {field} must be {should}, not {s}.",
  oneProcedureSPhases: "one of the procedure's phases",
  trueFalse: "true or false",
  nullWholeNumberLeast: "null or a whole number of at least -1",
  wholeNumberLeast: "a whole number of at least 0",
  nullMatchOutcome: "null or a match outcome",
  timeBeingCalled: "Time being called",
  turnEnding: "A turn ending",
  endMatchEventEvents:
    '{value} is not an end-of-match event; the events are "game-started", "game-ended", "time-called", "turn-ended", "turns-added" and "life-totals".',
  timeAlreadyCalledMatch: "Time was already called for this match.",
  timeBeenCalledNew: "Time has been called, so no new game may begin; the match is over.",
  gameAlreadyProgressEnd: "A game is already in progress; it must end before another begins.",
  timeBeenCalledNew2: "Time has been called, so no new game may begin.",
  gameProgressNoneCan: "No game is in progress, so none can end.",
  gameLeftUnfinishedWhen:
    "A game is left unfinished only when the last additional turn ends; record that turn ending instead.",
  lifeTotalRuleDecides:
    "The life-total rule decides a game only in single elimination, with tied game wins, after the additional turns.",
  turnsCountedOnceTime: "Turns are counted only once time has been called.",
  additionalTurnsOverLife:
    "The additional turns are over; only the life-total rule decides the game now.",
  turnsAddedWholeNumber: "Turns added must be a whole number of at least 1, not {turns}.",
  lifeTotalsDecideGame:
    "Life totals decide a game only in single elimination, with tied game wins, once the additional turns are over.",
  lifeTotalsWholeNumbers: "Life totals must be whole numbers, not {A} and {B}.",
  endMatchEvent: "This is not an end-of-match event.",
  timeBeenCalledWhen:
    "Time has not been called. When it is, the current turn is turn 0 and {additionalTurns} additional turns follow ({mtrTitle}).",
  timeBeenCalledWhile:
    "Time has been called while the active player was passing the turn: the opponent's next turn is turn 0, then {additionalTurns} additional turns are played. No new game may begin.",
  timeBeenCalledActive:
    "Time has been called: the active player finishes this turn (turn 0), then {additionalTurns} additional turns are played. No new game may begin.",
  ifGameUnfinishedWhen: "if the game is unfinished when it ends, the highest life total wins it",
  ifGameUnfinishedWhen2: "if the game is unfinished when it ends, it is a draw",
  additionalTurnNewGame: "Additional turn {turn} of {additionalTurns}. No new game may begin.",
  lastAdditionalTurn:
    "Additional turn {turn} of {additionalTurns}. This is the last one: {ending}. No new game may begin.",
  additionalTurnsOverGame:
    "The additional turns are over with game wins tied in single elimination: enter both life totals; the highest life total wins the current game.",
  lifeTotalsEqualPlay:
    "Life totals are equal: play continues with an added state-based action — {loser} loses the game.",
  gameWinsTiedBetween:
    "Game wins are tied between games in single elimination: the next game is played with an added state-based action — {loser} loses the game.",
  teamNotHighestLife: "a team that does not have the highest team life total",
  playerNotHighestLife: "a player who does not have the highest life total",
  matchOver: "The match is over.",
  matchOverDraw: "The match is over as a draw, {slip}.",
  matchOverWin: "The match is over: {winner} wins {slip}.",
  roundSTiming: "The round's timing",
  roundStartTime: "The round start must be a time, not {roundStartedAt}.",
  roundLength: "The round length",
  timeExtension: "The time extension",
  numberMinutesLeast: "{what} must be a number of minutes of at least 0, not {value}.",
  drawTime: "a draw at time",
  winPlayerLifeTotals: "a win for {winner} on life totals at time",
  winPlayer: "a win for {winner}",
  recordedGamesList: "The recorded games must be a list, not {recorded}.",
  recordedGamesDoFit:
    "The recorded games ({slipToString}) do not fit the end-of-match procedure, which counts {slipToString2}.",
  gameStillUnfinishedWhen:
    "game {number} was still unfinished when the last additional turn ended, so it is a draw",
  lifeTotalsTimeGave: "the life totals at time gave game {number} to {winner}",
  endMatchProcedureRecord:
    "By the end-of-match procedure {why} ({mtr}): record it as {describeOutcome}, not {describeOutcome2}.",
  // The rules' tests fold events with lib/rules/testing/end-of-match-runs.ts.
  runEventsList: "The end-of-match events must be a list, not {events}.",
  runEvent: "Event {number} ({type}): {detail}",
} as const;
