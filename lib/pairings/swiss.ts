import { say } from "@/lib/rules/result";
import { checkManualPairings } from "./check-manual-pairings";
import { failure, success, type PairingResult } from "./pairing-result";
import { createRandom, type Random } from "./random";
import {
  computeCostScale,
  MAX_SAFE_COST,
  scoreVertexPairs,
  type CostScale,
} from "./swiss-objective";
import { buildSwissProblem, type SwissProblem } from "./swiss-problem";
import {
  DEFAULT_SOLVER_OPTIONS,
  solveSwissMatching,
  type SwissSolverOptions,
} from "./swiss-solver";
import { validateSwissInput } from "./swiss-input";
import type {
  SwissErrorCode,
  SwissPairing,
  SwissPairingInput,
  SwissPlayer,
  SwissRoundPairing,
} from "./swiss-types";

/**
 * Identifies the pairing algorithm. A stored (input, seed) reproduces a stored pairing only
 * under the same version: bump it whenever the objective, the PRNG or the solver's tie-breaking
 * changes (the golden tests in swiss.test.ts and random.test.ts fail when they do).
 */
export const PAIRING_ALGORITHM_VERSION = 1;

/**
 * Pair one Swiss round (rules brief §7): an optimal pairing for the lexicographic objective in
 * `swiss-objective.ts` — fewest rematches, then the bye to the most deserving player, then the
 * smallest sum of squared points differences — with ties broken at random from the seed.
 * Pure and total: the same input and seed always give the same pairing, and every input gives
 * a result (errors only for malformed input, never for hard pairing situations: a forced
 * rematch or repeated bye is made and reported in `warnings`).
 *
 * `options` only tunes the solver's speed; the result is optimal whatever they are.
 */
export function pairSwissRound(
  input: SwissPairingInput,
  options: Partial<SwissSolverOptions> = {},
): PairingResult<SwissRoundPairing, SwissErrorCode> {
  const prepared = prepareSwissRound(input);
  if (!prepared.ok) return prepared;
  const { players, problem, scale, random } = prepared.value;
  const { partner } = solveSwissMatching(problem, scale, random, {
    ...DEFAULT_SOLVER_OPTIONS,
    ...options,
  });
  const vertexPairs: [number, number][] = [];
  for (let v = 0; v < problem.playerCount; v++) {
    const other = partner[v]!;
    if (other > v) vertexPairs.push([v, other]);
  }
  const pairings = toTables(problem, vertexPairs);
  const byePairing = pairings.find((pairing) => pairing.playerB === null);
  return success({
    pairings,
    bye: byePairing?.playerA ?? null,
    score: scoreVertexPairs(problem, vertexPairs),
    warnings: checkManualPairings(players, pairings).warnings,
  });
}

export type PreparedSwissRound = {
  players: SwissPlayer[];
  problem: SwissProblem;
  scale: CostScale;
  /** The random stream, positioned where the solver continues it. */
  random: Random;
};

/**
 * Validate the input and build the exact problem instance `pairSwissRound` solves (for audits
 * and tests). The players are put in id order before the seeded shuffle, so the pairing depends
 * on the set of players and the seed, not on the order the caller listed them in.
 */
export function prepareSwissRound(
  input: SwissPairingInput,
): PairingResult<PreparedSwissRound, SwissErrorCode> {
  const validated = validateSwissInput(input);
  if (!validated.ok) return validated;
  const players = validated.value;
  const canonical = players.slice().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // Exactly "swiss-round:<round>:<seed>", the stream stored pairings were drawn from.
  const random = createRandom(["swiss-round", input.round, input.seed].join(":"));
  const problem = buildSwissProblem(canonical, random);
  const scale = computeCostScale(problem);
  if (scale.maxCost > MAX_SAFE_COST) {
    return failure(
      "FIELD_TOO_LARGE",
      say("swiss.fieldTooLarge", {
        count: problem.playerCount,
        points: Math.max(...problem.points),
      }),
    );
  }
  return success({ players, problem, scale, random });
}

/**
 * Number the tables from the top: by the better player's points, then the other player's
 * points, then the better player's rank; the bye last. playerA is the higher-placed player.
 */
function toTables(
  problem: SwissProblem,
  vertexPairs: readonly (readonly [number, number])[],
): SwissPairing[] {
  const { points, players } = problem;
  const isHigher = (a: number, b: number): boolean =>
    points[a]! !== points[b]!
      ? points[a]! > points[b]!
      : players[a]!.rank !== players[b]!.rank
        ? players[a]!.rank < players[b]!.rank
        : a < b;
  const matches: [number, number][] = [];
  let byePlayer = -1;
  for (const [i, j] of vertexPairs) {
    if (j === problem.byeVertex) byePlayer = i;
    else matches.push(isHigher(i, j) ? [i, j] : [j, i]);
  }
  matches.sort(
    ([a1, b1], [a2, b2]) =>
      points[a2]! - points[a1]! ||
      points[b2]! - points[b1]! ||
      players[a1]!.rank - players[a2]!.rank ||
      a1 - a2,
  );
  const pairings: SwissPairing[] = matches.map(([a, b], index) => ({
    table: index + 1,
    playerA: players[a]!.id,
    playerB: players[b]!.id,
  }));
  if (byePlayer !== -1)
    pairings.push({ table: pairings.length + 1, playerA: players[byePlayer]!.id, playerB: null });
  return pairings;
}
