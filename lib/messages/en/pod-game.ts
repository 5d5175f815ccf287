// What lib/rules/pod-game.ts says, in English.
export const podGame = {
  podSPlayersList: "The pod's players must be a list of player ids, not {players}.",
  podPlayers: "A pod has 3 to 5 players, not {length}.",
  playerListedTwicePod: "A player is listed twice in the pod.",
  additionalTurnsWholeNumber:
    "The additional turns must be a whole number from 1 to 20, not {turns}.",
  endRoundProcedureFinish:
    'The end-of-round procedure must be "finish-turn" or "additional-turns", not {procedure}.',
  fact: "Fact {number} ({type}): {what}.",
  factWhat: "{what}.",
  playersWhoLeftNon: "the players who left must be a non-empty list",
  departureNamesPlayer: "each departure names a player",
  reasonLeaveGame: "{reason} is not a reason to leave the game",
  wholeNumber: "{key} must be a whole number",
  winnerPlayerId: "the winner must be a player id",
  wayPodSGame: "{reason} is not a way a pod's game is drawn",
  playersWhoAgreedList: "the players who agreed must be a list of player ids",
  factFactPodS: "Fact {number}: {type} is not a fact of a pod's game.",
  leftLifePlayerLoses: "{player} left with {life} life; a player loses at 0 life or less.",
  leftPoisonCountersPlayer:
    "{player} left with {poison} poison counters; a player loses at {limit} or more.",
  leftDamageOneCommander:
    "{player} left with {damage} damage from one commander; a player loses at {limit} or more.",
  factDetail: "Fact {number} ({type}): {detail}",
  podSGameOver: "The pod's game is over; a penalty given now applies to the player's next match.",
  pod: "{player} is not in this pod.",
  alreadyLeftGame: "{player} has already left the game.",
  playerListedTwiceAmong: "A player is listed twice among the players who left at once.",
  intentionalDrawNeedsEvery:
    "An agreed draw needs every player still in the game to agree; {missing} did not.",
  longerGameSayDraw: "{outsider} is no longer in the game and has no say in a draw.",
  timeAlreadyCalledPod: "Time was already called for this pod.",
  turnsCountedOnceTime: "Turns are counted only once time has been called.",
  podSFactsObject: "The pod's facts must be an object, not {facts}.",
  whetherResultRecordedTrue:
    "Whether the result is recorded must be true or false, not {isRecorded}.",
  podSFactsList: "The pod's facts must be a list, not {events}.",
  podSResultMarked: "The pod's result is marked recorded, but its facts decide no result.",
  resultRecordedStaffCorrection:
    "The result is recorded: only a staff correction with a reason changes it.",
  podSGameOver2: "The pod's game is over: record its result.",
  podSGameOver3: "The pod's game is not over: record who left, a win or a draw.",
  podSGameList: "The pod's game must list the players still in it, not {game}.",
  podSGameAlready: "The pod's game is already over as a draw: record that result.",
  podSGameAlready2: "The pod's game is already over: {winner} won. Record that result.",
  winnerPlayerId2: "The winner must be a player id, not {winnerId}.",
  podSOutcomeWin: "A pod's outcome is a win, an agreed draw or a draw at time, not {kind}.",
  podCorrectGivePlayers: "The pod to correct must give its players, facts and stage, not {pod}.",
  podSResultRecorded:
    "This pod's result is not recorded yet: record it with the pod's result form.",
  topCutSeededSwiss:
    "The top cut is seeded from the Swiss standings: a Swiss pod's result can no longer change.",
  nextPodTopCut:
    "The next pod of the top cut is already seated with this pod's winner: its result can no longer change.",
  correctedResultDoesEnd: "The corrected result does not end the pod's game.",
  resultAlreadyRecordedNothing: "That is the result already recorded: nothing to correct.",
} as const;
