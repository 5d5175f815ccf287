import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  eventSummary as eventSummaryOf,
  playoffRoundName as playoffRoundNameOf,
  recommendedPodRounds,
  recommendedRounds,
  recommendedSwissRounds as recommendedOf,
  roundTitle as roundTitleOf,
} from "./swiss-rounds";

/** The rules' answers with their words rendered in English, as the tests read them. */
const recommendedSwissRounds = (players: number) => {
  const r = recommendedOf(players);
  return r === null ? null : { ...r, bracket: render(r.bracket) };
};
const playoffRoundName = (matchCount: number) => render(playoffRoundNameOf(matchCount));
const roundTitle = (round: Parameters<typeof roundTitleOf>[0]) => render(roundTitleOf(round));

describe("recommended Swiss rounds (MTR Appendix E)", () => {
  it("MTR Appendix E: each row of the table, at both of its edges", () => {
    const rounds = (players: number) => recommendedSwissRounds(players)?.rounds;
    expect([9, 16].map(rounds)).toEqual([5, 5]);
    expect([17, 32].map(rounds)).toEqual([5, 5]);
    expect([33, 64].map(rounds)).toEqual([6, 6]);
    expect([65, 128].map(rounds)).toEqual([7, 7]);
    expect([129, 226].map(rounds)).toEqual([8, 8]);
    expect([227, 409].map(rounds)).toEqual([9, 9]);
    expect([410, 4096].map(rounds)).toEqual([10, 10]);
  });

  it("MTR Appendix E: the recommended playoff is top 4 for 9–16 players and top 8 from 17", () => {
    expect(recommendedSwissRounds(12)).toMatchObject({
      playoff: 4,
      bracket: "9–16 players",
      rule: "MTR Appendix E",
    });
    expect(recommendedSwissRounds(23)).toMatchObject({
      rounds: 5,
      playoff: 8,
      bracket: "17–32 players",
    });
  });

  it("MTR Appendix E: a planned top 8 is the advice's cut for 10 players, not the table's top 4", () => {
    expect(recommendedRounds(10, "matches", 8)).toMatchObject({
      rounds: 5,
      playoff: 8,
      isPlannedCut: true,
    });
    expect(recommendedRounds(10, "matches", null)).toMatchObject({ playoff: 4 });
    expect(recommendedRounds(10, "matches", null)?.isPlannedCut).toBeUndefined();
    expect(recommendedRounds(1, "matches", 8)).toBeNull();
  });

  it("MTR Appendix E: 8 or fewer players get as many Swiss rounds as a bracket would have, and no playoff", () => {
    expect([2, 3, 4, 5, 8].map((players) => recommendedSwissRounds(players)?.rounds)).toEqual([
      1, 2, 2, 3, 3,
    ]);
    expect(recommendedSwissRounds(8)?.playoff).toBe(0);
  });

  it("MTR Appendix E: no recommendation below two players or for a count that is not a whole number", () => {
    expect(recommendedSwissRounds(1)).toBeNull();
    expect(recommendedSwissRounds(0)).toBeNull();
    expect(recommendedSwissRounds(Number.NaN)).toBeNull();
    expect(recommendedSwissRounds(7.5)).toBeNull();
  });
});

describe("playoff round names", () => {
  it("MTR 2.1 single elimination: 1 match is the Final, 2 the Semifinals, 4 the Quarterfinals, 8 the Round of 16", () => {
    expect([1, 2, 4, 8].map(playoffRoundName)).toEqual([
      "Final",
      "Semifinals",
      "Quarterfinals",
      "Round of 16",
    ]);
  });

  it("a round's title: Swiss rounds by number, playoff rounds by their place in a top 4, 8 or 16", () => {
    expect(roundTitle({ number: 3 })).toBe("Round 3");
    expect(roundTitle({ number: 6, playoff: { cutSize: 8, playoffIndex: 0 } })).toBe(
      "Quarterfinals",
    );
    expect(roundTitle({ number: 7, playoff: { cutSize: 8, playoffIndex: 1 } })).toBe("Semifinals");
    expect(roundTitle({ number: 8, playoff: { cutSize: 8, playoffIndex: 2 } })).toBe("Final");
    expect(roundTitle({ number: 6, playoff: { cutSize: 16, playoffIndex: 0 } })).toBe(
      "Round of 16",
    );
    expect(roundTitle({ number: 5, playoff: { cutSize: 4, playoffIndex: 0 } })).toBe("Semifinals");
    // Past the Final there is no playoff round: the number is all there is.
    expect(roundTitle({ number: 9, playoff: { cutSize: 4, playoffIndex: 2 } })).toBe("Round 9");
  });

  it("addenda: a pod top cut's rounds: quarterfinal pods (top 16) or semifinal pods (top 10), then the final pod", () => {
    const title = (cutSize: number, playoffIndex: number) =>
      roundTitle({ number: 5, playoff: { cutSize, playoffIndex, pods: true } });
    expect([title(4, 0), title(10, 0), title(10, 1), title(16, 0), title(16, 1)]).toEqual([
      "Final pod",
      "Semifinal pods",
      "Final pod",
      "Quarterfinal pods",
      "Final pod",
    ]);
  });
});

describe("recommended rounds of a pod event (Competitive REL MTR/IPG Addendum for Commander Events)", () => {
  it("addenda: 17–34 players 3 rounds and a top 4, 35–64 4 and a top 10, 65–128 5, 129–208 6, then 7, each with a top 16", () => {
    const advice = (players: number) => {
      const r = recommendedPodRounds(players);
      return r && [r.rounds, r.playoff];
    };
    expect([17, 34].map(advice)).toEqual([
      [3, 4],
      [3, 4],
    ]);
    expect([35, 64].map(advice)).toEqual([
      [4, 10],
      [4, 10],
    ]);
    expect([65, 128, 129, 208, 209, 304, 500].map(advice)).toEqual([
      [5, 16],
      [5, 16],
      [6, 16],
      [6, 16],
      [7, 16],
      [7, 16],
      [7, 16],
    ]);
  });

  it("addenda: up to 16 players one round of pods and the final pod of its winners; one pod of 3 or 4 is the whole event; fewer than 3 make no pod", () => {
    const advice = (players: number) => {
      const r = recommendedPodRounds(players);
      return r && [r.rounds, r.playoff];
    };
    expect([5, 13, 16].map(advice)).toEqual([
      [1, 4],
      [1, 4],
      [1, 4],
    ]);
    expect([3, 4].map(advice)).toEqual([
      [1, 0],
      [1, 0],
    ]);
    expect(recommendedPodRounds(2)).toBeNull();
    expect(render(recommendedPodRounds(40)!.bracket)).toBe("35–64 players");
    expect(recommendedPodRounds(40)!.rule).toBe("cEDH addendum");
  });
});

describe("an event's rounds in a line (the tournament list)", () => {
  const summary = (input: Parameters<typeof eventSummaryOf>[0]) =>
    eventSummaryOf(input).map((message) => render(message));

  it("MTR 2.1: Swiss rounds and the playoff are counted apart: 4 Swiss rounds and a top 8, not 7 rounds", () => {
    expect(summary({ entrants: 20, teams: false, swissRounds: 4, cutSize: 8 })).toEqual([
      "20 players",
      "4 Swiss rounds",
      "top 8",
    ]);
    expect(summary({ entrants: 1, teams: false, swissRounds: 1, cutSize: null })).toEqual([
      "1 player",
      "1 Swiss round",
    ]);
    expect(summary({ entrants: 5, teams: false, swissRounds: 0, cutSize: null })).toEqual([
      "5 players",
    ]);
  });

  it("MTR 8.2: a team event counts its teams, each one entrant", () => {
    expect(summary({ entrants: 6, teams: true, swissRounds: 3, cutSize: 4 })).toEqual([
      "6 teams",
      "3 Swiss rounds",
      "top 4",
    ]);
    expect(summary({ entrants: 1, teams: true, swissRounds: 0, cutSize: null })).toEqual([
      "1 team",
    ]);
  });
});
