/**
 * The straightforward certificate check `findDualViolations` replaced (one Map, sort and
 * ancestor walk per blossom-forest node and per rematch pair): O(sum of blossom depths x log),
 * seconds at 4,096 players with deeply nested blossoms. Kept for tests only: the fast version
 * must return the same violations in the same order, because the order they are added to the
 * candidate graph feeds the seeded edge shuffle and so the pairing.
 */
import { certificateSlack, type Matching } from "../max-weight-matching";
import { groupByPoints } from "../swiss-certificate";
import { isRematch, pairCost, type CostScale } from "../swiss-objective";
import type { SwissProblem } from "../swiss-problem";

/**
 * Pairs of players outside the candidate graph whose reduced cost under the matching's dual
 * solution is negative. An empty result proves, by LP duality (Edmonds' matching polytope), that
 * the matching is a maximum-weight perfect matching of the complete graph, not only of the
 * candidate graph: the dual stays feasible for every edge, and complementary slackness already
 * holds on the matched edges and blossoms.
 *
 * Reduced cost, doubled: slack(i, j) = d_i + d_j − 2·w_ij + 2·Z(lca), where d are the vertex
 * duals and Z(B) sums the blossom duals z of B and every blossom containing B (Z = 0 outside all
 * blossoms). Every pair of players meets at exactly one lowest common node of the blossom forest
 * (a blossom, or the virtual root above the top-level blossoms), where it lies in two different
 * children. So the check visits each node once; within a node all non-rematch pairs of two
 * points groups share one weight, and with each group sorted by dual only pairs below the
 * threshold are visited, skipping runs of players from the same child in O(1). The work is
 * proportional to the number of violations found, plus a sort per node.
 */
export function referenceDualViolations(
  problem: SwissProblem,
  scale: CostScale,
  isCandidate: (i: number, j: number) => boolean,
  matching: Matching,
): [number, number][] {
  const violations: [number, number][] = [];
  for (const node of blossomForestNodes(matching, problem.playerCount)) {
    checkNode(problem, scale, matching.dual, node, isCandidate, violations);
  }
  // Rematch pairs have their own (lower) weight: few enough to check one by one.
  for (let i = 0; i < problem.playerCount; i++) {
    for (const j of problem.opponents[i]!) {
      if (j < i || isCandidate(i, j)) continue;
      const weight = scale.maxCost - pairCost(problem, scale, i, j);
      if (certificateSlack(matching, i, j, weight) < 0) violations.push([i, j]);
    }
  }
  return violations;
}

type ForestNode = {
  /** Σ z of this blossom and all blossoms above it (0 for the root). */
  z: number;
  /** Player vertices inside this node. */
  members: number[];
  /** For each member, the child of this node containing it (a blossom id or the vertex itself). */
  childOf: number[];
};

function blossomForestNodes(matching: Matching, playerCount: number): ForestNode[] {
  const { blossomParent, dual } = matching;
  const root: ForestNode = { z: 0, members: [], childOf: [] };
  const nodes = new Map<number, ForestNode>();
  const accumulatedZ = (blossom: number): number => {
    let total = 0;
    for (let b = blossom; b !== -1; b = blossomParent[b]!) total += dual[b]!;
    return total;
  };
  for (let v = 0; v < playerCount; v++) {
    let child = v;
    for (let b = blossomParent[v]!; b !== -1; b = blossomParent[b]!) {
      let node = nodes.get(b);
      if (!node) {
        node = { z: accumulatedZ(b), members: [], childOf: [] };
        nodes.set(b, node);
      }
      node.members.push(v);
      node.childOf.push(child);
      child = b;
    }
    root.members.push(v);
    root.childOf.push(child);
  }
  return [root, ...nodes.values()];
}

function checkNode(
  problem: SwissProblem,
  scale: CostScale,
  dual: Float64Array,
  node: ForestNode,
  isCandidate: (i: number, j: number) => boolean,
  violations: [number, number][],
): void {
  const childOf = new Map<number, number>();
  for (const [index, v] of node.members.entries()) childOf.set(v, node.childOf[index]!);
  const groups = groupByPoints(problem, node.members).map((group) => {
    const sorted = group.sort((a, b) => dual[a]! - dual[b]!);
    const child = sorted.map((v) => childOf.get(v)!);
    // nextOtherChild[p]: first position ≥ p whose child differs from child[p].
    const nextOtherChild = new Int32Array(sorted.length);
    for (let p = sorted.length - 1; p >= 0; p--) {
      nextOtherChild[p] =
        p + 1 < sorted.length && child[p + 1] === child[p] ? nextOtherChild[p + 1]! : p + 1;
    }
    return { sorted, child, nextOtherChild };
  });

  for (let a = 0; a < groups.length; a++) {
    const upper = groups[a]!;
    for (let b = a; b < groups.length; b++) {
      const lower = groups[b]!;
      const difference = problem.points[upper.sorted[0]!]! - problem.points[lower.sorted[0]!]!;
      // Pairs (i, j) in different children violate iff d_i + d_j < 2w − 2Z.
      const threshold = 2 * (scale.maxCost - difference * difference) - 2 * node.z;
      for (let x = 0; x < upper.sorted.length; x++) {
        const i = upper.sorted[x]!;
        const start = a === b ? x + 1 : 0;
        if (start >= lower.sorted.length || dual[i]! + dual[lower.sorted[start]!]! >= threshold)
          break;
        const ownChild = upper.child[x];
        for (let p = start; p < lower.sorted.length; ) {
          const j = lower.sorted[p]!;
          if (dual[i]! + dual[j]! >= threshold) break;
          if (lower.child[p] === ownChild) {
            p = lower.nextOtherChild[p]!;
            continue;
          }
          if (!isRematch(problem, i, j) && !isCandidate(i, j)) violations.push([i, j]);
          p++;
        }
      }
    }
  }
}
