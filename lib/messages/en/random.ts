// What lib/pairings/random.ts says, in English: a bug report for developers only.
export const random = {
  badMaxExclusive: "nextInt: maxExclusive must be an integer in [1, 2^32], got {value}",
} as const;
