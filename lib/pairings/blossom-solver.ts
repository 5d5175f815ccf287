/**
 * The kernel of `max-weight-matching.ts`: Edmonds' blossom algorithm with Galil's O(n^3)
 * primal-dual bookkeeping, as described by Z. Galil, "Efficient algorithms for finding maximum
 * matching in graphs" (ACM Computing Surveys, 1986) and structured after Joris van Rantwijk's
 * well-known reference implementation (https://jorisvr.nl/article/maximum-matching).
 *
 * Conventions (kept from the reference so the two can be compared line by line):
 * - vertices 0..n-1; non-trivial blossoms n..2n-1; edge k has endpoints 2k (its `from` vertex)
 *   and 2k+1 (its `to` vertex); `mate[v]` is the remote endpoint of v's matched edge.
 * - `dual[v]` = 2·u(v) for vertices and `dual[b]` = z(b) for blossoms, so all arithmetic stays
 *   integral when weights are integers. Callers must keep |weights| well below 2^50.
 *
 * Non-null assertions (`!`) below are typed-array reads whose indices the algorithm's
 * invariants keep in range; `noUncheckedIndexedAccess` cannot see that.
 */

import { say } from "@/lib/rules/result";
import type { EdgeList, Matching } from "./max-weight-matching";
import { internalError } from "./pairing-result";

const FREE = 0;
const S_LABEL = 1;
const T_LABEL = 2;
const BREADCRUMB = 4;

export class BlossomSolver {
  private readonly n: number;
  private readonly weight: Float64Array;
  private readonly endpoint: Int32Array;
  private readonly neighbourStart: Int32Array;
  private readonly neighbourEnds: Int32Array;
  private readonly maxCardinality: boolean;
  private readonly maxWeight: number;

  private readonly mate: Int32Array;
  private readonly label: Int8Array;
  private readonly labelEnd: Int32Array;
  private readonly inBlossom: Int32Array;
  private readonly blossomParent: Int32Array;
  private readonly blossomChildren: (number[] | null)[];
  private readonly blossomBase: Int32Array;
  private readonly blossomEndpoints: (number[] | null)[];
  private readonly bestEdge: Int32Array;
  private readonly blossomBestEdges: (number[] | null)[];
  private readonly unusedBlossoms: number[];
  private readonly dual: Float64Array;
  private readonly allowEdge: Uint8Array;
  private queue: number[] = [];

  constructor(vertexCount: number, edges: EdgeList, maxCardinality: boolean) {
    const n = vertexCount;
    const m = edges.length;
    this.n = n;
    this.weight = edges.weight;
    this.maxCardinality = maxCardinality;

    let maxWeight = 0;
    const degree = new Int32Array(n + 1);
    for (let k = 0; k < m; k++) {
      const i = edges.from[k]!;
      const j = edges.to[k]!;
      if (!(i >= 0 && j >= 0 && i < n && j < n && i !== j)) {
        throw internalError(
          RangeError,
          say("blossomSolver.badEdge", { edge: k, from: i, to: j, vertices: n }),
        );
      }
      maxWeight = Math.max(maxWeight, edges.weight[k]!);
      degree[i]!++;
      degree[j]!++;
    }
    this.maxWeight = maxWeight;

    this.endpoint = new Int32Array(2 * m);
    for (let k = 0; k < m; k++) {
      this.endpoint[2 * k] = edges.from[k]!;
      this.endpoint[2 * k + 1] = edges.to[k]!;
    }
    // Compressed adjacency: neighbourEnds[neighbourStart[v] .. neighbourStart[v+1]) are the
    // remote endpoints of v's edges, in input order.
    this.neighbourStart = new Int32Array(n + 1);
    for (let v = 0; v < n; v++) this.neighbourStart[v + 1] = this.neighbourStart[v]! + degree[v]!;
    const fill = this.neighbourStart.slice(0, n);
    this.neighbourEnds = new Int32Array(2 * m);
    for (let k = 0; k < m; k++) {
      this.neighbourEnds[fill[edges.from[k]!]!++] = 2 * k + 1;
      this.neighbourEnds[fill[edges.to[k]!]!++] = 2 * k;
    }

    this.mate = new Int32Array(n).fill(-1);
    this.label = new Int8Array(2 * n);
    this.labelEnd = new Int32Array(2 * n).fill(-1);
    this.inBlossom = new Int32Array(n);
    for (let v = 0; v < n; v++) this.inBlossom[v] = v;
    this.blossomParent = new Int32Array(2 * n).fill(-1);
    this.blossomChildren = new Array<number[] | null>(2 * n).fill(null);
    this.blossomBase = new Int32Array(2 * n).fill(-1);
    for (let v = 0; v < n; v++) this.blossomBase[v] = v;
    this.blossomEndpoints = new Array<number[] | null>(2 * n).fill(null);
    this.bestEdge = new Int32Array(2 * n).fill(-1);
    this.blossomBestEdges = new Array<number[] | null>(2 * n).fill(null);
    this.unusedBlossoms = [];
    for (let b = n; b < 2 * n; b++) this.unusedBlossoms.push(b);
    this.dual = new Float64Array(2 * n);
    this.dual.fill(maxWeight, 0, n);
    this.allowEdge = new Uint8Array(m);
  }

  solve(): Matching {
    const n = this.n;
    this.matchTightEdgesGreedily();
    for (let stage = 0; stage < n; stage++) {
      if (!this.runStage()) break;
    }
    const partner = new Int32Array(n).fill(-1);
    for (let v = 0; v < n; v++) {
      if (this.mate[v]! >= 0) partner[v] = this.endpoint[this.mate[v]!]!;
    }
    return { mate: partner, dual: this.dual, blossomParent: this.blossomParent };
  }

  /**
   * Warm start: every vertex dual starts at maxWeight, so edges of weight maxWeight have zero
   * slack and any matching made of them satisfies the invariants the stages rely on (matched
   * edges tight, no blossoms, all single vertices share the minimum dual). Matching them greedily
   * here saves one full stage per such edge.
   */
  private matchTightEdgesGreedily(): void {
    for (let v = 0; v < this.n; v++) {
      if (this.mate[v] !== -1) continue;
      for (let q = this.neighbourStart[v]!; q < this.neighbourStart[v + 1]!; q++) {
        const p = this.neighbourEnds[q]!;
        const w = this.endpoint[p]!;
        if (this.mate[w] === -1 && this.weight[p >> 1] === this.maxWeight) {
          this.mate[v] = p;
          this.mate[w] = p ^ 1;
          break;
        }
      }
    }
  }

  private slack(k: number): number {
    return (
      this.dual[this.endpoint[2 * k]!]! +
      this.dual[this.endpoint[2 * k + 1]!]! -
      2 * this.weight[k]!
    );
  }

  private leaves(b: number): number[] {
    if (b < this.n) return [b];
    const result: number[] = [];
    const stack = [b];
    while (stack.length > 0) {
      const top = stack.pop()!;
      if (top < this.n) {
        result.push(top);
        continue;
      }
      const children = this.blossomChildren[top]!;
      for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
    }
    return result;
  }

  /** One stage: grow alternating trees until an augmenting path is found (true) or none exists. */
  private runStage(): boolean {
    const n = this.n;
    this.label.fill(FREE);
    this.bestEdge.fill(-1);
    for (let b = n; b < 2 * n; b++) this.blossomBestEdges[b] = null;
    this.allowEdge.fill(0);
    this.queue = [];

    for (let v = 0; v < n; v++) {
      if (this.mate[v] === -1 && this.label[this.inBlossom[v]!] === FREE)
        this.assignLabel(v, S_LABEL, -1);
    }

    for (;;) {
      if (this.scanQueue()) {
        this.expandZeroDualSBlossoms();
        return true;
      }
      const step = this.computeDelta();
      this.applyDelta(step.delta);
      if (step.type === 1) return false;
      if (step.type === 2) {
        this.allowEdge[step.edge] = 1;
        let i = this.endpoint[2 * step.edge]!;
        if (this.label[this.inBlossom[i]!] === FREE) i = this.endpoint[2 * step.edge + 1]!;
        this.queue.push(i);
      } else if (step.type === 3) {
        this.allowEdge[step.edge] = 1;
        this.queue.push(this.endpoint[2 * step.edge]!);
      } else {
        this.expandBlossom(step.blossom, false);
      }
    }
  }

  /** Label vertices reachable over tight edges; returns true once the matching was augmented. */
  private scanQueue(): boolean {
    const { label, inBlossom, endpoint, allowEdge, bestEdge } = this;
    while (this.queue.length > 0) {
      const v = this.queue.pop()!;
      for (let q = this.neighbourStart[v]!; q < this.neighbourStart[v + 1]!; q++) {
        const p = this.neighbourEnds[q]!;
        const k = p >> 1;
        const w = endpoint[p]!;
        if (inBlossom[v] === inBlossom[w]) continue;
        let kSlack = 0;
        if (!allowEdge[k]) {
          kSlack = this.slack(k);
          if (kSlack <= 0) allowEdge[k] = 1;
        }
        const wLabel = label[inBlossom[w]!]!;
        if (allowEdge[k]) {
          if (wLabel === FREE) {
            this.assignLabel(w, T_LABEL, p ^ 1);
          } else if (wLabel === S_LABEL) {
            const base = this.scanBlossom(v, w);
            if (base >= 0) {
              this.addBlossom(base, k);
            } else {
              this.augmentMatching(k);
              return true;
            }
          } else if (label[w] === FREE) {
            // w sits inside a T-blossom and was not reached from outside yet: remember how,
            // for relabelling when that blossom expands.
            label[w] = T_LABEL;
            this.labelEnd[w] = p ^ 1;
          }
        } else if (wLabel === S_LABEL) {
          const b = inBlossom[v]!;
          if (bestEdge[b] === -1 || kSlack < this.slack(bestEdge[b]!)) bestEdge[b] = k;
        } else if (label[w] === FREE) {
          if (bestEdge[w] === -1 || kSlack < this.slack(bestEdge[w]!)) bestEdge[w] = k;
        }
      }
    }
    return false;
  }

  private computeDelta(): { type: 1 | 2 | 3 | 4; delta: number; edge: number; blossom: number } {
    const n = this.n;
    const { label, inBlossom, bestEdge, dual, blossomParent, blossomBase } = this;
    let type: 1 | 2 | 3 | 4 | -1 = -1;
    let delta = 0;
    let edge = -1;
    let blossom = -1;
    if (!this.maxCardinality) {
      // delta1: the minimum vertex dual (reaching 0 means no further gain is possible).
      type = 1;
      delta = Infinity;
      for (let v = 0; v < n; v++) delta = Math.min(delta, dual[v]!);
    }
    // delta2: least slack of an edge between an S-vertex and a free vertex.
    for (let v = 0; v < n; v++) {
      if (label[inBlossom[v]!] === FREE && bestEdge[v] !== -1) {
        const d = this.slack(bestEdge[v]!);
        if (type === -1 || d < delta) {
          delta = d;
          type = 2;
          edge = bestEdge[v]!;
        }
      }
    }
    // delta3: half the least slack of an edge between two S-blossoms (always even: integral).
    for (let b = 0; b < 2 * n; b++) {
      if (blossomParent[b] === -1 && label[b] === S_LABEL && bestEdge[b] !== -1) {
        const d = this.slack(bestEdge[b]!) / 2;
        if (type === -1 || d < delta) {
          delta = d;
          type = 3;
          edge = bestEdge[b]!;
        }
      }
    }
    // delta4: the least z of a top-level T-blossom (at zero it must be expanded).
    for (let b = n; b < 2 * n; b++) {
      if (
        blossomBase[b]! >= 0 &&
        blossomParent[b] === -1 &&
        label[b] === T_LABEL &&
        (type === -1 || dual[b]! < delta)
      ) {
        delta = dual[b]!;
        type = 4;
        blossom = b;
      }
    }
    if (type === -1) {
      // Max-cardinality optimum reached; a final update keeps the certificate valid.
      type = 1;
      let minDual = Infinity;
      for (let v = 0; v < n; v++) minDual = Math.min(minDual, dual[v]!);
      delta = Math.max(0, minDual);
    }
    return { type, delta, edge, blossom };
  }

  private applyDelta(delta: number): void {
    const n = this.n;
    const { label, inBlossom, dual, blossomBase, blossomParent } = this;
    for (let v = 0; v < n; v++) {
      const vLabel = label[inBlossom[v]!];
      if (vLabel === S_LABEL) dual[v] = dual[v]! - delta;
      else if (vLabel === T_LABEL) dual[v] = dual[v]! + delta;
    }
    for (let b = n; b < 2 * n; b++) {
      if (blossomBase[b]! >= 0 && blossomParent[b] === -1) {
        if (label[b] === S_LABEL) dual[b] = dual[b]! + delta;
        else if (label[b] === T_LABEL) dual[b] = dual[b]! - delta;
      }
    }
  }

  private expandZeroDualSBlossoms(): void {
    for (let b = this.n; b < 2 * this.n; b++) {
      if (
        this.blossomParent[b] === -1 &&
        this.blossomBase[b]! >= 0 &&
        this.label[b] === S_LABEL &&
        this.dual[b] === 0
      ) {
        this.expandBlossom(b, true);
      }
    }
  }

  /** Label the top-level blossom of w with t, reached through remote endpoint p. */
  private assignLabel(w: number, t: number, p: number): void {
    for (;;) {
      const b = this.inBlossom[w]!;
      this.label[w] = t;
      this.label[b] = t;
      this.labelEnd[w] = p;
      this.labelEnd[b] = p;
      this.bestEdge[w] = -1;
      this.bestEdge[b] = -1;
      if (t === S_LABEL) {
        for (const leaf of this.leaves(b)) this.queue.push(leaf);
        return;
      }
      // A T-blossom's base is matched; its mate becomes S.
      const base = this.blossomBase[b]!;
      const mateEnd = this.mate[base]!;
      w = this.endpoint[mateEnd]!;
      t = S_LABEL;
      p = mateEnd ^ 1;
    }
  }

  /** Trace back from v and w: the base of a new blossom, or -1 for an augmenting path. */
  private scanBlossom(v: number, w: number): number {
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = this.inBlossom[v]!;
      if (this.label[b]! & BREADCRUMB) {
        base = this.blossomBase[b]!;
        break;
      }
      path.push(b);
      this.label[b] = S_LABEL | BREADCRUMB;
      if (this.labelEnd[b] === -1) {
        v = -1;
      } else {
        v = this.endpoint[this.labelEnd[b]!]!;
        b = this.inBlossom[v]!;
        v = this.endpoint[this.labelEnd[b]!]!;
      }
      if (w !== -1) {
        const swap = v;
        v = w;
        w = swap;
      }
    }
    for (const b of path) this.label[b] = S_LABEL;
    return base;
  }

  /** Make a new S-blossom with the given base from the cycle closed by edge k. */
  private addBlossom(base: number, k: number): void {
    const { inBlossom, blossomParent, labelEnd, endpoint } = this;
    let v = endpoint[2 * k]!;
    let w = endpoint[2 * k + 1]!;
    const bb = inBlossom[base]!;
    let bv = inBlossom[v]!;
    let bw = inBlossom[w]!;
    const b = this.unusedBlossoms.pop()!;
    this.blossomBase[b] = base;
    blossomParent[b] = -1;
    blossomParent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomParent[bv] = b;
      path.push(bv);
      endps.push(labelEnd[bv]!);
      v = endpoint[labelEnd[bv]!]!;
      bv = inBlossom[v]!;
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomParent[bw] = b;
      path.push(bw);
      endps.push(labelEnd[bw]! ^ 1);
      w = endpoint[labelEnd[bw]!]!;
      bw = inBlossom[w]!;
    }
    this.blossomChildren[b] = path;
    this.blossomEndpoints[b] = endps;
    this.label[b] = S_LABEL;
    labelEnd[b] = labelEnd[bb]!;
    this.dual[b] = 0;
    for (const leaf of this.leaves(b)) {
      if (this.label[inBlossom[leaf]!] === T_LABEL) this.queue.push(leaf);
      inBlossom[leaf] = b;
    }
    // Least-slack edges from the new blossom to each other S-blossom.
    const bestEdgeTo = new Map<number, number>();
    for (const child of path) {
      const candidates: number[] = [];
      const known = this.blossomBestEdges[child];
      if (known === null || known === undefined) {
        for (const leaf of this.leaves(child)) {
          for (let q = this.neighbourStart[leaf]!; q < this.neighbourStart[leaf + 1]!; q++) {
            candidates.push(this.neighbourEnds[q]! >> 1);
          }
        }
      } else {
        for (const edge of known) candidates.push(edge);
      }
      for (const edge of candidates) {
        let j = endpoint[2 * edge + 1]!;
        if (inBlossom[j] === b) j = endpoint[2 * edge]!;
        const bj = inBlossom[j]!;
        if (bj !== b && this.label[bj] === S_LABEL) {
          const current = bestEdgeTo.get(bj);
          if (current === undefined || this.slack(edge) < this.slack(current))
            bestEdgeTo.set(bj, edge);
        }
      }
      this.blossomBestEdges[child] = null;
      this.bestEdge[child] = -1;
    }
    const best = [...bestEdgeTo.values()];
    this.blossomBestEdges[b] = best;
    let bestEdge = -1;
    for (const edge of best) {
      if (bestEdge === -1 || this.slack(edge) < this.slack(bestEdge)) bestEdge = edge;
    }
    this.bestEdge[b] = bestEdge;
  }

  /** Turn the sub-blossoms of top-level blossom b back into top-level blossoms. */
  private expandBlossom(b: number, endStage: boolean): void {
    const { inBlossom, blossomParent, label, labelEnd, endpoint } = this;
    const children = this.blossomChildren[b]!;
    for (const s of children) {
      blossomParent[s] = -1;
      if (s < this.n) {
        inBlossom[s] = s;
      } else if (endStage && this.dual[s] === 0) {
        this.expandBlossom(s, endStage);
      } else {
        for (const leaf of this.leaves(s)) inBlossom[leaf] = s;
      }
    }
    if (!endStage && label[b] === T_LABEL) {
      // Relabel the sub-blossoms along the even-length path from the entry child to the base.
      const endps = this.blossomEndpoints[b]!;
      const size = children.length;
      const entryChild = inBlossom[endpoint[labelEnd[b]! ^ 1]!]!;
      let j = children.indexOf(entryChild);
      let jStep: number;
      let endpTrick: number;
      if (j & 1) {
        j -= size;
        jStep = 1;
        endpTrick = 0;
      } else {
        jStep = -1;
        endpTrick = 1;
      }
      const at = <T>(list: readonly T[], index: number): T =>
        list[index < 0 ? index + size : index]!;
      let p = labelEnd[b]!;
      while (j !== 0) {
        label[endpoint[p ^ 1]!] = FREE;
        label[endpoint[at(endps, j - endpTrick) ^ endpTrick ^ 1]!] = FREE;
        this.assignLabel(endpoint[p ^ 1]!, T_LABEL, p);
        this.allowEdge[at(endps, j - endpTrick) >> 1] = 1;
        j += jStep;
        p = at(endps, j - endpTrick) ^ endpTrick;
        this.allowEdge[p >> 1] = 1;
        j += jStep;
      }
      const baseChild = at(children, j);
      label[endpoint[p ^ 1]!] = T_LABEL;
      label[baseChild] = T_LABEL;
      labelEnd[endpoint[p ^ 1]!] = p;
      labelEnd[baseChild] = p;
      this.bestEdge[baseChild] = -1;
      j += jStep;
      while (at(children, j) !== entryChild) {
        const bv = at(children, j);
        if (label[bv] === S_LABEL) {
          j += jStep;
          continue;
        }
        let reached = -1;
        for (const leaf of this.leaves(bv)) {
          if (label[leaf] !== FREE) {
            reached = leaf;
            break;
          }
        }
        if (reached !== -1) {
          label[reached] = FREE;
          label[endpoint[this.mate[this.blossomBase[bv]!]!]!] = FREE;
          this.assignLabel(reached, T_LABEL, labelEnd[reached]!);
        }
        j += jStep;
      }
    }
    label[b] = -1;
    labelEnd[b] = -1;
    this.blossomChildren[b] = null;
    this.blossomEndpoints[b] = null;
    this.blossomBase[b] = -1;
    this.blossomBestEdges[b] = null;
    this.bestEdge[b] = -1;
    this.unusedBlossoms.push(b);
  }

  /** Swap matched/unmatched edges along the even path inside blossom b from vertex v to its base. */
  private augmentBlossom(b: number, v: number): void {
    let t = v;
    while (this.blossomParent[t] !== b) t = this.blossomParent[t]!;
    if (t >= this.n) this.augmentBlossom(t, v);
    const children = this.blossomChildren[b]!;
    const endps = this.blossomEndpoints[b]!;
    const size = children.length;
    const at = (list: readonly number[], index: number): number =>
      list[index < 0 ? index + size : index]!;
    const i = children.indexOf(t);
    let j = i;
    let jStep: number;
    let endpTrick: number;
    if (i & 1) {
      j -= size;
      jStep = 1;
      endpTrick = 0;
    } else {
      jStep = -1;
      endpTrick = 1;
    }
    while (j !== 0) {
      j += jStep;
      t = at(children, j);
      const p = at(endps, j - endpTrick) ^ endpTrick;
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p]!);
      j += jStep;
      t = at(children, j);
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p ^ 1]!);
      this.mate[this.endpoint[p]!] = p ^ 1;
      this.mate[this.endpoint[p ^ 1]!] = p;
    }
    // Rotate so that the new base comes first.
    this.blossomChildren[b] = children.slice(i).concat(children.slice(0, i));
    this.blossomEndpoints[b] = endps.slice(i).concat(endps.slice(0, i));
    this.blossomBase[b] = this.blossomBase[this.blossomChildren[b]![0]!]!;
  }

  /** Augment along the path through edge k, which joins two S-vertices of different trees. */
  private augmentMatching(k: number): void {
    const { inBlossom, labelEnd, endpoint } = this;
    const starts: [number, number][] = [
      [endpoint[2 * k]!, 2 * k + 1],
      [endpoint[2 * k + 1]!, 2 * k],
    ];
    for (const [start, startEnd] of starts) {
      let s = start;
      let p = startEnd;
      for (;;) {
        const bs = inBlossom[s]!;
        if (bs >= this.n) this.augmentBlossom(bs, s);
        this.mate[s] = p;
        if (labelEnd[bs] === -1) break;
        const t = endpoint[labelEnd[bs]!]!;
        const bt = inBlossom[t]!;
        s = endpoint[labelEnd[bt]!]!;
        const j = endpoint[labelEnd[bt]! ^ 1]!;
        if (bt >= this.n) this.augmentBlossom(bt, j);
        this.mate[j] = labelEnd[bt]!;
        p = labelEnd[bt]! ^ 1;
      }
    }
  }
}
