import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  bracketState,
  seedBracket,
  seedOrder,
  type BracketMatch,
  type BracketResult,
  type BracketSize,
} from "./bracket";
import { render } from "@/lib/messages/render";
import type { Message } from "@/lib/rules/result";

const standings = (count: number): string[] =>
  Array.from({ length: count }, (_, index) => `s${index + 1}`);

function firstRoundSeeds(size: BracketSize): [number | null, number | null][] {
  const result = seedBracket(standings(size + 3), size);
  if (!result.ok) throw new Error(render(result.error));
  return result.value.map((match) => [match.seedA, match.seedB]);
}

function state(size: BracketSize, results: BracketResult[]) {
  const result = bracketState(size, standings(size), results);
  if (!result.ok) throw new Error(`${result.error.code}: ${render(result.error)}`);
  return result.value;
}

/** A failure with its message rendered as people read it. */
function rendered<T extends { ok: boolean; error?: Message }>(result: T) {
  return result.error
    ? { ...result, error: { ...result.error, message: render(result.error) } }
    : result;
}

function match(rounds: BracketMatch[][], id: string): BracketMatch {
  const found = rounds.flat().find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no match ${id}`);
  return found;
}

describe("seedBracket", () => {
  it("7: top 4 plays 1v4 and 2v3", () => {
    expect(firstRoundSeeds(4)).toEqual([
      [1, 4],
      [2, 3],
    ]);
  });

  it("7: top 8 plays 1v8, 4v5, 2v7, 3v6 in bracket order", () => {
    expect(firstRoundSeeds(8)).toEqual([
      [1, 8],
      [4, 5],
      [2, 7],
      [3, 6],
    ]);
  });

  it("7: top 16 plays 1v16, 8v9, 4v13, 5v12, 2v15, 7v10, 3v14, 6v11", () => {
    expect(firstRoundSeeds(16)).toEqual([
      [1, 16],
      [8, 9],
      [4, 13],
      [5, 12],
      [2, 15],
      [7, 10],
      [3, 14],
      [6, 11],
    ]);
  });

  it("MTR 2.2: lists the higher seed as playerA, with ids taken from the standings order", () => {
    const seeded = seedBracket(["ann", "bob", "cat", "dan", "eve"], 4);
    const result = seeded.ok
      ? { ...seeded, value: seeded.value.map((m) => ({ ...m, roundName: render(m.roundName) })) }
      : seeded;
    expect(result).toEqual({
      ok: true,
      value: [
        {
          id: "R1M1",
          round: 1,
          roundName: "Semifinals",
          position: 1,
          playerA: "ann",
          seedA: 1,
          playerB: "dan",
          seedB: 4,
          winner: null,
          isReady: true,
        },
        {
          id: "R1M2",
          round: 1,
          roundName: "Semifinals",
          position: 2,
          playerA: "bob",
          seedA: 2,
          playerB: "cat",
          seedB: 3,
          winner: null,
          isReady: true,
        },
      ],
    });
  });

  it("keeps the top seeds apart: seeds 1 and 2 can only meet in the final, at every size", () => {
    for (const size of [4, 8, 16]) {
      const order = seedOrder(size);
      expect(order.slice().sort((a, b) => a - b)).toEqual(
        standings(size).map((_, index) => index + 1),
      );
      expect(order.indexOf(1) < size / 2).not.toBe(order.indexOf(2) < size / 2);
    }
  });

  it("needs as many players as the cut, without duplicates, and a valid size", () => {
    expect(rendered(seedBracket(standings(7), 8))).toMatchObject({
      ok: false,
      error: {
        code: "NOT_ENOUGH_PLAYERS",
        message: "A top 8 needs 8 players; the standings have 7.",
      },
    });
    expect(seedBracket(["a", "b", "a", "c"], 4)).toMatchObject({
      ok: false,
      error: { code: "DUPLICATE_PLAYER" },
    });
    expect(seedBracket(["a", "", "b", "c"], 4)).toMatchObject({
      ok: false,
      error: { code: "INVALID_PLAYER" },
    });
    expect(seedBracket(standings(6), 6 as BracketSize)).toMatchObject({
      ok: false,
      error: { code: "INVALID_SIZE" },
    });
  });
});

describe("bracketState", () => {
  it("starts with every first-round match ready and later rounds empty", () => {
    const { rounds, readyMatchIds, champion } = state(8, []);
    expect(rounds.map((round) => round.map((m) => m.id))).toEqual([
      ["R1M1", "R1M2", "R1M3", "R1M4"],
      ["R2M1", "R2M2"],
      ["R3M1"],
    ]);
    expect(rounds.map((round) => render(round[0]!.roundName))).toEqual([
      "Quarterfinals",
      "Semifinals",
      "Final",
    ]);
    expect(readyMatchIds).toEqual(["R1M1", "R1M2", "R1M3", "R1M4"]);
    expect(match(rounds, "R2M1")).toMatchObject({ playerA: null, playerB: null, isReady: false });
    expect(champion).toBeNull();
  });

  it("advances winners; a semifinal is ready only when both feeding matches are decided", () => {
    const afterOne = state(8, [{ matchId: "R1M1", winner: "s1" }]);
    expect(match(afterOne.rounds, "R2M1")).toMatchObject({
      playerA: "s1",
      seedA: 1,
      playerB: null,
      isReady: false,
    });
    expect(afterOne.readyMatchIds).toEqual(["R1M2", "R1M3", "R1M4"]);
    const afterTwo = state(8, [
      { matchId: "R1M1", winner: "s1" },
      { matchId: "R1M2", winner: "s4" },
    ]);
    expect(match(afterTwo.rounds, "R2M1")).toMatchObject({
      playerA: "s1",
      playerB: "s4",
      isReady: true,
    });
  });

  it("MTR 2.2: keeps the higher seed as playerA in later rounds, also after upsets", () => {
    const { rounds } = state(8, [
      { matchId: "R1M1", winner: "s8" },
      { matchId: "R1M2", winner: "s4" },
    ]);
    expect(match(rounds, "R2M1")).toMatchObject({
      playerA: "s4",
      seedA: 4,
      playerB: "s8",
      seedB: 8,
    });
  });

  it("plays a top 4 through to a champion, results in any order", () => {
    const results = [
      { matchId: "R2M1", winner: "s3" },
      { matchId: "R1M2", winner: "s3" },
      { matchId: "R1M1", winner: "s1" },
    ];
    const final = state(4, results);
    expect(match(final.rounds, "R2M1")).toMatchObject({
      playerA: "s1",
      playerB: "s3",
      winner: "s3",
      isReady: false,
    });
    expect(final.champion).toBe("s3");
    expect(final.readyMatchIds).toEqual([]);
  });

  it("reaches exactly one champion after size − 1 results, whoever wins each match", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<BracketSize>(4, 8, 16),
        fc.array(fc.boolean(), { minLength: 15, maxLength: 15 }),
        (size, coinFlips) => {
          const results: BracketResult[] = [];
          let current = state(size, results);
          let flip = 0;
          while (current.readyMatchIds.length > 0) {
            expect(current.champion).toBeNull();
            const next = match(current.rounds, current.readyMatchIds[0]!);
            expect(next.seedA!).toBeLessThan(next.seedB!);
            results.push({
              matchId: next.id,
              winner: coinFlips[flip++] ? next.playerA! : next.playerB!,
            });
            current = state(size, results);
          }
          expect(results).toHaveLength(size - 1);
          expect(current.champion).toBe(results.at(-1)!.winner);
          expect(current.rounds.flat().every((m) => m.winner !== null)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("rejects results for matches that are not ready, unknown or decided twice, and winners not in the match", () => {
    const errorCode = (results: BracketResult[]): string => {
      const result = bracketState(8, standings(8), results);
      return result.ok ? "ok" : result.error.code;
    };
    expect(errorCode([{ matchId: "R2M1", winner: "s1" }])).toBe("MATCH_NOT_READY");
    expect(
      errorCode([
        { matchId: "R1M1", winner: "s1" },
        { matchId: "R2M1", winner: "s1" },
      ]),
    ).toBe("MATCH_NOT_READY");
    expect(errorCode([{ matchId: "R1M1", winner: "s2" }])).toBe("WINNER_NOT_IN_MATCH");
    expect(errorCode([{ matchId: "R4M1", winner: "s1" }])).toBe("UNKNOWN_MATCH");
    expect(
      errorCode([
        { matchId: "R1M1", winner: "s1" },
        { matchId: "R1M1", winner: "s8" },
      ]),
    ).toBe("DUPLICATE_RESULT");
    const notReady = bracketState(8, standings(8), [{ matchId: "R2M1", winner: "s1" }]);
    expect(rendered(notReady)).toMatchObject({
      ok: false,
      error: {
        message:
          "Semifinals match 1 (R2M1) cannot have a result yet: its players are not both known.",
      },
    });
  });
});
