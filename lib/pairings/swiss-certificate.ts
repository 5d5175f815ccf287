import type { Matching } from "./max-weight-matching";
import { isRematch, pairCost, type CostScale } from "./swiss-objective";
import type { SwissProblem } from "./swiss-problem";

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
 * threshold are visited, skipping runs of players from the same child in O(1).
 *
 * Blossoms nest deeply in large events (depth over 1,000 at 4,096 players, a million and more
 * node memberships), so nothing here is allocated or sorted per node: the players are sorted
 * once (points, dual, index), and each node's members are laid out in that order in flat arrays
 * by walking every player's ancestor chain. Rematch pairs find their lowest common blossom by
 * binary lifting. The violations and their order are exactly those of the per-node version
 * (lib/pairings/testing/reference-dual-violations.ts): the order they are added to the
 * candidate graph feeds the seeded edge shuffle, and so the pairing.
 */
export function findDualViolations(
  problem: SwissProblem,
  scale: CostScale,
  isCandidate: (i: number, j: number) => boolean,
  matching: Matching,
): [number, number][] {
  const forest = buildForest(matching, problem);
  const violations: [number, number][] = [];
  for (let node = 0; node < forest.nodeCount; node++)
    checkNode(problem, scale, matching.dual, forest, node, isCandidate, violations);
  // Rematch pairs have their own (lower) weight: few enough to check one by one.
  const { dual } = matching;
  for (let i = 0; i < problem.playerCount; i++) {
    for (const j of problem.opponents[i]!) {
      if (j < i || isCandidate(i, j)) continue;
      const weight = scale.maxCost - pairCost(problem, scale, i, j);
      const slack = dual[i]! + dual[j]! - 2 * weight + 2 * forest.commonZ(i, j);
      if (slack < 0) violations.push([i, j]);
    }
  }
  return violations;
}

type Forest = {
  /** Node 0 is the virtual root; then the blossoms in the order a scan of players 0, 1, … first meets them. */
  nodeCount: number;
  /** Σ z of the node's blossom and all blossoms above it (0 for the root). */
  z: Float64Array;
  /** Members of node k are entries offset[k] .. offset[k + 1] − 1, by points (highest first), then dual, then index. */
  offset: Int32Array;
  member: Int32Array;
  /** The child of the node containing the member (a blossom id or the player itself). */
  child: Int32Array;
  /** Σ z over the blossoms containing both i and j (0 if none). */
  commonZ: (i: number, j: number) => number;
  /** settled[child] === stamp: the child has no more partners for the pair of groups being checked. */
  settled: Int32Array;
  stamp: number;
  /** Per membership position, filled one points group at a time when a check first needs it. */
  nextOtherChild: Int32Array;
  /** isPrepared[first position of a group] once nextOtherChild is filled for that group. */
  isPrepared: Uint8Array;
};

function buildForest(matching: Matching, problem: SwissProblem): Forest {
  const { blossomParent, dual } = matching;
  const playerCount = problem.playerCount;
  const ids = blossomParent.length;
  // Node numbers in first-met order (what a Map filled during the scan would iterate).
  const nodeOf = new Int32Array(ids).fill(-1);
  const blossomOfNode: number[] = [-1];
  for (let v = 0; v < playerCount; v++) {
    for (let b = blossomParent[v]!; b !== -1 && nodeOf[b] === -1; b = blossomParent[b]!) {
      nodeOf[b] = blossomOfNode.length;
      blossomOfNode.push(b);
    }
  }
  const nodeCount = blossomOfNode.length;

  // Depth and accumulated z of every id (vertex or blossom) from the top down; all values are
  // integers far below 2^53, so the sums are exact in any order.
  const depth = new Int32Array(ids).fill(-1);
  const accumulatedZ = new Float64Array(ids);
  const resolve = (x: number): void => {
    const chain: number[] = [];
    let top = x;
    while (top !== -1 && depth[top] === -1) {
      chain.push(top);
      top = blossomParent[top]!;
    }
    let d = top === -1 ? -1 : depth[top]!;
    let z = top === -1 ? 0 : accumulatedZ[top]!;
    for (let index = chain.length - 1; index >= 0; index--) {
      const id = chain[index]!;
      d += 1;
      depth[id] = d;
      // A vertex's own dual is not a blossom dual: only blossoms (id ≥ vertex count) add to Z.
      if (id >= problem.vertexCount) z += dual[id]!;
      accumulatedZ[id] = z;
    }
  };
  for (let v = 0; v < playerCount; v++) resolve(v);

  const z = new Float64Array(nodeCount);
  for (let node = 1; node < nodeCount; node++) z[node] = accumulatedZ[blossomOfNode[node]!]!;

  // Memberships: every player in the root and in each blossom above it.
  // Sizes bottom-up (deepest blossoms first), not by walking every chain once more.
  const size = new Int32Array(ids);
  for (let v = 0; v < playerCount; v++) if (blossomParent[v] !== -1) size[blossomParent[v]!]! += 1;
  const deepestFirst = blossomOfNode.slice(1).sort((a, b) => depth[b]! - depth[a]!);
  for (const b of deepestFirst) if (blossomParent[b] !== -1) size[blossomParent[b]!]! += size[b]!;
  const offset = new Int32Array(nodeCount + 1);
  offset[1] = playerCount;
  for (let node = 1; node < nodeCount; node++) offset[node + 1] = size[blossomOfNode[node]!]!;
  for (let node = 0; node < nodeCount; node++) offset[node + 1]! += offset[node]!;
  const total = offset[nodeCount]!;
  const member = new Int32Array(total);
  const child = new Int32Array(total);
  const fill = offset.slice(0, nodeCount);
  const order = Array.from({ length: playerCount }, (_, v) => v).sort(
    (a, b) => problem.points[b]! - problem.points[a]! || dual[a]! - dual[b]! || a - b,
  );
  for (const v of order) {
    let below = v;
    for (let b = blossomParent[v]!; b !== -1; b = blossomParent[b]!) {
      const at = fill[nodeOf[b]!]!++;
      member[at] = v;
      child[at] = below;
      below = b;
    }
    const at = fill[0]!++;
    member[at] = v;
    child[at] = below;
  }

  // Binary lifting over the ids for the lowest common blossom of two players.
  const levels = Math.max(1, Math.ceil(Math.log2(Math.max(2, Math.max(...depth) + 1))));
  const up: Int32Array[] = [Int32Array.from(blossomParent)];
  for (let level = 1; level < levels; level++) {
    const previous = up[level - 1]!;
    const next = new Int32Array(ids);
    for (let x = 0; x < ids; x++) next[x] = previous[x] === -1 ? -1 : previous[previous[x]!]!;
    up.push(next);
  }
  const commonZ = (i: number, j: number): number => {
    if (blossomParent[i] === -1 || blossomParent[j] === -1) return 0;
    let a = i;
    let b = j;
    if (depth[a]! < depth[b]!) [a, b] = [b, a];
    for (let level = levels - 1; level >= 0; level--) {
      const lifted = up[level]![a]!;
      if (lifted !== -1 && depth[lifted]! >= depth[b]!) a = lifted;
    }
    // Two players are leaves: neither is the other's ancestor, so a and b now differ.
    for (let level = levels - 1; level >= 0; level--) {
      const liftedA = up[level]![a]!;
      const liftedB = up[level]![b]!;
      if (liftedA !== liftedB) {
        a = liftedA;
        b = liftedB;
      }
    }
    const lca = blossomParent[a]!;
    return lca === -1 ? 0 : accumulatedZ[lca]!;
  };

  return {
    nodeCount,
    z,
    offset,
    member,
    child,
    commonZ,
    settled: new Int32Array(ids),
    stamp: 0,
    nextOtherChild: new Int32Array(total),
    isPrepared: new Uint8Array(total),
  };
}

function checkNode(
  problem: SwissProblem,
  scale: CostScale,
  dual: Float64Array,
  forest: Forest,
  node: number,
  isCandidate: (i: number, j: number) => boolean,
  violations: [number, number][],
): void {
  const { member, child } = forest;
  const start = forest.offset[node]!;
  const end = forest.offset[node + 1]!;
  // Points groups: runs of equal points, highest first.
  const groupStart: number[] = [];
  for (let at = start; at < end; at++) {
    if (at === start || problem.points[member[at]!] !== problem.points[member[at - 1]!])
      groupStart.push(at);
  }
  groupStart.push(end);
  const groupCount = groupStart.length - 1;
  const { nextOtherChild, isPrepared } = forest;
  // nextOtherChild[p]: first position ≥ p in p's group whose child differs from child[p].
  const prepare = (group: number): void => {
    const first = groupStart[group]!;
    if (isPrepared[first]) return;
    isPrepared[first] = 1;
    const last = groupStart[group + 1]!;
    for (let p = last - 1; p >= first; p--) {
      nextOtherChild[p] =
        p + 1 < last && child[p + 1] === child[p] ? nextOtherChild[p + 1]! : p + 1;
    }
  };

  for (let a = 0; a < groupCount; a++) {
    const upperStart = groupStart[a]!;
    const upperEnd = groupStart[a + 1]!;
    for (let b = a; b < groupCount; b++) {
      const lowerStart = groupStart[b]!;
      const lowerEnd = groupStart[b + 1]!;
      const difference =
        problem.points[member[upperStart]!]! - problem.points[member[lowerStart]!]!;
      // Pairs (i, j) in different children violate iff d_i + d_j < 2w − 2Z.
      const threshold = 2 * (scale.maxCost - difference * difference) - 2 * forest.z[node]!;
      // A child is settled for this pair of groups once one of its members has no partner in
      // another child below the threshold: later members have larger duals and their first
      // partner in another child sits no earlier, so they have none either and are skipped a
      // run at a time. (Deep blossoms have one large child and a few single players: without
      // this, every member of the large child would be visited for every ancestor.)
      const stamp = ++forest.stamp;
      prepare(a);
      for (let x = upperStart; x < upperEnd; ) {
        const i = member[x]!;
        const from = a === b ? x + 1 : lowerStart;
        if (from >= lowerEnd || dual[i]! + dual[member[from]!]! >= threshold) break;
        const ownChild = child[x]!;
        if (forest.settled[ownChild] === stamp) {
          x = nextOtherChild[x]!;
          continue;
        }
        prepare(b);
        let hasPartner = false;
        for (let p = from; p < lowerEnd; ) {
          const j = member[p]!;
          if (dual[i]! + dual[j]! >= threshold) break;
          if (child[p] === ownChild) {
            p = nextOtherChild[p]!;
            continue;
          }
          hasPartner = true;
          if (!isRematch(problem, i, j) && !isCandidate(i, j)) violations.push([i, j]);
          p++;
        }
        if (!hasPartner) forest.settled[ownChild] = stamp;
        x++;
      }
    }
  }
}

/** Vertices grouped by points, highest group first, each group in vertex order. */
export function groupByPoints(problem: SwissProblem, vertices: readonly number[]): number[][] {
  const byPoints = new Map<number, number[]>();
  for (const v of vertices) {
    const points = problem.points[v]!;
    const group = byPoints.get(points);
    if (group) group.push(v);
    else byPoints.set(points, [v]);
  }
  return [...byPoints.entries()].sort(([a], [b]) => b - a).map(([, group]) => group);
}
