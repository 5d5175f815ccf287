// What lib/rules/field-players.ts says, in English.
export const fieldPlayers = {
  list: "The players are a list, not {value}.",
  player: "Player {number}",
  id: "Player {number} needs an id as text, not {id}.",
  duplicate: "{player} is listed twice.",
  matchPoints: "{player}'s match points are a whole number, not {value}.",
  opponents: "{player}'s opponents are a list of ids.",
} as const;
