import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  checkArchive,
  checkArchiveJson as checkArchiveJsonOf,
  MAX_ARCHIVE_DEPTH,
  refsIn,
  replaceNamedStrings,
  type ArchiveFacts,
  type ArchiveProblem,
} from "./archive";

/** The facts with their lists writable, so each test changes one entry of a valid archive. */
type Writable<T> = T extends readonly (infer U)[]
  ? Writable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: Writable<T[K]> }
    : T;
type Facts = Writable<ArchiveFacts>;
type Match = Facts["rounds"][number]["matches"][number];

const match = (
  ref: string,
  sideA: string,
  sideB: string | null,
  fields: Partial<Match> = {},
): Match => ({
  ref,
  table: Number(ref.split(":")[1]),
  seat: 0,
  sideA,
  sideB,
  slip: sideB === null ? { winsA: 2, winsB: 0, draws: 0 } : { winsA: 2, winsB: 1, draws: 0 },
  concededBy: null,
  intentionalDraw: false,
  resultAsPublished: false,
  version: 1,
  voidedAt: null,
  voidSequence: 0,
  games: [],
  reports: [],
  changes: [{ version: 1, staff: null, before: null, after: { winsA: 2, winsB: 1, draws: 0 } }],
  timeExtensions: [],
  endOfMatch: [],
  penalties: [],
  judgeCalls: [],
  ...fields,
});

const entrant = (
  number: number,
  name: string,
  fields: Partial<Facts["entrants"][number]> = {},
): Facts["entrants"][number] => ({
  ref: `entrant:${number}`,
  name,
  externalId: null,
  firstRound: 1,
  droppedAfterRound: null,
  members: [],
  drops: [],
  awardedByes: [],
  ...fields,
});

const POD_SETTINGS = { size: 4, pointsWin: 5, pointsDraw: 1, pointsLoss: 0, additionalTurns: null };

/** Three players, one round: entrant 1 beats entrant 2 game by game, entrant 3 has the bye. */
function valid(): Facts {
  return {
    tournament: {
      name: "Friday Modern",
      status: "RUNNING",
      teamFormat: "INDIVIDUAL",
      teamSize: 1,
      structure: "TWO_PLAYER",
      pods: POD_SETTINGS,
    },
    phases: [{ sequence: 1, kind: "SWISS", gamesToWin: 2, seeds: [] }],
    staff: [{ ref: "staff:1" }],
    entrants: [entrant(1, "Ana"), entrant(2, "Ben"), entrant(3, "Cal")],
    waitlist: [{ name: "Wes", entrant: null }],
    rounds: [
      {
        number: 1,
        phase: 1,
        status: "COMPLETE",
        pairingChanges: [
          {
            before: null,
            after: [
              ["entrant:1", "entrant:2"],
              ["entrant:3", null],
            ],
            warnings: [],
          },
        ],
        matches: [
          match("match:1", "entrant:1", "entrant:2", {
            games: [
              {
                ref: "game:1",
                number: 1,
                winner: "A",
                reason: "LIFE",
                removedAt: null,
                removalSequence: 0,
              },
              {
                ref: "game:2",
                number: 2,
                winner: null,
                reason: "DRAW_LOOP",
                removedAt: null,
                removalSequence: 0,
              },
              {
                ref: "game:3",
                number: 3,
                winner: "A",
                reason: "POISON",
                removedAt: null,
                removalSequence: 0,
              },
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

/** Each problem with its message rendered in English, as the tests read it. */
const rendered = (found: readonly ArchiveProblem[]) =>
  found.map((problem) => ({ ...problem, message: render(problem.message) }));

function problems(archive: Facts) {
  const checked = checkArchive(archive);
  if (!checked.ok) throw new Error(render(checked.error));
  return rendered(checked.value);
}

const checkArchiveJson = (...args: Parameters<typeof checkArchiveJsonOf>) =>
  rendered(checkArchiveJsonOf(...args));

describe("checkArchive: the rules a whole tournament archive keeps", () => {
  it("a consistent archive has no problems", () => {
    expect(problems(valid())).toEqual([]);
  });

  it("MTR 2.1: a player plays one match a round; a second match of theirs is named with the first", () => {
    const archive = valid();
    const round = archive.rounds[0]!;
    archive.rounds[0] = {
      ...round,
      matches: [...round.matches, match("match:3", "entrant:2", "entrant:3")],
    };
    expect(problems(archive)).toEqual([
      {
        path: "rounds[0].matches[2]",
        message: "entrant:2 plays twice in round 1 (also rounds[0].matches[0]).",
        rule: "MTR 2.1",
      },
      {
        path: "rounds[0].matches[2]",
        message: "entrant:3 plays twice in round 1 (also rounds[0].matches[1]).",
        rule: "MTR 2.1",
      },
    ]);
  });

  it("MTR 2.1: a voided match does not count as the player's match of the round", () => {
    const archive = valid();
    const round = archive.rounds[0]!;
    archive.rounds[0] = {
      ...round,
      matches: [
        ...round.matches,
        match("match:3", "entrant:1", "entrant:2", { voidedAt: "2026-01-01T00:00:00.000Z" }),
      ],
    };
    expect(problems(archive)).toEqual([]);
  });

  it("MTR 8.2: team members each play once a round in their own seat", () => {
    const archive = valid();
    archive.tournament = { ...archive.tournament, teamFormat: "TEAM_MATCHES", teamSize: 2 };
    const members = (name: string) => [
      { seat: 0, name: `${name} One`, externalId: null },
      { seat: 1, name: `${name} Two`, externalId: null },
    ];
    archive.entrants = archive.entrants.map((row) => ({ ...row, members: members(row.name) }));
    const round = archive.rounds[0]!;
    archive.rounds[0] = {
      ...round,
      matches: [
        ...round.matches,
        match("match:3", "entrant:1", "entrant:2", { seat: 1 }),
        match("match:4", "entrant:3", null, { seat: 1 }),
      ],
    };
    expect(problems(archive)).toEqual([]);
  });

  it("CR 104: a drawn game has no winner, and the problem names the game and the rule", () => {
    const archive = valid();
    const first = archive.rounds[0]!.matches[0]!;
    archive.rounds[0]!.matches[0] = {
      ...first,
      games: first.games.map((row) => (row.number === 2 ? { ...row, winner: "B" as const } : row)),
    };
    expect(problems(archive)).toEqual([
      {
        path: "rounds[0].matches[0].games[1]",
        message: "A game that ends this way (104.4b) is a draw: it has no winner.",
        rule: "104.4b",
      },
    ]);
  });

  it("CR 810.8a: only a Two-Headed Giant game names the player who lost for the team, and never for a shared life total", () => {
    const archive = valid();
    const first = archive.rounds[0]!.matches[0]!;
    archive.rounds[0]!.matches[0] = {
      ...first,
      games: first.games.map((row) => (row.number === 1 ? { ...row, losingSeat: 1 } : row)),
    };
    expect(problems(archive)).toMatchObject([
      { path: "rounds[0].matches[0].games[0]", rule: "810.8a" },
    ]);
    archive.tournament = { ...archive.tournament, teamFormat: "TWO_HEADED_GIANT", teamSize: 2 };
    // 704.6a: game 1 was lost at a life total of 0, the team's shared total: no single player lost it.
    expect(
      problems(archive).filter((problem) => problem.path === "rounds[0].matches[0].games[0]"),
    ).toMatchObject([{ rule: "104.3b" }]);
  });

  it("CR 104: a game won has a winner", () => {
    const archive = valid();
    const first = archive.rounds[0]!.matches[0]!;
    archive.rounds[0]!.matches[0] = {
      ...first,
      games: first.games.map((row) => (row.number === 1 ? { ...row, winner: null } : row)),
    };
    expect(problems(archive)).toMatchObject([
      { path: "rounds[0].matches[0].games[0]", rule: "104.3b" },
    ]);
  });

  it("MTR 2.1: a match's live games are numbered 1, 2, … (a game taken back keeps its number)", () => {
    const archive = valid();
    const first = archive.rounds[0]!.matches[0]!;
    archive.rounds[0]!.matches[0] = {
      ...first,
      games: [
        ...first.games,
        {
          ref: "game:4",
          number: 3,
          winner: "B",
          reason: "LIFE",
          removedAt: "2026-01-01T00:00:00.000Z",
          removalSequence: 1,
        },
      ],
    };
    expect(problems(archive)).toEqual([]);
    archive.rounds[0]!.matches[0] = {
      ...first,
      games: first.games.filter((row) => row.number !== 2),
    };
    expect(problems(archive)).toMatchObject([
      { path: "rounds[0].matches[0].games", rule: "MTR 2.1" },
    ]);
  });

  it("MTR Appendix C: a bye is a match won 2-0", () => {
    const archive = valid();
    archive.rounds[0]!.matches[1] = {
      ...archive.rounds[0]!.matches[1]!,
      slip: { winsA: 1, winsB: 0, draws: 0 },
    };
    expect(problems(archive)).toEqual([
      {
        path: "rounds[0].matches[1].slip",
        message: "A bye is a match won 2-0.",
        rule: "MTR Appendix C",
      },
    ]);
  });

  it("MTR Appendix C: a bye is awarded once for a round", () => {
    const archive = valid();
    archive.entrants[2] = {
      ...archive.entrants[2]!,
      awardedByes: [
        { round: 1, withdrawnAt: null },
        { round: 1, withdrawnAt: null },
      ],
    };
    expect(problems(archive)).toEqual([
      {
        path: "entrants[2].awardedByes",
        message: "A bye is awarded once for a round.",
        rule: "MTR Appendix C",
      },
    ]);
  });

  it("MTR 2.1: a slip the match length does not allow is refused with the slip's rule", () => {
    const archive = valid();
    archive.rounds[0]!.matches[0] = {
      ...archive.rounds[0]!.matches[0]!,
      slip: { winsA: 3, winsB: 0, draws: 0 },
    };
    expect(problems(archive)).toMatchObject([{ path: "rounds[0].matches[0].slip" }]);
  });

  it("MTR 8.2: a team has a member in each seat", () => {
    const archive = valid();
    archive.tournament = { ...archive.tournament, teamFormat: "TWO_HEADED_GIANT", teamSize: 2 };
    const pair = (name: string) => [
      { seat: 0, name: `${name} One`, externalId: null },
      { seat: 1, name: `${name} Two`, externalId: null },
    ];
    archive.entrants = archive.entrants.map((row) => ({ ...row, members: pair(row.name) }));
    expect(problems(archive)).toEqual([]);
    archive.entrants[1] = {
      ...archive.entrants[1]!,
      members: [
        { seat: 0, name: "Ben One", externalId: null },
        { seat: 0, name: "Ben Two", externalId: null },
      ],
    };
    archive.entrants[2] = {
      ...archive.entrants[2]!,
      members: [{ seat: 0, name: "Cal One", externalId: null }],
    };
    expect(problems(archive)).toEqual([
      {
        path: "entrants[1].members",
        message: "A team has one member in each of its 2 seats, and this one has 2.",
        rule: "MTR 8.2",
      },
      {
        path: "entrants[2].members",
        message: "A team has one member in each of its 2 seats, and this one has 1.",
        rule: "MTR 8.2",
      },
    ]);
  });

  it("MTR 8.2: an individual event's entrants have no members", () => {
    const archive = valid();
    archive.entrants[0] = {
      ...archive.entrants[0]!,
      members: [{ seat: 0, name: "Someone", externalId: null }],
    };
    expect(problems(archive)).toEqual([
      {
        path: "entrants[0].members",
        message: "Only a team event's entrants have members.",
        rule: "MTR 8.2",
      },
    ]);
  });

  it("names distinct: two entrants may not share a name once case and spacing are ignored", () => {
    const archive = valid();
    archive.entrants[2] = { ...archive.entrants[2]!, name: "  ANA " };
    expect(problems(archive)).toEqual([
      {
        path: "entrants[2].name",
        message: '"ANA" is also entrants[0]: two entrants may not share a name.',
      },
    ]);
  });

  it("names distinct: one person (an external id) enters once", () => {
    const archive = valid();
    archive.entrants[0] = { ...archive.entrants[0]!, externalId: "DCI-1" };
    archive.entrants[1] = { ...archive.entrants[1]!, externalId: "DCI-1" };
    expect(problems(archive)).toMatchObject([
      { path: "entrants[1].externalId", message: expect.stringContaining("DCI-1") },
    ]);
  });

  it("refs resolve: a match, report, penalty or judge call names entrants of the archive who play that match", () => {
    const archive = valid();
    const first = archive.rounds[0]!.matches[0]!;
    archive.rounds[0]!.matches[0] = {
      ...first,
      sideB: "entrant:9",
      reports: [
        {
          ref: "report:1",
          reportedBy: "entrant:3",
          confirmedBy: null,
          staff: "staff:7",
          slip: { winsA: 2, winsB: 0, draws: 1 },
          concededBy: null,
          intentionalDraw: false,
        },
      ],
      penalties: [{ ref: "penalty:1", entrant: "entrant:3", kind: "WARNING", staff: null }],
      judgeCalls: [
        {
          ref: "call:1",
          calledBy: "entrant:1",
          claimedBy: "staff:1",
          resolvedBy: "staff:2",
          resolvedAt: "2026-01-01T00:00:00.000Z",
        },
      ],
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
    expect(problems(archive)).toEqual([
      {
        path: "rounds[0].matches[1]",
        message: "The ref match:1 is used by two entries: each entry has its own.",
      },
    ]);
  });

  it("refs resolve: history JSON names only refs of the archive, however deep", () => {
    const archive = valid();
    archive.rounds[0]!.pairingChanges = [
      { before: null, after: [["entrant:1", "entrant:2"]], warnings: [{ players: ["entrant:8"] }] },
    ];
    archive.rounds[0]!.matches[0] = {
      ...archive.rounds[0]!.matches[0]!,
      changes: [
        { version: 1, staff: null, before: null, after: { confirmedReportId: "report:5" } },
      ],
    };
    expect(problems(archive)).toEqual([
      {
        path: "rounds[0].pairingChanges[0]",
        message: "The history names entrant:8, which is not in this archive.",
      },
      {
        path: "rounds[0].matches[0].changes[0]",
        message: "The history names report:5, which is not in this archive.",
      },
    ]);
  });

  it("a history's versions are the match's own: none after it, none twice", () => {
    const archive = valid();
    const change = { version: 2, staff: null, before: null, after: null };
    archive.rounds[0]!.matches[0] = {
      ...archive.rounds[0]!.matches[0]!,
      changes: [change, change],
    };
    expect(problems(archive).map((problem) => problem.message)).toEqual([
      "Each change of a match's result has its own version.",
      "The history has a version after the match's own (1).",
    ]);
  });

  it("CR 100.6a: a pod seats at least two players, a bye pod one; seats are taken once", () => {
    const archive = valid();
    archive.tournament = { ...archive.tournament, structure: "PODS" };
    const pod = (ref: string, isBye: boolean, seats: { seat: number; entrant: string }[]) => ({
      ref,
      table: Number(ref.split(":")[1]),
      isBye,
      seats,
      events: [],
      corrections: [],
      reports: [],
    });
    archive.rounds[0] = {
      ...archive.rounds[0]!,
      matches: [],
      pods: [
        pod("pod:1", false, [{ seat: 1, entrant: "entrant:1" }]),
        pod("pod:2", true, [
          { seat: 1, entrant: "entrant:2" },
          { seat: 1, entrant: "entrant:3" },
        ]),
      ],
    };
    expect(problems(archive).map((problem) => [problem.path, problem.rule])).toEqual([
      ["rounds[0].pods[0].seats", "100.6a"],
      ["rounds[0].pods[1].seats", "100.6a"],
      ["rounds[0].pods[1].seats", undefined],
    ]);
  });

  it("CR 100.6a: a pod's judge calls are made by its players, answered by staff, one open at a time per player", () => {
    const archive = valid();
    archive.tournament = { ...archive.tournament, structure: "PODS" };
    const call = (ref: string, calledBy: string, resolvedBy: string | null) => ({
      ref,
      calledBy,
      claimedBy: null,
      resolvedBy,
      resolvedAt: resolvedBy === null ? null : "2026-01-01T00:00:00.000Z",
    });
    archive.rounds[0] = {
      ...archive.rounds[0]!,
      matches: [],
      pods: [
        {
          ref: "pod:1",
          table: 1,
          isBye: false,
          seats: [
            { seat: 1, entrant: "entrant:1" },
            { seat: 2, entrant: "entrant:2" },
          ],
          events: [],
          corrections: [],
          reports: [],
          judgeCalls: [
            call("call:1", "entrant:1", "staff:1"),
            call("call:2", "entrant:3", null),
            call("call:3", "entrant:2", "staff:7"),
            call("call:4", "entrant:1", null),
            call("call:5", "entrant:1", null),
          ],
        },
      ],
    };
    expect(problems(archive).map((problem) => `${problem.path}: ${problem.message}`)).toEqual([
      "rounds[0].pods[0].judgeCalls[1].calledBy: entrant:3 does not play in this pod.",
      "rounds[0].pods[0].judgeCalls[2].resolvedBy: staff:7 is not a staff member of this archive.",
      "rounds[0].pods[0].judgeCalls[4]: entrant:1 already has an open judge call at this pod (judgeCalls[3]): one is answered before the next.",
    ]);
  });

  it("rounds and phases are numbered in order; only a playoff has seeds, each given once", () => {
    const archive = valid();
    archive.phases = [
      { sequence: 1, kind: "SWISS", gamesToWin: 2, seeds: [{ seed: 1, entrant: "entrant:1" }] },
    ];
    archive.rounds[0] = { ...archive.rounds[0]!, number: 2 };
    expect(problems(archive).map((problem) => problem.path)).toEqual([
      "phases[0].seeds",
      "rounds[0].number",
    ]);
  });

  it("at most 20 problems are listed", () => {
    const archive = valid();
    archive.entrants = Array.from({ length: 30 }, (_, index) => entrant(index + 1, "Same"));
    expect(problems(archive)).toHaveLength(20);
  });

  it("input that is not an archive is answered with problems or none, never a throw", () => {
    for (const garbage of [
      null,
      1,
      "x",
      [],
      { rounds: [null, { matches: [{ seat: { toString: 1 } }] }] },
      { tournament: { teamFormat: "TEAM_MATCHES", teamSize: 1e300 }, entrants: [{}] },
    ]) {
      expect(checkArchive(garbage as never).ok).toBe(true);
    }
  });
});

/** The valid archive with lists, a drop and deck checks: a passed check, a problem with its penalty, a correction. */
function withDecklists(): Facts {
  const archive = valid();
  const first = archive.rounds[0]!.matches[0]!;
  first.penalties = [{ ref: "penalty:1", entrant: "entrant:2", kind: "GAME_LOSS", staff: null }];
  const change = (version: number, staff: string | null = null) => ({
    version,
    staff,
    idempotencyKey: `key-${version}`,
  });
  archive.decklists = [
    { entrant: "entrant:1", version: 1, changes: [change(1)] },
    { entrant: "entrant:2", version: 2, changes: [change(1), change(2, "staff:1")] },
  ];
  archive.decklistDrops = [
    {
      staff: "staff:1",
      idempotencyKey: "drop-1",
      dropped: [],
      skipped: [{ registrationId: "entrant:3", reason: "HAS_LEGAL_LIST" }],
    },
  ];
  const check = (
    number: number,
    fields: Partial<NonNullable<Facts["deckChecks"]>[number]> = {},
  ): NonNullable<Facts["deckChecks"]>[number] => ({
    ref: `deck-check:${number}`,
    round: 1,
    entrant: "entrant:1",
    match: "match:1",
    pod: null,
    outcome: "PASSED",
    penalty: null,
    staff: "staff:1",
    replaces: null,
    idempotencyKey: `check-${number}`,
    ...fields,
  });
  archive.deckChecks = [
    check(1),
    check(2, { entrant: "entrant:2", outcome: "DECKLIST_PROBLEM", penalty: "penalty:1" }),
    check(3, { entrant: "entrant:2", outcome: "DECK_PROBLEM" }),
    check(4, { entrant: "entrant:2", replaces: "deck-check:3" }),
  ];
  return archive;
}

describe("checkArchive: decklists and deck checks (MTR 2.7, 2.8)", () => {
  it("lists with their whole history, a drop and deck checks with a penalty and a correction have no problems", () => {
    expect(problems(withDecklists())).toEqual([]);
  });

  it("MTR 2.7: a list's history has every version from 1 to its own, each once", () => {
    const archive = withDecklists();
    const list = archive.decklists![1]!;
    list.changes = [list.changes[1]!];
    expect(problems(archive)).toEqual([
      {
        path: "decklists[1].changes",
        message:
          "The list is at version 2 and its history has no change of version 1: every change of a list is kept.",
        rule: "MTR 2.7",
      },
    ]);
    list.changes = [
      { version: 1, staff: null, idempotencyKey: "a" },
      { version: 1, staff: null, idempotencyKey: "b" },
      { version: 3, staff: null, idempotencyKey: "c" },
    ];
    expect(problems(archive)).toEqual([
      {
        path: "decklists[1].changes[1].version",
        message: "Each change of a list has its own version.",
      },
      {
        path: "decklists[1].changes[2].version",
        message: "The history has a change of version 3, after the list's own (2).",
      },
      {
        path: "decklists[1].changes",
        message:
          "The list is at version 2 and its history has no change of version 2: every change of a list is kept.",
        rule: "MTR 2.7",
      },
    ]);
  });

  it("MTR 2.7 (DL6): a team's members each have a list, one per seat", () => {
    const archive = withDecklists();
    archive.decklists![1]!.entrant = "entrant:1";
    archive.decklists![1]!.seat = 1;
    expect(problems(archive)).toEqual([]);
  });

  it("MTR 2.7: one list per entrant, of an entrant and changed by staff of the archive, each change with its own request key", () => {
    const archive = withDecklists();
    archive.decklists![1]!.entrant = "entrant:1";
    archive.decklists![1]!.changes[1]!.staff = "staff:9";
    archive.decklists![1]!.changes[1]!.idempotencyKey = "key-1";
    archive.decklists!.push({ entrant: "entrant:7", version: 1, changes: [] });
    expect(problems(archive)).toEqual([
      {
        path: "decklists[1].entrant",
        message:
          "entrant:1 already has a list for that seat (decklists[0]): a player registers one decklist.",
        rule: "MTR 2.7",
      },
      {
        path: "decklists[1].changes[1].staff",
        message: "staff:9 is not a staff member of this archive.",
      },
      {
        path: "decklists[1].changes[1].idempotencyKey",
        message: "decklists[1].changes[0] has the same request key: each entry has its own.",
      },
      { path: "decklists[2].entrant", message: "entrant:7 is not an entrant of this archive." },
      {
        path: "decklists[2].changes",
        message:
          "The list is at version 1 and its history has no change of version 1: every change of a list is kept.",
        rule: "MTR 2.7",
      },
    ]);
  });

  it("MTR 2.10: a drop's staff seat and the players its answer names are in the archive", () => {
    const archive = withDecklists();
    archive.decklistDrops![0]!.staff = "staff:2";
    archive.decklistDrops![0]!.dropped = [{ registrationId: "entrant:8", name: "Gone" }];
    expect(problems(archive)).toEqual([
      { path: "decklistDrops[0].staff", message: "staff:2 is not a staff member of this archive." },
      {
        path: "decklistDrops[0]",
        message: "The history names entrant:8, which is not in this archive.",
      },
    ]);
  });

  it("MTR 2.8: a deck check is of a player at a match or pod of its own round, in the archive", () => {
    const archive = withDecklists();
    const checks = archive.deckChecks!;
    checks[0] = { ...checks[0]!, match: "match:9" };
    checks[1] = { ...checks[1]!, round: 2, penalty: null };
    checks[2] = { ...checks[2]!, pod: "pod:1" };
    checks[3] = { ...checks[3]!, entrant: "entrant:3", replaces: null };
    expect(problems(archive)).toEqual([
      {
        path: "deckChecks[0].match",
        message: "match:9 is not a match of round 1 in this archive.",
      },
      {
        path: "deckChecks[1].match",
        message: "match:1 is not a match of round 2 in this archive.",
      },
      {
        path: "deckChecks[2]",
        message: "A deck check is of one table: a match or a pod, not both and not neither.",
        rule: "MTR 2.8",
      },
      {
        path: "deckChecks[3].entrant",
        message: "entrant:3 does not play at this table: a deck check is of a player at it.",
        rule: "MTR 2.8",
      },
    ]);
  });

  it("IPG 3.4, 3.5: a check's penalty is its player's at its match, follows a problem, and follows one check", () => {
    const archive = withDecklists();
    const checks = archive.deckChecks!;
    checks[0] = { ...checks[0]!, penalty: "penalty:1" };
    checks[2] = { ...checks[2]!, entrant: "entrant:1", penalty: "penalty:1" };
    checks[3] = { ...checks[3]!, entrant: "entrant:1", replaces: null };
    checks.push({ ...checks[1]!, ref: "deck-check:5", idempotencyKey: "check-5" });
    expect(problems(archive)).toEqual([
      {
        path: "deckChecks[0].penalty",
        message:
          "A deck check that passed has no penalty: a penalty follows a Decklist Problem or a Deck Problem.",
        rule: "IPG 3.4",
      },
      {
        path: "deckChecks[2].penalty",
        message: "penalty:1 is not a penalty given to entrant:1 at this match.",
      },
      {
        path: "deckChecks[4].penalty",
        message: "This penalty already follows deckChecks[1]: a penalty follows one deck check.",
      },
    ]);
  });

  it("MTR 2.8: a correction names an earlier check of the same player and table, corrected once; request keys and refs are each entry's own", () => {
    const archive = withDecklists();
    const checks = archive.deckChecks!;
    checks[0] = { ...checks[0]!, replaces: "deck-check:4" };
    checks[1] = { ...checks[1]!, replaces: "deck-check:1" };
    checks.push({ ...checks[3]!, ref: "deck-check:5", idempotencyKey: "check-4" });
    checks.push({ ...checks[3]!, ref: "deck-check:5", idempotencyKey: "check-6", replaces: null });
    expect(problems(archive)).toEqual([
      {
        path: "deckChecks[0].replaces",
        message:
          "deck-check:4 is not a deck check listed before this one: a correction names an earlier check.",
      },
      {
        path: "deckChecks[1].replaces",
        message:
          "deck-check:1 is a check of another player or table: a correction is of the same player's check at the same table.",
      },
      {
        path: "deckChecks[4].idempotencyKey",
        message: "deckChecks[3] has the same request key: each entry has its own.",
      },
      {
        path: "deckChecks[4].replaces",
        message:
          "deck-check:3 is already corrected by deckChecks[3]: a check is corrected once, the newest record stands.",
      },
      {
        path: "deckChecks[5]",
        message: "The ref deck-check:5 is used by two entries: each entry has its own.",
      },
    ]);
  });
});

describe("checkArchive: what the imported tournament's pages must be able to read", () => {
  const withMatches = (archive: Facts, ...extra: Match[]) => {
    archive.rounds[0] = {
      ...archive.rounds[0]!,
      matches: [...archive.rounds[0]!.matches, ...extra],
    };
    return archive;
  };

  it("MTR 2.1: outside team matches a match is in seat 0, and an entrant plays once a round whatever the seat", () => {
    const archive = withMatches(valid(), match("match:3", "entrant:1", "entrant:3", { seat: 1 }));
    expect(problems(archive)).toEqual([
      {
        path: "rounds[0].matches[2].seat",
        message:
          "Only a team event of seat matches seats a match elsewhere than seat 0 (this one is in seat 1).",
        rule: "MTR 8.2",
      },
      {
        path: "rounds[0].matches[2]",
        message: "entrant:1 plays twice in round 1 (also rounds[0].matches[0]).",
        rule: "MTR 2.1",
      },
      {
        path: "rounds[0].matches[2]",
        message: "entrant:3 plays twice in round 1 (also rounds[0].matches[1]).",
        rule: "MTR 2.1",
      },
    ]);
  });

  it("MTR 8.2: in team matches a seat is below the team size", () => {
    const archive = valid();
    archive.tournament = { ...archive.tournament, teamFormat: "TEAM_MATCHES", teamSize: 2 };
    archive.entrants = archive.entrants.map((row) => ({
      ...row,
      members: [
        { seat: 0, name: `${row.name} One`, externalId: null },
        { seat: 1, name: `${row.name} Two`, externalId: null },
      ],
    }));
    withMatches(archive, match("match:3", "entrant:1", "entrant:2", { table: 1, seat: 2 }));
    expect(problems(archive)).toEqual([
      {
        path: "rounds[0].matches[2].seat",
        message: "A team of 2 plays in seats 0 to 1 (this match is in seat 2).",
        rule: "MTR 8.2",
      },
    ]);
  });

  it("a table's seat holds one live match a round (a voided match keeps its table)", () => {
    const archive = withMatches(
      valid(),
      match("match:3", "entrant:1", "entrant:2", {
        table: 1,
        voidedAt: "2026-01-01T00:00:00.000Z",
        voidSequence: 1,
      }),
    );
    expect(problems(archive)).toEqual([]);
    archive.rounds[0]!.matches[2] = { ...archive.rounds[0]!.matches[2]!, voidSequence: 0 };
    expect(problems(archive)).toEqual([
      {
        path: "rounds[0].matches[2].table",
        message:
          "Table 1, seat 0 already holds rounds[0].matches[0] in round 1: each match has its own table and seat.",
      },
    ]);
  });

  it("a late entry plays from their first round on", () => {
    const archive = valid();
    archive.entrants[1] = { ...archive.entrants[1]!, firstRound: 2 };
    expect(problems(archive)).toEqual([
      {
        path: "rounds[0].matches[0]",
        message:
          "entrant:2 plays in round 1 but entered in round 2 (entrants[1].firstRound): a late entry plays from their first round on.",
      },
    ]);
  });

  it("MTR 2.10: a player who dropped plays no later round, and does not drop before entering", () => {
    const archive = valid();
    archive.entrants[1] = { ...archive.entrants[1]!, droppedAfterRound: 0 };
    archive.entrants[2] = { ...archive.entrants[2]!, firstRound: 4, droppedAfterRound: 1 };
    expect(problems(archive)).toEqual([
      {
        path: "entrants[2].droppedAfterRound",
        message: "Cal entered in round 4 and cannot have dropped after round 1, before entering.",
        rule: "MTR 2.10",
      },
      {
        path: "rounds[0].matches[0]",
        message:
          "entrant:2 plays in round 1 but dropped after round 0 (entrants[1].droppedAfterRound).",
        rule: "MTR 2.10",
      },
      {
        path: "rounds[0].matches[1]",
        message:
          "entrant:3 plays in round 1 but entered in round 4 (entrants[2].firstRound): a late entry plays from their first round on.",
      },
    ]);
  });

  it("MTR Appendix C: a bye awarded for a round is the player's match of that round (a withdrawn one is not)", () => {
    const archive = valid();
    archive.entrants[2] = {
      ...archive.entrants[2]!,
      awardedByes: [{ round: 1, withdrawnAt: null }],
    };
    expect(problems(archive)).toEqual([]);
    archive.entrants[0] = {
      ...archive.entrants[0]!,
      awardedByes: [{ round: 1, withdrawnAt: "2026-01-01T00:00:00.000Z" }],
    };
    expect(problems(archive)).toEqual([]);
    archive.entrants[1] = {
      ...archive.entrants[1]!,
      awardedByes: [{ round: 1, withdrawnAt: null }],
    };
    expect(problems(archive)).toEqual([
      {
        path: "rounds[0].matches[0]",
        message:
          "entrant:2 has a bye awarded for round 1 (entrants[1].awardedByes) but plays a match in it.",
        rule: "MTR Appendix C",
      },
    ]);
  });

  it("the waitlist: each entry promoted to its own entrant, names distinct", () => {
    const archive = valid();
    archive.waitlist = [
      { name: "Wes", entrant: "entrant:1" },
      { name: "  WES ", entrant: "entrant:1" },
    ];
    expect(problems(archive)).toEqual([
      {
        path: "waitlist[1].name",
        message: '"WES" is also waitlist[0]: two waitlist entries may not share a name.',
      },
      {
        path: "waitlist[1].entrant",
        message: "entrant:1 is also waitlist[0]'s entrant: each entry is promoted to its own.",
      },
    ]);
  });

  it("a game taken back keeps its number once per removal", () => {
    const archive = valid();
    const first = archive.rounds[0]!.matches[0]!;
    const removed = {
      winner: "A" as const,
      reason: "LIFE",
      removedAt: "2026-01-01T00:00:00.000Z",
      removalSequence: 1,
    };
    archive.rounds[0]!.matches[0] = {
      ...first,
      games: [
        ...first.games,
        { ref: "game:4", number: 3, ...removed },
        { ref: "game:5", number: 3, ...removed },
      ],
    };
    expect(problems(archive)).toEqual([
      {
        path: "rounds[0].matches[0].games[4]",
        message:
          "Game 3 was taken back twice as removal 1: each removal has its own sequence number.",
      },
    ]);
  });

  it("MTR 2.1: the slip of a match whose games were recorded is the slip they make", () => {
    const archive = valid();
    archive.rounds[0]!.matches[0] = {
      ...archive.rounds[0]!.matches[0]!,
      slip: { winsA: 2, winsB: 1, draws: 0 },
    };
    expect(problems(archive)).toMatchObject([
      {
        path: "rounds[0].matches[0].slip",
        message: expect.stringContaining("Game 2 was a draw"),
        rule: "MTR 2.1",
      },
    ]);
    // A concession, an agreed draw, a Match Loss and a result kept as published are not read from the games.
    archive.rounds[0]!.matches[0] = {
      ...archive.rounds[0]!.matches[0]!,
      penalties: [{ ref: "penalty:1", entrant: "entrant:2", kind: "MATCH_LOSS", staff: null }],
    };
    expect(problems(archive)).toEqual([]);
    archive.rounds[0]!.matches[0] = {
      ...archive.rounds[0]!.matches[0]!,
      penalties: [],
      slip: { winsA: 2, winsB: 0, draws: 1 },
      concededBy: "B",
    };
    expect(problems(archive)).toEqual([]);
  });

  it("MTR 2.1: a player's report is a slip the match length allows", () => {
    const archive = valid();
    const report = {
      ref: "report:1",
      reportedBy: "entrant:1",
      confirmedBy: null,
      staff: null,
      slip: { winsA: 9, winsB: 9, draws: 9 },
      concededBy: null,
      intentionalDraw: false,
    };
    archive.rounds[0]!.matches[0] = { ...archive.rounds[0]!.matches[0]!, reports: [report] };
    expect(problems(archive)).toMatchObject([
      { path: "rounds[0].matches[0].reports[0].slip", rule: "MTR 2.1" },
    ]);
  });

  it("CR 100.6a: a two-player event has matches and no pods; a pod event pods and no matches", () => {
    const archive = valid();
    const pod = {
      ref: "pod:1",
      table: 9,
      isBye: false,
      seats: [
        { seat: 1, entrant: "entrant:1" },
        { seat: 2, entrant: "entrant:2" },
      ],
      events: [],
      corrections: [],
      reports: [],
    };
    archive.rounds[0] = { ...archive.rounds[0]!, pods: [pod] };
    expect(problems(archive)).toContainEqual({
      path: "rounds[0].pods",
      message: "A two-player event's rounds have matches, not pods.",
      rule: "100.6a",
    });
    archive.tournament = { ...archive.tournament, structure: "PODS" };
    expect(problems(archive)).toContainEqual({
      path: "rounds[0].matches",
      message: "A pod event's rounds have pods, not two-player matches.",
      rule: "100.6a",
    });
  });

  it("CR 100.6a: a pod event's settings are ones the app plays, and its pods' tables are distinct", () => {
    const archive = valid();
    const pod = (ref: string, table: number, seats: string[]) => ({
      ref,
      table,
      isBye: false,
      seats: seats.map((entrant, index) => ({ seat: index + 1, entrant })),
      events: [],
      corrections: [],
      reports: [],
    });
    archive.tournament = {
      ...archive.tournament,
      structure: "PODS",
      pods: { ...POD_SETTINGS, size: 5 },
    };
    archive.entrants.push(entrant(4, "Dee"));
    archive.rounds[0] = {
      ...archive.rounds[0]!,
      matches: [],
      pods: [
        pod("pod:1", 1, ["entrant:1", "entrant:2"]),
        pod("pod:2", 1, ["entrant:3", "entrant:4"]),
      ],
    };
    expect(problems(archive)).toEqual([
      { path: "tournament.pods", message: "Pods are of 3 or 4 players, not 5.", rule: "100.6a" },
      {
        path: "rounds[0].pods[1].table",
        message: "Table 1 already holds rounds[0].pods[0] in round 1: each pod has its own table.",
      },
    ]);
  });

  it("a tournament still taking registrations has no rounds, and a complete round has every live match's result", () => {
    const archive = valid();
    archive.tournament = { ...archive.tournament, status: "REGISTRATION" };
    archive.rounds[0]!.matches[0] = { ...archive.rounds[0]!.matches[0]!, slip: null, games: [] };
    expect(problems(archive)).toEqual([
      {
        path: "tournament.status",
        message: "A tournament still taking registrations has no rounds, and this one has 1.",
      },
      {
        path: "rounds[0].matches[0].slip",
        message: "Round 1 is complete, so each of its matches has a result.",
      },
    ]);
  });

  it("a tournament's name has a visible character", () => {
    const archive = valid();
    archive.tournament = { ...archive.tournament, name: " \u202e\u200b " };
    expect(problems(archive)).toEqual([
      { path: "tournament.name", message: "A tournament's name has a visible character." },
    ]);
  });

  it("a player has one open judge call a match", () => {
    const archive = valid();
    const call = (ref: string) => ({
      ref,
      calledBy: "entrant:1",
      claimedBy: null,
      resolvedBy: null,
      resolvedAt: null,
    });
    archive.rounds[0]!.matches[0] = {
      ...archive.rounds[0]!.matches[0]!,
      judgeCalls: [call("call:1"), call("call:2")],
    };
    expect(problems(archive)).toEqual([
      {
        path: "rounds[0].matches[0].judgeCalls[1]",
        message:
          "entrant:1 already has an open judge call at this match (judgeCalls[0]): one is answered before the next.",
      },
    ]);
  });
});

describe("checkArchiveJson: what every archive's JSON keeps before its schema reads it", () => {
  it("refuses a control character in any string, keys and history included (tab and line breaks are text)", () => {
    expect(checkArchiveJson({ entrants: [{ name: "Ana\tB\r\nC" }] })).toEqual([]);
    expect(checkArchiveJson({ entrants: [{ name: "Ana\u0000Archer" }] })).toEqual([
      {
        path: "entrants[0].name",
        message: "A text holds the control character U+0000: only tab and line breaks are allowed.",
      },
    ]);
    expect(
      checkArchiveJson({ rounds: [{ matches: [{ changes: [{ after: { "x\u001b": 1 } }] }] }] }),
    ).toEqual([
      {
        path: "rounds[0].matches[0].changes[0].after",
        message: "A key holds the control character U+001B: only tab and line breaks are allowed.",
      },
    ]);
  });

  it(`refuses nesting deeper than ${MAX_ARCHIVE_DEPTH} levels, however deep, without recursion`, () => {
    let deep: unknown = "entrant:1";
    for (let level = 0; level < 100_000; level++) deep = [deep];
    const [problem, ...rest] = checkArchiveJson({
      rounds: [{ pairingChanges: [{ after: deep }] }],
    });
    expect(rest).toEqual([]);
    expect(problem!.message).toBe(`The archive is nested deeper than ${MAX_ARCHIVE_DEPTH} levels.`);
    expect(problem!.path.startsWith("rounds[0].pairingChanges[0].after[0][0]")).toBe(true);
    let fine: unknown = 1;
    for (let level = 0; level < MAX_ARCHIVE_DEPTH; level++) fine = [fine];
    expect(checkArchiveJson(fine)).toEqual([]);
    expect(checkArchiveJson([fine])).toHaveLength(1);
  });
});

describe("history refs", () => {
  it("refsIn finds every ref however deep, and nothing else", () => {
    expect(
      refsIn({ a: ["entrant:1", { b: "match:12" }], c: "entrant:0", d: "player:1", e: 3 }),
    ).toEqual(["entrant:1", "match:12"]);
  });

  it("replaceNamedStrings replaces the strings the map names, in values only", () => {
    const names = new Map([["id1", "entrant:1"]]);
    expect(replaceNamedStrings({ id1: "id1", list: ["id1", "other", 2, null] }, names)).toEqual({
      id1: "entrant:1",
      list: ["entrant:1", "other", 2, null],
    });
    expect(replaceNamedStrings("id1", "not a map" as never)).toBe("id1");
  });
});

describe("imported names follow the forms' rules: plain text", () => {
  it("an entrant, team member, waitlist entry or staff name with a direction override, a zero-width or a control character is refused", () => {
    for (const name of ["Ana\u202eSouza", "Ana\u200bSouza", "Ana\u0000Souza", "Ana\u0007"]) {
      const archive = valid();
      archive.entrants = archive.entrants.map((entrant, index) =>
        index === 0 ? { ...entrant, name } : entrant,
      );
      expect(
        problems(archive).map((problem) => problem.path),
        JSON.stringify(name),
      ).toContain("entrants[0].name");
    }
  });
});
