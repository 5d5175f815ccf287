import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  certificateSlack,
  edgeListFrom,
  maxWeightMatching,
  type Matching,
} from "./max-weight-matching";
import { bruteForceMatching } from "./testing/brute-force-matching";

type Triple = readonly [number, number, number];

function solve(triples: readonly Triple[], maxCardinality = false, vertexCount?: number): Matching {
  const n = vertexCount ?? Math.max(0, ...triples.flatMap(([i, j]) => [i + 1, j + 1]));
  return maxWeightMatching(n, edgeListFrom(triples), { maxCardinality });
}

function mateArray(matching: Matching): number[] {
  return Array.from(matching.mate);
}

function totals(
  matching: Matching,
  triples: readonly Triple[],
): { cardinality: number; weight: number } {
  let cardinality = 0;
  let weight = 0;
  for (const [i, j, w] of triples) {
    if (matching.mate[i] === j) {
      cardinality++;
      weight += w;
    }
  }
  return { cardinality, weight };
}

/** Checks Edmonds' LP optimality conditions on the returned dual solution. */
function expectValidCertificate(
  matching: Matching,
  triples: readonly Triple[],
  maxCardinality: boolean,
): void {
  const n = matching.mate.length;
  for (let v = 0; v < n; v++) {
    const partner = matching.mate[v]!;
    if (partner !== -1) expect(matching.mate[partner]).toBe(v);
  }
  for (const [i, j, w] of triples) {
    const slack = certificateSlack(matching, i, j, w);
    expect(slack).toBeGreaterThanOrEqual(0);
    if (matching.mate[i] === j) expect(slack).toBe(0);
  }
  const minVertexDual = Math.min(...Array.from(matching.dual.subarray(0, n)));
  for (let v = 0; v < n; v++) {
    // Single vertices carry the minimum dual (0 unless max-cardinality lets duals go negative).
    if (matching.mate[v] === -1)
      expect(matching.dual[v]).toBe(maxCardinality ? Math.min(minVertexDual, 0) : 0);
  }
  if (!maxCardinality) expect(minVertexDual).toBeGreaterThanOrEqual(0);
  // Blossoms with positive dual must be "full": (|B| - 1) / 2 matched edges inside.
  for (let b = n; b < 2 * n; b++) {
    if (matching.dual[b]! <= 0) continue;
    const inside = new Set<number>();
    for (let v = 0; v < n; v++) {
      for (let x = matching.blossomParent[v]!; x !== -1; x = matching.blossomParent[x]!) {
        if (x === b) inside.add(v);
      }
    }
    if (inside.size === 0) continue;
    const matchedInside = [...inside].filter((v) => inside.has(matching.mate[v]!)).length / 2;
    expect(inside.size % 2).toBe(1);
    expect(matchedInside).toBe((inside.size - 1) / 2);
  }
}

const graphArbitrary = fc
  .record({
    vertexCount: fc.integer({ min: 1, max: 10 }),
    density: fc.double({ min: 0.2, max: 1, noNaN: true }),
    weights: fc.array(fc.integer({ min: -20, max: 40 }), { minLength: 45, maxLength: 45 }),
    present: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 45, maxLength: 45 }),
  })
  .map(({ vertexCount, density, weights, present }) => {
    const triples: Triple[] = [];
    let slot = 0;
    for (let i = 0; i < vertexCount; i++) {
      for (let j = i + 1; j < vertexCount; j++, slot++) {
        if (present[slot]! < density) triples.push([i, j, weights[slot]!]);
      }
    }
    return { vertexCount, triples };
  });

describe("maxWeightMatching", () => {
  it("handles empty and trivial graphs", () => {
    expect(mateArray(solve([], false, 0))).toEqual([]);
    expect(mateArray(solve([], false, 3))).toEqual([-1, -1, -1]);
    expect(mateArray(solve([[0, 1, 1]]))).toEqual([1, 0]);
  });

  // Classic cases from the reference implementation's test suite: each exercises one blossom
  // operation (S-blossom, T-blossom, nesting, relabel, expansion, least-slack bookkeeping).
  const classicCases: {
    name: string;
    edges: Triple[];
    maxCardinality?: boolean;
    expected: number[];
  }[] = [
    {
      name: "path prefers heavier edge",
      edges: [
        [1, 2, 10],
        [2, 3, 11],
      ],
      expected: [-1, -1, 3, 2],
    },
    {
      name: "three-edge path",
      edges: [
        [1, 2, 5],
        [2, 3, 11],
        [3, 4, 5],
      ],
      expected: [-1, -1, 3, 2, -1],
    },
    {
      name: "max cardinality",
      edges: [
        [1, 2, 5],
        [2, 3, 11],
        [3, 4, 5],
      ],
      maxCardinality: true,
      expected: [-1, 2, 1, 4, 3],
    },
    {
      name: "negative weights",
      edges: [
        [1, 2, 2],
        [1, 3, -2],
        [2, 3, 1],
        [2, 4, -1],
        [3, 4, -6],
      ],
      expected: [-1, 2, 1, -1, -1],
    },
    {
      name: "negative weights, max cardinality",
      edges: [
        [1, 2, 2],
        [1, 3, -2],
        [2, 3, 1],
        [2, 4, -1],
        [3, 4, -6],
      ],
      maxCardinality: true,
      expected: [-1, 3, 4, 1, 2],
    },
    {
      name: "S-blossom",
      edges: [
        [1, 2, 8],
        [1, 3, 9],
        [2, 3, 10],
        [3, 4, 7],
        [1, 6, 5],
        [4, 5, 6],
      ],
      expected: [-1, 6, 3, 2, 5, 4, 1],
    },
    {
      name: "T-blossom",
      edges: [
        [1, 2, 9],
        [1, 3, 8],
        [2, 3, 10],
        [1, 4, 5],
        [4, 5, 4],
        [1, 6, 3],
      ],
      expected: [-1, 6, 3, 2, 5, 4, 1],
    },
    {
      name: "T-blossom, other side",
      edges: [
        [1, 2, 9],
        [1, 3, 8],
        [2, 3, 10],
        [1, 4, 5],
        [4, 5, 3],
        [3, 6, 4],
      ],
      expected: [-1, 2, 1, 6, 5, 4, 3],
    },
    {
      name: "nested S-blossom",
      edges: [
        [1, 2, 9],
        [1, 3, 9],
        [2, 3, 10],
        [2, 4, 8],
        [3, 5, 8],
        [4, 5, 10],
        [5, 6, 6],
      ],
      expected: [-1, 3, 4, 1, 2, 6, 5],
    },
    {
      name: "relabel nested S",
      edges: [
        [1, 2, 10],
        [1, 7, 10],
        [2, 3, 12],
        [3, 4, 20],
        [3, 5, 20],
        [4, 5, 25],
        [5, 6, 10],
        [6, 7, 10],
        [7, 8, 8],
      ],
      expected: [-1, 2, 1, 4, 3, 6, 5, 8, 7],
    },
    {
      name: "nested expand",
      edges: [
        [1, 2, 8],
        [1, 3, 8],
        [2, 3, 10],
        [2, 4, 12],
        [3, 5, 12],
        [4, 5, 14],
        [4, 6, 12],
        [5, 7, 12],
        [6, 7, 14],
        [7, 8, 12],
      ],
      expected: [-1, 2, 1, 5, 6, 3, 4, 8, 7],
    },
    {
      name: "S to T expand",
      edges: [
        [1, 2, 23],
        [1, 5, 22],
        [1, 6, 15],
        [2, 3, 25],
        [3, 4, 22],
        [4, 5, 25],
        [4, 8, 14],
        [5, 7, 13],
      ],
      expected: [-1, 6, 3, 2, 8, 7, 1, 5, 4],
    },
    {
      name: "nested S to T expand",
      edges: [
        [1, 2, 19],
        [1, 3, 20],
        [1, 8, 8],
        [2, 3, 25],
        [2, 4, 18],
        [3, 5, 18],
        [4, 5, 13],
        [4, 7, 7],
        [5, 6, 7],
      ],
      expected: [-1, 8, 3, 2, 7, 6, 5, 4, 1],
    },
    {
      name: "T nasty expand",
      edges: [
        [1, 2, 45],
        [1, 5, 45],
        [2, 3, 50],
        [3, 4, 45],
        [4, 5, 50],
        [1, 6, 30],
        [3, 9, 35],
        [4, 8, 35],
        [5, 7, 26],
        [9, 10, 5],
      ],
      expected: [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
    },
    {
      name: "T nasty expand 2",
      edges: [
        [1, 2, 45],
        [1, 5, 45],
        [2, 3, 50],
        [3, 4, 45],
        [4, 5, 50],
        [1, 6, 30],
        [3, 9, 35],
        [4, 8, 26],
        [5, 7, 40],
        [9, 10, 5],
      ],
      expected: [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
    },
    {
      name: "T expand least slack",
      edges: [
        [1, 2, 45],
        [1, 5, 45],
        [2, 3, 50],
        [3, 4, 45],
        [4, 5, 50],
        [1, 6, 30],
        [3, 9, 35],
        [4, 8, 28],
        [5, 7, 26],
        [9, 10, 5],
      ],
      expected: [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
    },
    {
      name: "nested T nasty expand",
      edges: [
        [1, 2, 45],
        [1, 7, 45],
        [2, 3, 50],
        [3, 4, 45],
        [4, 5, 95],
        [4, 6, 94],
        [5, 6, 94],
        [6, 7, 50],
        [1, 8, 30],
        [3, 11, 35],
        [5, 9, 36],
        [7, 10, 26],
        [11, 12, 5],
      ],
      expected: [-1, 8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11],
    },
    {
      name: "nested relabel expand",
      edges: [
        [1, 2, 40],
        [1, 3, 40],
        [2, 3, 60],
        [2, 4, 55],
        [3, 5, 55],
        [4, 5, 50],
        [1, 8, 15],
        [5, 7, 30],
        [7, 6, 10],
        [8, 10, 10],
        [4, 9, 30],
      ],
      expected: [-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8],
    },
  ];
  for (const { name, edges, maxCardinality, expected } of classicCases) {
    it(`classic case: ${name}`, () => {
      const matching = solve(edges, maxCardinality ?? false);
      expect(mateArray(matching)).toEqual(expected);
      expectValidCertificate(matching, edges, maxCardinality ?? false);
    });
  }

  it("matches brute force and yields a valid LP certificate on random graphs", () => {
    fc.assert(
      fc.property(graphArbitrary, fc.boolean(), ({ vertexCount, triples }, maxCardinality) => {
        const matching = solve(triples, maxCardinality, vertexCount);
        const found = totals(matching, triples);
        const optimum = bruteForceMatching(vertexCount, triples, maxCardinality);
        // Without maxCardinality only the weight is defined (zero-weight edges may go either way).
        expect(maxCardinality ? found : found.weight).toEqual(
          maxCardinality ? optimum : optimum.weight,
        );
        expectValidCertificate(matching, triples, maxCardinality);
      }),
      { numRuns: 2000 },
    );
  });

  it("is exact with large integer weights (up to 2^40)", () => {
    fc.assert(
      fc.property(graphArbitrary, ({ vertexCount, triples }) => {
        const scaled = triples.map(([i, j, w]): Triple => [i, j, w * 2 ** 35 + ((i * 7 + j) % 5)]);
        const matching = solve(scaled, true, vertexCount);
        expect(totals(matching, scaled)).toEqual(bruteForceMatching(vertexCount, scaled, true));
        expectValidCertificate(matching, scaled, true);
      }),
      { numRuns: 300 },
    );
  });

  it("rejects malformed edges", () => {
    expect(() => solve([[0, 0, 1]], false, 2)).toThrow(RangeError);
    expect(() => solve([[0, 5, 1]], false, 2)).toThrow(RangeError);
  });
});
