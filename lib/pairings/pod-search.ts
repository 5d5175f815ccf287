/**
 * The search behind the pod pairer, on players by index. Objective (lexicographic, lower is
 * better): 1. repeated pairs (pod-mates who shared a pod before), 2. Σ over pods of Σ over pairs
 * of (points difference)². Ties go to the first solution found, in the seeded order the caller
 * gives the players in.
 */
import { say } from "@/lib/rules/result";
import { internalError } from "./pairing-result";
import { shuffle, type Random } from "./random";

export type PodProblem = {
  playerCount: number;
  /** Points per player index. */
  points: number[];
  /** Per player, the indices of earlier pod-mates. */
  met: Set<number>[];
  /** Pod sizes from the top pod down. */
  sizes: number[];
  /** Player indices from the top of the standings down (points, then seeded random). */
  order: number[];
};

export type PodCost = { repeats: number; spread: number };

export type PodSearchOptions = {
  /** Fields of at most this many players are searched exhaustively (provably optimal). */
  exactLimit: number;
  /** Extra greedy starts with a reshuffled order inside each points group, for fields up to 256 players. */
  restarts: number;
  /** Pods this far apart (in top-down order) are tried for swaps that only improve the points spread. */
  podWindow: number;
  /** Random kicks (a player with a repeat swapped anywhere, then the swap search again) while repeats remain, for fields up to 256 players. */
  kicks: number;
  /** Nodes the depth-first search for pods with fewer repeats may visit while repeats remain (fields up to 256 players). */
  repeatSearchNodes: number;
};

export const DEFAULT_POD_SEARCH_OPTIONS: PodSearchOptions = {
  exactLimit: 12,
  restarts: 8,
  podWindow: 3,
  kicks: 100,
  repeatSearchNodes: 200_000,
};

export function compareCosts(a: PodCost, b: PodCost): number {
  return a.repeats - b.repeats || a.spread - b.spread;
}

function pairCost(problem: PodProblem, i: number, j: number): PodCost {
  const d = problem.points[i]! - problem.points[j]!;
  return { repeats: problem.met[i]!.has(j) ? 1 : 0, spread: d * d };
}

export function podCost(problem: PodProblem, pod: readonly number[]): PodCost {
  let repeats = 0;
  let spread = 0;
  for (let a = 0; a < pod.length; a++) {
    for (let b = a + 1; b < pod.length; b++) {
      const c = pairCost(problem, pod[a]!, pod[b]!);
      repeats += c.repeats;
      spread += c.spread;
    }
  }
  return { repeats, spread };
}

export function totalCost(problem: PodProblem, pods: readonly (readonly number[])[]): PodCost {
  let repeats = 0;
  let spread = 0;
  for (const pod of pods) {
    const c = podCost(problem, pod);
    repeats += c.repeats;
    spread += c.spread;
  }
  return { repeats, spread };
}

/**
 * Returns the pods (in the planned order of sizes) and whether the search was exhaustive. Above
 * `exactLimit`: greedy pods improved by swaps; while repeats remain (fields up to 256 players),
 * more greedy starts from reshuffled points groups, then a walk of random kicks, each followed by
 * the swap search, that keeps any result with no more repeats; and if repeats still remain, a
 * depth-first search for pods with fewer (`fewerRepeats`), improved by swaps. The best is returned.
 */
export function searchPods(
  problem: PodProblem,
  options: PodSearchOptions,
  random: Random,
): { pods: number[][]; exhaustive: boolean; repeatsProvenMinimal: boolean } {
  if (problem.playerCount <= options.exactLimit)
    return { pods: exhaustiveSearch(problem), exhaustive: true, repeatsProvenMinimal: true };
  let best = localSearch(problem, greedyPods(problem, problem.order), options);
  let bestCost = totalCost(problem, best);
  const small = problem.playerCount <= 256;
  for (let attempt = 0; small && attempt < options.restarts && bestCost.repeats > 0; attempt++) {
    const candidate = localSearch(
      problem,
      greedyPods(problem, reshuffleWithinPoints(problem, problem.order, random)),
      options,
    );
    const cost = totalCost(problem, candidate);
    if (compareCosts(cost, bestCost) < 0) {
      best = candidate;
      bestCost = cost;
    }
  }
  // The walk accepts any kick that keeps the repeats from growing, even at a larger spread, so it can leave a local optimum.
  let current = best;
  let currentRepeats = bestCost.repeats;
  for (let attempt = 0; small && attempt < options.kicks && bestCost.repeats > 0; attempt++) {
    const candidate = localSearch(problem, kick(problem, current, random), options);
    const cost = totalCost(problem, candidate);
    if (cost.repeats <= currentRepeats) {
      current = candidate;
      currentRepeats = cost.repeats;
    }
    if (compareCosts(cost, bestCost) < 0) {
      best = candidate;
      bestCost = cost;
    }
  }
  let repeatsProvenMinimal = bestCost.repeats === 0;
  if (small && bestCost.repeats > 0) {
    const fewer = fewerRepeats(problem, bestCost.repeats, options.repeatSearchNodes);
    repeatsProvenMinimal = fewer.complete;
    if (fewer.pods !== null) {
      // Swaps never add repeats, so the improved pods keep the fewer repeats found.
      const improved = localSearch(problem, fewer.pods, options);
      if (compareCosts(totalCost(problem, improved), bestCost) < 0) best = improved;
    }
  }
  return { pods: best, exhaustive: false, repeatsProvenMinimal };
}

/**
 * Depth-first search, on repeats alone, for pods with fewer than `bound` repeated pairs: the first
 * player left (top-down) takes pod-mates one at a time, nearest in the order first, and a branch is
 * cut as soon as its repeats reach the bound. Stops at zero repeats or after `budget` nodes; returns
 * the best pods found (in the planned order of sizes) or null, and whether the search was complete:
 * every partition is reached once or cut by a valid bound, so a complete search proves that no pods
 * have fewer repeats than the best returned (or than `bound`, when it returns null).
 */
export function fewerRepeats(
  problem: PodProblem,
  bound: number,
  budget: number,
): { pods: number[][] | null; complete: boolean } {
  const sizeCounts = new Map<number, number>();
  for (const size of problem.sizes) sizeCounts.set(size, (sizeCounts.get(size) ?? 0) + 1);
  const distinctSizes = [...sizeCounts.keys()].sort((a, b) => b - a);
  const used = new Uint8Array(problem.playerCount);
  const current: number[][] = [];
  let best: number[][] | null = null;
  let limit = bound;
  let nodes = 0;
  const stop = (): boolean => nodes >= budget || limit === 0;

  const fill = (
    pod: number[],
    size: number,
    start: number,
    rest: readonly number[],
    repeats: number,
  ): void => {
    if (stop()) return;
    nodes++;
    if (pod.length === size) {
      current.push(pod.slice());
      place(repeats);
      current.pop();
      return;
    }
    for (let k = start; k <= rest.length - (size - pod.length) && !stop(); k++) {
      const candidate = rest[k]!;
      let added = 0;
      for (const member of pod) if (problem.met[candidate]!.has(member)) added++;
      if (repeats + added >= limit) continue;
      pod.push(candidate);
      used[candidate] = 1;
      fill(pod, size, k + 1, rest, repeats + added);
      used[candidate] = 0;
      pod.pop();
    }
  };
  const place = (repeats: number): void => {
    const first = problem.order.find((player) => !used[player]);
    if (first === undefined) {
      best = current.map((pod) => pod.slice()).sort((p, q) => q.length - p.length);
      limit = repeats;
      return;
    }
    const rest = problem.order.filter((player) => !used[player] && player !== first);
    used[first] = 1;
    for (const size of distinctSizes) {
      if (sizeCounts.get(size)! === 0) continue;
      sizeCounts.set(size, sizeCounts.get(size)! - 1);
      fill([first], size, 0, rest, repeats);
      sizeCounts.set(size, sizeCounts.get(size)! + 1);
    }
    used[first] = 0;
  };
  place(0);
  return { pods: best, complete: nodes < budget };
}

/** Swap one or two players who have a repeat in their pod with random players of other pods. */
function kick(
  problem: PodProblem,
  pods: readonly (readonly number[])[],
  random: Random,
): number[][] {
  const result = pods.map((pod) => pod.slice());
  const swaps = 1 + random.nextInt(2);
  for (let s = 0; s < swaps; s++) {
    const troubled = result.flatMap((pod, index) =>
      pod
        .filter((p) => pod.some((q) => q !== p && problem.met[p]!.has(q)))
        .map((p) => [index, p] as const),
    );
    if (troubled.length === 0 || result.length < 2) break;
    const [a, x] = troubled[random.nextInt(troubled.length)]!;
    let b = random.nextInt(result.length - 1);
    if (b >= a) b++;
    const podB = result[b]!;
    const yIndex = random.nextInt(podB.length);
    const y = podB[yIndex]!;
    result[a]![result[a]!.indexOf(x)] = y;
    podB[yIndex] = x;
  }
  return result;
}

/** Top-down order with a fresh seeded shuffle inside each points group. */
function reshuffleWithinPoints(
  problem: PodProblem,
  order: readonly number[],
  random: Random,
): number[] {
  const result: number[] = [];
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end < order.length && problem.points[order[end]!] === problem.points[order[start]!])
      end++;
    result.push(...shuffle(order.slice(start, end), random));
    start = end;
  }
  return result;
}

/** Pods from the top down: each starts with the highest player left and adds the cheapest of the next few. */
export function greedyPods(problem: PodProblem, order: readonly number[]): number[][] {
  const window = 16;
  const placed = new Uint8Array(problem.playerCount);
  const pods: number[][] = [];
  let pointer = 0;
  for (const size of problem.sizes) {
    while (placed[order[pointer]!]) pointer++;
    const pod = [order[pointer]!];
    placed[order[pointer]!] = 1;
    while (pod.length < size) {
      let chosen = -1;
      let chosenCost: PodCost | null = null;
      let seen = 0;
      for (let k = pointer + 1; k < order.length && seen < window; k++) {
        const candidate = order[k]!;
        if (placed[candidate]) continue;
        seen++;
        let repeats = 0;
        let spread = 0;
        for (const member of pod) {
          const c = pairCost(problem, candidate, member);
          repeats += c.repeats;
          spread += c.spread;
        }
        const cost = { repeats, spread };
        if (chosenCost === null || compareCosts(cost, chosenCost) < 0) {
          chosen = candidate;
          chosenCost = cost;
        }
      }
      pod.push(chosen);
      placed[chosen] = 1;
    }
    pods.push(pod);
  }
  return pods;
}

/**
 * Best-improvement swaps of two players between pods until none improves the objective. A player
 * with a repeat in their pod tries every other pod; everyone else tries pods within `podWindow`
 * (the whole field when it has at most 16 pods). Each applied swap lowers the cost, so it ends.
 */
export function localSearch(
  problem: PodProblem,
  start: readonly (readonly number[])[],
  options: PodSearchOptions,
): number[][] {
  const pods = start.map((pod) => pod.slice());
  const podOf = new Int32Array(problem.playerCount);
  for (const [index, pod] of pods.entries()) for (const player of pod) podOf[player] = index;
  const window = pods.length <= 16 ? pods.length : options.podWindow;

  // Cost of `player` with the members of `pod`, leaving out `except`.
  const costWith = (player: number, pod: readonly number[], except: number): PodCost => {
    let repeats = 0;
    let spread = 0;
    for (const member of pod) {
      if (member === except || member === player) continue;
      const c = pairCost(problem, player, member);
      repeats += c.repeats;
      spread += c.spread;
    }
    return { repeats, spread };
  };
  const hasRepeat = (player: number): boolean =>
    pods[podOf[player]!]!.some((member) => member !== player && problem.met[player]!.has(member));

  for (let pass = 0; pass < 200; pass++) {
    let improved = false;
    for (const x of problem.order) {
      const a = podOf[x]!;
      const podA = pods[a]!;
      const xOut = costWith(x, podA, x);
      const everywhere = hasRepeat(x);
      let bestDelta: PodCost = { repeats: 0, spread: 0 };
      let bestY = -1;
      const from = everywhere ? 0 : Math.max(0, a - window);
      const to = everywhere ? pods.length - 1 : Math.min(pods.length - 1, a + window);
      for (let b = from; b <= to; b++) {
        if (b === a) continue;
        const podB = pods[b]!;
        for (const y of podB) {
          const yOut = costWith(y, podB, y);
          const xIn = costWith(x, podB, y);
          const yIn = costWith(y, podA, x);
          // x and y are not pod-mates before or after, so their own pair never counts.
          const delta = {
            repeats: xIn.repeats + yIn.repeats - xOut.repeats - yOut.repeats,
            spread: xIn.spread + yIn.spread - xOut.spread - yOut.spread,
          };
          if (compareCosts(delta, bestDelta) < 0) {
            bestDelta = delta;
            bestY = y;
          }
        }
      }
      if (bestY !== -1) {
        const b = podOf[bestY]!;
        podA[podA.indexOf(x)] = bestY;
        pods[b]![pods[b]!.indexOf(bestY)] = x;
        podOf[x] = b;
        podOf[bestY] = a;
        improved = true;
      }
    }
    if (!improved) break;
  }
  return pods;
}

/**
 * Branch and bound over every partition into pods of the planned sizes: the first player left (in
 * seeded order) is placed with every choice of pod-mates; partial costs only grow, so a branch is
 * cut once it is no better than the best found. Exact for the objective.
 */
export function exhaustiveSearch(problem: PodProblem): number[][] {
  const sizeCounts = new Map<number, number>();
  for (const size of problem.sizes) sizeCounts.set(size, (sizeCounts.get(size) ?? 0) + 1);
  const distinctSizes = [...sizeCounts.keys()].sort((a, b) => b - a);
  const used = new Uint8Array(problem.playerCount);
  const current: number[][] = [];
  let best: number[][] | null = null;
  let bestCost: PodCost = { repeats: Infinity, spread: Infinity };

  const recurse = (cost: PodCost): void => {
    if (compareCosts(cost, bestCost) >= 0) return;
    const first = problem.order.find((player) => !used[player]);
    if (first === undefined) {
      best = current.map((pod) => pod.slice());
      bestCost = cost;
      return;
    }
    const rest = problem.order.filter((player) => !used[player] && player !== first);
    used[first] = 1;
    for (const size of distinctSizes) {
      if (sizeCounts.get(size)! === 0) continue;
      sizeCounts.set(size, sizeCounts.get(size)! - 1);
      for (const mates of combinations(rest, size - 1)) {
        const pod = [first, ...mates];
        const c = podCost(problem, pod);
        for (const m of mates) used[m] = 1;
        current.push(pod);
        recurse({ repeats: cost.repeats + c.repeats, spread: cost.spread + c.spread });
        current.pop();
        for (const m of mates) used[m] = 0;
      }
      sizeCounts.set(size, sizeCounts.get(size)! + 1);
    }
    used[first] = 0;
  };
  recurse({ repeats: 0, spread: 0 });
  if (best === null) throw internalError(Error, say("podSearch.sizesMismatch"));
  // Pods in the planned order of sizes (larger first), as the heuristic returns them.
  return (best as number[][]).sort((p, q) => q.length - p.length);
}

function* combinations(
  items: readonly number[],
  k: number,
  start = 0,
  chosen: number[] = [],
): Generator<number[]> {
  if (chosen.length === k) {
    yield chosen.slice();
    return;
  }
  for (let index = start; index <= items.length - (k - chosen.length); index++) {
    chosen.push(items[index]!);
    yield* combinations(items, k, index + 1, chosen);
    chosen.pop();
  }
}
