// What lib/pairings/pods.ts says, in English.
export const pods = {
  repeatedOpponents: "{playerA} and {playerB} have already shared a pod.",
  repeatedBye: "{player} gets a second bye: every player has had one.",
  inputNotObject: "The pairing input must be an object.",
  invalidRound: "The round number must be a whole number of at least 1 (got {round}).",
  seedNotString: "The pairing seed must be a string.",
  invalidPodSize: "The pod size must be 3 or 4 (got {size}).",
  invalidFivePlayerPods: "Whether 5-player pods are allowed must be true or false.",
  playersNotList: "The players must be a list.",
  notEnoughPlayers: "A pod needs at least 3 players who have not dropped (got {count}).",
  player: "Player {number}",
  playerWithId: "Player {number} ({player})",
  noId: "{player} has no id.",
  listedTwice: "{player} is listed more than once.",
  invalidPoints: "{player} has {points} points; expected a whole number of at least 0.",
  invalidRank: "{player} has no valid standings rank (got {rank}).",
  invalidOpponents: "{player} has an opponents list that is not a list of player ids.",
  invalidHadBye: "{player} must say whether they had a bye (true or false).",
  noSeats: "{player} has no list of earlier seats.",
  invalidSeat:
    "{player} has an earlier seat that is not a seat number between 1 and its pod's size.",
} as const;
