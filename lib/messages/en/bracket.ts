// What lib/pairings/bracket.ts says, in English.
export const bracket = {
  invalidSize: "A playoff has 4, 8 or 16 players (got {size}).",
  seedWithoutId: "Seed {seed} has no player id.",
  duplicatePlayer: "{player} appears more than once in the standings.",
  notEnoughPlayers: "A top {size} needs {size} players; the standings have {count}.",
  unknownMatch: "There is no match {id} in a top {size}.",
  duplicateResult: "{match} has more than one result.",
  matchNotReady: "{match} cannot have a result yet: its players are not both known.",
  winnerNotInMatch: "{winner} is not playing in {match} ({playerA} vs {playerB}).",
  match: "{round} match {position} ({id})",
} as const;
