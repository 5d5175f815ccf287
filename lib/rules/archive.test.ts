import { describe, expect, it } from "vitest";
import { checkArchive, refsIn, replaceNamedStrings, type ArchiveFacts, type ArchiveProblem } from "./archive";

/** The facts with their lists writable, so each test changes one entry of a valid archive. */
type Writable<T> = T extends readonly (infer U)[] ? Writable<U>[] : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;
type Facts = Writable<ArchiveFacts>;
type Match = Facts["rounds"][number]["matches"][number];

const match = (ref: string, sideA: string, sideB: string | null, fields: Partial<Match> = {}): Match => ({
  ref,
  seat: 0,
  sideA,
  sideB,
  slip: sideB === null ? { winsA: 2, winsB: 0, draws: 0 } : { winsA: 2, winsB: 1, draws: 0 },
  concededBy: null,
  intentionalDraw: false,
  resultAsPublished: false,
  version: 1,
  voidedAt: null,
  games: [],
  reports: [],
  changes: [{ version: 1, staff: null, before: null, after: { winsA: 2, winsB: 1, draws: 0 } }],
  timeExtensions: [],
  endOfMatch: [],
  penalties: [],
  judgeCalls: [],
  ...fields,
});

const entrant = (number: number, name: string, fields: Partial<Facts["entrants"][number]> = {}): Facts["entrants"][number] => ({
  ref: `entrant:${number}`,
  name,
  externalId: null,
  firstRound: 1,
  members: [],
  drops: [],
  awardedByes: [],
  ...fields,
});

/** Three players, one round: entrant 1 beats entrant 2 game by game, entrant 3 has the bye. */
function valid(): Facts {
  return {
    tournament: { teamFormat: "INDIVIDUAL", teamSize: 1, structure: "TWO_PLAYER" },
    phases: [{ sequence: 1, kind: "SWISS", gamesToWin: 2, seeds: [] }],
    staff: [{ ref: "staff:1" }],
    entrants: [entrant(1, "Ana"), entrant(2, "Ben"), entrant(3, "Cal")],
    waitlist: [{ entrant: null }],
    rounds: [
      {
        number: 1,
        phase: 1,
        pairingChanges: [{ before: null, after: [["entrant:1", "entrant:2"], ["entrant:3", null]], warnings: [] }],
        matches: [
          match("match:1", "entrant:1", "entrant:2", {
            games: [
              { ref: "game:1", number: 1, winner: "A", reason: "LIFE", removedAt: null },
              { ref: "game:2", number: 2, winner: null, reason: "DRAW_LOOP", removedAt: null },
              { ref: "game:3", number: 3, winner: "A", reason: "POISON", removedAt: null },
            ],
            slip: { winsA: 2, winsB: 0, draws: 1 },
          }),
          match("match:2", "entrant:3", null),
        ],
        pods: [],
      },
    ],
  };
}

function problems(archive: Facts): ArchiveProblem[] {
  const checked = checkArchive(archive);
  if (!checked.ok) throw new Error(checked.error.message);
  return checked.value;
}

describe("checkArchive: the rules a whole tournament archive keeps", () => {
  it("a consistent archive has no problems", () => {
    expect(problems(valid())).toEqual([]);
  });

  it("MTR 2.1: a player plays one match a round; a second match of theirs is named with the first", () => {
    const archive = valid();
    const round = archive.rounds[0]!;
    archive.rounds[0] = { ...round, matches: [...round.matches, match("match:3", "entrant:2", "entrant:3")] };
    expect(problems(archive)).toEqual([
      { path: "rounds[0].matches[2]", message: "entrant:2 plays twice in round 1 (also rounds[0].matches[0]).", rule: "MTR 2.1" },
      { path: "rounds[0].matches[2]", message: "entrant:3 plays twice in round 1 (also rounds[0].matches[1]).", rule: "MTR 2.1" },
    ]);
  });

  it("MTR 2.1: a voided match does not count as the player's match of the round", () => {
    const archive = valid();
    const round = archive.rounds[0]!;
    archive.rounds[0] = { ...round, matches: [...round.matches, match("match:3", "entrant:1", "entrant:2", { voidedAt: "2026-01-01T00:00:00.000Z" })] };
    expect(problems(archive)).toEqual([]);
  });

  it("MTR 8.2: team members each play once a round in their own seat", () => {
    const archive = valid();
    archive.tournament = { teamFormat: "TEAM_MATCHES", teamSize: 2, structure: "TWO_PLAYER" };
    const members = (name: string) => [{ seat: 0, name: `${name} One`, externalId: null }, { seat: 1, name: `${name} Two`, externalId: null }];
    archive.entrants = archive.entrants.map((row) => ({ ...row, members: members(row.name) }));
    const round = archive.rounds[0]!;
    archive.rounds[0] = { ...round, matches: [...round.matches, match("match:3", "entrant:1", "entrant:2", { seat: 1 }), match("match:4", "entrant:3", null, { seat: 1 })] };
    expect(problems(archive)).toEqual([]);
  });

  it("CR 104: a drawn game has no winner, and the problem names the game and the rule", () => {
    const archive = valid();
    const first = archive.rounds[0]!.matches[0]!;
    archive.rounds[0]!.matches[0] = { ...first, games: first.games.map((row) => (row.number === 2 ? { ...row, winner: "B" as const } : row)) };
    expect(problems(archive)).toEqual([{ path: "rounds[0].matches[0].games[1]", message: "A game that ends this way (104.4b) is a draw: it has no winner.", rule: "104.4b" }]);
  });

  it("CR 104: a game won has a winner", () => {
    const archive = valid();
    const first = archive.rounds[0]!.matches[0]!;
    archive.rounds[0]!.matches[0] = { ...first, games: first.games.map((row) => (row.number === 1 ? { ...row, winner: null } : row)) };
    expect(problems(archive)).toMatchObject([{ path: "rounds[0].matches[0].games[0]", rule: "104.3b" }]);
  });

  it("MTR 2.1: a match's live games are numbered 1, 2, … (a game taken back keeps its number)", () => {
    const archive = valid();
    const first = archive.rounds[0]!.matches[0]!;
    archive.rounds[0]!.matches[0] = { ...first, games: [...first.games, { ref: "game:4", number: 3, winner: "B", reason: "LIFE", removedAt: "2026-01-01T00:00:00.000Z" }] };
    expect(problems(archive)).toEqual([]);
    archive.rounds[0]!.matches[0] = { ...first, games: first.games.filter((row) => row.number !== 2) };
    expect(problems(archive)).toMatchObject([{ path: "rounds[0].matches[0].games", rule: "MTR 2.1" }]);
  });

  it("MTR Appendix C: a bye is a match won 2-0", () => {
    const archive = valid();
    archive.rounds[0]!.matches[1] = { ...archive.rounds[0]!.matches[1]!, slip: { winsA: 1, winsB: 0, draws: 0 } };
    expect(problems(archive)).toEqual([{ path: "rounds[0].matches[1].slip", message: "A bye is a match won 2-0.", rule: "MTR Appendix C" }]);
  });

  it("MTR Appendix C: a bye is awarded once for a round", () => {
    const archive = valid();
    archive.entrants[2] = { ...archive.entrants[2]!, awardedByes: [{ round: 1 }, { round: 1 }] };
    expect(problems(archive)).toEqual([{ path: "entrants[2].awardedByes", message: "A bye is awarded once for a round.", rule: "MTR Appendix C" }]);
  });

  it("MTR 2.1: a slip the match length does not allow is refused with the slip's rule", () => {
    const archive = valid();
    archive.rounds[0]!.matches[0] = { ...archive.rounds[0]!.matches[0]!, slip: { winsA: 3, winsB: 0, draws: 0 } };
    expect(problems(archive)).toMatchObject([{ path: "rounds[0].matches[0].slip" }]);
  });

  it("MTR 8.2: a team has a member in each seat", () => {
    const archive = valid();
    archive.tournament = { teamFormat: "TWO_HEADED_GIANT", teamSize: 2, structure: "TWO_PLAYER" };
    const pair = (name: string) => [{ seat: 0, name: `${name} One`, externalId: null }, { seat: 1, name: `${name} Two`, externalId: null }];
    archive.entrants = archive.entrants.map((row) => ({ ...row, members: pair(row.name) }));
    expect(problems(archive)).toEqual([]);
    archive.entrants[1] = { ...archive.entrants[1]!, members: [{ seat: 0, name: "Ben One", externalId: null }, { seat: 0, name: "Ben Two", externalId: null }] };
    archive.entrants[2] = { ...archive.entrants[2]!, members: [{ seat: 0, name: "Cal One", externalId: null }] };
    expect(problems(archive)).toEqual([
      { path: "entrants[1].members", message: "A team has one member in each of its 2 seats, and this one has 2.", rule: "MTR 8.2" },
      { path: "entrants[2].members", message: "A team has one member in each of its 2 seats, and this one has 1.", rule: "MTR 8.2" },
    ]);
  });

  it("MTR 8.2: an individual event's entrants have no members", () => {
    const archive = valid();
    archive.entrants[0] = { ...archive.entrants[0]!, members: [{ seat: 0, name: "Someone", externalId: null }] };
    expect(problems(archive)).toEqual([{ path: "entrants[0].members", message: "Only a team event's entrants have members.", rule: "MTR 8.2" }]);
  });

  it("names distinct: two entrants may not share a name once case and spacing are ignored", () => {
    const archive = valid();
    archive.entrants[2] = { ...archive.entrants[2]!, name: "  ANA " };
    expect(problems(archive)).toEqual([{ path: "entrants[2].name", message: '"ANA" is also entrants[0]: two entrants may not share a name.' }]);
  });

  it("names distinct: one person (an external id) enters once", () => {
    const archive = valid();
    archive.entrants[0] = { ...archive.entrants[0]!, externalId: "DCI-1" };
    archive.entrants[1] = { ...archive.entrants[1]!, externalId: "DCI-1" };
    expect(problems(archive)).toMatchObject([{ path: "entrants[1].externalId", message: expect.stringContaining("DCI-1") }]);
  });

  it("refs resolve: a match, report, penalty or judge call names entrants of the archive who play that match", () => {
    const archive = valid();
    const first = archive.rounds[0]!.matches[0]!;
    archive.rounds[0]!.matches[0] = {
      ...first,
      sideB: "entrant:9",
      reports: [{ ref: "report:1", reportedBy: "entrant:3", confirmedBy: null, staff: "staff:7" }],
      penalties: [{ ref: "penalty:1", entrant: "entrant:3", staff: null }],
      judgeCalls: [{ ref: "call:1", calledBy: "entrant:1", claimedBy: "staff:1", resolvedBy: "staff:2" }],
    };
    expect(problems(archive).map((problem) => `${problem.path}: ${problem.message}`)).toEqual([
      "rounds[0].matches[0].sideB: entrant:9 is not an entrant of this archive.",
      "rounds[0].matches[0].reports[0].reportedBy: entrant:3 does not play this match.",
      "rounds[0].matches[0].reports[0].staff: staff:7 is not a staff member of this archive.",
      "rounds[0].matches[0].penalties[0].entrant: entrant:3 does not play this match: a penalty is given to a player of the match.",
      "rounds[0].matches[0].judgeCalls[0].resolvedBy: staff:2 is not a staff member of this archive.",
    ]);
  });

  it("refs resolve: a ref is used by one entry only", () => {
    const archive = valid();
    archive.rounds[0]!.matches[1] = { ...archive.rounds[0]!.matches[1]!, ref: "match:1" };
    expect(problems(archive)).toEqual([{ path: "rounds[0].matches[1]", message: "The ref match:1 is used by two entries: each entry has its own." }]);
  });

  it("refs resolve: history JSON names only refs of the archive, however deep", () => {
    const archive = valid();
    archive.rounds[0]!.pairingChanges = [{ before: null, after: [["entrant:1", "entrant:2"]], warnings: [{ players: ["entrant:8"] }] }];
    archive.rounds[0]!.matches[0] = { ...archive.rounds[0]!.matches[0]!, changes: [{ version: 1, staff: null, before: null, after: { confirmedReportId: "report:5" } }] };
    expect(problems(archive)).toEqual([
      { path: "rounds[0].pairingChanges[0]", message: "The history names entrant:8, which is not in this archive." },
      { path: "rounds[0].matches[0].changes[0]", message: "The history names report:5, which is not in this archive." },
    ]);
  });

  it("a history's versions are the match's own: none after it, none twice", () => {
    const archive = valid();
    const change = { version: 2, staff: null, before: null, after: null };
    archive.rounds[0]!.matches[0] = { ...archive.rounds[0]!.matches[0]!, changes: [change, change] };
    expect(problems(archive).map((problem) => problem.message)).toEqual(["Each change of a match's result has its own version.", "The history has a version after the match's own (1)."]);
  });

  it("CR 100.6a: a pod seats at least two players, a bye pod one; seats are taken once", () => {
    const archive = valid();
    archive.tournament = { teamFormat: "INDIVIDUAL", teamSize: 1, structure: "PODS" };
    const pod = (ref: string, isBye: boolean, seats: { seat: number; entrant: string }[]) => ({ ref, isBye, seats, events: [], corrections: [], reports: [] });
    archive.rounds[0] = { ...archive.rounds[0]!, matches: [], pods: [pod("pod:1", false, [{ seat: 1, entrant: "entrant:1" }]), pod("pod:2", true, [{ seat: 1, entrant: "entrant:2" }, { seat: 1, entrant: "entrant:3" }])] };
    expect(problems(archive).map((problem) => [problem.path, problem.rule])).toEqual([
      ["rounds[0].pods[0].seats", "100.6a"],
      ["rounds[0].pods[1].seats", "100.6a"],
      ["rounds[0].pods[1].seats", undefined],
    ]);
  });

  it("rounds and phases are numbered in order; only a playoff has seeds, each given once", () => {
    const archive = valid();
    archive.phases = [{ sequence: 1, kind: "SWISS", gamesToWin: 2, seeds: [{ seed: 1, entrant: "entrant:1" }] }];
    archive.rounds[0] = { ...archive.rounds[0]!, number: 2 };
    expect(problems(archive).map((problem) => problem.path)).toEqual(["phases[0].seeds", "rounds[0].number"]);
  });

  it("at most 20 problems are listed", () => {
    const archive = valid();
    archive.entrants = Array.from({ length: 30 }, (_, index) => entrant(index + 1, "Same"));
    expect(problems(archive)).toHaveLength(20);
  });

  it("input that is not an archive is answered with problems or none, never a throw", () => {
    for (const garbage of [null, 1, "x", [], { rounds: [null, { matches: [{ seat: { toString: 1 } }] }] }, { tournament: { teamFormat: "TEAM_MATCHES", teamSize: 1e300 }, entrants: [{}] }]) {
      expect(checkArchive(garbage as never).ok).toBe(true);
    }
  });
});

describe("history refs", () => {
  it("refsIn finds every ref however deep, and nothing else", () => {
    expect(refsIn({ a: ["entrant:1", { b: "match:12" }], c: "entrant:0", d: "player:1", e: 3 })).toEqual(["entrant:1", "match:12"]);
  });

  it("replaceNamedStrings replaces the strings the map names, in values only", () => {
    const names = new Map([["id1", "entrant:1"]]);
    expect(replaceNamedStrings({ id1: "id1", list: ["id1", "other", 2, null] }, names)).toEqual({ id1: "entrant:1", list: ["entrant:1", "other", 2, null] });
    expect(replaceNamedStrings("id1", "not a map" as never)).toBe("id1");
  });
});
