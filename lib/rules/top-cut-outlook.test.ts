import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import { pairSwissRound } from "../pairings/swiss";
import {
  EXACT_LIMITS,
  type OutlookInput,
  type OutlookPlayer,
  type RecordOutlook,
  describeOutlookKind,
  describeRecordOutlook,
  describeRecordOutlooks,
  estimateTopCutOutlook,
  exactTopCutOutlook,
  possibleSwissPairings,
  recordLabel,
  topCutOutlook,
} from "./top-cut-outlook";

/** 8 players after 2 of 3 rounds: A and E 2-0, C G B F 1-1, D H 0-2, nobody has met twice. */
const AFTER_ROUND_TWO: OutlookPlayer[] = [
  { id: "A", matchPoints: 6, opponents: ["B", "C"] },
  { id: "E", matchPoints: 6, opponents: ["F", "G"] },
  { id: "C", matchPoints: 3, opponents: ["D", "A"] },
  { id: "G", matchPoints: 3, opponents: ["H", "E"] },
  { id: "B", matchPoints: 3, opponents: ["A", "D"] },
  { id: "F", matchPoints: 3, opponents: ["E", "H"] },
  { id: "D", matchPoints: 0, opponents: ["C", "B"] },
  { id: "H", matchPoints: 0, opponents: ["G", "F"] },
];

function verdicts(outlook: { players: { playerId: string; records: RecordOutlook[] }[] }) {
  return Object.fromEntries(
    outlook.players.map((p) => [
      p.playerId,
      Object.fromEntries(p.records.map((r) => [recordLabel(r.record), r.verdict])),
    ]),
  );
}

function exact(input: OutlookInput) {
  const answer = exactTopCutOutlook(input);
  if (!answer.ok || answer.value === null) throw new Error("expected an exact outlook");
  return answer.value;
}

function estimate(input: OutlookInput) {
  const answer = estimateTopCutOutlook(input);
  if (!answer.ok) throw new Error(answer.error.key);
  return answer.value;
}

describe("top cut outlook (MTR 3.1: the cut goes by match points first)", () => {
  it("MTR 3.1: 8 players, 3 rounds, top 4, after round 2: a 2-0 player is in whatever they do", () => {
    const outlook = exact({ players: AFTER_ROUND_TWO, roundsLeft: 1, cutSize: 4 });
    expect(outlook.estimate).toBe(false);
    expect(verdicts(outlook).A).toEqual({ "1-0": "in", "0-0-1": "in", "0-1": "in" });
    const lines = outlook.players[0]!.records.map((r) => render(describeRecordOutlook(r, 4)));
    expect(lines).toEqual([
      "Win (1-0): in the top 4, whatever else happens",
      "Draw (0-0-1): in the top 4, whatever else happens",
      "Lose (0-1): in the top 4, whatever else happens",
    ]);
  });

  it("MTR 3.1: with one round left an X-1 finish is in: the 2-0 player who loses the last round still makes the top 4", () => {
    const a = exact({ players: AFTER_ROUND_TWO, roundsLeft: 1, cutSize: 4 }).players[0]!;
    const loss = a.records.find((r) => r.record.losses === 1)!;
    // E wins and at most two 1-1 players reach 6: three others on 6 or more.
    expect(loss).toMatchObject({ points: 6, verdict: "in", surelyAbove: 1, mostAtOrAbove: 3 });
  });

  it("MTR 3.1: a 1-1 player who wins is in; one who draws depends only on tiebreakers; one who loses is out", () => {
    const c = exact({ players: AFTER_ROUND_TWO, roundsLeft: 1, cutSize: 4 }).players.find(
      (p) => p.playerId === "C",
    )!;
    const by = Object.fromEntries(c.records.map((r) => [recordLabel(r.record), r]));
    expect(by["1-0"]!.verdict).toBe("in");
    expect(by["0-0-1"]).toMatchObject({ verdict: "depends", onTiebreakers: true });
    expect(render(describeRecordOutlook(by["0-0-1"]!, 4))).toBe(
      "Draw (0-0-1): 4 points; tiebreakers decide",
    );
    // 3 points: A, E and the two winners of the other 3-point match and C's opponent finish above.
    expect(by["0-1"]!.verdict).toBe("out");
  });

  it("MTR 3.1: winning out can still depend on other results (top 2 of 8, two rounds left)", () => {
    const players: OutlookPlayer[] = [
      { id: "A", matchPoints: 3, opponents: ["B"] },
      { id: "C", matchPoints: 3, opponents: ["D"] },
      { id: "E", matchPoints: 3, opponents: ["F"] },
      { id: "G", matchPoints: 3, opponents: ["H"] },
      { id: "B", matchPoints: 0, opponents: ["A"] },
      { id: "D", matchPoints: 0, opponents: ["C"] },
      { id: "F", matchPoints: 0, opponents: ["E"] },
      { id: "H", matchPoints: 0, opponents: ["G"] },
    ];
    const outlook = exact({ players, roundsLeft: 2, cutSize: 2 });
    const b = outlook.players.find((p) => p.playerId === "B")!;
    const winOut = b.records[0]!;
    expect(winOut.record).toEqual({ wins: 2, losses: 0, draws: 0 });
    expect(winOut).toMatchObject({ points: 6, verdict: "depends", onTiebreakers: false });
    expect(render(describeRecordOutlook(winOut, 2))).toBe(
      "Win out (2-0): 6 points; depends on other results",
    );
    // A 1-0 player who wins out finishes on 9: at most one other can.
    expect(verdicts(outlook).A!["2-0"]).toBe("in");
  });

  it("MTR 2.10: dropped players are left out of the field and never counted above", () => {
    const players = [
      { id: "Z", matchPoints: 9, dropped: true },
      { id: "Y", matchPoints: 9, dropped: true },
      { id: "A", matchPoints: 3, opponents: ["B"] },
      { id: "B", matchPoints: 0, opponents: ["A"] },
      { id: "C", matchPoints: 3, opponents: ["D"] },
      { id: "D", matchPoints: 0, opponents: ["C"] },
    ];
    const outlook = exact({ players, roundsLeft: 1, cutSize: 2 });
    expect(outlook.players.map((p) => p.playerId)).toEqual(["A", "B", "C", "D"]);
    // A and C meet (3 points each); a win puts A alone on 6.
    expect(verdicts(outlook).A!["1-0"]).toBe("in");
    // The estimate too: one other pairing gives out 3 points, so only one other can reach 6.
    expect(verdicts(estimate({ players, roundsLeft: 1, cutSize: 2 })).A!["1-0"]).toBe("in");
  });

  it("MTR 3.1: the estimate says in only where no pairing could put enough players level", () => {
    const outlook = estimate({ players: AFTER_ROUND_TWO, roundsLeft: 1, cutSize: 4 });
    expect(outlook.estimate).toBe(true);
    expect(verdicts(outlook).A!["1-0"]).toBe("in");
    // Two 0-point players can each reach 3: a 3-point player who loses cannot be sure of anything.
    expect(verdicts(outlook).C!["0-1"]).toBe("depends");
    expect(render(describeOutlookKind(outlook))).toMatch(/^Estimate: /);
  });

  it("MTR 3.1: the estimate's label says what it assumes, not that the field is too large", () => {
    const outlook = estimate({ players: AFTER_ROUND_TWO, roundsLeft: 1, cutSize: 4 });
    const a = outlook.players.find((p) => p.playerId === "A")!;
    const forA = render(describeOutlookKind(outlook, a));
    expect(forA).toBe(
      "Estimate: with 0-0-1 you are in. It weighs each other player on their own and " +
        "assumes nobody else drops; exact figures need every other result.",
    );
    const d = outlook.players.find((p) => p.playerId === "D")!;
    const forD = render(describeOutlookKind(outlook, d));
    expect(forD).toMatch(/^Estimate: no record is sure yet\. /);
    expect(render(describeOutlookKind(outlook))).not.toMatch(/too large/);
  });

  it("MTR 3.1: an already paired next round is used as it is", () => {
    const nextRound = [
      { playerA: "A", playerB: "E" },
      { playerA: "C", playerB: "G" },
      { playerA: "B", playerB: "F" },
      { playerA: "D", playerB: "H" },
    ];
    const outlook = exact({ players: AFTER_ROUND_TWO, roundsLeft: 1, cutSize: 4, nextRound });
    expect(verdicts(outlook).A).toEqual({ "1-0": "in", "0-0-1": "in", "0-1": "in" });
    const bad = exactTopCutOutlook({
      players: AFTER_ROUND_TWO,
      roundsLeft: 1,
      cutSize: 4,
      nextRound: nextRound.slice(1),
    });
    expect(bad.ok ? null : bad.error.code).toBe("INVALID_INPUT");
  });

  it("MTR 3.1: an odd field's bye is a win for the exact count: its player cannot lose that round", () => {
    const players = [
      { id: "A", matchPoints: 3, opponents: ["B"] },
      { id: "B", matchPoints: 0, opponents: ["A"], hadBye: false },
      { id: "C", matchPoints: 3, hadBye: true },
    ];
    const b = exact({ players, roundsLeft: 1, cutSize: 1 }).players.find(
      (p) => p.playerId === "B",
    )!;
    // B is the only one without a bye and on the fewest points: B has the bye.
    expect(b.records.map((r) => recordLabel(r.record))).toEqual(["1-0"]);
  });

  it("MTR 3.1: a field too large for the exact count answers with the labelled estimate", () => {
    const players = Array.from({ length: 40 }, (_, i) => ({
      id: `p${i}`,
      matchPoints: (i % 4) * 3,
    }));
    const input = { players, roundsLeft: 2, cutSize: 8 };
    expect(exactTopCutOutlook(input)).toEqual({ ok: true, value: null });
    const outlook = topCutOutlook(input, ["p3"]);
    expect(outlook.ok && outlook.value.estimate).toBe(true);
    expect(outlook.ok && outlook.value.players.map((p) => p.playerId)).toEqual(["p3"]);
  });

  it("MTR 3.1: bad input is refused with a message, never thrown", () => {
    for (const input of [
      null,
      { players: [], roundsLeft: -1, cutSize: 8 },
      { players: [], roundsLeft: 1, cutSize: 0 },
      { players: [{ id: "a", matchPoints: 1.5 }], roundsLeft: 1, cutSize: 8 },
      {
        players: [
          { id: "a", matchPoints: 1 },
          { id: "a", matchPoints: 1 },
        ],
        roundsLeft: 1,
        cutSize: 8,
      },
      { players: [], roundsLeft: 1, cutSize: 8, pointsPerDraw: 4 },
    ]) {
      const answer = topCutOutlook(input as never);
      expect(answer.ok).toBe(false);
      if (!answer.ok) expect(render(answer.error).length).toBeGreaterThan(10);
    }
  });

  it("MTR 3.1: the exact count stays within its work budget at its limits (16 players, 2 rounds left)", () => {
    const players = Array.from({ length: 16 }, (_, i) => ({
      id: `p${String(i).padStart(2, "0")}`,
      matchPoints: i < 8 ? 3 : 0,
      opponents: [`p${String(i < 8 ? i + 8 : i - 8).padStart(2, "0")}`],
    }));
    const started = performance.now();
    const answer = exactTopCutOutlook({ players, roundsLeft: 2, cutSize: 8 });
    expect(answer.ok).toBe(true);
    // Over budget is an answer too (null: use the estimate); either way it ends quickly.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

/** Small random fields: points from a few wins, random earlier meetings and byes. */
const smallField = fc
  .integer({ min: 2, max: 7 })
  .chain((n) =>
    fc.record({
      points: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: n, maxLength: n }),
      meetings: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: n }),
      byes: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      dropped: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    }),
  )
  .map(({ points, meetings, byes, dropped }) =>
    points.map(
      (wins, i): OutlookPlayer => ({
        id: `p${i}`,
        matchPoints: wins * 3 + (i % 2),
        opponents: meetings.filter(([a, b]) => a === i && b !== i).map(([, b]) => `p${b}`),
        hadBye: byes[i]!,
        dropped: dropped[i]! && i > 1,
      }),
    ),
  );

/** Every way the rounds left can go, played out by brute force; final points of everyone. */
function bruteForce(players: OutlookPlayer[], roundsLeft: number): Map<string, number>[][] {
  const active = players.filter((p) => !p.dropped);
  const finals: Map<string, number>[][] = [];
  const walk = (field: OutlookPlayer[], left: number, records: Map<string, number[]>) => {
    if (left === 0) {
      finals.push([
        new Map(field.map((p) => [p.id, p.matchPoints])),
        new Map([...records].map(([id, r]) => [id, r[0]! * 100 + r[1]! * 10 + r[2]!])),
      ]);
      return;
    }
    const pairings = possibleSwissPairings(field);
    if (!pairings.ok || pairings.value === null) throw new Error("no pairings");
    for (const pairing of pairings.value) {
      const outcomes = pairing.map((p) => (p.playerB === null ? [0] : [0, 1, 2]));
      const choose = (at: number, chosen: number[]) => {
        if (at === pairing.length) {
          const next = new Map(
            field.map((p) => [p.id, { ...p, opponents: [...(p.opponents ?? [])] }]),
          );
          const rec = new Map([...records].map(([id, r]) => [id, [...r]]));
          pairing.forEach(({ playerA, playerB }, k) => {
            const a = next.get(playerA)!;
            if (playerB === null) {
              a.matchPoints += 3;
              a.hadBye = true;
              rec.get(playerA)![0]! += 1;
              return;
            }
            const b = next.get(playerB)!;
            a.opponents.push(playerB);
            b.opponents.push(playerA);
            const o = chosen[k]!;
            if (o === 2) {
              a.matchPoints += 1;
              b.matchPoints += 1;
              rec.get(playerA)![2]! += 1;
              rec.get(playerB)![2]! += 1;
            } else {
              const [w, l] = o === 0 ? [a, b] : [b, a];
              w.matchPoints += 3;
              rec.get(w.id)![0]! += 1;
              rec.get(l.id)![1]! += 1;
            }
          });
          walk([...next.values()], left - 1, rec);
          return;
        }
        for (const o of outcomes[at]!) choose(at + 1, [...chosen, o]);
      };
      choose(0, []);
    }
  };
  walk(active, roundsLeft, new Map(active.map((p) => [p.id, [0, 0, 0]])));
  return finals;
}

describe("top cut outlook: exact count and estimate agree with brute force", () => {
  it("MTR 3.1: the exact verdicts equal a brute-force play-out of every pairing and result", () => {
    fc.assert(
      fc.property(
        smallField,
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 1, max: 4 }),
        (players, roundsLeft, cutSize) => {
          const outlook = exactTopCutOutlook({ players, roundsLeft, cutSize });
          if (!outlook.ok || outlook.value === null) return;
          const scenarios = bruteForce(players, roundsLeft);
          for (const player of outlook.value.players) {
            for (const r of player.records) {
              const code = r.record.wins * 100 + r.record.losses * 10 + r.record.draws;
              const mine = scenarios.filter(([, recs]) => recs!.get(player.playerId) === code);
              expect(mine.length).toBeGreaterThan(0);
              const counts = mine.map(([finals]) => {
                const others = [...finals!].filter(([id]) => id !== player.playerId);
                return {
                  above: others.filter(([, p]) => p > r.points).length,
                  atOrAbove: others.filter(([, p]) => p >= r.points).length,
                };
              });
              expect(r.surelyAbove).toBe(Math.min(...counts.map((c) => c.above)));
              expect(r.mostAtOrAbove).toBe(Math.max(...counts.map((c) => c.atOrAbove)));
            }
          }
        },
      ),
      { numRuns: 120 },
    );
  }, 60_000);

  it("MTR 3.1: the estimate never contradicts the exact count (estimate in ⇒ exact in, estimate out ⇒ exact out)", () => {
    fc.assert(
      fc.property(
        smallField,
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 1, max: 4 }),
        (players, roundsLeft, cutSize) => {
          const input = { players, roundsLeft, cutSize };
          const precise = exactTopCutOutlook(input);
          const rough = estimateTopCutOutlook(input);
          if (!precise.ok || precise.value === null || !rough.ok) return;
          for (const player of precise.value.players) {
            const guessed = rough.value.players.find((p) => p.playerId === player.playerId)!;
            for (const r of player.records) {
              const guess = guessed.records.find(
                (g) => recordLabel(g.record) === recordLabel(r.record),
              )!;
              if (guess.verdict !== "depends") expect(r.verdict).toBe(guess.verdict);
              expect(guess.surelyAbove).toBeLessThanOrEqual(r.surelyAbove);
              expect(guess.mostAtOrAbove).toBeGreaterThanOrEqual(r.mostAtOrAbove);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it("docs/pairings.md: whatever its seed, the Swiss pairer's round is one of the possible pairings the exact count plays", () => {
    fc.assert(
      fc.property(smallField, fc.string({ minLength: 1, maxLength: 8 }), (field, seed) => {
        const players = field.filter((p) => !p.dropped);
        // Ranks follow points (MTR 3.1); equal points rank in list order, any order being possible.
        const ranked = [...players].sort((a, b) => b.matchPoints - a.matchPoints);
        const paired = pairSwissRound({
          round: 3,
          seed,
          players: ranked.map((p, i) => ({
            id: p.id,
            matchPoints: p.matchPoints,
            opponents: [...(p.opponents ?? [])],
            hadBye: p.hadBye === true,
            rank: i + 1,
          })),
        });
        if (!paired.ok) return;
        const possible = possibleSwissPairings(players);
        if (!possible.ok || possible.value === null) return;
        const key = (pairs: readonly { playerA: string; playerB: string | null }[]) =>
          pairs
            .map((p) => [p.playerA, p.playerB ?? "-"].sort().join("v"))
            .sort()
            .join(",");
        expect(possible.value.map(key)).toContain(key(paired.value.pairings));
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it("MTR 3.1: the exact limits are as documented", () => {
    expect(EXACT_LIMITS).toMatchObject({ players: 16, roundsLeft: 3 });
  });
});

describe("the outlook's lines (MTR 3.1)", () => {
  const eightAfterRoundOne: OutlookPlayer[] = ["A", "B", "C", "D", "E", "F", "G", "H"].map(
    (id, index) => ({ id, matchPoints: index < 4 ? 3 : 0 }),
  );

  it("MTR 3.1: with one round left every record has its own line", () => {
    const a = exact({ players: AFTER_ROUND_TWO, roundsLeft: 1, cutSize: 4 }).players[0]!;
    expect(describeRecordOutlooks(a.records, 4)).toHaveLength(a.records.length);
  });

  it("MTR 3.1: with four rounds left neighbouring records that share a verdict are one range", () => {
    const a = estimate({ players: eightAfterRoundOne, roundsLeft: 4, cutSize: 4 }).players[0]!;
    expect(a.records).toHaveLength(15);
    const lines = describeRecordOutlooks(a.records, 4);
    expect(lines.map((line) => render(line.message))).toEqual([
      "4-0 to 3-0-1: in the top 4, whatever else happens",
      "3-1 to 0-4: 12 to 3 points; depends on other results",
    ]);
    expect(lines.map((line) => line.verdict)).toEqual(["in", "depends"]);
  });
});
