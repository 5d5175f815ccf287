import { describe, expect, it } from "vitest";
import { comparePublishedStandings, entrantNames, publishedStandingsInput, readMeleeEvent } from "./published-event";
import { computeStandings } from "./standings";

const event = {
  Tournament: { Name: "Tiny Open", Date: "2024-01-06T10:00:00Z", Uri: "https://melee.gg/Tournament/View/1" },
  Rounds: [
    { RoundName: "Round 1", Matches: [{ Player1: "Ana", Player2: "Ben", Result: "2-1-0" }, { Player1: "Cal", Player2: "-", Result: "2-0-0" }] },
    { RoundName: "Round 2", Matches: [{ Player1: "Ana", Player2: "Cal", Result: "0-0-3" }, { Player1: "Ben", Player2: "-", Result: "2-0-0" }] },
    { RoundName: "Finals", Matches: [{ Player1: "Ana", Player2: "Cal", Result: "3-0-0" }] },
  ],
  Standings: [
    { Rank: 1, Player: "Ana", Points: 4, OMWP: 0.5, GWP: 0.5, OGWP: 0.5 },
    { Rank: 2, Player: "Cal", Points: 4, OMWP: 0.5, GWP: 0.5, OGWP: 0.5 },
  ],
};

describe("a finished event as another tool published it (melee.gg caches)", () => {
  it("reads rounds, byes ('-'), intentional draws (0-0-3, MTR 2.5) and playoff rounds by name", () => {
    const read = readMeleeEvent(event);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value).toMatchObject({ name: "Tiny Open", players: ["Ana", "Cal", "Ben"] });
    expect(read.value.rounds.map((round) => [round.name, round.kind])).toEqual([
      ["Round 1", "swiss"],
      ["Round 2", "swiss"],
      ["Finals", "playoff"],
    ]);
    expect(read.value.rounds[0]!.matches[1]).toEqual({ playerA: "Cal", playerB: null, slip: { winsA: 2, winsB: 0, draws: 0 }, intentionalDraw: false });
    expect(read.value.rounds[1]!.matches[0]!.intentionalDraw).toBe(true);
  });

  it("MTR 2.1: a 3-0-0 in best-of-three is kept as published, with a warning, not refused", () => {
    const read = readMeleeEvent(event);
    expect(read.ok && read.value.warnings).toEqual(["Finals, match 1, Ana vs Cal: 3-0-0 is not possible when 2 game wins end a match (MTR 2.1); kept as published."]);
    expect(read.ok && read.value.rounds[2]!.matches[0]!.slip).toEqual({ winsA: 3, winsB: 0, draws: 0 });
  });

  it("refuses what is not such an event, naming the place", () => {
    expect(readMeleeEvent([])).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    expect(readMeleeEvent({ Tournament: { Name: "X" }, Rounds: [{ RoundName: "Round 1", Matches: [{ Player1: "A", Player2: "B", Result: "won" }] }] })).toMatchObject({
      ok: false,
      error: { message: 'Round 1, match 1 (A vs B): "won" is not a result like "2-1-0".' },
    });
    expect(readMeleeEvent({ Tournament: { Name: "X" }, Rounds: [{ RoundName: "Round 1", Matches: [{ Player1: "A", Player2: "B", Result: "2-0-0" }, { Player1: "A", Player2: "C", Result: "2-0-0" }] }] })).toMatchObject({
      ok: false,
      error: { code: "PLAYER_PAIRED_TWICE" },
    });
  });

  it("MTR 3.1, Appendix C: only Swiss rounds enter the standings; a difference is named with the setting that explains it", () => {
    const read = readMeleeEvent(event);
    if (!read.ok) throw new Error(read.error.message);
    const input = publishedStandingsInput(read.value);
    expect(input.matches).toHaveLength(4);
    const at = (percentageFloor: number) => {
      const standings = computeStandings(input, { percentageFloor });
      if (!standings.ok) throw new Error(standings.error.message);
      return standings.value;
    };
    const ours = at(0.33);
    const ana = ours.find((standing) => standing.playerId === "Ana")!;
    const published = [{ rank: ana.rank, player: "Ana", points: ana.matchPoints, omwp: ana.opponentMatchWinPct, gwp: ana.gameWinPct, ogwp: ana.opponentGameWinPct }];
    expect(comparePublishedStandings(published, [{ name: "floor 0.33", standings: ours }])).toEqual([]);
    const withThird = at(1 / 3);
    const anaThird = withThird.find((standing) => standing.playerId === "Ana")!;
    const publishedThird = [{ ...published[0]!, omwp: anaThird.opponentMatchWinPct, ogwp: anaThird.opponentGameWinPct, gwp: anaThird.gameWinPct }];
    const differences = comparePublishedStandings(publishedThird, [
      { name: "floor 0.33", standings: ours },
      { name: "floor 1/3", standings: withThird },
    ]);
    expect(differences.every((difference) => difference.explainedBy === "floor 1/3")).toBe(true);
    expect(comparePublishedStandings([{ ...published[0]!, points: 99 }], [{ name: "floor 0.33", standings: ours }])).toEqual([{ player: "Ana", keys: ["points"], explainedBy: null }]);
  });

  it("published names become distinct entrant names, as registration compares them", () => {
    expect([...entrantNames(["Ana", "ana", " Ben  Lee ", "ANA"]).entries()]).toEqual([
      ["Ana", "Ana"],
      ["ana", "ana (2)"],
      [" Ben  Lee ", "Ben Lee"],
      ["ANA", "ANA (3)"],
    ]);
  });
});
