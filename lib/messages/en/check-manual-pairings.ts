// What lib/pairings/check-manual-pairings.ts says, in English.
export const checkManualPairings = {
  selfPairing: "{player} is paired against themselves.",
  unknownPlayer: "{player} is not an active player in this event (dropped or never registered).",
  rematch: "{playerA} and {playerB} have already played each other.",
  duplicatePlayer: "{player} is paired {count} times.",
  duplicateTable: "Table {table} is used by {count} pairings.",
  unpairedPlayer: "{player} has no opponent and no bye.",
  byeNotNeeded: "The field has an even number of players, so nobody needs a bye; {count} given.",
  oneByeNeeded: "Only one bye is needed; {count} given.",
  repeatedBye: "{player} already had a bye in an earlier round.",
  byeNotLowest:
    "{player} has {points} match points, but {lower} could have had the bye with {lowest}.",
} as const;
