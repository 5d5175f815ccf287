import { createHash, randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { createTournament, getTournament } from "@/lib/server/tournament/tournaments";
import { dropPlayer, registerPlayer } from "./registrations";
import { getTeamRosters, registerTeam, registerTeams, replaceTeamMember } from "./teams";
import { getRound, pairNextSwissRound, swapPlayers } from "@/lib/server/round/rounds";
import { enterQuickResult } from "@/lib/server/match/quick-entry";
import { getMatchForTable } from "@/lib/server/match/match-table";
import { getPlayoff, startPlayoff } from "@/lib/server/round/playoffs";
import { updateRegistrationSettings } from "@/lib/server/check-in/check-in";
import {
  listPlayerCodes,
  newPlayerCode,
  playerCodesForRound,
  reissuePlayerCode,
  resolvePlayerSession,
  signInWithPlayerCode,
} from "@/lib/server/check-in/player-codes";
import {
  findCurrentMatchId,
  getPlayerMatchView,
  submitPlayerReport,
} from "@/lib/server/match/player-reports";
import { parseInput } from "@/lib/schemas/parse";
import { formatPlayerCode } from "@/lib/rules/player-code";
import { QuickEntrySchema } from "@/lib/schemas/quick-entry";
import { reportMatchResult } from "@/lib/server/match/results";
import { getStandings, getStandingsPage } from "@/lib/server/standings/standings";
import { getPairingsByName, getPairingsByNamePage } from "@/lib/server/round/pairings-by-name";
import { callJudge, getJudgeCallQueue } from "@/lib/server/judge-calls/judge-calls";
import { getRoundClock } from "@/lib/server/match/time-extensions";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";

afterAll(async () => {
  await prisma.$disconnect();
});

async function teamEvent(input: Record<string, string> = { teamSize: "3" }) {
  const created = await createTournament(
    CreateTournamentSchema.parse({ name: `Trios ${randomUUID()}`, format: "Sealed", ...input }),
  );
  if (!created.ok) throw new Error(created.error.message);
  return created.value.id;
}

const TEAMS = [
  "Rocket: Ana, Ben, Cleo",
  "Blue: Dora, Eli, Fay",
  "Green: Gus, Hal, Ivy",
  "Red: Jo, Kim, Lea",
];

async function registerAll(tournamentId: string, lines = TEAMS) {
  const registered = await registerTeams({ tournamentId, teams: lines.join("\n") });
  if (!registered.ok) throw new Error(registered.error.message);
}

async function seatMatches(tournamentId: string, round: number) {
  return prisma.match.findMany({
    where: { round: { tournamentId, number: round }, voidedAt: null },
    orderBy: [{ tableNumber: "asc" }, { seat: "asc" }],
    select: {
      id: true,
      tableNumber: true,
      seat: true,
      sideAId: true,
      sideBId: true,
      version: true,
    },
  });
}

async function report(matchId: string, winsA: number, winsB: number, note = "") {
  const match = await prisma.match.findUniqueOrThrow({
    where: { id: matchId },
    select: { version: true },
  });
  const reported = await reportMatchResult(
    {
      matchId,
      winsA,
      winsB,
      draws: 0,
      expectedVersion: match.version,
      idempotencyKey: randomUUID(),
      intentionalDraw: false,
      note,
    },
    { source: "STAFF", name: "Scorekeeper" },
  );
  if (!reported.ok) throw new Error(reported.error.message);
}

describe("registering teams (MTR 8.2)", () => {
  it("MTR 8.2: a team is registered with each member in a fixed seat, and each member has a personal code", async () => {
    const tournamentId = await teamEvent();
    const registered = await registerTeam({
      tournamentId,
      name: "Team Rocket",
      members: ["Ana", "Ben", "Cleo"],
    });
    expect(registered).toMatchObject({ ok: true, value: { name: "Team Rocket", firstRound: 1 } });
    expect(await getTeamRosters(tournamentId)).toEqual([
      {
        registrationId: registered.ok ? registered.value.id : "",
        name: "Team Rocket",
        members: [
          { seat: 0, name: "Ana" },
          { seat: 1, name: "Ben" },
          { seat: 2, name: "Cleo" },
        ],
      },
    ]);
    const codes = await prisma.teamMember.findMany({
      where: { registration: { tournamentId } },
      select: { code: true },
    });
    expect(new Set(codes.map((member) => member.code)).size).toBe(3);
    expect(codes.every((member) => member.code !== null)).toBe(true);
  });

  it("MTR 8.2: a player already on a team of the event cannot join another; the refusal names them and saves nothing", async () => {
    const tournamentId = await teamEvent();
    await registerTeam({ tournamentId, name: "Team Rocket", members: ["Ana", "Ben", "Cleo"] });
    const again = await registerTeam({
      tournamentId,
      name: "Copycats",
      members: ["Dora", "ben", "Eli"],
    });
    expect(again).toMatchObject({
      ok: false,
      error: {
        code: "VALIDATION",
        message:
          "ben is already on another team in this tournament: a player may be on more than one team, but not during the same tournament.",
      },
    });
    expect(await prisma.registration.count({ where: { tournamentId } })).toBe(1);
  });

  it("a team event takes teams, not single players, and an individual event takes players, not teams", async () => {
    const teams = await teamEvent();
    expect(await registerPlayer({ tournamentId: teams, name: "Solo" })).toMatchObject({
      ok: false,
      error: { code: "VALIDATION" },
    });
    const individual = await createTournament({
      name: `Solo ${randomUUID()}`,
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    });
    if (!individual.ok) throw new Error("create failed");
    expect(
      await registerTeam({
        tournamentId: individual.value.id,
        name: "Pair",
        members: ["Ana", "Ben"],
      }),
    ).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
  });

  it("a pasted list registers every valid team at once and says why each other line was skipped", async () => {
    const tournamentId = await teamEvent();
    const result = await registerTeams({
      tournamentId,
      teams: [
        "Rocket: Ana, Ben, Cleo",
        "Short: Dora, Eli",
        "Blue: Fay, Ana, Gus",
        "Green: Hal, Ivy, Jo",
      ].join("\n"),
    });
    expect(result).toEqual({
      ok: true,
      value: {
        registered: ["Rocket", "Green"],
        skipped: [
          "Line 2: Short needs exactly 3 members, one in each seat A, B, C; 2 were given.",
          "Line 3: Ana is already on line 1 (MTR 8.2: one team per player).",
        ],
        firstRound: 1,
      },
    });
  });
});

describe("pairing and ranking teams whose members each play their own match", () => {
  it("MTR 8.2: a team pairing is one table with seat A against seat A, B against B, C against C; a bye is one row", async () => {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId, [...TEAMS, "Odd: Max, Ned, Oli"]);
    expect(await pairNextSwissRound(tournamentId, "trios")).toMatchObject({ ok: true });
    const rows = await seatMatches(tournamentId, 1);
    const byTable = new Map<number, typeof rows>();
    for (const row of rows)
      byTable.set(row.tableNumber, [...(byTable.get(row.tableNumber) ?? []), row]);
    expect([...byTable.values()].map((table) => table.map((row) => row.seat))).toEqual([
      [0, 1, 2],
      [0, 1, 2],
      [0],
    ]);
    for (const table of byTable.values()) {
      expect(new Set(table.map((row) => `${row.sideAId}/${row.sideBId}`)).size).toBe(1);
    }
    expect(byTable.get(3)![0]!.sideBId).toBeNull();
    // The overview counts tables, not seat matches: two team tables and the bye.
    expect((await getTournament(tournamentId))!.rounds[0]!._count.matches).toBe(3);
  });

  it("MTR 3.1, Appendix C: a team match won 2-1 is 3 match points, and the team's games are its seat matches", async () => {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId);
    await pairNextSwissRound(tournamentId, "trios-standings");
    const rows = await seatMatches(tournamentId, 1);
    const [first, second] = [
      rows.filter((row) => row.tableNumber === 1),
      rows.filter((row) => row.tableNumber === 2),
    ];
    // Table 1: team A wins seats A and B, loses C (2-1). Table 2: team B wins every seat (0-3).
    await report(first[0]!.id, 2, 0);
    await report(first[1]!.id, 2, 1);
    await report(first[2]!.id, 0, 2);
    expect(
      (await getStandings(trustedTournamentAccess(tournamentId))).ok &&
        (await getStandings(trustedTournamentAccess(tournamentId))),
    ).toMatchObject({ value: { throughRound: 0 } });
    for (const row of second) await report(row.id, 1, 2);
    const standings = await getStandings(trustedTournamentAccess(tournamentId));
    if (!standings.ok) throw new Error(standings.error.message);
    expect(standings.value.throughRound).toBe(1);
    const byId = new Map(standings.value.rows.map((row) => [row.playerId, row]));
    const winnerOfTable1 = byId.get(first[0]!.sideAId)!;
    const winnerOfTable2 = byId.get(second[0]!.sideBId!)!;
    expect(winnerOfTable1).toMatchObject({ matchPoints: 3, gamePoints: 6 });
    expect(winnerOfTable2).toMatchObject({ matchPoints: 3, gamePoints: 9, rank: 1 });
    expect(byId.get(first[0]!.sideBId!)).toMatchObject({ matchPoints: 0, gamePoints: 3 });
  });

  it("teams never meet twice: round 2 pairs each team with one it has not played", async () => {
    const tournamentId = await teamEvent({ teamFormat: "TEAM_MATCHES", teamSize: "2" });
    await registerAll(tournamentId, [
      "Rocket: Ana, Ben",
      "Blue: Dora, Eli",
      "Green: Gus, Hal",
      "Red: Jo, Kim",
    ]);
    await pairNextSwissRound(tournamentId, "pairs");
    const round1 = await seatMatches(tournamentId, 1);
    expect(round1).toHaveLength(4);
    for (const row of round1) await report(row.id, 2, 0);
    expect(await pairNextSwissRound(tournamentId, "pairs-2")).toMatchObject({ ok: true });
    const met = new Set(round1.map((row) => [row.sideAId, row.sideBId].sort().join("/")));
    for (const row of await seatMatches(tournamentId, 2))
      expect(met.has([row.sideAId, row.sideBId].sort().join("/"))).toBe(false);
  });

  it("swapping two teams moves every seat match of their tables", async () => {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId);
    await pairNextSwissRound(tournamentId, "swap");
    const rows = await seatMatches(tournamentId, 1);
    const [a, b] = [rows[0]!.sideAId, rows.find((row) => row.tableNumber === 2)!.sideAId];
    expect(
      await swapPlayers(
        { tournamentId, roundNumber: 1, playerId: a, otherPlayerId: b },
        { name: "Organizer" },
      ),
    ).toMatchObject({ ok: true });
    const after = await seatMatches(tournamentId, 1);
    expect(after.filter((row) => row.tableNumber === 1).map((row) => row.sideAId)).toEqual([
      b,
      b,
      b,
    ]);
    expect(after.filter((row) => row.tableNumber === 2).map((row) => row.sideAId)).toEqual([
      a,
      a,
      a,
    ]);
  });

  it("MTR 8.2: a team drops as one: it is no longer paired", async () => {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId);
    const [team] = await getTeamRosters(tournamentId);
    await pairNextSwissRound(tournamentId, "drop");
    for (const row of await seatMatches(tournamentId, 1)) await report(row.id, 2, 0);
    expect(await dropPlayer({ tournamentId, registrationId: team!.registrationId })).toMatchObject({
      ok: true,
    });
    await pairNextSwissRound(tournamentId, "drop-2");
    const round2 = await seatMatches(tournamentId, 2);
    expect(
      round2.some(
        (row) => row.sideAId === team!.registrationId || row.sideBId === team!.registrationId,
      ),
    ).toBe(false);
    expect(round2.filter((row) => row.sideBId === null)).toHaveLength(1);
  });
});

describe("where staff enter a team event's results", () => {
  it("MTR 8.2: the round names each seat's players with their team, labels tables 1A-1C, and shows the team match live as seats finish", async () => {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId, TEAMS.slice(0, 2));
    await pairNextSwissRound(tournamentId, "names");
    const round = (await getRound(tournamentId, 1))!;
    expect(round.matches.map((match) => match.tableLabel)).toEqual(["1A", "1B", "1C"]);
    const seatB = round.matches[1]!;
    expect([seatB.sideA.displayName, seatB.sideB?.displayName].sort()).toEqual([
      "Ben (Rocket)",
      "Eli (Blue)",
    ]);
    expect(round.teamTables).toEqual([
      expect.objectContaining({
        tableNumber: 1,
        match: expect.objectContaining({ phase: "in-progress", seatsFinished: 0 }),
      }),
    ]);
    await report(round.matches[0]!.id, 2, 0);
    await report(round.matches[1]!.id, 2, 1);
    const live = (await getRound(tournamentId, 1))!.teamTables[0]!;
    expect(live.match).toMatchObject({
      phase: "decided",
      winner: "A",
      seatWins: { A: 2, B: 0 },
      seatsFinished: 2,
    });
    expect(live.teamA).toBe(round.matches[0]!.sideA.teamName);
    const page = await getMatchForTable(tournamentId, seatB.id);
    expect(page).toMatchObject({
      tableLabel: "1B",
      sideA: { displayName: seatB.sideA.displayName },
      sideB: { displayName: seatB.sideB!.displayName },
    });
  });

  it("MTR 8.2: quick entry takes a team table's seat ('1B 2-0'), and asks for the seat when it is missing", async () => {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId, TEAMS.slice(0, 2));
    await pairNextSwissRound(tournamentId, "quick-seat");
    const entry = (text: string) => {
      const parsed = parseInput(QuickEntrySchema, {
        tournamentId,
        roundNumber: "1",
        entry: text,
        idempotencyKey: randomUUID(),
      });
      if (!parsed.ok) throw new Error(parsed.error.message);
      return parsed.value;
    };
    const staff = { source: "STAFF" as const, name: "Scorekeeper" };
    const missing = await enterQuickResult(entry("1 2-0"), staff, { mayDrop: false });
    expect(missing).toMatchObject({
      ok: false,
      error: {
        code: "VALIDATION",
        message:
          'Table 1 is a team table: type the seat too, e.g. "1A 2-0" for seat A (1A, 1B, 1C).',
      },
    });
    const saved = await enterQuickResult(entry("1b 2-0"), staff, { mayDrop: false });
    expect(saved).toMatchObject({ ok: true, value: { slip: "2-0-0", tableLabel: "1B" } });
    const rows = await seatMatches(tournamentId, 1);
    expect(rows.map((row) => row.seat)).toEqual([0, 1, 2]);
    const stored = await prisma.match.findMany({
      where: { id: { in: rows.map((row) => row.id) } },
      orderBy: { seat: "asc" },
      select: { winsA: true },
    });
    expect(stored.map((row) => row.winsA)).toEqual([null, 2, null]);
    // Tables are counted once, not once per seat; a drop names the team that leaves as one.
    expect(await enterQuickResult(entry("9A 2-0"), staff, { mayDrop: false })).toMatchObject({
      ok: false,
      error: { message: "Table 9A: round 1 has no table 9 (its tables are 1 to 1)." },
    });
    const dropped = await enterQuickResult(entry("1A 2-0 drop B"), staff, { mayDrop: true });
    expect(dropped).toMatchObject({
      ok: true,
      value: {
        dropped: [
          expect.stringMatching(
            /^(Rocket|Blue) \(the whole team, with (Dora|Ana) \((Blue|Rocket)\)\)$/,
          ),
        ],
      },
    });
  });

  it("CR 810: a Two-Headed Giant table has one match, so a seat letter is refused, not read as the table", async () => {
    const tournamentId = await teamEvent({ teamFormat: "TWO_HEADED_GIANT" });
    await registerAll(tournamentId, ["Rocket: Ana, Ben", "Blue: Dora, Eli"]);
    await pairNextSwissRound(tournamentId, "2hg-quick");
    const parsed = parseInput(QuickEntrySchema, {
      tournamentId,
      roundNumber: "1",
      entry: "1A 2-1",
      idempotencyKey: randomUUID(),
    });
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(
      await enterQuickResult(
        parsed.value,
        { source: "STAFF", name: "Scorekeeper" },
        { mayDrop: false },
      ),
    ).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", message: expect.stringContaining("has one match") },
    });
    expect(
      await prisma.match.count({ where: { round: { tournamentId }, winsA: { not: null } } }),
    ).toBe(0);
  });
});

describe("team members on their phones (MTR 8.2)", () => {
  async function signIn(code: string) {
    const signed = await signInWithPlayerCode(code, `10.8.0.${Math.floor(Math.random() * 250)}`);
    if (!signed.ok) throw new Error(signed.error.message);
    return (await resolvePlayerSession(signed.value.token))!;
  }

  it("MTR 8.2: a member's own code opens their seat's match, named with their team, and they report it for the opponent to confirm", async () => {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId, TEAMS.slice(0, 2));
    await pairNextSwissRound(tournamentId, "phones");
    const codes = await listPlayerCodes(trustedTournamentAccess(tournamentId));
    const codeOf = (name: string) => codes!.find((row) => row.name.startsWith(`${name} (`))!.code;
    expect(codes!.filter((row) => row.seat !== null)).toHaveLength(6);
    const ben = await signIn(codeOf("Ben"));
    expect(ben).toMatchObject({ seat: 1, name: "Ben (Rocket)" });
    const view = await getPlayerMatchView(ben);
    expect(view).toMatchObject({
      name: "Ben (Rocket)",
      match: { tableLabel: "1B", myName: "Ben (Rocket)", opponentName: "Eli (Blue)" },
    });
    const seatB = (await seatMatches(tournamentId, 1)).find((row) => row.seat === 1)!;
    expect(await findCurrentMatchId(prisma, ben)).toBe(seatB.id);
    const reported = await submitPlayerReport(
      {
        matchId: seatB.id,
        winsA: 2,
        winsB: 0,
        draws: 0,
        expectedVersion: seatB.version,
        idempotencyKey: randomUUID(),
        intentionalDraw: false,
      },
      ben,
    );
    expect(reported).toMatchObject({ ok: true });
    const eli = await signIn(codeOf("Eli"));
    const version = (
      await prisma.match.findUniqueOrThrow({ where: { id: seatB.id }, select: { version: true } })
    ).version;
    const winsA = seatB.sideAId === ben.registrationId ? 2 : 0;
    const confirmed = await submitPlayerReport(
      {
        matchId: seatB.id,
        winsA,
        winsB: 2 - winsA,
        draws: 0,
        expectedVersion: version,
        idempotencyKey: randomUUID(),
        intentionalDraw: false,
      },
      eli,
    );
    expect(confirmed).toMatchObject({ ok: true });
    expect(
      await prisma.match.findUniqueOrThrow({
        where: { id: seatB.id },
        select: { confirmedAt: true },
      }),
    ).toMatchObject({ confirmedAt: expect.any(Date) });
    // The other seats of the table are untouched.
    expect(
      await prisma.match.count({ where: { round: { tournamentId }, winsA: { not: null } } }),
    ).toBe(1);
    // MTR 8.2: each member's phone shows the team match, live as seats finish, with every seat named.
    const teamView = (await getPlayerMatchView(ben)).match!.teamMatch!;
    expect(teamView.match).toMatchObject({
      phase: "in-progress",
      seatsFinished: 1,
      seatWins: seatB.sideAId === ben.registrationId ? { A: 1, B: 0 } : { A: 0, B: 1 },
    });
    expect(teamView.seats.map((seat) => [seat.tableLabel, seat.score])).toEqual([
      ["1A", null],
      ["1B", seatB.sideAId === ben.registrationId ? "2-0" : "0-2"],
      ["1C", null],
    ]);
    expect(teamView.seats[0]!.nameA).toMatch(/^(Ana \(Rocket\)|Dora \(Blue\))$/);
  });

  it("MTR 8.2: the printed player slips of a team table are one per member, with their own code and their seat's table", async () => {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId, [...TEAMS.slice(0, 2), "Odd: Max, Ned, Oli"]);
    await pairNextSwissRound(tournamentId, "slips");
    const tables = (await playerCodesForRound(trustedTournamentAccess(tournamentId), 1))!;
    const codes = await listPlayerCodes(trustedTournamentAccess(tournamentId));
    const seated = tables.filter((table) => table.players.length === 2);
    expect(seated.map((table) => table.tableLabel)).toEqual(["1A", "1B", "1C"]);
    const ben = seated[1]!.players.find((player) => player.name === "Ben (Rocket)")!;
    expect(ben.code).toBe(codes!.find((row) => row.name === "Ben (Rocket)")!.code);
    // A team's bye: a slip per member, each with their own code (the team's entry code signs nobody in).
    const bye = tables.find((table) => table.players.length !== 2)!;
    expect(bye).toMatchObject({
      tableLabel: "2",
      players: [{ name: "Max (Odd)" }, { name: "Ned (Odd)" }, { name: "Oli (Odd)" }],
    });
  });

  it("MTR 8.2: staff reissue one member's code: only that code stops working and only that member's phone is signed out", async () => {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId, TEAMS.slice(0, 2));
    const codes = (await listPlayerCodes(trustedTournamentAccess(tournamentId)))!;
    const ben = codes.find((row) => row.name === "Ben (Rocket)")!;
    const ana = codes.find((row) => row.name === "Ana (Rocket)")!;
    const benToken = await signInWithPlayerCode(ben.code, "10.9.0.1");
    const anaToken = await signInWithPlayerCode(ana.code, "10.9.0.1");
    if (!benToken.ok || !anaToken.ok) throw new Error("sign-in failed");
    const reissued = await reissuePlayerCode({
      tournamentId,
      registrationId: ben.registrationId,
      seat: 1,
    });
    if (!reissued.ok) throw new Error(reissued.error.message);
    expect(reissued.value.code).not.toBe(ben.code);
    expect(await resolvePlayerSession(benToken.value.token)).toBeNull();
    expect(await resolvePlayerSession(anaToken.value.token)).toMatchObject({ seat: 0 });
    expect(await signInWithPlayerCode(ben.code, "10.9.0.2")).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
    expect(await signInWithPlayerCode(reissued.value.code, "10.9.0.2")).toMatchObject({ ok: true });
    expect(
      await reissuePlayerCode({ tournamentId, registrationId: ben.registrationId, seat: 2 }),
    ).toMatchObject({ ok: true });
    const pair = await teamEvent({ teamSetup: "TEAMS_OF_TWO" });
    await registerAll(pair, ["Duo: Pia, Pol"]);
    const duo = (await getTeamRosters(pair))[0]!;
    expect(
      await reissuePlayerCode({ tournamentId: pair, registrationId: duo.registrationId, seat: 2 }),
    ).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
  });

  it("CR 810: a Two-Headed Giant member's code opens the team's one match", async () => {
    const tournamentId = await teamEvent({ teamFormat: "TWO_HEADED_GIANT" });
    await registerAll(tournamentId, ["Rocket: Ana, Ben", "Blue: Dora, Eli"]);
    await pairNextSwissRound(tournamentId, "2hg-phones");
    const codes = await listPlayerCodes(trustedTournamentAccess(tournamentId));
    const ben = await signIn(codes!.find((row) => row.name.startsWith("Ben ("))!.code);
    expect(ben.seat).toBeNull();
    expect(await findCurrentMatchId(prisma, ben)).toBe((await seatMatches(tournamentId, 1))[0]!.id);
  });
});

describe("what team events cannot do yet", () => {
  it("MTR 8.2: a team event takes no registration from phones (a one-name form cannot seat a team)", async () => {
    const tournamentId = await teamEvent();
    expect(
      await updateRegistrationSettings({
        tournamentId,
        openRegistration: true,
        registrationCap: null,
      }),
    ).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", message: expect.stringContaining("Teams register at the desk") },
    });
    expect(
      await prisma.tournament.findUniqueOrThrow({
        where: { id: tournamentId },
        select: { openRegistration: true },
      }),
    ).toEqual({ openRegistration: false });
  });

  it("MTR 2.4: teams of two, whose team match can split 1-1, get no single-elimination playoff, and are told why", async () => {
    const tournamentId = await teamEvent({ teamSetup: "TEAMS_OF_TWO" });
    await registerAll(tournamentId, [
      "Rocket: Ana, Ben",
      "Blue: Dora, Eli",
      "Green: Gus, Hal",
      "Red: Jo, Kim",
    ]);
    await pairNextSwissRound(tournamentId, "cut");
    for (const row of await seatMatches(tournamentId, 1)) await report(row.id, 2, 0);
    expect(await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 })).toMatchObject({
      ok: false,
      error: { code: "PLAYOFF_NOT_READY", message: expect.stringContaining("can end 1-1") },
    });
    expect(await prisma.phase.count({ where: { tournamentId, kind: "SINGLE_ELIMINATION" } })).toBe(
      0,
    );
  });
});

describe("a playoff of team matches (MTR 2.4, 8.2)", () => {
  /** A Trios event after one Swiss round, cut to a top 4: Blue and Red won round 1 3-0, so they are seeds 1 and 2 in some order. */
  async function trioCut() {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId);
    await pairNextSwissRound(tournamentId, "cut");
    for (const row of await seatMatches(tournamentId, 1)) await report(row.id, 2, 0);
    const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
    if (!started.ok) throw new Error(started.error.message);
    return { tournamentId, round: started.value.roundNumber };
  }

  it("MTR 8.2: each bracket pairing is a team match, a seat match per seat at one table, side A the higher seed choosing play/draw", async () => {
    const { tournamentId, round } = await trioCut();
    const semis = await prisma.match.findMany({
      where: { round: { tournamentId, number: round } },
      orderBy: [{ tableNumber: "asc" }, { seat: "asc" }],
      select: {
        tableNumber: true,
        seat: true,
        bracketSlot: true,
        sideAId: true,
        sideBId: true,
        game1Chooser: true,
      },
    });
    expect(semis.map((row) => [row.tableNumber, row.seat, row.bracketSlot])).toEqual([
      [1, 0, 0],
      [1, 1, 0],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 1],
      [2, 2, 1],
    ]);
    expect(
      new Set(
        semis.filter((row) => row.tableNumber === 1).map((row) => `${row.sideAId}-${row.sideBId}`),
      ).size,
    ).toBe(1);
    expect(semis.every((row) => row.game1Chooser === "A")).toBe(true);
    const playoff = await getPlayoff(trustedTournamentAccess(tournamentId));
    expect(
      playoff!.rounds[0]!.matches.map((match) => [match.isMade, match.matchId, match.tableNumber]),
    ).toEqual([
      [true, null, 1],
      [true, null, 2],
    ]);
  });

  it("MTR 8.2: a team that wins two seats wins the team match and advances while its third seat still plays; the final makes a champion team", async () => {
    const { tournamentId, round } = await trioCut();
    const semis = await seatMatches(tournamentId, round);
    // Table 1: side A wins seats A and B; seat C is still playing. Table 2: side B wins seats B and C after losing A.
    const slips: [number, number, number][] = [
      [0, 2, 0],
      [1, 2, 1],
      [3, 2, 0],
      [4, 0, 2],
      [5, 1, 2],
    ];
    for (const [index, winsA, winsB] of slips) await report(semis[index]!.id, winsA, winsB);
    let playoff = await getPlayoff(trustedTournamentAccess(tournamentId));
    const [semi1, semi2] = playoff!.rounds[0]!.matches;
    expect([semi1!.score, semi1!.winner === semi1!.playerA]).toEqual(["2-0", true]);
    expect([semi2!.score, semi2!.winner === semi2!.playerB]).toEqual(["1-2", true]);
    const finals = await seatMatches(tournamentId, round + 1);
    expect(finals).toHaveLength(3);
    expect(
      finals.every((row) => row.sideAId === semi1!.playerA && row.sideBId === semi2!.playerB),
    ).toBe(true);
    for (const row of finals.slice(0, 2)) await report(row.id, 0, 2);
    playoff = await getPlayoff(trustedTournamentAccess(tournamentId));
    expect(playoff!.champion).toBe(playoff!.rounds[1]!.matches[0]!.nameB);
    expect(
      await prisma.tournament.findUniqueOrThrow({
        where: { id: tournamentId },
        select: { status: true },
      }),
    ).toEqual({ status: "COMPLETE" });
    const standings = await getStandings(trustedTournamentAccess(tournamentId));
    if (!standings.ok) throw new Error(standings.error.message);
    expect(standings.value.rows.slice(0, 2).map((row) => [row.name, row.playoff?.label])).toEqual([
      [playoff!.rounds[1]!.matches[0]!.nameB, "Champion"],
      [playoff!.rounds[1]!.matches[0]!.nameA, "Finalist"],
    ]);
  });

  it("MTR 8.2: a semifinal seat corrected so the other team wins voids the unplayed final's seat matches (kept, not deleted) and seats the new winner", async () => {
    const { tournamentId, round } = await trioCut();
    const semis = await seatMatches(tournamentId, round);
    for (const index of [0, 1, 3, 4]) await report(semis[index]!.id, 2, 0);
    const [oldFinal] = await seatMatches(tournamentId, round + 1);
    // Seat B of table 1 was entered the wrong way round; then seat C goes to side B as well.
    await report(semis[1]!.id, 0, 2, "Entered the wrong way round");
    await report(semis[2]!.id, 0, 2);
    const finals = await seatMatches(tournamentId, round + 1);
    expect(finals).toHaveLength(3);
    expect(finals[0]!.sideAId).toBe(semis[3]!.sideAId);
    expect(finals[0]!.sideBId).toBe(semis[0]!.sideBId);
    expect(
      await prisma.match.count({
        where: { round: { tournamentId, number: round + 1 }, voidedAt: { not: null } },
      }),
    ).toBe(3);
    expect(
      await prisma.resultChange.count({ where: { matchId: oldFinal!.id, kind: "VOIDED" } }),
    ).toBe(1);
  });
});

describe("Two-Headed Giant (CR 810)", () => {
  it("MTR 2.4, CR 810: a Two-Headed Giant pairing is one ordinary match between the two teams", async () => {
    const tournamentId = await teamEvent({ teamFormat: "TWO_HEADED_GIANT" });
    await registerAll(tournamentId, ["Rocket: Ana, Ben", "Blue: Dora, Eli"]);
    await pairNextSwissRound(tournamentId, "2hg");
    const rows = await seatMatches(tournamentId, 1);
    expect(rows).toHaveLength(1);
    await report(rows[0]!.id, 2, 1);
    const standings = await getStandings(trustedTournamentAccess(tournamentId));
    if (!standings.ok) throw new Error(standings.error.message);
    expect(standings.value.rows.map((row) => [row.name, row.matchPoints, row.gamePoints])).toEqual([
      ["Rocket", 3, 6],
      ["Blue", 0, 3],
    ]);
  });
});

describe("a seat match's label where judges look (MTR 8.2)", () => {
  it("MTR 8.2: a judge call and the projector clock name the seat's match (1B) and the member who called", async () => {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId, TEAMS.slice(0, 2));
    await pairNextSwissRound(tournamentId, "labels");
    const seatB = (await seatMatches(tournamentId, 1)).find((row) => row.seat === 1)!;
    const called = await callJudge(
      { matchId: seatB.id, note: "", idempotencyKey: randomUUID() },
      { registrationId: seatB.sideAId, tournamentId },
    );
    expect(called).toMatchObject({ ok: true });
    const queue = await getJudgeCallQueue(trustedTournamentAccess(tournamentId));
    expect(queue!.open[0]).toMatchObject({
      tableLabel: "1B",
      callerName: expect.stringMatching(/^(Ben \(Rocket\)|Eli \(Blue\))$/),
    });
    const clock = await getRoundClock(trustedTournamentAccess(tournamentId), 1);
    expect(clock!.tables.map((table) => table.tableLabel)).toEqual(["1A", "1B", "1C"]);
  });
});

describe("finding your team by your own name (MTR 8.2)", () => {
  it("MTR 8.2: standings are searched by a member's name, and Two-Headed Giant pairings list each member", async () => {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId, TEAMS.slice(0, 2));
    await pairNextSwissRound(tournamentId, "search");
    for (const row of await seatMatches(tournamentId, 1)) await report(row.id, 2, 0);
    const found = await getStandingsPage(trustedTournamentAccess(tournamentId), {
      q: "ana",
      page: 1,
      pageSize: 50,
    });
    if (!found.ok) throw new Error(found.error.message);
    expect(found.value.rows.map((row) => row.name)).toEqual(["Rocket"]);

    const giants = await teamEvent({ teamFormat: "TWO_HEADED_GIANT" });
    await registerAll(giants, ["Rocket: Ana, Ben", "Blue: Dora, Eli", "Green: Gus, Hal"]);
    await pairNextSwissRound(giants, "giants-search");
    const byName = await getPairingsByName(giants);
    expect(byName!.rows.map((row) => row.name)).toEqual([
      "Ana (Rocket)",
      "Ben (Rocket)",
      "Dora (Blue)",
      "Eli (Blue)",
      "Gus (Green)",
      "Hal (Green)",
    ]);
    const ana = await getPairingsByNamePage(trustedTournamentAccess(giants), {
      q: "ana",
      page: 1,
      pageSize: 50,
    });
    if (!ana.ok) throw new Error(ana.error.message);
    expect(ana.value.rows).toHaveLength(1);
  });
});

describe("who signs in for a team (MTR 8.2)", () => {
  it("MTR 8.2: a team's entry code signs nobody in and is not handed out; an old session without a seat acts for nobody", async () => {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId);
    const [rocket] = await getTeamRosters(tournamentId);
    const codes = await listPlayerCodes(trustedTournamentAccess(tournamentId));
    expect(codes!.every((row) => row.seat !== null)).toBe(true);
    expect(
      await prisma.registration.findUniqueOrThrow({
        where: { id: rocket!.registrationId },
        select: { code: true },
      }),
    ).toEqual({ code: null });
    // A code handed to a team before this rule signs nobody in.
    const teamCode = newPlayerCode();
    await prisma.registration.update({
      where: { id: rocket!.registrationId },
      data: { code: teamCode },
    });
    expect(await signInWithPlayerCode(formatPlayerCode(teamCode), "203.0.113.7")).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("That is a team's code") },
    });
    await prisma.playerSession.create({
      data: {
        tokenHash: createHash("sha256").update("old-team-session").digest("hex"),
        registrationId: rocket!.registrationId,
        seat: null,
        expiresAt: new Date(Date.now() + 3600_000),
      },
    });
    expect(await resolvePlayerSession("old-team-session")).toBeNull();
    // A team's bye prints a slip per member, each with their own code.
    await registerTeams({ tournamentId, teams: "Gold: Max, Ned, Ola" });
    await pairNextSwissRound(tournamentId, "bye-slips");
    const slips = await playerCodesForRound(trustedTournamentAccess(tournamentId), 1);
    const bye = slips!.find((table) => table.players.length !== 2)!;
    expect(bye.players).toHaveLength(3);
    expect(bye.players.every((slip) => / \(.+\)$/.test(slip.name))).toBe(true);
  });
});

describe("replacing a member (MTR 8.2)", () => {
  it("MTR 8.2: before round 1 a new player takes the seat with a new code; the old code no longer signs in", async () => {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId);
    const [rocket] = await getTeamRosters(tournamentId);
    const oldCode = (
      await prisma.teamMember.findUniqueOrThrow({
        where: { registrationId_seat: { registrationId: rocket!.registrationId, seat: 1 } },
        select: { code: true },
      })
    ).code!;
    expect(
      await replaceTeamMember({
        tournamentId,
        registrationId: rocket!.registrationId,
        seat: 1,
        name: "Bea",
      }),
    ).toMatchObject({ ok: true, value: { team: "Rocket", name: "Bea", seat: 1 } });
    expect((await getTeamRosters(tournamentId))[0]!.members.map((member) => member.name)).toEqual([
      "Ana",
      "Bea",
      "Cleo",
    ]);
    const newCode = (
      await prisma.teamMember.findUniqueOrThrow({
        where: { registrationId_seat: { registrationId: rocket!.registrationId, seat: 1 } },
        select: { code: true },
      })
    ).code!;
    expect(newCode).not.toBe(oldCode);
    expect(await signInWithPlayerCode(formatPlayerCode(oldCode), "203.0.113.9")).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("does not match any player") },
    });
    expect(await signInWithPlayerCode(formatPlayerCode(newCode), "203.0.113.9")).toMatchObject({
      ok: true,
    });
  });

  it("MTR 8.2: a member on another team, or any change once the team was paired, is refused and changes nothing", async () => {
    const tournamentId = await teamEvent();
    await registerAll(tournamentId);
    const [rocket] = await getTeamRosters(tournamentId);
    expect(
      await replaceTeamMember({
        tournamentId,
        registrationId: rocket!.registrationId,
        seat: 0,
        name: "dora",
      }),
    ).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", message: expect.stringContaining("already on another team") },
    });
    await pairNextSwissRound(tournamentId, "fixed");
    expect((await getPairingsByName(tournamentId))!.rows.map((row) => row.name)).toContain(
      "Ben (Rocket)",
    );
    expect(
      await replaceTeamMember({
        tournamentId,
        registrationId: rocket!.registrationId,
        seat: 0,
        name: "Zed",
      }),
    ).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", message: expect.stringContaining("keeps its members and seats") },
    });
    expect((await getTeamRosters(tournamentId))[0]!.members.map((member) => member.name)).toEqual([
      "Ana",
      "Ben",
      "Cleo",
    ]);
    // A misspelt name is corrected at any time: the same player, with the same code.
    const code = (
      await prisma.teamMember.findUniqueOrThrow({
        where: { registrationId_seat: { registrationId: rocket!.registrationId, seat: 1 } },
        select: { code: true },
      })
    ).code;
    expect(
      await replaceTeamMember({
        tournamentId,
        registrationId: rocket!.registrationId,
        seat: 1,
        name: "Benn",
        change: "correct",
      }),
    ).toMatchObject({ ok: true });
    expect((await getTeamRosters(tournamentId))[0]!.members.map((member) => member.name)).toEqual([
      "Ana",
      "Benn",
      "Cleo",
    ]);
    // The pairings by name, read before, show the corrected name.
    expect((await getPairingsByName(tournamentId))!.rows.map((row) => row.name)).toContain(
      "Benn (Rocket)",
    );
    expect(
      (
        await prisma.teamMember.findUniqueOrThrow({
          where: { registrationId_seat: { registrationId: rocket!.registrationId, seat: 1 } },
          select: { code: true },
        })
      ).code,
    ).toBe(code);
  });
});
