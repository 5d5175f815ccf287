// What lib/rules/standings.ts says, in English.
export const standings = {
  percentageFloorBetween: "The percentage floor must be between 0 and 1, not {percentageFloor}.",
  gamesLostPerMissed:
    "Games lost per missed round must be a whole number of at least 0, not {lateEntryLossGames}.",
  whetherByesCountPlayer:
    "Whether byes count in a player's own percentages must be true or false, not {countByeInOwnPercentages}.",
  standingsInput: "The standings input",
  playersList: "The players must be a list, not {players}.",
  matchesList: "The matches must be a list, not {matches}.",
  playerList: "Player {number} of the list",
  idGivenText: "{what} must have an id given as text, not {id}.",
  nameText: 'The name of "{id}" must be text, not {name}.',
  matchList: "Match {number} of the list",
  namePlayerId: "{what} must name player A by id, not {playerA}.",
  namePlayerBId: "{what} must name player B by id, or null for a bye, not {playerB}.",
  vsResultSlipReported:
    "{what} ({playerA} vs {playerB}) has no result slip; only reported matches can count in standings.",
  sideConcededB: '{what}: the side that conceded must be "A" or "B", not {concededBy}.',
  playerListedTwice: 'Player "{id}" is listed twice.',
  roundAfterWhichDropped:
    'The round after which "{id}" dropped must be a whole number of at least 0, not {dropped}.',
  firstRoundWholeNumber:
    'The first round of "{id}" must be a whole number of at least 1, not {firstRound}.',
  whetherRoundsMissedCount:
    'Whether the rounds "{id}" missed count as losses must be true or false, not {missedRoundsAsLosses}.',
  enteredRoundRecordedDropping:
    '"{id}" entered in round {first} but is recorded as dropping after round {dropped}, before they entered.',
  roundVs: "Round {round}, {playerA} vs {playerB}",
  bye: "(bye)",
  whereDetail: "{where}: {detail}",
  matchCannotBothConceded: "{where}: a match cannot be both conceded and drawn by agreement.",
  slipConcededMatchShow:
    "{where}: the slip of a conceded match must show the winner ahead (MTR 2.5 reports it 2-1 or 2-0).",
  roundMatchWhoPlayer:
    'Round {round} has a match for "{id}", who is not a player of this tournament.',
  matchRoundEnteredRound: '"{id}" has a match in round {round} but entered in round {firstRound}.',
  matchRoundDroppedAfter:
    '"{id}" has a match in round {round} but dropped after round {droppedAfter}.',
  roundNumberWholeNumber: "A round number must be a whole number of at least 1, not {round}.",
  roundPairsAgainstThemselves: 'Round {round} pairs "{playerA}" against themselves.',
  moreThanOneMatch: '"{id}" is in more than one match in round {played} (a bye counts as a match).',
  standingsSettingsGivenObject:
    "The standings settings must be given as an object, not {settings}.",
  eventOverResultsFinal:
    "The event is over: its results are final and there is nothing left to drop from.",
  roundsPairedWholeNumber:
    "Rounds paired must be a whole number of at least 0 and the first round at least 1, not {roundsPaired} and {firstRound}.",
  theDrop: "The drop",
  dropUndo: "The drop to undo",
  playerDroppedThereNothing: "This player has not dropped: there is nothing to undo.",
  roundsWholeNumbers:
    "Rounds must be whole numbers, not {droppedAfterRound}, {roundsPaired} and {firstRound}.",
  eventOverResultsFinal2: "The event is over: its results are final and the drop stands.",
  playerDisqualifiedDisqualificationDrops:
    "This player was disqualified: a Disqualification drops the player, and undoing the drop would not undo the penalty.",
  playoffStartedCutMade:
    "The playoff has started: the cut was made without this player, so the drop stands.",
  roundPairedWithoutThem:
    "Round {round} was paired without them: a drop can be undone only before the next round is paired, and nobody is paired into a round afterwards.",
} as const;
