// What lib/pairings/pod-search.ts says, in English: a bug report for developers only.
export const podSearch = {
  sizesMismatch: "exhaustiveSearch: the sizes do not add up to the players",
} as const;
