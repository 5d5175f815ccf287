// What lib/rules/next-step.ts says, in English.
export const nextStep = {
  decidedRecordedRecord: "{what} {verb} {plural} decided but not recorded: record {value}.",
  decidedRecorded: ", and {decided} decided but not recorded",
  withoutResult: "{what} {verb} {plural} without a result{alsoDecided}.",
  pairSwissRound: "Pair a Swiss round",
  startPlayoff: "Start the playoff",
  finishEvent: "Finish the event",
  availableNow: "Not available now.",
  eventSFactsObject: "The event's facts must be an object.",
  eventSStatusRegistration: "The event's status must be REGISTRATION, RUNNING or COMPLETE.",
  numberPlayersStillEvent: "The number of players still in the event must be a whole number.",
  plannedSwissRoundsWhole:
    "The planned Swiss rounds must be a whole number of at least 1, or not set.",
  swissRoundsListRounds: "The Swiss rounds must be a list of rounds with their unreported matches.",
  playoffSayWhetherChampion: "The playoff must say whether it has a champion.",
  playoffSCurrentRound: "The playoff's current round must have a name and its unreported matches.",
  eventCompleteStandingsFinal: "The event is complete: its standings are final.",
  finalResultPlayoffChampion: "The Final has a result: the playoff has its champion.",
  swissRoundsOverStandings: "The Swiss rounds are over and the standings are final.",
  playoffStartedMoreSwiss: "The playoff has started: no more Swiss rounds can be paired.",
  nextPlayoffRound: "next playoff round",
  playoffUnderWay: "Playoff under way",
  winnersAdvanceBracketResults: "Winners advance in the bracket as results come in.",
  playoffAlreadyStarted: "The playoff has already started.",
  eventFinishesWhenFinal: "The event finishes when the Final has a result.",
  swissRoundBeenPlayed: "No Swiss round has been played yet.",
  registered: "1 {one} is registered",
  registeredYet: "no {one} is registered yet",
  roundNeedsLeastTwo: "Round 1 needs at least two {many}; {registered}.",
  registeredLateCanStill:
    "{activePlayers} {many} are registered{value}. Late {many} can still register after round 1 is paired.",
  round: "Round {number}: {headline}",
  eventSTeamMatches:
    "This event's team matches of two seat matches can end 1-1, and single elimination needs a winner of every match ({mtr}): it ends after its Swiss rounds.",
  playoffNeedsLeastStill:
    "A playoff needs at least {SMALLEST_PLAYOFF} {value} still in the event; {value2}.",
  roundCompleteSwissEnds:
    "Round {number} of {planned} is complete: the Swiss ends after round {planned}.",
  pairRound: "Pair round {value}",
  roundCompletePlanned: "Round {number} is complete; {plural} are planned.",
  startPlayoffFinishEvent: "Start the playoff or finish the event",
  playedCutPlayoffFinish:
    "All {plural} are played: cut to a playoff, or finish a Swiss-only event with its final standings.",
  plannedSwissRoundsPlayed:
    "All {planned} planned Swiss rounds are played. To add a round, raise the number of Swiss rounds in the settings first.",
  roundCompleteNumberSwiss:
    "Round {number} is complete. The number of Swiss rounds is not set{value}: pair another round, or end the Swiss now.",
  stepPairPlayoffFinish: "The step must be pair, playoff or finish.",
  stepAvailableNow: "That step is not available now.",
} as const;
