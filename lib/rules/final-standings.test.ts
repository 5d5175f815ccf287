import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  finalStandings,
  type PlayoffMatchOutcome,
  type PlayoffStanding,
  playoffFinishName as playoffFinishNameOf,
} from "./final-standings";
import { say } from "./result";

/** A finish name rendered in English, as the tests read it. */
const playoffFinishName = (matchCount: number) => render(playoffFinishNameOf(matchCount));

// Eight Swiss players s1…s8 ranked 1…8, plus two who missed the cut.
const swiss = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10"].map(
  (playerId, index) => ({ playerId, rank: index + 1 }),
);

// Top 8 seeded 1v8, 4v5, 2v7, 3v6 (MTR 2.2: the higher seed is side A).
const quarterfinals: PlayoffMatchOutcome[] = [
  { round: 1, playerA: "s1", playerB: "s8", winner: "s8" },
  { round: 1, playerA: "s4", playerB: "s5", winner: "s4" },
  { round: 1, playerA: "s2", playerB: "s7", winner: "s2" },
  { round: 1, playerA: "s3", playerB: "s6", winner: "s6" },
];
const semifinals: PlayoffMatchOutcome[] = [
  { round: 2, playerA: "s4", playerB: "s8", winner: "s8" },
  { round: 2, playerA: "s2", playerB: "s6", winner: "s6" },
];
const final: PlayoffMatchOutcome[] = [{ round: 3, playerA: "s6", playerB: "s8", winner: "s6" }];

function order(playoff: Parameters<typeof finalStandings>[1]) {
  const result = finalStandings(swiss, playoff);
  if (!result.ok) throw new Error(render(result.error));
  // Each playoff stage's label rendered in English, as the tests read it.
  return result.value.map((row) => ({
    ...row,
    playoff: row.playoff && { ...row.playoff, label: render(row.playoff.label) },
  }));
}

describe("final standings with a playoff (MTR 2.2 seeds, MTR 3.1 Swiss order below the cut)", () => {
  it("MTR 3.1: without a playoff the final standings are the Swiss standings", () => {
    expect(order(null).map((row) => row.playerId)).toEqual(swiss.map((row) => row.playerId));
  });

  it("a finished top 8 ranks champion, finalist, semifinal losers, quarterfinal losers, then the rest in Swiss order", () => {
    const rows = order({ cutSize: 8, matches: [...quarterfinals, ...semifinals, ...final] });
    expect(rows.map((row) => row.playerId)).toEqual([
      "s6",
      "s8",
      "s2",
      "s4",
      "s1",
      "s3",
      "s5",
      "s7",
      "s9",
      "s10",
    ]);
    expect(rows.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows.map((row) => row.playoff?.label ?? null)).toEqual([
      "Champion",
      "Finalist",
      "Semifinalist",
      "Semifinalist",
      "Quarterfinalist",
      "Quarterfinalist",
      "Quarterfinalist",
      "Quarterfinalist",
      null,
      null,
    ]);
    expect(rows[0]).toMatchObject({ playerId: "s6", swissRank: 6 });
  });

  it("MTR 2.2: players out in the same round are ordered by their Swiss rank (the seed), not by whom they lost to", () => {
    const rows = order({ cutSize: 8, matches: [...quarterfinals, ...semifinals, ...final] });
    const semifinalLosers = rows
      .filter((row) => row.playoff?.label === "Semifinalist")
      .map((row) => row.swissRank);
    expect(semifinalLosers).toEqual([2, 4]);
  });

  it("during the playoff the Swiss order stands and each playoff player shows the round they play in or went out in", () => {
    const rows = order({ cutSize: 8, matches: [...quarterfinals, semifinals[0]!] });
    expect(rows.map((row) => row.playerId)).toEqual(swiss.map((row) => row.playerId));
    const stage = (id: string) => rows.find((row) => row.playerId === id)?.playoff;
    expect(stage("s1")).toEqual({ kind: "eliminated", round: 1, label: "Quarterfinalist" });
    expect(stage("s8")).toEqual({ kind: "playing", round: 3, label: "Final" });
    expect(stage("s4")).toEqual({ kind: "eliminated", round: 2, label: "Semifinalist" });
    expect(stage("s2")).toEqual({ kind: "playing", round: 2, label: "Semifinals" });
    expect(stage("s9")).toBeNull();
  });

  it("a top 4 ranks champion, finalist, then both semifinal losers by Swiss rank", () => {
    const rows = order({
      cutSize: 4,
      matches: [
        { round: 1, playerA: "s1", playerB: "s4", winner: "s4" },
        { round: 1, playerA: "s2", playerB: "s3", winner: "s3" },
        { round: 2, playerA: "s3", playerB: "s4", winner: "s4" },
      ],
    });
    expect(rows.map((row) => row.playerId).slice(0, 5)).toEqual(["s4", "s3", "s1", "s2", "s5"]);
  });

  it("finish names: Finalist, Semifinalist, Quarterfinalist, Top 16", () => {
    expect([1, 2, 4, 8].map(playoffFinishName)).toEqual([
      "Finalist",
      "Semifinalist",
      "Quarterfinalist",
      "Top 16",
    ]);
  });

  it("a match naming a player outside the standings, or a winner who did not play, is a typed error", () => {
    expect(
      finalStandings(swiss, {
        cutSize: 4,
        matches: [{ round: 1, playerA: "s1", playerB: "nobody", winner: null }],
      }),
    ).toMatchObject({ ok: false, error: { code: "UNKNOWN_PLAYER" } });
    expect(
      finalStandings(swiss, {
        cutSize: 4,
        matches: [{ round: 1, playerA: "s1", playerB: "s4", winner: "s2" }],
      }),
    ).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    expect(finalStandings(swiss, { cutSize: 6, matches: [] })).toMatchObject({
      ok: false,
      error: { code: "INVALID_NUMBER" },
    });
  });
});

describe("the playoff stage as the standings show it", () => {
  it("a player still playing is 'In the …', an eliminated one by their finish, and no stage is nothing", async () => {
    const { describePlayoffStanding: describeOf } = await import("./final-standings");
    const describePlayoffStanding = (stage: PlayoffStanding | null) => {
      const described = describeOf(stage);
      return described === null ? null : render(described);
    };
    const theFinal = say("swissRounds.final");
    expect(describePlayoffStanding({ kind: "playing", round: 3, label: theFinal })).toBe(
      "In the Final",
    );
    const quarterfinalist = say("finalStandings.quarterfinalist");
    expect(describePlayoffStanding({ kind: "eliminated", round: 1, label: quarterfinalist })).toBe(
      "Quarterfinalist",
    );
    const champion = say("finalStandings.champion");
    expect(describePlayoffStanding({ kind: "champion", label: champion })).toBe("Champion");
    expect(describePlayoffStanding(null)).toBeNull();
  });
});
