// What lib/rules/swiss-rounds.ts says, in English.
export const swissRounds = {
  morePlayers: "410 or more players",
  round: "Round of {value}",
} as const;
