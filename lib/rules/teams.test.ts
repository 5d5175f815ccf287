import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import type { RuleResult } from "./result";
import { type Standing, type StandingsMatch, computeStandings } from "./standings";
import {
  type SeatMatch,
  type SeatMatchState,
  type TeamEntryInput,
  type TeamMatch,
  type TeamRoundResult,
  checkTeamEntry,
  computeTeamStandings,
  deriveTeamMatch,
  seatLetter,
  seatMatchOutcome,
  seatMatchStates,
  teamFormatRules,
  teamStandingsMatch,
} from "./teams";

function value<T>(result: RuleResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${render(result.error)}`);
  return result.value;
}

function error(result: RuleResult<unknown>): { code: string; message: string; rule?: string } {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return { code: result.error.code, message: render(result.error), rule: result.error.rule };
}

const seat = (n: number, state: SeatMatchState, winner: "A" | "B" | null = null): SeatMatch => ({
  seat: n,
  state,
  winner,
});
/** Recorded seat matches in seat order: "A" / "B" = that team won the seat, "-" = drawn. */
const recorded = (...results: ("A" | "B" | "-")[]): SeatMatch[] =>
  results.map((r, i) => seat(i, "recorded", r === "-" ? null : r));
const team3 = (...seats: SeatMatch[]) => deriveTeamMatch({ teamSize: 3, seats });

describe("teamFormatRules: what a team format means for a match", () => {
  it("MTR 2.4, CR 810.4, CR 704.6b: Two-Headed Giant teammates share turns: 3 additional turns, 30 life, 15 poison, the team chooses play/draw, one ordinary match", () => {
    const rules = value(teamFormatRules("TWO_HEADED_GIANT", 2));
    expect(rules).toMatchObject({
      seats: 2,
      matchesPerPairing: 1,
      teammatesShareTurns: true,
      additionalTurns: 3,
      startingLifeTotal: 30,
      poisonToLose: 15,
      whoChoosesPlayDraw: "team",
    });
    expect(rules.citations).toMatchObject({
      startingLifeTotal: "810.4",
      poisonToLose: "704.6b",
      additionalTurns: "MTR 2.4",
    });
  });

  it("MTR 3.1: a Two-Headed Giant team's standings come from its ordinary match slips, not from seat matches", () => {
    expect(value(teamFormatRules("TWO_HEADED_GIANT", 2)).gamesAreSeatMatches).toBe(false);
    expect(value(teamFormatRules("TEAM_MATCHES", 3)).gamesAreSeatMatches).toBe(true);
  });

  it("MTR 8.2: in team matches each member plays their own ordinary match: one match per seat, 5 turns, 20 life, 10 poison, each player chooses", () => {
    for (const size of [2, 3]) {
      expect(value(teamFormatRules("TEAM_MATCHES", size))).toMatchObject({
        seats: size,
        matchesPerPairing: size,
        teammatesShareTurns: false,
        additionalTurns: 5,
        startingLifeTotal: 20,
        poisonToLose: 10,
        whoChoosesPlayDraw: "player",
      });
    }
  });

  it("MTR 2.4, CR 104.3d: an individual event is one seat and one match per pairing", () => {
    expect(value(teamFormatRules("INDIVIDUAL", 1))).toMatchObject({
      seats: 1,
      matchesPerPairing: 1,
      additionalTurns: 5,
      startingLifeTotal: 20,
      poisonToLose: 10,
      whoChoosesPlayDraw: "player",
      gamesAreSeatMatches: false,
    });
  });

  it("MTR 8.2, CR 810.1: a team size the format does not have is refused", () => {
    expect(error(teamFormatRules("TWO_HEADED_GIANT", 3))).toMatchObject({
      code: "INVALID_TEAM",
      rule: "810.1",
    });
    expect(error(teamFormatRules("INDIVIDUAL", 2)).code).toBe("INVALID_TEAM");
    expect(error(teamFormatRules("TEAM_MATCHES", 1))).toMatchObject({
      code: "INVALID_TEAM",
      rule: "MTR 8.2",
    });
    expect(error(teamFormatRules("TEAM_MATCHES", 4)).code).toBe("INVALID_TEAM");
    expect(error(teamFormatRules("TEAM_MATCHES", 2.5)).code).toBe("INVALID_NUMBER");
    expect(error(teamFormatRules("TRIOS" as never, 3)).code).toBe("INVALID_FORMAT");
  });
});

describe("seats (MTR 8.2: positions A, B, C kept all event)", () => {
  it("MTR 8.2: seat 0 is A, 1 is B, 2 is C", () => {
    expect([0, 1, 2].map((n) => value(seatLetter(n)))).toEqual(["A", "B", "C"]);
  });

  it("MTR 8.2: there is no seat D, and a seat is a whole number", () => {
    expect(error(seatLetter(3)).code).toBe("INVALID_TEAM");
    expect(error(seatLetter(-1)).code).toBe("INVALID_NUMBER");
  });
});

describe("deriveTeamMatch: a team match is the record of its seat matches (MTR 8.2)", () => {
  it("MTR 8.2: 2-0 with seat C still playing is decided for team A and shown live, but not recorded until seat C is", () => {
    const live = value(
      team3(seat(0, "recorded", "A"), seat(1, "recorded", "A"), seat(2, "in-progress")),
    );
    expect(live).toMatchObject({
      phase: "decided",
      winner: "A",
      seatWins: { A: 2, B: 0 },
      seatsFinished: 2,
      seatsRecorded: 2,
      slip: { winsA: 2, winsB: 0, draws: 0 },
    });
    const done = value(team3(...recorded("A", "A", "B")));
    expect(done).toMatchObject({
      phase: "recorded",
      winner: "A",
      slip: { winsA: 2, winsB: 1, draws: 0 },
    });
  });

  it("MTR 8.2: 1-1 with one seat playing is in progress: the last seat decides", () => {
    expect(
      value(team3(seat(0, "recorded", "A"), seat(1, "decided", "B"), seat(2, "in-progress"))),
    ).toMatchObject({ phase: "in-progress", winner: null, seatWins: { A: 1, B: 1 } });
  });

  it("MTR 8.2: 1-0-1 with one seat playing is in progress: team B can still draw the team match", () => {
    expect(
      value(team3(seat(0, "recorded", "A"), seat(1, "recorded", null), seat(2, "in-progress")))
        .phase,
    ).toBe("in-progress");
  });

  it("MTR 8.2: 1-1-1 is a drawn team match", () => {
    expect(value(team3(...recorded("A", "B", "-")))).toMatchObject({
      phase: "recorded",
      winner: null,
      slip: { winsA: 1, winsB: 1, draws: 1 },
    });
  });

  it("MTR 8.2: 1-0-2 (one seat won, two drawn) is a win for team A", () => {
    expect(value(team3(...recorded("-", "A", "-")))).toMatchObject({
      winner: "A",
      slip: { winsA: 1, winsB: 0, draws: 2 },
    });
  });

  it("MTR 8.2: every seat drawn is a drawn team match", () => {
    expect(value(team3(...recorded("-", "-", "-")))).toMatchObject({
      winner: null,
      seatDraws: 3,
      slip: { winsA: 0, winsB: 0, draws: 3 },
    });
  });

  it("MTR 8.2: team B wins with two seats while the third is unplayed", () => {
    expect(
      value(team3(seat(0, "unplayed"), seat(1, "decided", "B"), seat(2, "recorded", "B"))),
    ).toMatchObject({ phase: "decided", winner: "B" });
  });

  it("MTR 8.2: teams of two: 1-1 is a draw, 1-0 with a seat playing is in progress, 2-0 is a win", () => {
    const two = (...seats: SeatMatch[]) => value(deriveTeamMatch({ teamSize: 2, seats }));
    expect(two(...recorded("A", "B"))).toMatchObject({ phase: "recorded", winner: null });
    expect(two(seat(0, "recorded", "A"), seat(1, "in-progress")).phase).toBe("in-progress");
    expect(two(seat(1, "recorded", "A"), seat(0, "decided", "A"))).toMatchObject({
      phase: "decided",
      winner: "A",
    });
  });

  it("MTR 8.2: every seat finished but one not yet recorded is decided, not recorded", () => {
    expect(
      value(team3(seat(0, "recorded", "B"), seat(1, "decided", "A"), seat(2, "recorded", null))),
    ).toMatchObject({ phase: "decided", winner: null });
  });

  it("MTR Appendix C: a bye is a team match win reported 2-0 as for any entrant, recorded at once", () => {
    expect(value(deriveTeamMatch({ teamSize: 3, seats: [], bye: true }))).toMatchObject({
      bye: true,
      phase: "recorded",
      winner: "A",
      slip: { winsA: 2, winsB: 0, draws: 0 },
    });
    expect(value(deriveTeamMatch({ teamSize: 2, seats: [], bye: true })).slip).toEqual({
      winsA: 2,
      winsB: 0,
      draws: 0,
    });
    expect(
      error(deriveTeamMatch({ teamSize: 3, seats: recorded("A", "A", "A"), bye: true })).code,
    ).toBe("CONFLICTING_FACTS");
  });

  it("MTR 8.2: duplicate seats, seats out of range and the wrong number of seats are refused", () => {
    expect(
      error(team3(seat(0, "recorded", "A"), seat(0, "recorded", "B"), seat(2, "unplayed"))).code,
    ).toBe("DUPLICATE_SEAT");
    expect(
      error(team3(seat(0, "recorded", "A"), seat(1, "recorded", "B"), seat(3, "unplayed"))),
    ).toMatchObject({ code: "INVALID_TEAM", rule: "MTR 8.2" });
    expect(error(team3(...recorded("A", "B")))).toMatchObject({
      code: "INVALID_TEAM",
      message: expect.stringContaining("2 were given"),
    });
    expect(error(deriveTeamMatch({ teamSize: 1, seats: recorded("A") })).code).toBe("INVALID_TEAM");
  });

  it("MTR 8.2: a seat match still being played has no winner, and a finished one says who won or null for a draw", () => {
    expect(
      error(team3(seat(0, "in-progress", "A"), seat(1, "unplayed"), seat(2, "unplayed"))).code,
    ).toBe("CONFLICTING_FACTS");
    expect(
      error(team3(seat(0, "recorded", "C" as never), seat(1, "unplayed"), seat(2, "unplayed")))
        .code,
    ).toBe("INVALID_INPUT");
    expect(
      error(
        team3({ seat: 0, state: "recorded" } as never, seat(1, "unplayed"), seat(2, "unplayed")),
      ).code,
    ).toBe("INVALID_INPUT");
    expect(
      error(team3(seat(0, "finished" as never), seat(1, "unplayed"), seat(2, "unplayed"))).code,
    ).toBe("INVALID_INPUT");
    expect(error(deriveTeamMatch(null as never)).code).toBe("INVALID_INPUT");
  });
});

describe("MTR 2.1, 2.5, 8.2: a stored seat match as the team match reads it", () => {
  it("MTR 2.1, 2.4: a seat match is finished once a slip is stored: 2-1 names the winner, 1-1-1 is drawn, 1-0 (time) is A's; none yet is still playing", () => {
    expect(seatMatchOutcome({ winsA: 2, winsB: 1, draws: 0 }, 2)).toEqual({
      isFinished: true,
      winner: "A",
    });
    expect(seatMatchOutcome({ winsA: 1, winsB: 1, draws: 1 }, 2)).toEqual({
      isFinished: true,
      winner: null,
    });
    expect(seatMatchOutcome({ winsA: 1, winsB: 0, draws: 0 }, 2)).toEqual({
      isFinished: true,
      winner: "A",
    });
    expect(seatMatchOutcome({ winsA: null, winsB: null, draws: null }, 2)).toEqual({
      isFinished: false,
      winner: null,
    });
  });

  it("MTR 2.5: a conceded seat match goes to the other player; an agreed draw is drawn", () => {
    expect(seatMatchOutcome({ winsA: 0, winsB: 0, draws: 0, concededBy: "A" }, 2)).toEqual({
      isFinished: true,
      winner: "B",
    });
    expect(seatMatchOutcome({ winsA: 0, winsB: 0, draws: 0, intentionalDraw: true }, 2)).toEqual({
      isFinished: true,
      winner: null,
    });
  });

  it("MTR 8.2: each seat is playing, decided by its slip, or recorded once staff confirmed it", () => {
    const rows = [
      { seat: 0, winsA: 2, winsB: 0, draws: 0, isRecorded: true },
      { seat: 1, winsA: 0, winsB: 2, draws: 0, isRecorded: false },
      { seat: 2, winsA: null, winsB: null, draws: null, isRecorded: false },
    ];
    expect(seatMatchStates(rows, 2)).toEqual([
      seat(0, "recorded", "A"),
      seat(1, "decided", "B"),
      seat(2, "in-progress"),
    ]);
    expect(value(deriveTeamMatch({ teamSize: 3, seats: seatMatchStates(rows, 2) })).phase).toBe(
      "in-progress",
    );
  });

  it("a slip the rules refuse (3-0 of best-of-three, negative wins) counts as still playing, never as a result", () => {
    expect(seatMatchOutcome({ winsA: 3, winsB: 0, draws: 0 }, 2)).toEqual({
      isFinished: false,
      winner: null,
    });
    expect(seatMatchOutcome({ winsA: -1, winsB: 2, draws: 0 }, 2)).toEqual({
      isFinished: false,
      winner: null,
    });
    expect(seatMatchStates(null as never, 2)).toEqual([]);
  });
});

describe("team standings (MTR 3.1, Appendix C): computeStandings with seat matches as the team's games", () => {
  const teams = [{ id: "T1" }, { id: "T2" }, { id: "T3" }, { id: "T4" }];
  const rounds: TeamRoundResult[] = [
    { round: 1, teamA: "T1", teamB: "T2", seats: recorded("A", "A", "B") }, // T1 wins 2-1
    { round: 1, teamA: "T3", teamB: "T4", seats: recorded("A", "-", "B") }, // drawn 1-1-1
    { round: 2, teamA: "T1", teamB: "T3", seats: recorded("A", "-", "-") }, // T1 wins 1-0-2
    { round: 2, teamA: "T2", teamB: "T4", seats: recorded("A", "A", "A") }, // T2 wins 3-0
  ];

  it("MTR 3.1, Appendix C: 4 teams, 2 rounds, computed by hand: match points from team matches, game points from seat matches", () => {
    const rows = value(computeTeamStandings(teams, rounds, { teamSize: 3 }));
    const by = Object.fromEntries(rows.map((r) => [r.playerId, r])) as Record<string, Standing>;
    // Match points: T1 win + win = 6; T2 loss + win = 3; T3 and T4 draw + loss = 1.
    expect(rows.map((r) => [r.playerId, r.matchPoints])).toEqual([
      ["T1", 6],
      ["T2", 3],
      ["T3", 1],
      ["T4", 1],
    ]);
    // Game points, 3 per seat match won and 1 per seat match drawn: T1 (2 won, 1 lost) + (1 won, 2 drawn) = 6 + 5.
    expect([by.T1!.gamePoints, by.T2!.gamePoints, by.T3!.gamePoints, by.T4!.gamePoints]).toEqual([
      11, 12, 6, 4,
    ]);
    expect(by.T1!.gameRecord).toEqual({ wins: 3, losses: 1, draws: 2 });
    // Game-win %: points over 3 per seat match (6 each), floored at 0.33.
    expect(by.T1!.gameWinPct).toBeCloseTo(11 / 18, 12);
    expect(by.T2!.gameWinPct).toBeCloseTo(12 / 18, 12);
    expect(by.T3!.gameWinPct).toBeCloseTo(6 / 18, 12);
    expect(by.T4!.gameWinPct).toBe(0.33);
    // Match-win %: T1 1, T2 0.5, T3 and T4 1/6 floored to 0.33; opponents' averages of those.
    expect(by.T1!.opponentMatchWinPct).toBeCloseTo((0.5 + 0.33) / 2, 12);
    expect(by.T3!.opponentMatchWinPct).toBeCloseTo((0.33 + 1) / 2, 12);
    expect(by.T4!.opponentMatchWinPct).toBeCloseTo((0.33 + 0.5) / 2, 12);
    expect(by.T2!.opponentGameWinPct).toBeCloseTo((11 / 18 + 0.33) / 2, 12);
    // T3 and T4 tie on match points; T3's opponents' match-win % (0.665) puts it above T4 (0.415).
    expect(by.T3!.rank).toBeLessThan(by.T4!.rank);
  });

  it("MTR 3.1: the team standings are computeStandings itself over the team matches as matches", () => {
    const asMatches: StandingsMatch[] = [
      { round: 1, playerA: "T1", playerB: "T2", slip: { winsA: 2, winsB: 1, draws: 0 } },
      { round: 1, playerA: "T3", playerB: "T4", slip: { winsA: 1, winsB: 1, draws: 1 } },
      { round: 2, playerA: "T1", playerB: "T3", slip: { winsA: 1, winsB: 0, draws: 2 } },
      { round: 2, playerA: "T2", playerB: "T4", slip: { winsA: 3, winsB: 0, draws: 0 } },
    ];
    expect(value(computeTeamStandings(teams, rounds, { teamSize: 3 }))).toEqual(
      value(computeStandings({ players: teams, matches: asMatches }, { lateEntryLossGames: 3 })),
    );
  });

  it("MTR Appendix C: a bye is a team match win and no opponent; a late team's missed round is every seat lost", () => {
    const rows = value(
      computeTeamStandings(
        [{ id: "T1" }, { id: "T2" }, { id: "T3", firstRound: 2 }],
        [
          { round: 1, teamA: "T1", teamB: "T2", seats: recorded("A", "A", "A") },
          { round: 2, teamA: "T1", teamB: "T3", seats: recorded("B", "B", "A") },
          { round: 2, teamA: "T2", teamB: null },
        ],
        { teamSize: 3 },
      ),
    );
    const by = Object.fromEntries(rows.map((r) => [r.playerId, r])) as Record<string, Standing>;
    expect(by.T2).toMatchObject({ matchPoints: 3, byes: 1, opponents: ["T1"] });
    expect(by.T3).toMatchObject({
      matchPoints: 3,
      lateEntryLosses: 1,
      gameRecord: { wins: 2, losses: 4, draws: 0 },
    });
  });

  it("MTR 3.1: a team match still being played, or a pairing that contradicts its team match, is refused", () => {
    const live: TeamRoundResult = {
      round: 1,
      teamA: "T1",
      teamB: "T2",
      seats: [seat(0, "recorded", "A"), seat(1, "recorded", "A"), seat(2, "in-progress")],
    };
    expect(error(computeTeamStandings(teams, [live], { teamSize: 3 })).code).toBe(
      "MATCH_NOT_RECORDED",
    );
    expect(
      error(
        computeTeamStandings(teams, [rounds[0]!, { ...rounds[0]!, teamB: "T3" }], { teamSize: 3 }),
      ).code,
    ).toBe("PLAYER_PAIRED_TWICE");
    expect(error(computeTeamStandings(teams, rounds, { teamSize: 4 })).code).toBe("INVALID_TEAM");
    expect(error(computeTeamStandings(teams, rounds, null as never)).code).toBe("INVALID_SETTING");
  });

  it("MTR 3.1: teamStandingsMatch maps a recorded team match, a bye to no opponent, and refuses a winner the seats do not give", () => {
    const match = value(team3(...recorded("-", "B", "-")));
    expect(value(teamStandingsMatch({ round: 3, teamA: "X", teamB: "Y" }, match))).toEqual({
      round: 3,
      playerA: "X",
      playerB: "Y",
      slip: { winsA: 0, winsB: 1, draws: 2 },
    });
    const bye = value(deriveTeamMatch({ teamSize: 3, seats: [], bye: true }));
    expect(
      value(teamStandingsMatch({ round: 1, teamA: "X", teamB: null }, bye)).playerB,
    ).toBeNull();
    expect(error(teamStandingsMatch({ round: 1, teamA: "X", teamB: "Y" }, bye)).code).toBe(
      "CONFLICTING_FACTS",
    );
    const tampered: TeamMatch = { ...match, winner: "A" };
    expect(error(teamStandingsMatch({ round: 1, teamA: "X", teamB: "Y" }, tampered)).code).toBe(
      "CONFLICTING_FACTS",
    );
  });
});

describe("team registration (MTR 8.2 Team Composition and Identification)", () => {
  const entry = (over: Partial<TeamEntryInput> = {}): TeamEntryInput => ({
    teamSize: 3,
    name: "  The  Trio ",
    members: [
      { seat: 2, playerName: "Cleo" },
      { seat: 0, playerName: "Ada", playerKey: "p-ada" },
      { seat: 1, playerName: "Ben" },
    ],
    otherTeamsPlayerKeys: ["p-zed", "Dana"],
    ...over,
  });

  it("MTR 8.2: a team of three, one member per seat, is accepted and listed in seat order", () => {
    expect(value(checkTeamEntry(entry()))).toEqual({
      name: "The Trio",
      members: [
        { seat: 0, letter: "A", playerName: "Ada", playerKey: "p-ada" },
        { seat: 1, letter: "B", playerName: "Ben" },
        { seat: 2, letter: "C", playerName: "Cleo" },
      ],
    });
  });

  it("MTR 8.2: a team has exactly its size in members, and teams are two or three players", () => {
    const short = error(
      checkTeamEntry(
        entry({
          members: [
            { seat: 0, playerName: "Ada" },
            { seat: 1, playerName: "Ben" },
          ],
        }),
      ),
    );
    expect(short).toMatchObject({
      code: "INVALID_TEAM",
      rule: "MTR 8.2",
      message: expect.stringContaining("The Trio needs exactly 3 members"),
    });
    expect(
      error(checkTeamEntry(entry({ teamSize: 1, members: [{ seat: 0, playerName: "Ada" }] }))).code,
    ).toBe("INVALID_TEAM");
  });

  it("MTR 8.2: each seat once: a seat given twice names both members", () => {
    const e = error(
      checkTeamEntry(
        entry({
          members: [
            { seat: 0, playerName: "Ada" },
            { seat: 0, playerName: "Ben" },
            { seat: 2, playerName: "Cleo" },
          ],
        }),
      ),
    );
    expect(e).toMatchObject({ code: "DUPLICATE_SEAT", rule: "MTR 8.2" });
    expect(e.message).toContain("Seat A of The Trio is given to both Ada and Ben");
  });

  it("MTR 8.2: a seat beyond the team's size names the member", () => {
    const e = error(
      checkTeamEntry(
        entry({
          teamSize: 2,
          members: [
            { seat: 0, playerName: "Ada" },
            { seat: 2, playerName: "Cleo" },
          ],
        }),
      ),
    );
    expect(e).toMatchObject({
      code: "INVALID_TEAM",
      message: expect.stringContaining("Cleo is in seat C"),
    });
  });

  it("MTR 8.2: no player twice in a team (names compared ignoring case and spacing; keys exactly)", () => {
    expect(
      error(
        checkTeamEntry(
          entry({
            members: [
              { seat: 0, playerName: "Ada" },
              { seat: 1, playerName: " ada " },
              { seat: 2, playerName: "Cleo" },
            ],
          }),
        ),
      ),
    ).toMatchObject({
      code: "DUPLICATE_PLAYER",
      message: expect.stringContaining("ada is listed twice in The Trio"),
    });
    expect(
      error(
        checkTeamEntry(
          entry({
            members: [
              { seat: 0, playerKey: "k1" },
              { seat: 1, playerKey: "k1" },
              { seat: 2, playerName: "Cleo" },
            ],
          }),
        ),
      ).code,
    ).toBe("DUPLICATE_PLAYER");
    // Two different players who share a name, told apart by their keys, are two members.
    expect(
      checkTeamEntry(
        entry({
          members: [
            { seat: 0, playerName: "Sam", playerKey: "k1" },
            { seat: 1, playerName: "Sam", playerKey: "k2" },
            { seat: 2, playerName: "Cleo" },
          ],
        }),
      ).ok,
    ).toBe(true);
  });

  it("MTR 8.2: individuals may be on more than one team, though not during the same tournament", () => {
    const byKey = error(
      checkTeamEntry(
        entry({
          members: [
            { seat: 0, playerName: "Zed", playerKey: "p-zed" },
            { seat: 1, playerName: "Ben" },
            { seat: 2, playerName: "Cleo" },
          ],
        }),
      ),
    );
    expect(byKey).toMatchObject({
      code: "PLAYER_ON_ANOTHER_TEAM",
      rule: "MTR 8.2",
      message: expect.stringContaining("Zed is already on another team"),
    });
    expect(
      error(
        checkTeamEntry(
          entry({
            members: [
              { seat: 0, playerName: "DANA" },
              { seat: 1, playerName: "Ben" },
              { seat: 2, playerName: "Cleo" },
            ],
          }),
        ),
      ).code,
    ).toBe("PLAYER_ON_ANOTHER_TEAM");
  });

  it("MTR 8.2: a team needs a name and a player in every seat", () => {
    expect(error(checkTeamEntry(entry({ name: "  " }))).code).toBe("INVALID_TEAM");
    expect(
      error(
        checkTeamEntry(
          entry({
            members: [{ seat: 0 }, { seat: 1, playerName: "Ben" }, { seat: 2, playerName: "Cleo" }],
          }),
        ),
      ).code,
    ).toBe("INVALID_TEAM");
    expect(error(checkTeamEntry(entry({ otherTeamsPlayerKeys: [1] as never }))).code).toBe(
      "INVALID_INPUT",
    );
  });
});

describe("who registers, and whether a playoff runs, by team format", () => {
  it("MTR 8.2: teams register as teams (with a player per seat), individual events as players", () => {
    expect(value(teamFormatRules("INDIVIDUAL", 1)).entrant).toBe("player");
    expect(value(teamFormatRules("TWO_HEADED_GIANT", 2)).entrant).toBe("team");
    expect(value(teamFormatRules("TEAM_MATCHES", 3)).entrant).toBe("team");
  });

  it("MTR 2.4, 8.2: a bracket runs where every pairing has a winner: a match, or three seat matches; two seat matches can split 1-1", () => {
    expect(value(teamFormatRules("INDIVIDUAL", 1)).hasPlayoff).toBe(true);
    expect(value(teamFormatRules("TWO_HEADED_GIANT", 2)).hasPlayoff).toBe(true);
    expect(value(teamFormatRules("TEAM_MATCHES", 3)).hasPlayoff).toBe(true);
    expect(value(teamFormatRules("TEAM_MATCHES", 2)).hasPlayoff).toBe(false);
  });
});
