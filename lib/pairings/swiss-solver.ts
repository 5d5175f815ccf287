import { maxWeightMatching, type Matching } from "./max-weight-matching";
import { shuffle, type Random } from "./random";
import { findDualViolations, groupByPoints } from "./swiss-certificate";
import { isRematch, pairCost, type CostScale } from "./swiss-objective";
import type { SwissProblem } from "./swiss-problem";

/**
 * Finds a minimum-cost perfect matching of the complete graph on the problem's vertices (every
 * pair of players, plus every player with the bye vertex) without building that graph:
 *
 * 1. Solve on a sparse candidate graph: a few random partners per player in its own points
 *    group and in the neighbouring groups, every bye edge, and a "backbone" path through all
 *    vertices in points order that guarantees a perfect matching exists.
 * 2. The blossom algorithm returns an optimal dual solution for the candidate graph. If that dual
 *    is also feasible for every pair outside the candidate graph (non-negative reduced cost), it
 *    certifies by LP duality that the matching is optimal on the complete graph. Pairs that
 *    violate it are added as candidates and the matching is recomputed, until none is left.
 *
 * The check (`swiss-certificate.ts`) takes time proportional to the violations it finds.
 */
export type SwissSolverOptions = {
  /** Up to this many vertices, every pair is a candidate and no certificate loop is needed. */
  readonly denseLimit: number;
  /** Candidate partners per player within its own points group (each side of a random cycle). */
  readonly sameGroupNeighbours: number;
  /** Random candidate partners per player in each of the neighbouring groups. */
  readonly adjacentGroupNeighbours: number;
};

export const DEFAULT_SOLVER_OPTIONS: SwissSolverOptions = {
  denseLimit: 96,
  sameGroupNeighbours: 3,
  adjacentGroupNeighbours: 3,
};

export type SwissSolution = {
  /** partner[v] for every vertex (players and the bye vertex). */
  readonly partner: Int32Array;
  /** Times the candidate graph had to be extended after a failed certificate check. */
  readonly extensions: number;
  readonly candidateEdges: number;
};

export function solveSwissMatching(
  problem: SwissProblem,
  scale: CostScale,
  random: Random,
  options: SwissSolverOptions = DEFAULT_SOLVER_OPTIONS,
): SwissSolution {
  const candidates = new CandidateGraph(problem, scale);
  const isDense = problem.vertexCount <= options.denseLimit;
  if (isDense) addAllPairs(problem, candidates);
  else addSparseCandidates(problem, candidates, random, options);

  for (let extensions = 0; ; extensions++) {
    const matching = candidates.solve(random);
    const violations = isDense
      ? []
      : findDualViolations(problem, scale, (i, j) => candidates.has(i, j), matching);
    if (violations.length === 0) {
      return { partner: matching.mate, extensions, candidateEdges: candidates.size };
    }
    for (const [i, j] of violations) candidates.add(i, j);
  }
}

class CandidateGraph {
  private readonly keys = new Set<number>();
  private readonly from: number[] = [];
  private readonly to: number[] = [];

  constructor(
    private readonly problem: SwissProblem,
    private readonly scale: CostScale,
  ) {}

  get size(): number {
    return this.from.length;
  }

  private key(i: number, j: number): number {
    return i < j ? i * this.problem.vertexCount + j : j * this.problem.vertexCount + i;
  }

  has(i: number, j: number): boolean {
    return this.keys.has(this.key(i, j));
  }

  add(i: number, j: number): void {
    if (i === j || this.has(i, j)) return;
    this.keys.add(this.key(i, j));
    this.from.push(i);
    this.to.push(j);
  }

  /** Max-weight perfect matching on the candidates, edges in seeded random order. */
  solve(random: Random): Matching {
    const order = shuffle(
      this.from.map((_, index) => index),
      random,
    );
    const from = new Int32Array(order.length);
    const to = new Int32Array(order.length);
    const weight = new Float64Array(order.length);
    order.forEach((edge, k) => {
      const i = this.from[edge]!;
      const j = this.to[edge]!;
      from[k] = i;
      to[k] = j;
      weight[k] = this.scale.maxCost - pairCost(this.problem, this.scale, i, j);
    });
    return maxWeightMatching(
      this.problem.vertexCount,
      { from, to, weight, length: order.length },
      { maxCardinality: true },
    );
  }
}

function addAllPairs(problem: SwissProblem, candidates: CandidateGraph): void {
  for (let i = 0; i < problem.vertexCount; i++) {
    for (let j = i + 1; j < problem.vertexCount; j++) candidates.add(i, j);
  }
}

function addSparseCandidates(
  problem: SwissProblem,
  candidates: CandidateGraph,
  random: Random,
  options: SwissSolverOptions,
): void {
  // Points groups, highest first; within a group in vertex (= random) order.
  const groups = groupByPoints(
    problem,
    problem.players.map((_, v) => v),
  );
  // Backbone: a path through every vertex in points order (bye vertex last). A path on an even
  // number of vertices has a perfect matching, so the candidate graph always has one.
  const backbone = groups.flat();
  if (problem.byeVertex !== -1) backbone.push(problem.byeVertex);
  for (let index = 1; index < backbone.length; index++)
    candidates.add(backbone[index - 1]!, backbone[index]!);

  if (problem.byeVertex !== -1) {
    for (let v = 0; v < problem.playerCount; v++) candidates.add(v, problem.byeVertex);
  }
  for (const group of groups) {
    // A random cycle (vertex order is random) plus chords to the next few players on it.
    for (
      let offset = 1;
      offset <= Math.min(options.sameGroupNeighbours, group.length - 1);
      offset++
    ) {
      for (let index = 0; index < group.length; index++) {
        const i = group[index]!;
        const j = group[(index + offset) % group.length]!;
        if (!isRematch(problem, i, j)) candidates.add(i, j);
      }
    }
  }
  for (let index = 1; index < groups.length; index++) {
    const upper = groups[index - 1]!;
    const lower = groups[index]!;
    addRandomPartners(problem, candidates, random, upper, lower, options.adjacentGroupNeighbours);
    addRandomPartners(problem, candidates, random, lower, upper, options.adjacentGroupNeighbours);
  }
}

function addRandomPartners(
  problem: SwissProblem,
  candidates: CandidateGraph,
  random: Random,
  players: readonly number[],
  partners: readonly number[],
  count: number,
): void {
  for (const i of players) {
    for (let pick = 0; pick < Math.min(count, partners.length); pick++) {
      const j = partners[random.nextInt(partners.length)]!;
      if (!isRematch(problem, i, j)) candidates.add(i, j);
    }
  }
}
