// What lib/pairings/blossom-solver.ts says, in English: a bug report for developers only.
export const blossomSolver = {
  badEdge: "maxWeightMatching: bad edge {edge} ({from}, {to}) for {vertices} vertices",
} as const;
