// What lib/rules/archive.ts says, in English.
export const archive = {
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
  nameCharacters: "A name has 1 to {MAX_NAME_LENGTH} characters.",
  alsoEntrantsTwoEntrants:
    '"{name}" is also entrants[{earlier}]: two entrants may not share a name.',
  membersExternalid: "{path}.members[{memberIndex}].externalId",
  membersName: "{path}.members[{memberIndex}].name",
  teamOneMemberSeats:
    "A team has one member in each of its {size} seats, and this one has {length}.",
  teamEventSEntrants: "Only a team event's entrants have members.",
  enteredRoundCannotDropped:
    "{name} entered in round {first} and cannot have dropped after round {dropped}, before entering.",
  dropsStaff: "{path}.drops[{dropIndex}].staff",
  byeAwardedOnceRound: "A bye is awarded once for a round.",
  alsoWaitlistTwoWaitlist:
    '"{cleanName}" is also waitlist[{earlier}]: two waitlist entries may not share a name.',
  alsoWaitlistSEntrant:
    "{shown} is also waitlist[{before}]'s entrant: each entry is promoted to its own.",
  phasesNumberedOrderOne: "Phases are numbered 1, 2, … in order: this one should be {value}.",
  playoffSeeds: "Only a playoff has seeds.",
  seedsEntrant: "{path}.seeds[{seedIndex}].entrant",
  seeds: "{path}.seeds[{seedIndex}]",
  twoSeeds: "{shown} has two seeds.",
  seedGivenOneEntrant: "Each seed is given to one entrant.",
  roundsNumberedOrderOne: "Rounds are numbered 1, 2, … in order: this one should be {value}.",
  therePhase: "There is no phase {shown}.",
  podEventSRounds: "A pod event's rounds have pods, not two-player matches.",
  twoPlayerEventS: "A two-player event's rounds have matches, not pods.",
  pairingchanges: "{roundPath}.pairingChanges[{changeIndex}]",
  playsTwiceRoundAlso: "{entrant} plays twice in round {shown} (also {earlier}).",
  matches: "{roundPath}.matches[{matchIndex}]",
  teamPlaysSeatsMatch:
    "A team of {size} plays in seats 0 to {value} (this match is in seat {shown}).",
  teamEventSeatMatches:
    "Only a team event of seat matches seats a match elsewhere than seat 0 (this one is in seat {shown}).",
  message: "{table}/{seat}/{voidSequence}",
  tableSeatAlreadyHolds:
    "Table {shown}, seat {shown2} already holds {atTable} in round {shown3}: each match has its own table and seat.",
  roundCompleteMatchesResult: "Round {shown} is complete, so each of its matches has a result.",
  changes: "{path}.changes[{changeIndex}]",
  endofmatch: "{path}.endOfMatch[{stepIndex}]",
  pods: "{roundPath}.pods[{podIndex}]",
  tableAlreadyHoldsRound:
    "Table {shown} already holds {atTable} in round {shown2}: each pod has its own table.",
  byeOneSeat: "A bye has one seat.",
  podSeatsLeastTwo: "A pod seats at least two players.",
  seatPodTakenOnce: "Each seat of a pod is taken once.",
  seatsEntrant: "{path}.seats[{seatIndex}].entrant",
  seats: "{path}.seats[{seatIndex}]",
  factPodSGame: "Each fact of a pod's game has its own sequence number.",
  events: "{path}.events[{eventIndex}]",
  corrections: "{path}.corrections[{correctionIndex}]",
  reports: "{path}.reports[{reportIndex}]",
  reportsEntrant: "{path}.reports[{reportIndex}].entrant",
  reportsOutcome: "{path}.reports[{reportIndex}].outcome",
  historyNamesWhichArchive: "The history names {ref}, which is not in this archive.",
  playsRoundEnteredRound:
    "{ref} plays in round {round} but entered in round {firstRound} (entrants[{index}].firstRound): a late entry plays from their first round on.",
  playsRoundDroppedAfter:
    "{ref} plays in round {round} but dropped after round {droppedAfterRound} (entrants[{index}].droppedAfterRound).",
  byeAwardedRoundEntrants:
    "{ref} has a bye awarded for round {round} (entrants[{index}].awardedByes) but plays a match in it.",
  playerTeamCannotPlay: "A player (or team) cannot play against themselves.",
  games: "{path}.games[{gameIndex}]",
  gameTakenBackTwice:
    "Game {shown} was taken back twice as removal {shown2}: each removal has its own sequence number.",
  matchSGamesNumbered: "A match's games are numbered 1, 2, … in the order they were played.",
  byeMatchWon: "A bye is a match won 2-0.",
  reports2: "{path}.reports[{reportIndex}].{key}",
  doesPlayMatch: "{shown} does not play this match.",
  reportsStaff: "{path}.reports[{reportIndex}].staff",
  reportsSlip: "{path}.reports[{reportIndex}].slip",
  changeMatchSResult: "Each change of a match's result has its own version.",
  historyVersionAfterMatch: "The history has a version after the match's own ({shown}).",
  changesStaff: "{path}.changes[{changeIndex}].staff",
  timeextensionsStaff: "{path}.timeExtensions[{extensionIndex}].staff",
  stepEndMatchProcedure: "Each step of the end-of-match procedure has its own sequence number.",
  endofmatchStaff: "{path}.endOfMatch[{stepIndex}].staff",
  penalties: "{path}.penalties[{penaltyIndex}]",
  penaltiesEntrant: "{path}.penalties[{penaltyIndex}].entrant",
  doesPlayMatchPenalty:
    "{shown} does not play this match: a penalty is given to a player of the match.",
  penaltiesStaff: "{path}.penalties[{penaltyIndex}].staff",
  judgecalls: "{path}.judgeCalls[{callIndex}]",
  judgecallsCalledby: "{path}.judgeCalls[{callIndex}].calledBy",
  judgecallsClaimedby: "{path}.judgeCalls[{callIndex}].claimedBy",
  judgecallsResolvedby: "{path}.judgeCalls[{callIndex}].resolvedBy",
  alreadyOpenJudgeCall:
    "{calledBy} already has an open judge call at this match (judgeCalls[{open}]): one is answered before the next.",
  textHoldsBrokenCharacter:
    "A text holds a broken character (half of a surrogate pair): save the file as UTF-8 again.",
  textHoldsControlCharacter:
    "A text holds the control character {control}: only tab and line breaks are allowed.",
  nestedDeeperThanLevels: "The {what} is nested deeper than {MAX_ARCHIVE_DEPTH} levels.",
  keyHoldsControlCharacter:
    "A key holds the control character {control}: only tab and line breaks are allowed.",
} as const;
