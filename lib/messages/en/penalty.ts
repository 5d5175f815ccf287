// What lib/rules/penalty.ts says, in English.
export const penalty = {
  warning: "Warning",
  gameLoss: "Game Loss",
  matchLoss: "Match Loss",
  disqualification: "Disqualification",
  missedTrigger: "Missed Trigger",
  lookingExtraCards: "Looking at Extra Cards",
  hiddenCardError: "Hidden Card Error",
  mulliganProcedureError: "Mulligan Procedure Error",
  gameRuleViolation: "Game Rule Violation",
  failureMaintainGameState: "Failure to Maintain Game State",
  tardiness: "Tardiness",
  outsideAssistance: "Outside Assistance",
  slowPlay: "Slow Play",
  decklistProblem: "Decklist Problem",
  deckProblem: "Deck Problem",
  markedCards: "Marked Cards",
  insufficientShuffling: "Insufficient Shuffling",
  unsportingConductMinor: "Unsporting Conduct — Minor",
  unsportingConductMajor: "Unsporting Conduct — Major",
  improperlyDeterminingWinner: "Improperly Determining a Winner",
  briberyWagering: "Bribery and Wagering",
  aggressiveBehavior: "Aggressive Behavior",
  stalling: "Stalling",
  cheating: "Cheating",
  penaltySFacts: "The penalty's facts",
  penaltyPenalties: "{kind} is not a penalty; the penalties are {penalties}.",
  nameInfractionPenalty: "Name the infraction the penalty is for.",
  byeThereMatchBeing:
    "This is a bye: there is no match being played, so no penalty can change it. Give the penalty on the player's next match.",
  playerDoesPlayMatch:
    "That player does not play in this match; give the penalty on their own match.",
  gameNumberWholeNumber: "The game number must be a whole number from 1, not {gameNumber}.",
  matchAlreadyEndedGive:
    "This match has already ended, so a {label} {what} ({section} {title}); give it there.",
  matchAlreadyEndedAtGive:
    "This match has already ended ({slip}), so a {label} {what} ({section} {title}); give it there.",
  resultDoesChange: "{label} to {name}; the result does not change.",
  matchSResultEntered:
    "This match's result was entered as a slip, not game by game, so a game cannot be added to it. Correct the slip, or clear it and record the games.",
  appliesPlayerSNext: "applies to the player's next game, in their next match",
  gameAlreadyRecorded: "game {gameNumber} is already recorded",
  gameBegun: "game {gameNumber} has not begun; {recorded}",
  noGameRecordedYet: "no game is recorded yet",
  oneGameRecorded: "{count} game is recorded",
  gamesRecorded: "{count} games are recorded",
  gameLossAppliesGame:
    "A Game Loss applies to the game under way or, between games, to the next game: game {next} here ({section}); {why}.",
  game: "Game {next}: {detail}",
  wins: "{name} wins",
  aDraw: "a draw",
  gameLossThemCr: "{label} to {name}: game {next} is a loss for them (CR 104.3k, {section}).",
  gameLossDecides:
    "{label} to {name}: game {next} is a loss for them (CR 104.3k, {section}). The match is decided: {result} {slip}.",
  appliesPlayerSNext2: "applies to the player's next match",
  matchHadAlreadyEnded:
    "{label} of {name}: this match had already ended and its result stands; {name} is dropped from the tournament (MTR 2.10).",
  winsMatch: "{label} to {name}: {winner} wins the match {slip} ({section}).",
  disqualificationWinsMatch:
    "{label} of {name}: {winner} wins the match {slip} ({section}); {name} is dropped from the tournament (MTR 2.10).",
  warningSlowPlayTurns:
    "Warning to {name} for Slow Play: {added} turns are added to the end-of-match procedure ({section} {title}, MTR 2.6).",
  matchEnded: "the match has ended",
  endMatchProcedureHad: "the end-of-match procedure had already begun",
  warningSlowPlayTurns2:
    "Warning to {name} for Slow Play: no turns are added, since {why} ({section} {title}); the Warning stands.",
} as const;
