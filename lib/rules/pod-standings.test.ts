import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import { derivePodGame } from "./pod-game";
import {
  computePodStandings,
  type PodStanding,
  type PodStandingsEntry,
  type PodStandingsInput,
} from "./pod-standings";
import { podFinalStandings } from "./pod-standings";

const players = (...ids: string[]) => ids.map((id) => ({ id }));
const pod = (round: number, winner: string | null, ...ids: string[]): PodStandingsEntry => ({
  round,
  pod: ids.map((player) => ({
    player,
    result: winner === null ? "draw" : player === winner ? "win" : "loss",
  })),
});

function standings(input: PodStandingsInput, settings = {}): PodStanding[] {
  const result = computePodStandings(input, settings);
  if (!result.ok) throw new Error(render(result.error));
  return result.value;
}
const byId = (rows: PodStanding[]) => Object.fromEntries(rows.map((row) => [row.playerId, row]));
const errorCode = (input: unknown, settings: unknown = {}) => {
  const result = computePodStandings(input as PodStandingsInput, settings as never);
  return result.ok ? "ok" : result.error.code;
};

describe("pod standings: points (cEDH community tournament addenda: win 5 / draw 1 / loss 0)", () => {
  it("addenda: a win is worth 5, a draw 1, a loss 0 by default", () => {
    const rows = byId(
      standings({
        players: players("a", "b", "c", "d", "e", "f", "g"),
        entries: [pod(1, "a", "a", "b", "c", "d"), pod(1, null, "e", "f", "g")],
      }),
    );
    expect([rows.a!.points, rows.b!.points, rows.e!.points]).toEqual([5, 0, 1]);
    expect(rows.a!.record).toEqual({ wins: 1, draws: 0, losses: 0, byes: 0 });
    expect(rows.e!.record).toEqual({ wins: 0, draws: 1, losses: 0, byes: 0 });
  });

  it("addenda: byes are scored (a win's points unless configured) and counted in the player's own percentage", () => {
    const input = {
      players: players("a", "b", "c", "d", "e"),
      entries: [pod(1, "a", "a", "b", "c", "d"), { round: 1, bye: "e" }],
    };
    const rows = byId(standings(input));
    expect(rows.e!.points).toBe(5);
    expect(rows.e!.record.byes).toBe(1);
    expect(rows.e!.matchWinPct).toBe(1);
    expect(rows.e!.opponents).toEqual([]);
    expect(byId(standings(input, { points: { bye: 2 } })).e!.points).toBe(2);
  });

  it("points are configurable per event", () => {
    const rows = byId(
      standings(
        { players: players("a", "b", "c", "d"), entries: [pod(1, null, "a", "b", "c", "d")] },
        { points: { win: 3, draw: 1, loss: 0 } },
      ),
    );
    expect(rows.a!.points).toBe(1);
    expect(rows.a!.matchWinPct).toBeCloseTo(1 / 3, 12);
  });

  it("ranks by points first, then the id when everything else ties", () => {
    const rows = standings({
      players: players("d", "c", "b", "a"),
      entries: [pod(1, "c", "a", "b", "c", "d")],
    });
    expect(rows.map((r) => r.playerId)).toEqual(["c", "a", "b", "d"]);
    expect(rows.map((r) => r.tiedWithPrevious)).toEqual([false, false, true, true]);
  });
});

describe("pod standings: tiebreakers (MTR 3.1 and Appendix C, adapted to pods)", () => {
  it("MTR Appendix C: match-win % is points over a win's points per round, floored at 0.33", () => {
    const rows = byId(
      standings({
        players: players("a", "b", "c", "d"),
        entries: [pod(1, "a", "a", "b", "c", "d"), pod(2, null, "a", "b", "c", "d")],
      }),
    );
    expect(rows.a!.matchWinPct).toBeCloseTo(6 / 10, 12);
    expect(rows.b!.matchWinPct).toBe(0.33);
  });

  it("MTR Appendix C: opponents' match-win % averages every pod opponent of every round, each floored", () => {
    const input = {
      players: players("a", "b", "c", "d", "e", "f"),
      entries: [
        pod(1, "a", "a", "b", "c"),
        pod(1, "d", "d", "e", "f"),
        pod(2, "a", "a", "d", "e"),
        pod(2, "b", "b", "c", "f"),
      ],
    };
    const rows = byId(standings(input));
    // a's opponents: b, c (round 1), d, e (round 2). b: 5/10, c: 0 → 0.33, d: 5/10, e: 0.33.
    expect(rows.a!.opponents).toEqual(["b", "c", "d", "e"]);
    expect(rows.a!.opponentMatchWinPct).toBeCloseTo((0.5 + 0.33 + 0.5 + 0.33) / 4, 12);
  });

  it("MTR 3.1: equal points are split by opponents' match-win %", () => {
    // b and d both won once and lost once; b met a, who won twice.
    const input = {
      players: players("a", "b", "c", "d", "e", "f", "g", "h"),
      entries: [
        pod(1, "a", "a", "c", "e", "g"),
        pod(1, "b", "b", "d", "f", "h"),
        pod(2, "a", "b", "a", "c", "e"),
        pod(2, "d", "d", "f", "g", "h"),
      ],
    };
    const rows = standings(input);
    const b = rows.find((r) => r.playerId === "b")!;
    const d = rows.find((r) => r.playerId === "d")!;
    expect(b.points).toBe(d.points);
    expect(b.opponentMatchWinPct).toBeGreaterThan(d.opponentMatchWinPct);
    expect(b.rank).toBeLessThan(d.rank);
    expect(b.opponentMatchWinPct).toBeCloseTo((0.5 + 0.33 + 0.33 + 1 + 0.33 + 0.33) / 6, 12);
  });

  it("opponents' opponents' match-win % decides when opponents' match-win % ties", () => {
    // x and y each lost twice to players with equal records; x's opponents met stronger players.
    const input = {
      players: players("x", "y", "a", "b", "c", "d", "e", "f", "top"),
      entries: [
        pod(1, "a", "x", "a", "b"),
        pod(1, "c", "y", "c", "d"),
        pod(1, "top", "top", "e", "f"),
        pod(2, "top", "top", "a", "b"),
        pod(2, "e", "e", "c", "d"),
        pod(2, "f", "f", "x", "y"),
      ],
    };
    const rows = byId(standings(input));
    expect(rows.x!.points).toBe(rows.y!.points);
    expect(rows.x!.opponentMatchWinPct).toBeCloseTo(rows.y!.opponentMatchWinPct, 12);
    expect(rows.x!.opponentOpponentMatchWinPct).not.toBeCloseTo(
      rows.y!.opponentOpponentMatchWinPct,
      6,
    );
    const [better, worse] =
      rows.x!.opponentOpponentMatchWinPct > rows.y!.opponentOpponentMatchWinPct
        ? ["x", "y"]
        : ["y", "x"];
    expect(rows[better]!.rank).toBeLessThan(rows[worse]!.rank);
  });

  it("the tiebreakers are the organizer's choice: more wins can come before opponents' percentages", () => {
    // x: one win and 4 losses; y: five draws. Equal points (5).
    const others = ["p", "q", "r", "s", "t", "u", "v", "w"];
    const entries: PodStandingsEntry[] = [
      pod(1, "x", "x", "p", "q"),
      pod(1, null, "y", "r", "s"),
      pod(2, "p", "x", "p", "q"),
      pod(2, null, "y", "r", "s"),
      pod(3, "q", "x", "p", "q"),
      pod(3, null, "y", "r", "s"),
      pod(4, "p", "x", "p", "q"),
      pod(4, null, "y", "r", "s"),
      pod(5, "q", "x", "p", "q"),
      pod(5, null, "y", "r", "s"),
    ];
    const input = { players: players("x", "y", ...others), entries };
    const winsFirst = standings(input, { tiebreakers: ["wins", "opponentMatchWinPct"] });
    const rank = (rows: PodStanding[], id: string) => rows.find((r) => r.playerId === id)!.rank;
    expect(rank(winsFirst, "x")).toBeLessThan(rank(winsFirst, "y"));
    const omwFirst = standings(input);
    expect(omwFirst.find((r) => r.playerId === "x")!.opponentMatchWinPct).toBeGreaterThan(
      omwFirst.find((r) => r.playerId === "y")!.opponentMatchWinPct,
    );
  });

  it("MTR 2.10: a dropped player stays in the standings and in their opponents' percentages", () => {
    const input = {
      players: [{ id: "a" }, { id: "b", droppedAfterRound: 1 }, { id: "c" }, { id: "d" }],
      entries: [pod(1, "b", "a", "b", "c", "d")],
    };
    const rows = byId(standings(input));
    expect(rows.b!.dropped).toBe(true);
    expect(rows.a!.opponentMatchWinPct).toBeCloseTo((1 + 0.33 + 0.33) / 3, 12);
    expect(errorCode({ ...input, entries: [...input.entries, pod(2, "a", "a", "b", "c")] })).toBe(
      "MATCH_AFTER_DROP",
    );
  });

  it("a late entry entered without losses counts only the rounds played", () => {
    const rows = byId(
      standings({
        players: [
          { id: "a" },
          { id: "b" },
          { id: "c" },
          { id: "late", firstRound: 2, missedRoundsAsLosses: false },
        ],
        entries: [pod(2, "late", "a", "b", "c", "late")],
      }),
    );
    expect(rows.late).toMatchObject({
      roundsCounted: 1,
      record: { wins: 1, losses: 0 },
      matchWinPct: 1,
    });
  });

  it("a late entry's missed rounds count as losses in their own percentage", () => {
    const rows = byId(
      standings({
        players: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "late", firstRound: 2 }],
        entries: [pod(2, "late", "a", "b", "c", "late")],
      }),
    );
    expect(rows.late!.roundsCounted).toBe(2);
    expect(rows.late!.record.losses).toBe(1);
    expect(rows.late!.matchWinPct).toBeCloseTo(0.5, 12);
  });
});

describe("pod standings: impossible records are refused", () => {
  const four = players("a", "b", "c", "d", "e", "f");
  it("104.2a: at most one winner, never beside a draw; 104.4a: a draw is shared", () => {
    expect(
      errorCode({
        players: four,
        entries: [
          {
            round: 1,
            pod: [
              { player: "a", result: "win" },
              { player: "b", result: "win" },
              { player: "c", result: "loss" },
            ],
          },
        ],
      }),
    ).toBe("CONFLICTING_FACTS");
    expect(
      errorCode({
        players: four,
        entries: [
          {
            round: 1,
            pod: [
              { player: "a", result: "win" },
              { player: "b", result: "draw" },
              { player: "c", result: "draw" },
            ],
          },
        ],
      }),
    ).toBe("CONFLICTING_FACTS");
    expect(
      errorCode({
        players: four,
        entries: [
          {
            round: 1,
            pod: [
              { player: "a", result: "draw" },
              { player: "b", result: "loss" },
              { player: "c", result: "loss" },
            ],
          },
        ],
      }),
    ).toBe("CONFLICTING_FACTS");
  });

  it("100.6a: a pod has 3 to 5 players, each in one pod per round, all of them known", () => {
    expect(errorCode({ players: four, entries: [pod(1, "a", "a", "b")] })).toBe("INVALID_POD");
    expect(
      errorCode({
        players: four,
        entries: [pod(1, "a", "a", "b", "c"), pod(1, "d", "d", "e", "a")],
      }),
    ).toBe("PLAYER_PAIRED_TWICE");
    expect(errorCode({ players: four, entries: [pod(1, "a", "a", "b", "zed")] })).toBe(
      "UNKNOWN_PLAYER",
    );
    expect(errorCode({ players: [...four, { id: "a" }], entries: [] })).toBe("DUPLICATE_PLAYER");
  });

  it("settings must make sense", () => {
    const input = { players: four, entries: [] };
    expect(errorCode(input, { points: { win: 1, draw: 1 } })).toBe("INVALID_SETTING");
    expect(errorCode(input, { points: { bye: 9 } })).toBe("INVALID_SETTING");
    expect(errorCode(input, { tiebreakers: ["coinFlip"] })).toBe("INVALID_SETTING");
    expect(errorCode(input, { percentageFloor: 2 })).toBe("INVALID_SETTING");
    expect(errorCode(null)).toBe("INVALID_INPUT");
    expect(errorCode({ players: four, entries: [{ round: 0, bye: "a" }] })).toBe("INVALID_NUMBER");
  });
});

describe("pod standings from pod games", () => {
  it("CR 104.2a: the result of derivePodGame is a standings entry as it stands", () => {
    const game = derivePodGame({
      players: ["a", "b", "c", "d"],
      endOfRound: { procedure: "finish-turn" },
      events: [
        { type: "left", departures: [{ player: "b", reason: "CONCESSION" }] },
        {
          type: "left",
          departures: [
            { player: "c", reason: "LIFE" },
            { player: "d", reason: "LIFE" },
          ],
        },
      ],
      isRecorded: true,
    });
    if (!game.ok || !game.value.result) throw new Error("setup");
    const rows = byId(
      standings({
        players: players("a", "b", "c", "d"),
        entries: [{ round: 1, pod: game.value.result.players }],
      }),
    );
    expect(rows.a!.points).toBe(5);
    expect(rows.d!.points).toBe(0);
  });
});

describe("final standings of a pod event with a top cut (community tournament addenda)", () => {
  const swiss = [1, 2, 3, 4, 5, 6].map((rank) => ({ rank, playerId: `p${rank}` }));

  it("once the final pod has a winner, the champion leads, then the final pod, then the others in Swiss order", () => {
    const rows = podFinalStandings(swiss, {
      p4: "champion",
      p1: "final",
      p2: "final",
      p3: "final",
    });
    expect(rows.map((row) => [row.playerId, row.rank, row.swissRank, row.cutFinish])).toEqual([
      ["p4", 1, 4, "champion"],
      ["p1", 2, 1, "final"],
      ["p2", 3, 2, "final"],
      ["p3", 4, 3, "final"],
      ["p5", 5, 5, null],
      ["p6", 6, 6, null],
    ]);
  });

  it("while the cut plays, the Swiss order stands and the cut's players are marked", () => {
    const rows = podFinalStandings(swiss, {
      p1: "playing",
      p2: "playing",
      p3: "playing",
      p4: "playing",
    });
    expect(rows.map((row) => [row.playerId, row.rank, row.cutFinish])).toEqual([
      ["p1", 1, "playing"],
      ["p2", 2, "playing"],
      ["p3", 3, "playing"],
      ["p4", 4, "playing"],
      ["p5", 5, null],
      ["p6", 6, null],
    ]);
  });
});

describe("a bye in a pod event (Appendix C, as two-player standings)", () => {
  it("a player whose only round is a bye has opponents' percentages at the floor, not 0", () => {
    const rows = computePodStandings({
      players: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }],
      entries: [
        {
          round: 1,
          pod: [
            { player: "a", result: "win" },
            { player: "b", result: "loss" },
            { player: "c", result: "loss" },
          ],
        },
        { round: 1, bye: "d" },
      ],
    });
    if (!rows.ok) throw new Error(render(rows.error));
    expect(rows.value.find((row) => row.playerId === "d")).toMatchObject({
      opponentMatchWinPct: 0.33,
      opponentOpponentMatchWinPct: 0.33,
    });
  });
});
