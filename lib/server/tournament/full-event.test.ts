import { afterAll, describe, expect, it } from "vitest";
import { createRandom } from "@/lib/pairings/random";
import { prisma } from "@/lib/server/infra/db";
import { createTournament, getTournament } from "./tournaments";
import { dropPlayer, registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { getStandings } from "@/lib/server/standings/standings";
import { getPlayoff, startPlayoff } from "@/lib/server/round/playoffs";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";

afterAll(async () => {
  await prisma.$disconnect();
});

const SWISS_SLIPS = [
  { winsA: 2, winsB: 0, draws: 0 },
  { winsA: 2, winsB: 1, draws: 0 },
  { winsA: 1, winsB: 2, draws: 0 },
  { winsA: 0, winsB: 2, draws: 0 },
  { winsA: 1, winsB: 1, draws: 1 },
  { winsA: 1, winsB: 0, draws: 0 },
];
const PLAYOFF_SLIPS = [
  { winsA: 2, winsB: 0, draws: 0 },
  { winsA: 2, winsB: 1, draws: 0 },
  { winsA: 1, winsB: 2, draws: 0 },
  { winsA: 0, winsB: 2, draws: 0 },
];

async function reportRound(
  tournamentId: string,
  roundNumber: number,
  slips: typeof SWISS_SLIPS,
  random: ReturnType<typeof createRandom>,
) {
  const round = await getRound(tournamentId, roundNumber);
  if (!round) throw new Error(`round ${roundNumber} missing`);
  for (const match of round.matches) {
    if (!match.sideB || match.winsA !== null) continue;
    const slip = slips[random.nextInt(slips.length)]!;
    const reported = await reportMatchResult(
      {
        matchId: match.id,
        ...slip,
        expectedVersion: match.version,
        idempotencyKey: `sim-${match.id}`,
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Simulation" },
    );
    if (!reported.ok) throw new Error(reported.error.message);
  }
  return round;
}

describe("a full simulated event: 64 players, Swiss and a top 8, from registration to champion", () => {
  it("pairs six Swiss rounds without rematches, handles drops and a late entry, cuts to a top 8 and crowns a champion", async () => {
    const random = createRandom("full-event-64");
    const created = await createTournament({
      name: "Simulated Regional",
      format: "Modern",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
      plannedRounds: 6,
    });
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    const players: string[] = [];
    for (let index = 1; index <= 64; index++) {
      const registered = await registerPlayer({
        tournamentId,
        name: `Player ${String(index).padStart(2, "0")}`,
      });
      if (!registered.ok) throw new Error(registered.error.message);
      players.push(registered.value.id);
    }

    const meetings = new Set<string>();
    const byes = new Map<string, number>();
    const dropped = new Set<string>();
    let lateEntry: string | null = null;
    for (let roundNumber = 1; roundNumber <= 6; roundNumber++) {
      if (roundNumber === 3) {
        // Two drops after round 2 and one late entry for round 3: the field goes 64 → 63.
        for (const id of [players[5]!, players[40]!]) {
          expect(await dropPlayer({ tournamentId, registrationId: id })).toMatchObject({
            ok: true,
            value: { droppedAfterRound: 2 },
          });
          dropped.add(id);
        }
        const late = await registerPlayer({ tournamentId, name: "Late Larry" });
        if (!late.ok) throw new Error(late.error.message);
        expect(late.value.firstRound).toBe(3);
        lateEntry = late.value.id;
      }
      const paired = await pairNextSwissRound(tournamentId, `sim-round-${roundNumber}`);
      expect(paired).toEqual({ ok: true, value: { roundNumber } });
      const round = await reportRound(tournamentId, roundNumber, SWISS_SLIPS, random);

      const seated = round.matches.flatMap((match) => [
        match.sideA.id,
        ...(match.sideB ? [match.sideB.id] : []),
      ]);
      expect(new Set(seated).size).toBe(seated.length);
      for (const id of dropped) expect(seated).not.toContain(id);
      if (roundNumber >= 3) expect(seated).toContain(lateEntry);
      const roundByes = round.matches.filter((match) => match.sideB === null);
      expect(roundByes).toHaveLength(seated.length % 2 === 1 ? 1 : 0);
      for (const match of roundByes) byes.set(match.sideA.id, (byes.get(match.sideA.id) ?? 0) + 1);
      for (const match of round.matches) {
        if (!match.sideB) continue;
        const key = [match.sideA.id, match.sideB.id].sort().join(":");
        expect(meetings.has(key), `rematch in round ${roundNumber}`).toBe(false);
        meetings.add(key);
      }
    }
    expect([...byes.values()].every((count) => count === 1)).toBe(true);

    const standings = await getStandings(trustedTournamentAccess(tournamentId));
    if (!standings.ok) throw new Error(standings.error.message);
    expect(standings.value.throughRound).toBe(6);
    expect(standings.value.rows).toHaveLength(65);
    const late = standings.value.rows.find((row) => row.playerId === lateEntry)!;
    // MTR: a late entry receives losses for the rounds missed.
    expect(late.record.losses).toBeGreaterThanOrEqual(2);
    for (const row of standings.value.rows) {
      expect(row.matchPoints).toBe(row.record.wins * 3 + row.record.draws);
      expect(row.opponentMatchWinPct).toBeGreaterThanOrEqual(0.33);
    }

    expect(await startPlayoff({ tournamentId, cutSize: 8, gamesToWin: 2 })).toEqual({
      ok: true,
      value: { roundNumber: 7 },
    });
    expect(await pairNextSwissRound(tournamentId)).toMatchObject({
      ok: false,
      error: { code: "PLAYOFF_NOT_READY" },
    });
    const contenders = standings.value.rows
      .filter((row) => !row.dropped)
      .slice(0, 8)
      .map((row) => row.playerId);
    const quarterfinals = await getRound(tournamentId, 7);
    // Seeded 1v8, 4v5, 2v7, 3v6; the higher seed is side A and chooses play/draw (MTR 2.2).
    expect(quarterfinals!.matches.map((match) => [match.sideA.id, match.sideB!.id])).toEqual([
      [contenders[0], contenders[7]],
      [contenders[3], contenders[4]],
      [contenders[1], contenders[6]],
      [contenders[2], contenders[5]],
    ]);

    // A playoff match cannot end in a draw (MTR 2.4 end-of-match procedure in single elimination).
    const drawn = await reportMatchResult(
      {
        matchId: quarterfinals!.matches[0]!.id,
        winsA: 1,
        winsB: 1,
        draws: 0,
        expectedVersion: 0,
        idempotencyKey: "sim-qf-draw",
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Simulation" },
    );
    expect(drawn).toMatchObject({ ok: false, error: { code: "INVALID_RESULT" } });

    await reportRound(tournamentId, 7, PLAYOFF_SLIPS, random);
    const semifinals = await getRound(tournamentId, 8);
    expect(semifinals!.matches).toHaveLength(2);
    await reportRound(tournamentId, 8, PLAYOFF_SLIPS, random);
    const final = await getRound(tournamentId, 9);
    expect(final!.matches).toHaveLength(1);
    await reportRound(tournamentId, 9, PLAYOFF_SLIPS, random);

    const playoff = await getPlayoff(trustedTournamentAccess(tournamentId));
    const finalMatch = (await getRound(tournamentId, 9))!.matches[0]!;
    const finalWinner =
      finalMatch.winsA! > finalMatch.winsB!
        ? finalMatch.sideA.displayName
        : finalMatch.sideB!.displayName;
    expect(playoff?.champion).toBe(finalWinner);
    expect(playoff?.rounds.map((round) => round.matches.length)).toEqual([4, 2, 1]);
    expect((await getTournament(tournamentId))?.status).toBe("COMPLETE");

    // MTR 2.10: once the event is complete, nobody can drop any more.
    const stillIn = (await getTournament(tournamentId))!.registrations.find(
      (registration) => registration.droppedAfterRound === null,
    )!;
    const lateDrop = await dropPlayer({ tournamentId, registrationId: stillIn.id });
    expect(lateDrop).toMatchObject({ ok: false, error: { code: "EVENT_COMPLETE" } });
    expect(
      (await getTournament(tournamentId))!.registrations.find(
        (registration) => registration.id === stillIn.id,
      )!.droppedAfterRound,
    ).toBeNull();
  }, 120_000);
});

describe("playoff corrections", () => {
  async function topFour() {
    const created = await createTournament({
      name: "Top 4 Cup",
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    });
    if (!created.ok) throw new Error("create");
    const tournamentId = created.value.id;
    for (let index = 1; index <= 6; index++)
      await registerPlayer({ tournamentId, name: `Seedling ${index}` });
    await pairNextSwissRound(tournamentId, "t4");
    await reportRound(tournamentId, 1, [{ winsA: 2, winsB: 0, draws: 0 }], createRandom("t4"));
    const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
    if (!started.ok) throw new Error(started.error.message);
    return { tournamentId, roundNumber: started.value.roundNumber };
  }

  it("refuses a second cut and a cut larger than the field", async () => {
    const { tournamentId } = await topFour();
    expect(await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 })).toMatchObject({
      ok: false,
      error: { code: "PLAYOFF_NOT_READY" },
    });
    const small = await createTournament({
      name: "Tiny",
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    });
    if (!small.ok) throw new Error("create");
    for (const name of ["A", "B", "C", "D"])
      await registerPlayer({ tournamentId: small.value.id, name });
    await pairNextSwissRound(small.value.id);
    await reportRound(small.value.id, 1, [{ winsA: 2, winsB: 0, draws: 0 }], createRandom("tiny"));
    expect(
      await startPlayoff({ tournamentId: small.value.id, cutSize: 8, gamesToWin: 2 }),
    ).toMatchObject({ ok: false, error: { code: "NOT_ENOUGH_PLAYERS" } });
  });

  it("follows a corrected semifinal winner into the final while the final is unplayed, and refuses once it is played", async () => {
    const { tournamentId, roundNumber } = await topFour();
    await reportRound(
      tournamentId,
      roundNumber,
      [{ winsA: 2, winsB: 0, draws: 0 }],
      createRandom("semis"),
    );
    const semis = (await getRound(tournamentId, roundNumber))!.matches;
    const finalBefore = (await getRound(tournamentId, roundNumber + 1))!.matches[0]!;
    expect(finalBefore.sideA.id).toBe(semis[0]!.sideA.id);

    const corrected = await reportMatchResult(
      {
        matchId: semis[0]!.id,
        winsA: 0,
        winsB: 2,
        draws: 0,
        expectedVersion: semis[0]!.version,
        idempotencyKey: "fix-semi",
        intentionalDraw: false,
        note: "Slip reversed",
      },
      { source: "STAFF", name: "Head judge" },
    );
    expect(corrected.ok).toBe(true);
    const finalAfter = (await getRound(tournamentId, roundNumber + 1))!.matches[0]!;
    expect([finalAfter.sideA.id, finalAfter.sideB!.id]).toContain(semis[0]!.sideB!.id);
    expect([finalAfter.sideA.id, finalAfter.sideB!.id]).not.toContain(semis[0]!.sideA.id);

    await reportRound(
      tournamentId,
      roundNumber + 1,
      [{ winsA: 2, winsB: 1, draws: 0 }],
      createRandom("final"),
    );
    const semiNow = (await getRound(tournamentId, roundNumber))!.matches[0]!;
    const refused = await reportMatchResult(
      {
        matchId: semiNow.id,
        winsA: 2,
        winsB: 0,
        draws: 0,
        expectedVersion: semiNow.version,
        idempotencyKey: "fix-semi-again",
        intentionalDraw: false,
        note: "Reversed again",
      },
      { source: "STAFF", name: "Head judge" },
    );
    expect(refused).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    // Nothing of the refused correction was kept.
    expect((await getRound(tournamentId, roundNumber))!.matches[0]).toMatchObject({
      winsA: 0,
      winsB: 2,
      version: semiNow.version,
    });
  });
});
