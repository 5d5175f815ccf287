import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { pairSwissRound, prepareSwissRound } from "./swiss";
import { compareScores } from "./swiss-objective";
import type { SwissSolverOptions } from "./swiss-solver";
import type { SwissPairingInput, SwissPlayer } from "./swiss-types";
import { bruteForceBestScore } from "./testing/brute-force-swiss";
import { simulateEvent } from "./testing/simulate-event";
import { render } from "@/lib/messages/render";

/**
 * A small random field: few distinct point totals (so groups form and collide), histories from
 * sparse to nearly complete (forcing rematches), some byes already used, ranks with ties.
 */
const smallField = fc
  .record({
    size: fc.integer({ min: 2, max: 12 }),
    pointLevels: fc.uniqueArray(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 4 }),
    historyDensity: fc.constantFrom(0, 0.2, 0.5, 0.8, 0.95),
    byeDensity: fc.constantFrom(0, 0.3, 0.9, 1),
    noise: fc.array(fc.integer({ min: 0, max: 2 ** 30 }), {
      minLength: 12 * 12,
      maxLength: 12 * 12,
    }),
    seed: fc.string({ maxLength: 8 }),
    round: fc.integer({ min: 1, max: 15 }),
  })
  .map(
    ({ size, pointLevels, historyDensity, byeDensity, noise, seed, round }): SwissPairingInput => {
      const unit = (index: number): number => noise[index % noise.length]! / 2 ** 30;
      const ids = Array.from({ length: size }, (_, index) => `player-${index}`);
      const players: SwissPlayer[] = ids.map((id, index) => ({
        id,
        matchPoints: pointLevels[noise[index]! % pointLevels.length]!,
        opponents: [],
        hadBye: unit(index + 40) < byeDensity,
        rank: 1 + (noise[index + 80]! % size),
      }));
      for (let i = 0; i < size; i++) {
        for (let j = i + 1; j < size; j++) {
          if (unit(i * 12 + j) < historyDensity) players[i]!.opponents.push(ids[j]!);
        }
      }
      return { round, seed, players };
    },
  );

const SPARSE: Partial<SwissSolverOptions> = {
  denseLimit: 0,
  sameGroupNeighbours: 1,
  adjacentGroupNeighbours: 1,
};

describe("pairSwissRound is optimal for its stated objective", () => {
  for (const [name, options] of [
    ["dense candidate graph", {}],
    ["sparse candidate graph + certificate loop", SPARSE],
  ] as const) {
    it(`matches the brute-force optimum on small random fields (${name})`, () => {
      fc.assert(
        fc.property(smallField, (input) => {
          const result = pairSwissRound(input, options);
          if (!result.ok) throw new Error(render(result.error));
          const prepared = prepareSwissRound(input);
          if (!prepared.ok) throw new Error(render(prepared.error));
          const optimum = bruteForceBestScore(prepared.value.problem);
          expect(compareScores(result.value.score, optimum)).toBe(0);
        }),
        { numRuns: 400 },
      );
    });
  }

  it("generates the hard cases it claims to: forced rematches, repeated and displaced byes, 10+ players", () => {
    const samples = fc.sample(smallField, { numRuns: 400, seed: 42 });
    let forcedRematch = 0;
    let repeatedBye = 0;
    let displacedBye = 0;
    let large = 0;
    for (const input of samples) {
      const result = pairSwissRound(input);
      if (!result.ok) throw new Error(render(result.error));
      if (result.value.score.rematches > 0) forcedRematch++;
      if (result.value.score.repeatedBye) repeatedBye++;
      if (result.value.score.byePreference > 0) displacedBye++;
      if (input.players.length >= 10) large++;
    }
    expect(forcedRematch).toBeGreaterThan(40);
    expect(repeatedBye).toBeGreaterThan(20);
    expect(displacedBye).toBeGreaterThan(20);
    expect(large).toBeGreaterThan(80);
  });

  it("outputs a partition of the players with exactly one bye iff the field is odd", () => {
    fc.assert(
      fc.property(smallField, (input) => {
        const result = pairSwissRound(input, SPARSE);
        if (!result.ok) throw new Error(render(result.error));
        const seated = result.value.pairings.flatMap(({ playerA, playerB }) =>
          playerB === null ? [playerA] : [playerA, playerB],
        );
        expect(seated.slice().sort()).toEqual(input.players.map((player) => player.id).sort());
        const byes = result.value.pairings.filter((pairing) => pairing.playerB === null);
        expect(byes.length).toBe(input.players.length % 2);
        expect(result.value.bye).toBe(byes[0]?.playerA ?? null);
        expect(result.value.pairings.map((pairing) => pairing.table)).toEqual(
          result.value.pairings.map((_, index) => index + 1),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same score with a sparse or a dense candidate graph on simulated events", () => {
    // Long events on small fields force rematches and odd groups; larger ones exercise the
    // certificate loop at realistic group sizes.
    const events = [
      { playerCount: 10, rounds: 8 },
      { playerCount: 17, rounds: 9 },
      { playerCount: 33, rounds: 7 },
      { playerCount: 120, rounds: 6 },
      { playerCount: 301, rounds: 8 },
    ];
    for (const { playerCount, rounds } of events) {
      for (const seed of ["a", "b", "c"]) {
        const { players } = simulateEvent({ playerCount, rounds, seed });
        const input = { round: rounds + 1, seed, players };
        const sparse = pairSwissRound(input, SPARSE);
        const dense = pairSwissRound(input, { denseLimit: 10_000 });
        if (!sparse.ok || !dense.ok) throw new Error("pairing failed");
        expect(
          compareScores(sparse.value.score, dense.value.score),
          `${playerCount} players, seed ${seed}`,
        ).toBe(0);
      }
    }
  });
});
