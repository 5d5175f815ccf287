import { describe, expect, it } from "vitest";
import { maxWeightMatching, type EdgeList } from "./max-weight-matching";
import { createRandom, shuffle } from "./random";
import { findDualViolations } from "./swiss-certificate";
import { pairCost } from "./swiss-objective";
import { prepareSwissRound } from "./swiss";
import { referenceDualViolations } from "./testing/reference-dual-violations";
import { simulateEvent } from "./testing/simulate-event";
import { render } from "@/lib/messages/render";

/**
 * A deliberately poor candidate graph (a random Hamiltonian path, so a perfect matching exists,
 * plus a few random pairs per player) and its optimal matching: the certificate then finds many
 * violations, in blossoms nested many levels deep.
 */
function sparseMatching(playerCount: number, rounds: number, seed: string, extraPerPlayer: number) {
  const { players } = simulateEvent({ playerCount, rounds, seed });
  const prepared = prepareSwissRound({ round: rounds + 1, seed, players });
  if (!prepared.ok) throw new Error(render(prepared.error));
  const { problem, scale } = prepared.value;
  const random = createRandom(`certificate:${seed}`);
  const keys = new Set<number>();
  const from: number[] = [];
  const to: number[] = [];
  const add = (i: number, j: number) => {
    const key = Math.min(i, j) * problem.vertexCount + Math.max(i, j);
    if (i === j || keys.has(key)) return;
    keys.add(key);
    from.push(i);
    to.push(j);
  };
  const path = shuffle(
    Array.from({ length: problem.vertexCount }, (_, v) => v),
    random,
  );
  for (let index = 1; index < path.length; index++) add(path[index - 1]!, path[index]!);
  for (let v = 0; v < problem.vertexCount; v++) {
    for (let extra = 0; extra < extraPerPlayer; extra++)
      add(v, random.nextInt(problem.vertexCount));
  }
  const edges: EdgeList = {
    from: Int32Array.from(from),
    to: Int32Array.from(to),
    weight: Float64Array.from(from, (i, k) => scale.maxCost - pairCost(problem, scale, i, to[k]!)),
    length: from.length,
  };
  const matching = maxWeightMatching(problem.vertexCount, edges, { maxCardinality: true });
  const isCandidate = (i: number, j: number) =>
    keys.has(Math.min(i, j) * problem.vertexCount + Math.max(i, j));
  let deepest = 0;
  for (let v = 0; v < problem.playerCount; v++) {
    let depth = 0;
    for (let b = matching.blossomParent[v]!; b !== -1; b = matching.blossomParent[b]!) depth++;
    deepest = Math.max(deepest, depth);
  }
  return { problem, scale, matching, isCandidate, deepest };
}

describe("findDualViolations (the optimality certificate of a sparse Swiss matching)", () => {
  const cases = [
    { playerCount: 120, rounds: 3, extraPerPlayer: 2 },
    { playerCount: 257, rounds: 5, extraPerPlayer: 3 },
    { playerCount: 400, rounds: 8, extraPerPlayer: 4 },
    { playerCount: 601, rounds: 6, extraPerPlayer: 6 },
    // Nearly everyone has met: most violations are rematch pairs, checked through their lowest common blossom.
    { playerCount: 45, rounds: 30, extraPerPlayer: 2 },
  ];
  for (const { playerCount, rounds, extraPerPlayer } of cases) {
    it(`finds exactly the reference check's violations, in the same order (${playerCount} players after ${rounds} rounds)`, () => {
      for (const seed of ["a", "b", "c"]) {
        const { problem, scale, matching, isCandidate } = sparseMatching(
          playerCount,
          rounds,
          `${playerCount}-${seed}`,
          extraPerPlayer,
        );
        const expected = referenceDualViolations(problem, scale, isCandidate, matching);
        expect(expected.length).toBeGreaterThan(0);
        // The order matters: violations become candidate edges, whose order feeds the seeded shuffle.
        expect(findDualViolations(problem, scale, isCandidate, matching)).toEqual(expected);
      }
    });
  }

  it("exercises nested blossoms and rematch pairs, where the two checks could part", () => {
    const { matching, deepest, problem } = sparseMatching(400, 8, "depth", 4);
    expect(deepest).toBeGreaterThan(3);
    expect(matching.blossomParent.some((parent) => parent !== -1)).toBe(true);
    expect(problem.opponents.some((opponents) => opponents.size > 0)).toBe(true);
  });

  it("finds no violation when every pair is a candidate (the matching is then optimal by construction)", () => {
    const { problem, scale, matching } = sparseMatching(60, 4, "complete", 0);
    const everything = () => true;
    expect(findDualViolations(problem, scale, everything, matching)).toEqual([]);
  });
});
