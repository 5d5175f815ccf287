// What lib/rules/archive.ts says, in English.
export const archive = {
  importedName: "{name} (imported)",
  refUsedTwoEntries: "The ref {ref} is used by two entries: each entry has its own.",
  entrantArchive: "{ref} is not an entrant of this archive.",
  staffMemberArchive: "{ref} is not a staff member of this archive.",
  nameInvisibleControlCharacters:
    "A name has invisible or control characters (a line break, a direction mark): names are plain text.",
  tournamentSNameVisible: "A tournament's name has a visible character.",
  tournamentStillTakingRegistrations:
    "A tournament still taking registrations has no rounds, and this one has {roundCount}.",
  externalIdAlsoS:
    "The external id {externalId} is also {earlier}'s: one person enters a tournament once.",
  nameCharacters: "A name has 1 to {most} characters.",
  alsoEntrantsTwoEntrants:
    '"{name}" is also entrants[{earlier}]: two entrants may not share a name.',
  teamOneMemberSeats:
    "A team has one member in each of its {size} seats, and this one has {members}.",
  teamEventSEntrants: "Only a team event's entrants have members.",
  enteredRoundCannotDropped:
    "{name} entered in round {first} and cannot have dropped after round {dropped}, before entering.",
  byeAwardedOnceRound: "A bye is awarded once for a round.",
  alsoWaitlistTwoWaitlist:
    '"{name}" is also waitlist[{earlier}]: two waitlist entries may not share a name.',
  alsoWaitlistSEntrant:
    "{shown} is also waitlist[{before}]'s entrant: each entry is promoted to its own.",
  phasesNumberedOrderOne: "Phases are numbered 1, 2, … in order: this one should be {value}.",
  playoffSeeds: "Only a playoff has seeds.",
  twoSeeds: "{shown} has two seeds.",
  seedGivenOneEntrant: "Each seed is given to one entrant.",
  roundsNumberedOrderOne: "Rounds are numbered 1, 2, … in order: this one should be {value}.",
  therePhase: "There is no phase {shown}.",
  podEventSRounds: "A pod event's rounds have pods, not two-player matches.",
  twoPlayerEventS: "A two-player event's rounds have matches, not pods.",
  playsTwiceRoundAlso: "{entrant} plays twice in round {shown} (also {earlier}).",
  teamPlaysSeatsMatch:
    "A team of {size} plays in seats 0 to {value} (this match is in seat {shown}).",
  teamEventSeatMatches:
    "Only a team event of seat matches seats a match elsewhere than seat 0 (this one is in seat {shown}).",
  tableSeatAlreadyHolds:
    "Table {table}, seat {seat} already holds {atTable} in round {round}: each match has its own table and seat.",
  roundCompleteMatchesResult: "Round {shown} is complete, so each of its matches has a result.",
  tableAlreadyHoldsRound:
    "Table {table} already holds {atTable} in round {round}: each pod has its own table.",
  byeOneSeat: "A bye has one seat.",
  podSeatsLeastTwo: "A pod seats at least two players.",
  seatPodTakenOnce: "Each seat of a pod is taken once.",
  factPodSGame: "Each fact of a pod's game has its own sequence number.",
  historyNamesWhichArchive: "The history names {ref}, which is not in this archive.",
  playsRoundEnteredRound:
    "{ref} plays in round {round} but entered in round {firstRound} (entrants[{index}].firstRound): a late entry plays from their first round on.",
  playsRoundDroppedAfter:
    "{ref} plays in round {round} but dropped after round {droppedAfterRound} (entrants[{index}].droppedAfterRound).",
  byeAwardedRoundEntrants:
    "{ref} has a bye awarded for round {round} (entrants[{index}].awardedByes) but plays a match in it.",
  playerTeamCannotPlay: "A player (or team) cannot play against themselves.",
  gameTakenBackTwice:
    "Game {game} was taken back twice as removal {removal}: each removal has its own sequence number.",
  matchSGamesNumbered: "A match's games are numbered 1, 2, … in the order they were played.",
  byeMatchWon: "A bye is a match won 2-0.",
  doesPlayMatch: "{shown} does not play this match.",
  changeMatchSResult: "Each change of a match's result has its own version.",
  historyVersionAfterMatch: "The history has a version after the match's own ({shown}).",
  stepEndMatchProcedure: "Each step of the end-of-match procedure has its own sequence number.",
  doesPlayMatchPenalty:
    "{shown} does not play this match: a penalty is given to a player of the match.",
  alreadyOpenJudgeCall:
    "{calledBy} already has an open judge call at this match (judgeCalls[{open}]): one is answered before the next.",
  doesPlayPod: "{shown} does not play in this pod.",
  alreadyOpenPodJudgeCall:
    "{calledBy} already has an open judge call at this pod (judgeCalls[{open}]): one is answered before the next.",
  requestKeyTwice: "{earlier} has the same request key: each entry has its own.",
  decklistTwice:
    "{entrant} already has a list for that seat (decklists[{earlier}]): a player registers one decklist.",
  decklistVersionTwice: "Each change of a list has its own version.",
  decklistVersionAfter:
    "The history has a change of version {version}, after the list's own ({listVersion}).",
  decklistVersionMissing:
    "The list is at version {listVersion} and its history has no change of version {version}: every change of a list is kept.",
  deckCheckOneTable: "A deck check is of one table: a match or a pod, not both and not neither.",
  deckCheckMatchNotInRound: "{ref} is not a match of round {round} in this archive.",
  deckCheckPodNotInRound: "{ref} is not a pod of round {round} in this archive.",
  deckCheckPlayerNotAtTable:
    "{entrant} does not play at this table: a deck check is of a player at it.",
  deckCheckPassedPenalty:
    "A deck check that passed has no penalty: a penalty follows a Decklist Problem or a Deck Problem.",
  deckCheckPenaltyNotOfPlayer: "{penalty} is not a penalty given to {entrant} at this match.",
  deckCheckPenaltyTwice:
    "This penalty already follows deckChecks[{earlier}]: a penalty follows one deck check.",
  deckCheckReplacesLater:
    "{ref} is not a deck check listed before this one: a correction names an earlier check.",
  deckCheckReplacesOther:
    "{ref} is a check of another player or table: a correction is of the same player's check at the same table.",
  deckCheckCorrectedTwice:
    "{ref} is already corrected by deckChecks[{earlier}]: a check is corrected once, the newest record stands.",
  textHoldsBrokenCharacter:
    "A text holds a broken character (half of a surrogate pair): save the file as UTF-8 again.",
  textHoldsControlCharacter:
    "A text holds the control character {control}: only tab and line breaks are allowed.",
  nestedDeeperThanLevels: "The {what} is nested deeper than {levels} levels.",
  keyHoldsControlCharacter:
    "A key holds the control character {control}: only tab and line breaks are allowed.",
} as const;
