// What lib/pairings/swiss-input.ts says, in English.
export const swissInput = {
  invalidRound: "The round number must be a whole number of at least 1 (got {round}).",
  seedNotString: "The pairing seed must be a string.",
  playersNotList: "The players must be a list.",
  notEnoughPlayers: "Pairing a round needs at least 2 players who have not dropped (got {count}).",
  player: "Player {number}",
  playerWithId: "Player {number} ({player})",
  noId: "{player} has no id.",
  listedTwice: "{player} is listed more than once.",
  invalidMatchPoints: "{player} has {points} match points; expected a whole number of at least 0.",
  invalidRank: "{player} has no valid standings rank (got {rank}).",
  invalidOpponents: "{player} has an opponents list that is not a list of player ids.",
  invalidHadBye: "{player} must say whether they had a bye (true or false).",
} as const;
