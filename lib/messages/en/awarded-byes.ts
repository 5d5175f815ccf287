// What lib/rules/awarded-byes.ts says, in English.
export const awardedByes = {
  nameRoundsExample: 'Name the rounds: for example "1", "1-3" or "1, 2".',
  roundRangeRoundsSuch: '"{part}" is not a round or a range of rounds such as "1-3".',
  roundsCountRangeGoes: '"{part}": rounds count from 1, and a range goes up ("1-3").',
  byesAwardedRounds: '"{part}": byes are awarded for rounds 1 to {last}.',
  roundsWholeNumbersLeast: "The rounds must be whole numbers of at least 1, not {rounds}.",
  roundsPairedPlayerS: "The rounds paired and the player's first round must be whole numbers.",
  roundAlreadyPairedBye:
    "Round {paired} {is} already paired: a bye is awarded before its round is paired (swap {name} onto the bye instead).",
  entersRoundByeBefore: "{name} enters in round {firstRound}: no bye before it (round {early}).",
  droppedDroppedPlayerGets: "{name} has dropped: a dropped player gets no more byes.",
} as const;
