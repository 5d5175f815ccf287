import { describe, expect, it } from "vitest";
import { pairSwissRound } from "./swiss";
import type { SwissPairingInput, SwissPlayer, SwissRoundPairing } from "./swiss-types";
import { render } from "@/lib/messages/render";

function player(
  id: string,
  matchPoints: number,
  rank: number,
  extra: Partial<SwissPlayer> = {},
): SwissPlayer {
  return { id, matchPoints, opponents: [], hadBye: false, rank, ...extra };
}

function pair(input: SwissPairingInput): SwissRoundPairing {
  const result = pairSwissRound(input);
  if (!result.ok) throw new Error(`${result.error.code}: ${render(result.error)}`);
  return result.value;
}

/** Unordered pairs as sorted "a|b" strings (byes as "a|BYE"), for order-free comparisons. */
function pairSet(result: SwissRoundPairing): string[] {
  return result.pairings
    .map(({ playerA, playerB }) =>
      playerB === null ? `${playerA}|BYE` : [playerA, playerB].sort().join("|"),
    )
    .sort();
}

function opponentOf(result: SwissRoundPairing, id: string): string | null | undefined {
  for (const { playerA, playerB } of result.pairings) {
    if (playerA === id) return playerB;
    if (playerB === id) return playerA;
  }
  return undefined;
}

function freshField(size: number): SwissPlayer[] {
  return Array.from({ length: size }, (_, index) => player(`p${index + 1}`, 0, index + 1));
}

describe("pairSwissRound: round 1", () => {
  it("7: round 1 is a random pairing from the seed: reproducible, and different seeds differ", () => {
    const players = freshField(16);
    const first = pair({ round: 1, seed: "alpha", players });
    expect(pair({ round: 1, seed: "alpha", players })).toEqual(first);
    expect(first.pairings).toHaveLength(8);
    expect(first.bye).toBeNull();
    const distinct = new Set(
      ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"].map(
        (seed) => pairSet(pair({ round: 1, seed, players })).join(","),
      ),
    );
    expect(distinct.size).toBeGreaterThanOrEqual(9);
  });

  it("7: the round-1 bye is random too (ranks carry no information before any results)", () => {
    const players = freshField(9);
    const recipients = new Set(
      Array.from({ length: 30 }, (_, index) => pair({ round: 1, seed: `s${index}`, players }).bye),
    );
    expect(recipients.has(null)).toBe(false);
    expect(recipients.size).toBeGreaterThanOrEqual(4);
  });

  it("depends on the set of players, not on the order the caller lists them in", () => {
    const players = freshField(11).map((p, index) => ({ ...p, matchPoints: (index % 3) * 3 }));
    const shuffled = [...players.slice(6), ...players.slice(0, 6)].reverse();
    expect(pair({ round: 3, seed: "x", players: shuffled })).toEqual(
      pair({ round: 3, seed: "x", players }),
    );
  });

  it("mixes the round number into the randomness, so one event seed can serve every round", () => {
    const players = freshField(16);
    expect(pairSet(pair({ round: 1, seed: "event", players }))).not.toEqual(
      pairSet(pair({ round: 2, seed: "event", players })),
    );
  });
});

describe("pairSwissRound: later rounds", () => {
  it("7: pairs within equal match points when the groups are even", () => {
    const players = [
      player("a", 6, 1),
      player("b", 6, 2),
      player("c", 3, 3),
      player("d", 3, 4),
      player("e", 0, 5),
      player("f", 0, 6),
    ];
    const result = pair({ round: 3, seed: "s", players });
    expect(pairSet(result)).toEqual(["a|b", "c|d", "e|f"]);
    expect(result.score).toMatchObject({ rematches: 0, pairDowns: 0, squaredPointDifference: 0 });
    expect(result.warnings).toEqual([]);
  });

  it("7: an odd group pairs exactly one player down, into the next group", () => {
    const players = [
      player("a", 6, 1),
      player("b", 6, 2),
      player("c", 6, 3),
      player("d", 3, 4),
      player("e", 3, 5),
      player("f", 3, 6),
      player("g", 0, 7),
      player("h", 0, 8),
    ];
    const result = pair({ round: 3, seed: "s", players });
    expect(result.score).toMatchObject({
      pairDowns: 1,
      largestPointDifference: 3,
      squaredPointDifference: 9,
    });
    expect(opponentOf(result, "g")).toBe("h");
  });

  it("7: pairs down one group at a time rather than skipping a group (9-6, 6-3, not 9-3 and 6-6)", () => {
    const players = [
      player("top", 9, 1),
      player("b", 6, 2),
      player("c", 6, 3),
      player("bottom", 3, 4),
    ];
    const result = pair({ round: 4, seed: "s", players });
    expect(["b", "c"]).toContain(opponentOf(result, "top"));
    expect(["b", "c"]).toContain(opponentOf(result, "bottom"));
    expect(result.score).toMatchObject({
      pairDowns: 2,
      squaredPointDifference: 18,
      largestPointDifference: 3,
    });
  });

  it("7: avoids a rematch by pairing down when that is the only way", () => {
    const players = [
      player("a", 3, 1, { opponents: ["b"] }),
      player("b", 3, 2, { opponents: ["a"] }),
      player("c", 0, 3),
      player("d", 0, 4),
    ];
    const result = pair({ round: 2, seed: "s", players });
    expect(["c", "d"]).toContain(opponentOf(result, "a"));
    expect(result.score).toMatchObject({ rematches: 0, pairDowns: 2 });
  });

  it("counts a pairing listed on only one side, and ignores ids of dropped players", () => {
    const players = [
      player("a", 3, 1, { opponents: ["b", "dropped-player"] }),
      player("b", 3, 2),
      player("c", 0, 3),
      player("d", 0, 4),
    ];
    const result = pair({ round: 2, seed: "s", players });
    expect(opponentOf(result, "a")).not.toBe("b");
    expect(result.score.rematches).toBe(0);
  });

  it("7: still pairs when every pairing is a rematch, and reports each one", () => {
    const ids = ["a", "b", "c", "d"];
    const players = ids.map((id, index) =>
      player(id, 3, index + 1, { opponents: ids.filter((other) => other !== id) }),
    );
    const result = pair({ round: 4, seed: "s", players });
    expect(result.pairings).toHaveLength(2);
    expect(result.score.rematches).toBe(2);
    expect(result.warnings.map((warning) => warning.code)).toEqual(["REMATCH", "REMATCH"]);
  });

  it("takes late entries (0 points, no history) like anyone else", () => {
    const players = [
      player("a", 3, 1, { opponents: ["b"] }),
      player("b", 0, 3, { opponents: ["a"] }),
      player("late", 0, 2),
    ];
    const result = pair({ round: 2, seed: "s", players });
    expect(result.pairings).toHaveLength(2);
    expect(result.score.rematches).toBe(0);
  });

  it("numbers tables from the top, puts the higher-placed player first and the bye last", () => {
    const players = [
      player("z", 0, 7),
      player("y", 3, 5),
      player("x", 6, 2),
      player("w", 3, 4),
      player("v", 6, 1),
      player("u", 3, 6, { opponents: [] }),
      player("t", 6, 3),
    ];
    const result = pair({ round: 3, seed: "s", players });
    expect(result.pairings.map((pairing) => pairing.table)).toEqual([1, 2, 3, 4]);
    expect(result.pairings.at(-1)).toEqual({ table: 4, playerA: "z", playerB: null });
    const points = new Map(players.map((p) => [p.id, p.matchPoints]));
    const rank = new Map(players.map((p) => [p.id, p.rank]));
    const tops = result.pairings.slice(0, 3).map(({ playerA }) => points.get(playerA)!);
    expect(tops).toEqual([...tops].sort((a, b) => b - a));
    for (const { playerA, playerB } of result.pairings.slice(0, 3)) {
      const a = [points.get(playerA)!, -rank.get(playerA)!];
      const b = [points.get(playerB!)!, -rank.get(playerB!)!];
      expect(a[0]! > b[0]! || (a[0] === b[0] && a[1]! > b[1]!)).toBe(true);
    }
  });
});

describe("pairSwissRound: the bye", () => {
  it("7: an even field gets no bye", () => {
    expect(
      pair({
        round: 2,
        seed: "s",
        players: freshField(6).map((p, i) => ({ ...p, matchPoints: i % 2 ? 3 : 0 })),
      }).bye,
    ).toBeNull();
  });

  it("7: goes to the lowest-ranked player among the lowest match points", () => {
    const players = [
      player("a", 6, 1),
      player("b", 3, 2),
      player("c", 3, 3),
      player("d", 0, 4),
      player("e", 0, 5),
    ];
    const result = pair({ round: 3, seed: "s", players });
    expect(result.bye).toBe("e");
    expect(result.score).toMatchObject({ byePreference: 0, repeatedBye: false });
  });

  it("7: never goes twice to the same player when someone else can take it", () => {
    const players = [
      player("a", 6, 1),
      player("b", 3, 2),
      player("c", 3, 3),
      player("d", 0, 4, { hadBye: true }),
      player("e", 0, 5, { hadBye: true }),
    ];
    const result = pair({ round: 3, seed: "s", players });
    expect(result.bye).toBe("c");
    expect(result.warnings).toEqual([]);
  });

  it("falls back to the lowest-ranked, lowest-scoring player when everyone has had a bye, with a warning", () => {
    const players = ["a", "b", "c"].map((id, index) =>
      player(id, 3 * (2 - index), index + 1, { hadBye: true }),
    );
    const result = pair({ round: 4, seed: "s", players });
    expect(result.bye).toBe("c");
    expect(result.score.repeatedBye).toBe(true);
    expect(result.warnings.map((warning) => warning.code)).toEqual(["REPEATED_BYE"]);
  });

  it("gives way to rematch avoidance: a higher-scoring player gets the bye if that avoids a rematch", () => {
    const players = [
      player("a", 3, 1, { opponents: ["b", "c"] }),
      player("b", 0, 2),
      player("c", 0, 3),
    ];
    const result = pair({ round: 3, seed: "s", players });
    expect(result.bye).toBe("a");
    expect(result.score).toMatchObject({ rematches: 0, byePreference: 2 });
    expect(result.warnings.map((warning) => warning.code)).toEqual(["BYE_NOT_LOWEST"]);
  });
});

describe("pairSwissRound: invalid input", () => {
  const valid = (): SwissPairingInput => ({
    round: 2,
    seed: "s",
    players: [player("a", 3, 1), player("b", 0, 2)],
  });
  const errorOf = (input: SwissPairingInput): { code: string; message: string } => {
    const result = pairSwissRound(input);
    if (result.ok) throw new Error("expected an error");
    return { code: result.error.code, message: render(result.error) };
  };

  it("accepts the baseline", () => {
    expect(pairSwissRound(valid()).ok).toBe(true);
  });

  it("needs at least two players", () => {
    expect(errorOf({ ...valid(), players: [player("a", 0, 1)] })).toMatchObject({
      code: "NOT_ENOUGH_PLAYERS",
      message: expect.stringContaining("at least 2"),
    });
    expect(errorOf({ ...valid(), players: [] }).code).toBe("NOT_ENOUGH_PLAYERS");
  });

  it("rejects duplicate ids, naming the player", () => {
    expect(errorOf({ ...valid(), players: [player("a", 3, 1), player("a", 0, 2)] })).toMatchObject({
      code: "DUPLICATE_PLAYER",
      message: expect.stringContaining("(a)"),
    });
  });

  it("rejects match points that are negative, fractional or not numbers", () => {
    for (const matchPoints of [-3, 1.5, Number.NaN, Infinity]) {
      expect(
        errorOf({ ...valid(), players: [player("a", matchPoints, 1), player("b", 0, 2)] }).code,
      ).toBe("INVALID_MATCH_POINTS");
    }
  });

  it("rejects a bad round, rank, id, opponents list or bye flag", () => {
    expect(errorOf({ ...valid(), round: 0 }).code).toBe("INVALID_ROUND");
    expect(errorOf({ ...valid(), round: 1.5 }).code).toBe("INVALID_ROUND");
    expect(
      errorOf({ ...valid(), players: [player("a", 0, Number.NaN), player("b", 0, 2)] }).code,
    ).toBe("INVALID_RANK");
    expect(errorOf({ ...valid(), players: [player("", 0, 1), player("b", 0, 2)] }).code).toBe(
      "INVALID_PLAYER",
    );
    const badOpponents = { ...player("a", 0, 1), opponents: [3] } as unknown as SwissPlayer;
    expect(errorOf({ ...valid(), players: [badOpponents, player("b", 0, 2)] }).code).toBe(
      "INVALID_PLAYER",
    );
    const badBye = { ...player("a", 0, 1), hadBye: "no" } as unknown as SwissPlayer;
    expect(errorOf({ ...valid(), players: [badBye, player("b", 0, 2)] }).code).toBe(
      "INVALID_PLAYER",
    );
    expect(errorOf({ ...valid(), seed: 42 } as unknown as SwissPairingInput).code).toBe(
      "INVALID_SEED",
    );
  });

  it("refuses point totals too large to weigh exactly instead of pairing wrongly", () => {
    expect(
      errorOf({ ...valid(), players: [player("a", 3e9, 1), player("b", 0, 2), player("c", 0, 3)] })
        .code,
    ).toBe("FIELD_TOO_LARGE");
  });
});

describe("pairSwissRound: randomness among equals", () => {
  it("7: any player of an odd group is equally likely to be the one paired down", () => {
    const players = [
      player("a", 6, 1),
      player("b", 6, 2),
      player("c", 6, 3),
      player("d", 3, 4),
      player("e", 3, 5),
      player("f", 3, 6),
    ];
    const floated = new Map<string, number>();
    const pairedUp = new Map<string, number>();
    for (let run = 0; run < 300; run++) {
      const result = pair({ round: 3, seed: `run-${run}`, players });
      const crossing = result.pairings.find(
        ({ playerA, playerB }) =>
          ["a", "b", "c"].includes(playerA) && ["d", "e", "f"].includes(playerB!),
      )!;
      floated.set(crossing.playerA, (floated.get(crossing.playerA) ?? 0) + 1);
      pairedUp.set(crossing.playerB!, (pairedUp.get(crossing.playerB!) ?? 0) + 1);
    }
    for (const counts of [floated, pairedUp]) {
      expect(counts.size).toBe(3);
      for (const count of counts.values()) expect(Math.abs(count - 100)).toBeLessThan(35);
    }
  });

  it("pins the whole pipeline for a fixed input and seed (bump PAIRING_ALGORITHM_VERSION if this changes)", () => {
    const players = [
      player("ann", 9, 1, { opponents: ["bob", "cat", "dan"] }),
      player("bob", 6, 2, { opponents: ["ann", "eve", "fay"] }),
      player("cat", 6, 3, { opponents: ["ann", "gus", "hal"], hadBye: true }),
      player("dan", 6, 4, { opponents: ["ann", "ivy", "eve"] }),
      player("eve", 3, 5, { opponents: ["bob", "dan", "gus"] }),
      player("fay", 3, 6, { opponents: ["bob", "hal", "ivy"] }),
      player("gus", 3, 7, { opponents: ["cat", "eve"], hadBye: true }),
      player("hal", 0, 8, { opponents: ["cat", "fay", "ivy"] }),
      player("ivy", 0, 9, { opponents: ["dan", "fay", "hal"] }),
    ];
    // ivy: lowest points and rank without a bye. ann has met every 6-pointer, so she pairs down
    // to a 3-pointer (36); cat floats to 3 (9) and gus to 0 (9): 54 is the optimum.
    const result = pair({ round: 4, seed: "golden", players });
    expect(result.pairings).toEqual([
      { table: 1, playerA: "ann", playerB: "fay" },
      { table: 2, playerA: "bob", playerB: "dan" },
      { table: 3, playerA: "cat", playerB: "eve" },
      { table: 4, playerA: "gus", playerB: "hal" },
      { table: 5, playerA: "ivy", playerB: null },
    ]);
    expect(result.score).toEqual({
      rematches: 0,
      byePreference: 0,
      squaredPointDifference: 54,
      pairDowns: 3,
      largestPointDifference: 6,
      repeatedBye: false,
    });
  });
});
