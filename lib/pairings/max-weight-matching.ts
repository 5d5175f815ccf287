/**
 * Maximum-weight matching in a general graph (Edmonds' blossom algorithm, O(n^3)); the kernel is
 * in `blossom-solver.ts`. Besides the matching it returns the optimal dual solution, so callers
 * can prove optimality on edges the solver never saw (`certificateSlack`).
 *
 * Why not the `edmonds-blossom-fixed` package (a JS port of the same reference algorithm)? It
 * does not expose the dual solution, which `swiss-solver.ts` needs to prove that a matching found
 * on a sparse candidate graph is optimal on the complete graph; and it stores everything in
 * arrays of boxed numbers (15 s for 4,096 vertices and 49k edges on this machine, against
 * 0.15 s here).
 */
import { BlossomSolver } from "./blossom-solver";

export type EdgeList = {
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly weight: Float64Array;
  readonly length: number;
};

export type Matching = {
  /** mate[v] = the vertex matched to v, or -1. */
  readonly mate: Int32Array;
  /**
   * The final dual solution, for certificates (see `certificateSlack`): dual[v] = 2·u(v) for
   * vertices 0..n-1, dual[b] = z(b) for blossoms n..2n-1 (0 when unused).
   */
  readonly dual: Float64Array;
  /** blossomParent[x] = the blossom directly containing vertex/blossom x, or -1 at top level. */
  readonly blossomParent: Int32Array;
};

export type MatchingOptions = {
  /** Only maximum-cardinality matchings are considered (perfect ones, when they exist). */
  readonly maxCardinality: boolean;
};

/** Compute a maximum-weight matching of the graph with `vertexCount` vertices and `edges`. */
export function maxWeightMatching(
  vertexCount: number,
  edges: EdgeList,
  options: MatchingOptions,
): Matching {
  return new BlossomSolver(vertexCount, edges, options.maxCardinality).solve();
}

/**
 * Twice the reduced cost of the pair (i, j) with weight `weight` under the dual solution of
 * `matching`: 2·(u(i) + u(j) − w + Σ z(B) over the blossoms B containing both i and j).
 *
 * The solver guarantees zero reduced cost on matched edges, non-negative reduced cost on its
 * input edges, and "full" blossoms wherever z(B) > 0. So if a perfect matching it returned also
 * has certificateSlack ≥ 0 for every edge of a larger graph on the same vertices, the dual
 * solution is feasible for that larger graph and proves (LP duality for Edmonds' perfect
 * matching polytope) that the matching is a maximum-weight perfect matching of it too.
 */
export function certificateSlack(matching: Matching, i: number, j: number, weight: number): number {
  const { dual, blossomParent } = matching;
  let slack = dual[i]! + dual[j]! - 2 * weight;
  if (blossomParent[i] === -1 || blossomParent[j] === -1) return slack;
  const ancestorsOfI = new Set<number>();
  for (let b = blossomParent[i]!; b !== -1; b = blossomParent[b]!) ancestorsOfI.add(b);
  for (let b = blossomParent[j]!; b !== -1; b = blossomParent[b]!) {
    if (ancestorsOfI.has(b)) slack += 2 * dual[b]!;
  }
  return slack;
}

/** Build an EdgeList from [from, to, weight] triples. */
export function edgeListFrom(triples: readonly (readonly [number, number, number])[]): EdgeList {
  const from = new Int32Array(triples.length);
  const to = new Int32Array(triples.length);
  const weight = new Float64Array(triples.length);
  triples.forEach(([i, j, w], k) => {
    from[k] = i;
    to[k] = j;
    weight[k] = w;
  });
  return { from, to, weight, length: triples.length };
}
