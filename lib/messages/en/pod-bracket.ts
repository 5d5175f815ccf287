// What lib/pairings/pod-bracket.ts says, in English.
export const podBracket = {
  invalidSize: "A pod top cut is 4, 10 or 16 players, not {size}.",
  standingsNotIds: "The standings must be a list of player ids.",
  notEnoughPlayers: "A top {size} needs {size} players; the standings have {count}.",
  duplicatePlayer: "A player appears twice in the standings.",
  unknownPod: "{pod} is not a pod of a top {size}.",
  duplicateResult: "Pod {pod} has two results.",
  podNotReady: "Pod {pod} has a result, but not all its players are known yet.",
  winnerNotInPod: "{player} is not in pod {pod}.",
  drawNotInPod: "A draw in pod {pod} is between at least two of its players.",
  semifinal: "Semifinal {number}",
  quarterfinal: "Quarterfinal {number}",
  final: "Final",
  winnerOf: "Winner of {pod}",
} as const;
