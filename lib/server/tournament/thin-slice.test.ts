import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { createTournament, getTournament } from "./tournaments";
import { dropPlayer, registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { readResultChanges } from "@/test/result-changes";
import { getStandings } from "@/lib/server/standings/standings";
import { isUniqueViolation } from "@/lib/server/infra/prisma-errors";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";

afterAll(async () => {
  await prisma.$disconnect();
});

async function newTournament(name = "Integration Open", gamesToWin = 2) {
  const created = await createTournament({
    name,
    format: "Modern",
    gamesToWin,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value.id;
}

async function register(tournamentId: string, names: string[]) {
  const ids: string[] = [];
  for (const name of names) {
    const result = await registerPlayer({ tournamentId, name });
    if (!result.ok) throw new Error(result.error.message);
    ids.push(result.value.id);
  }
  return ids;
}

async function roundMatches(tournamentId: string, number: number) {
  const round = await getRound(tournamentId, number);
  if (!round) throw new Error(`round ${number} missing`);
  return round.matches;
}

let keyCounter = 0;
const key = () => `test-key-${Date.now()}-${keyCounter++}`;

describe("tournaments and registration", () => {
  it("creates a tournament with a Swiss phase holding the MTR 2.1 games-to-win setting", async () => {
    const id = await newTournament("Phase settings", 3);
    const tournament = await getTournament(id);
    expect(tournament?.phases).toHaveLength(1);
    expect(tournament?.phases[0]).toMatchObject({
      kind: "SWISS",
      gamesToWin: 3,
      roundMinutes: 50,
      additionalTurns: 5,
    });
  });

  it("MTR 2.4: Two-Headed Giant (teammates share turns) plays three additional turns", async () => {
    const created = await createTournament(
      CreateTournamentSchema.parse({
        name: "2HG",
        format: "Limited",
        teamFormat: "TWO_HEADED_GIANT",
      }),
    );
    if (!created.ok) throw new Error("create failed");
    const tournament = await getTournament(created.value.id);
    expect(tournament).toMatchObject({ teamFormat: "TWO_HEADED_GIANT", teamSize: 2 });
    expect(tournament?.phases[0]?.additionalTurns).toBe(3);
  });

  it("MTR 2.4: a team event where each member plays their own match (Team Trios) plays five additional turns", async () => {
    const created = await createTournament(
      CreateTournamentSchema.parse({ name: "Trios", format: "Sealed", teamSize: "3" }),
    );
    if (!created.ok) throw new Error("create failed");
    const tournament = await getTournament(created.value.id);
    expect(tournament).toMatchObject({ teamFormat: "TEAM_MATCHES", teamSize: 3 });
    expect(tournament?.phases[0]?.additionalTurns).toBe(5);
    expect(
      CreateTournamentSchema.safeParse({
        name: "Odd",
        teamFormat: "TWO_HEADED_GIANT",
        teamSize: "3",
      }).success,
    ).toBe(false);
  });

  it("refuses a duplicate player name, ignoring case and spacing", async () => {
    const id = await newTournament();
    await register(id, ["Alice Archer"]);
    const duplicate = await registerPlayer({ tournamentId: id, name: "  alice   ARCHER " });
    expect(duplicate).toMatchObject({ ok: false, error: { code: "DUPLICATE_PLAYER" } });
  });

  it("refuses duplicates registered at the same moment (the unique index decides)", async () => {
    const id = await newTournament();
    const results = await Promise.all([
      registerPlayer({ tournamentId: id, name: "Racer" }),
      registerPlayer({ tournamentId: id, name: "racer" }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({
      ok: false,
      error: { code: "DUPLICATE_PLAYER" },
    });
  });

  it("refuses registration for a tournament that does not exist", async () => {
    expect(await registerPlayer({ tournamentId: "missing", name: "Nobody" })).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
  });

  it("maps a unique violation from @prisma/adapter-pg to P2002", async () => {
    const id = await newTournament();
    const player = await prisma.player.create({ data: { name: "X" } });
    await prisma.registration.create({
      data: { tournamentId: id, playerId: player.id, displayName: "X", nameKey: "x" },
    });
    const error = await prisma.registration
      .create({ data: { tournamentId: id, playerId: player.id, displayName: "X", nameKey: "x2" } })
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error("other"))).toBe(false);
  });
});

describe("thin slice: pair round 1, report results, standings", () => {
  it("pairs every active player once and stores the pairing seed", async () => {
    const id = await newTournament();
    const players = await register(id, ["A1", "B2", "C3", "D4", "E5"]);
    const paired = await pairNextSwissRound(id, "seed-1");
    expect(paired).toEqual({ ok: true, value: { roundNumber: 1 } });
    const round = await getRound(id, 1);
    expect(round?.pairingSeed).toBe("seed-1");
    const seated = round!.matches.flatMap((match) =>
      [match.sideA.id, match.sideB?.id].filter(Boolean),
    );
    expect(seated.sort()).toEqual([...players].sort());
    const byes = round!.matches.filter((match) => match.sideB === null);
    expect(byes).toHaveLength(1);
    // A bye is a 2-0 match win (MTR Appendix C).
    expect(byes[0]).toMatchObject({ winsA: 2, winsB: 0, draws: 0 });
  });

  it("refuses to pair the next round while results are missing", async () => {
    const id = await newTournament();
    await register(id, ["A", "B", "C", "D"]);
    await pairNextSwissRound(id);
    const second = await pairNextSwissRound(id);
    expect(second).toMatchObject({ ok: false, error: { code: "ROUND_NOT_COMPLETE" } });
  });

  it("refuses to pair with fewer than two players", async () => {
    const id = await newTournament();
    await register(id, ["Solo"]);
    expect(await pairNextSwissRound(id)).toMatchObject({
      ok: false,
      error: { code: "NOT_ENOUGH_PLAYERS" },
    });
  });

  it("records a result, derives match points, and reflects them in standings", async () => {
    const id = await newTournament();
    await register(id, ["Ann", "Ben", "Cat", "Dan"]);
    await pairNextSwissRound(id, "slice");
    const [first, second] = await roundMatches(id, 1);
    const reported = await reportMatchResult(
      {
        matchId: first!.id,
        winsA: 2,
        winsB: 1,
        draws: 0,
        expectedVersion: 0,
        idempotencyKey: key(),
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Organizer" },
    );
    expect(reported).toMatchObject({
      ok: true,
      value: { winner: "A", version: 1, isDuplicate: false },
    });
    // MTR 2.1: equal game wins when the round ends is a drawn match in Swiss.
    await reportMatchResult(
      {
        matchId: second!.id,
        winsA: 1,
        winsB: 1,
        draws: 1,
        expectedVersion: 0,
        idempotencyKey: key(),
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Organizer" },
    );
    const standings = await getStandings(trustedTournamentAccess(id));
    if (!standings.ok) throw new Error(standings.error.message);
    const points = Object.fromEntries(
      standings.value.rows.map((row) => [row.playerId, row.matchPoints]),
    );
    expect(points[first!.sideA.id]).toBe(3);
    expect(points[first!.sideB!.id]).toBe(0);
    expect(points[second!.sideA.id]).toBe(1);
    expect(points[second!.sideB!.id]).toBe(1);
    expect(standings.value.rows[0]?.playerId).toBe(first!.sideA.id);
  });

  it("drops a player: they keep their results and are not paired again", async () => {
    const id = await newTournament();
    const [a, b, c, d] = await register(id, ["P1", "P2", "P3", "P4"]);
    await pairNextSwissRound(id);
    for (const match of await roundMatches(id, 1)) {
      await reportMatchResult(
        {
          matchId: match.id,
          winsA: 2,
          winsB: 0,
          draws: 0,
          expectedVersion: 0,
          idempotencyKey: key(),
          intentionalDraw: false,
          note: "",
        },
        { source: "STAFF", name: "Organizer" },
      );
    }
    expect(await dropPlayer({ tournamentId: id, registrationId: a! })).toEqual({
      ok: true,
      value: { droppedAfterRound: 1 },
    });
    await pairNextSwissRound(id);
    const seated = (await roundMatches(id, 2)).flatMap((match) => [
      match.sideA.id,
      match.sideB?.id,
    ]);
    expect(seated).not.toContain(a);
    expect(seated.filter(Boolean).sort()).toEqual([b, c, d].sort());
    const standings = await getStandings(trustedTournamentAccess(id));
    expect(standings.ok && standings.value.rows.find((row) => row.playerId === a)?.dropped).toBe(
      true,
    );
  });
});

describe("result reports: validated, idempotent, conflict-safe, with history", () => {
  async function setUpMatch() {
    const id = await newTournament();
    await register(id, ["Xena", "Yuri"]);
    await pairNextSwissRound(id);
    const [match] = await roundMatches(id, 1);
    return match!;
  }

  it("refuses a result for a match that does not exist", async () => {
    const result = await reportMatchResult(
      {
        matchId: "no-such-match",
        winsA: 2,
        winsB: 0,
        draws: 0,
        expectedVersion: 0,
        idempotencyKey: key(),
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Organizer" },
    );
    expect(result).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
  });

  it("MTR 2.1: refuses three game wins in a best-of-three and stores nothing", async () => {
    const match = await setUpMatch();
    const result = await reportMatchResult(
      {
        matchId: match.id,
        winsA: 3,
        winsB: 0,
        draws: 0,
        expectedVersion: 0,
        idempotencyKey: key(),
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Organizer" },
    );
    expect(result).toMatchObject({ ok: false, error: { code: "INVALID_RESULT" } });
    expect(
      await prisma.match.findUnique({
        where: { id: match.id },
        select: { winsA: true, version: true },
      }),
    ).toEqual({ winsA: null, version: 0 });
  });

  it("records a retried submission once (idempotency key)", async () => {
    const match = await setUpMatch();
    const input = {
      matchId: match.id,
      winsA: 2,
      winsB: 0,
      draws: 0,
      expectedVersion: 0,
      idempotencyKey: key(),
      intentionalDraw: false,
      note: "",
    };
    const [one, two] = await Promise.all([
      reportMatchResult(input, { source: "STAFF", name: "Organizer" }),
      reportMatchResult(input, { source: "STAFF", name: "Organizer" }),
    ]);
    expect(one.ok && two.ok).toBe(true);
    expect([one, two].filter((result) => result.ok && result.value.isDuplicate)).toHaveLength(1);
    expect(await prisma.matchReport.count({ where: { matchId: match.id } })).toBe(1);
    expect(await readResultChanges(match.id)).toHaveLength(1);
  });

  it("detects a concurrent edit instead of overwriting it", async () => {
    const match = await setUpMatch();
    const base = {
      matchId: match.id,
      draws: 0,
      expectedVersion: 0,
      intentionalDraw: false,
      note: "",
    };
    const [one, two] = await Promise.all([
      reportMatchResult(
        { ...base, winsA: 2, winsB: 0, idempotencyKey: key() },
        { source: "STAFF", name: "Judge 1" },
      ),
      reportMatchResult(
        { ...base, winsA: 0, winsB: 2, idempotencyKey: key() },
        { source: "STAFF", name: "Judge 2" },
      ),
    ]);
    const outcomes = [one, two].map((result) => (result.ok ? "ok" : result.error.code)).sort();
    expect(outcomes).toEqual(["CONFLICT", "ok"]);
    expect(await readResultChanges(match.id)).toHaveLength(1);
  });

  it("MTR 2.5: players cannot change a confirmed result; a staff correction is recorded, not silent", async () => {
    const match = await setUpMatch();
    await reportMatchResult(
      {
        matchId: match.id,
        winsA: 2,
        winsB: 1,
        draws: 0,
        expectedVersion: 0,
        idempotencyKey: key(),
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Scorekeeper" },
    );
    const byPlayer = await reportMatchResult(
      {
        matchId: match.id,
        winsA: 0,
        winsB: 2,
        draws: 0,
        expectedVersion: 1,
        idempotencyKey: key(),
        intentionalDraw: false,
        note: "",
      },
      { source: "PLAYER", registrationId: match.sideB!.id, name: "Yuri" },
    );
    expect(byPlayer).toMatchObject({ ok: false, error: { code: "MATCH_CONFIRMED" } });
    const correction = await reportMatchResult(
      {
        matchId: match.id,
        winsA: 1,
        winsB: 2,
        draws: 0,
        expectedVersion: 1,
        idempotencyKey: key(),
        intentionalDraw: false,
        note: "Slip was filled in reversed",
      },
      { source: "STAFF", name: "Head judge" },
    );
    expect(correction).toMatchObject({ ok: true, value: { winner: "B", version: 2 } });
    const history = await readResultChanges(match.id);
    expect(history.map((change) => change.kind)).toEqual(["REPORTED", "CORRECTED"]);
    expect(history[1]).toMatchObject({
      actorName: "Head judge",
      before: { winsA: 2, winsB: 1, draws: 0 },
      note: "Slip was filled in reversed",
    });
  });

  it("MTR 2.5: a staff correction that would store the result already stored is refused, and the history is unchanged", async () => {
    const match = await setUpMatch();
    await reportMatchResult(
      {
        matchId: match.id,
        winsA: 2,
        winsB: 0,
        draws: 0,
        expectedVersion: 0,
        idempotencyKey: key(),
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Scorekeeper" },
    );
    const same = await reportMatchResult(
      {
        matchId: match.id,
        winsA: 2,
        winsB: 0,
        draws: 0,
        expectedVersion: 1,
        idempotencyKey: key(),
        intentionalDraw: false,
        note: "Second look",
      },
      { source: "STAFF", name: "Head judge" },
    );
    expect(same).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", message: expect.stringContaining("already") },
    });
    expect((await readResultChanges(match.id)).map((change) => change.kind)).toEqual(["REPORTED"]);
    // The same games with a concession on top are a change (MTR 2.5 rewrites the slip).
    const conceded = await reportMatchResult(
      {
        matchId: match.id,
        winsA: 0,
        winsB: 0,
        draws: 0,
        concededBy: "B",
        expectedVersion: 1,
        idempotencyKey: key(),
        intentionalDraw: false,
        note: "B conceded before game 1",
      },
      { source: "STAFF", name: "Head judge" },
    );
    expect(conceded).toMatchObject({ ok: true });
  });
});

describe("MTR 2.5 concessions and intentional draws through the data layer", () => {
  it("a match conceded by the player up 1-0 is stored as 1-2 and counts for the opponent", async () => {
    const id = await newTournament();
    await register(id, ["Con", "Opp"]);
    await pairNextSwissRound(id);
    const [match] = await roundMatches(id, 1);
    const result = await reportMatchResult(
      {
        matchId: match!.id,
        winsA: 1,
        winsB: 0,
        draws: 0,
        concededBy: "A",
        expectedVersion: 0,
        idempotencyKey: key(),
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Judge" },
    );
    expect(result).toMatchObject({ ok: true, value: { winner: "B" } });
    expect(
      await prisma.match.findUnique({
        where: { id: match!.id },
        select: { winsA: true, winsB: true, concededBy: true },
      }),
    ).toEqual({
      winsA: 1,
      winsB: 2,
      concededBy: "A",
    });
    const standings = await getStandings(trustedTournamentAccess(id));
    if (!standings.ok) throw new Error(standings.error.message);
    expect(standings.value.rows.find((row) => row.playerId === match!.sideB!.id)?.matchPoints).toBe(
      3,
    );
  });

  it("an intentional draw with no games is 0-0-3 and gives each player one match point", async () => {
    const id = await newTournament();
    await register(id, ["Idee", "Ideb"]);
    await pairNextSwissRound(id);
    const [match] = await roundMatches(id, 1);
    const result = await reportMatchResult(
      {
        matchId: match!.id,
        winsA: 0,
        winsB: 0,
        draws: 0,
        intentionalDraw: true,
        expectedVersion: 0,
        idempotencyKey: key(),
        note: "",
      },
      { source: "STAFF", name: "Judge" },
    );
    expect(result).toMatchObject({ ok: true, value: { winner: null } });
    const stored = await prisma.match.findUnique({
      where: { id: match!.id },
      select: { winsA: true, winsB: true, draws: true },
    });
    expect(stored).toEqual({ winsA: 0, winsB: 0, draws: 3 });
    const standings = await getStandings(trustedTournamentAccess(id));
    if (!standings.ok) throw new Error(standings.error.message);
    expect(standings.value.rows.map((row) => row.matchPoints)).toEqual([1, 1]);
  });
});

describe("MTR 2.10 drops of players who never played", () => {
  it("a late entry who drops before their first round is left out of the standings", async () => {
    const id = await newTournament();
    await register(id, ["Early One", "Early Two"]);
    await pairNextSwissRound(id);
    const [late] = await register(id, ["Late Leaver"]);
    expect(await dropPlayer({ tournamentId: id, registrationId: late! })).toEqual({
      ok: true,
      value: { droppedAfterRound: 0 },
    });
    const standings = await getStandings(trustedTournamentAccess(id));
    if (!standings.ok) throw new Error(standings.error.message);
    expect(standings.value.rows.map((row) => row.playerId)).not.toContain(late);
  });
});
