// What lib/rules/pod-standings.ts says, in English.
export const podStandings = {
  worthNumberPointsLeast: "{what} must be worth a number of points of at least 0, not {value}.",
  winWorthMoreThan:
    "A win must be worth more than a draw, and a draw at least as much as a loss (got {win} / {draw} / {loss}).",
  byeWorthBetweenWin: "A bye must be worth between 0 and a win's {win} points, not {bye}.",
  percentageFloorBetween: "The percentage floor must be between 0 and 1, not {percentageFloor}.",
  tiebreakersDistinctKeysAmong: "The tiebreakers must be distinct keys among {tiebreakers}.",
  standingsInput: "The standings input",
  playersList: "The players must be a list, not {players}.",
  podsByesList: "The pods and byes must be a list, not {entries}.",
  playerListIdGiven: "Player {number} of the list must have an id given as text.",
  nameText: 'The name of "{id}" must be text, not {name}.',
  firstRoundWholeNumber:
    'The first round of "{id}" must be a whole number of at least 1, not {firstRound}.',
  whetherRoundsMissedCount:
    'Whether the rounds "{id}" missed count as losses must be true or false, not {missedRoundsAsLosses}.',
  roundAfterWhichDropped:
    'The round after which "{id}" dropped must be a whole number of at least 0, not {droppedAfterRound}.',
  entryList: "Entry {number} of the list",
  podBye: "{what} must be a pod or a bye, not {e}.",
  roundNumberLeast: "{what} must have a round number of at least 1, not {round}.",
  listPodSPlayers: "{what} must list a pod's players and results, or name a bye.",
  playerPodNeedsId:
    '{what}: each player of a pod needs an id and a result of "win", "draw" or "loss".',
  playerListedTwice: 'Player "{id}" is listed twice.',
  namesWhoPlayerList: '{what} names "{id}", who is not in the player list.',
  enteredRoundAfterRound: '{what}: "{id}" entered in round {firstRound}, after round {round}.',
  droppedAfterRoundCannot:
    '{what}: "{id}" dropped after round {droppedAfterRound} and cannot play round {round}.',
  appearsTwiceRound: '"{id}" appears twice in round {round}.',
  roundEntry: "Round {round}, entry {number}",
  aWin: "A win",
  aDraw: "A draw",
  aLoss: "A loss",
  podPlayers: "{what}: a pod has 3 to 5 players, not {length}.",
  podSGameMost: "{what}: a pod's game has at most one winner.",
  podSGameWon: "{what}: a pod's game is won or drawn, not both.",
  drawSharedLeastTwo: "{what}: a draw is shared by at least two players still in the game.",
} as const;
