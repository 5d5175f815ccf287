import type { SwissProblem } from "./swiss-problem";
import type { PairingScore } from "./swiss-types";

/**
 * The Swiss objective, minimised lexicographically (docs/pairings.md explains each choice):
 *
 *   1. rematches              number of pairs who have played each other before;
 *   2. byePreference          position of the bye recipient in the bye order (no previous bye,
 *                             then fewest points, then lowest standing) — 0 when no bye;
 *   3. squaredPointDifference Σ over pairs of (points A − points B)²;
 *   4. seeded random tie-break (the solver's vertex and edge order are seeded shuffles).
 *
 * For the matching it is folded into one integer cost per edge,
 *
 *   cost(i, j)   = REMATCH · [i and j met before] + (points_i − points_j)²
 *   cost(i, bye) = BYE · byePreference_i
 *
 * with BYE = S + 1, where S = Σ_v (points_v − minPoints)² bounds criterion 3 for every pairing
 * (because (a − b)² ≤ (a − m)² + (b − m)² for a, b ≥ m), and REMATCH = playerCount · BYE, which
 * exceeds BYE · (playerCount − 1) + S, the most that criteria 2 and 3 together can contribute.
 * A perfect matching's total cost is therefore REMATCH·r + BYE·b + q with q < BYE and
 * BYE·b + q < REMATCH, so comparing totals compares (r, b, q) lexicographically — exactly.
 */
export type CostScale = {
  readonly rematch: number;
  readonly bye: number;
  /** The largest cost of any edge; matching weights are maxCost − cost ≥ 0. */
  readonly maxCost: number;
};

/** Matching weights must stay far below 2^53 for the solver's exact integer arithmetic. */
export const MAX_SAFE_COST = 2 ** 48;

export function computeCostScale(problem: SwissProblem): CostScale {
  const { points, playerCount } = problem;
  let minPoints = Infinity;
  let maxPoints = -Infinity;
  for (const value of points) {
    minPoints = Math.min(minPoints, value);
    maxPoints = Math.max(maxPoints, value);
  }
  let squaresBound = 0;
  for (const value of points) squaresBound += (value - minPoints) ** 2;
  const bye = squaresBound + 1;
  const rematch = playerCount * bye;
  // Bye edges cost at most bye · (playerCount − 1) < rematch, so rematch edges are the dearest.
  const maxCost = rematch + (maxPoints - minPoints) ** 2;
  return { rematch, bye, maxCost };
}

export function isRematch(problem: SwissProblem, i: number, j: number): boolean {
  return problem.opponents[i]!.has(j);
}

/** Cost of pairing vertices i and j (either may be the bye vertex). */
export function pairCost(problem: SwissProblem, scale: CostScale, i: number, j: number): number {
  if (i === problem.byeVertex) return scale.bye * problem.byePreference[j]!;
  if (j === problem.byeVertex) return scale.bye * problem.byePreference[i]!;
  const difference = problem.points[i]! - problem.points[j]!;
  return (isRematch(problem, i, j) ? scale.rematch : 0) + difference * difference;
}

/** Score a pairing given as vertex pairs (the bye as a pair with the bye vertex). */
export function scoreVertexPairs(
  problem: SwissProblem,
  pairs: readonly (readonly [number, number])[],
): PairingScore {
  const score: PairingScore = {
    rematches: 0,
    byePreference: 0,
    squaredPointDifference: 0,
    pairDowns: 0,
    largestPointDifference: 0,
    repeatedBye: false,
  };
  for (const [i, j] of pairs) {
    if (i === problem.byeVertex || j === problem.byeVertex) {
      const player = i === problem.byeVertex ? j : i;
      score.byePreference = problem.byePreference[player]!;
      score.repeatedBye = problem.players[player]!.hadBye;
      continue;
    }
    const difference = Math.abs(problem.points[i]! - problem.points[j]!);
    if (isRematch(problem, i, j)) score.rematches++;
    score.squaredPointDifference += difference * difference;
    if (difference > 0) score.pairDowns++;
    score.largestPointDifference = Math.max(score.largestPointDifference, difference);
  }
  return score;
}

/** Negative when a is better (lower) than b on the objective, positive when worse, 0 when tied. */
export function compareScores(a: PairingScore, b: PairingScore): number {
  return (
    a.rematches - b.rematches ||
    a.byePreference - b.byePreference ||
    a.squaredPointDifference - b.squaredPointDifference
  );
}
