// What lib/pairings/pod-sizes.ts says, in English.
export const podSizes = {
  invalidPodSize: "The pod size must be 3 or 4 (got {size}).",
  notEnoughPlayers: "A pod needs at least 3 players who have not dropped (got {count}).",
} as const;
