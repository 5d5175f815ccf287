// What lib/rules/swiss-rounds.ts says, in English.
export const swissRounds = {
  players: "{count} players",
  playersBetween: "{least}–{most} players",
  morePlayers: "{least} or more players",
  playoff: "Playoff",
  final: "Final",
  semifinals: "Semifinals",
  quarterfinals: "Quarterfinals",
  roundOf: "Round of {players}",
  semifinalPods: "Semifinal pods",
  quarterfinalPods: "Quarterfinal pods",
  finalPod: "Final pod",
  round: "Round",
  roundNumber: "Round {number}",
} as const;
