// What lib/rules/settings.ts says, in English.
export const settings = {
  name: "Name",
  format: "Format",
  roundLength: "Round length",
  swissRounds: "Swiss rounds",
  plannedCut: "Planned top cut",
  percentageFloor: "Percentage floor",
  matchLengthBest: "Match length (best-of)",
  byesPlayerSOwn: "Byes in a player's own percentages",
  deckFormat: "Decklist format",
  decklistDeadline: "Decklist deadline",
  decklistPublication: "Published decklists",
  roundStartedDeckFormat:
    "Round 1 has started: every registered decklist is checked against the announced format (MTR 2.7).",
  eventSProgressUnknown: "The event's progress is unknown.",
  eventCompleteResultsFinal: "The event is complete: its results are final.",
  roundStartedMatchLength:
    "Round 1 has started: the match length was announced for the Swiss (MTR 2.1).",
  roundStartedTiebreakersDecide:
    "Round 1 has started: the tiebreakers decide the pairings and stay as announced (MTR 3.1).",
  playoffStartedSwissOver: "The playoff has started: the Swiss is over.",
  roundSClockRunning: "A round's clock is running: change the round length between rounds.",
  settingsEventSProgress: "The settings and the event's progress must be objects.",
  canLongerChange: "{setting} can no longer change. {lock}",
  numberSwissRoundsWhole: "The number of Swiss rounds must be a whole number of at least 1.",
  swissRoundsAlreadyPaired:
    "{paired} Swiss rounds are already paired: the number of Swiss rounds cannot be lower than {paired}.",
} as const;
