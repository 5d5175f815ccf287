import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { getPlayoff, startPlayoff } from "@/lib/server/round/playoffs";
import { getStandings } from "./standings";
import { getMyFinalStanding } from "./player-outlook";
import { finishEvent } from "@/lib/server/tournament/event-status";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";

afterAll(async () => {
  await prisma.$disconnect();
});

const staff = { source: "STAFF" as const, name: "Scorekeeper" };

async function report(matchId: string, version: number, slip: { winsA: number; winsB: number }) {
  const reported = await reportMatchResult(
    {
      matchId,
      ...slip,
      draws: 0,
      expectedVersion: version,
      idempotencyKey: randomUUID(),
      intentionalDraw: false,
      note: "",
    },
    staff,
  );
  if (!reported.ok) throw new Error(reported.error.message);
}

async function standingsOf(tournamentId: string) {
  const standings = await getStandings(trustedTournamentAccess(tournamentId));
  if (!standings.ok) throw new Error(standings.error.message);
  return standings.value.rows.map((row) => ({
    name: row.name,
    rank: row.rank,
    stage: row.playoff?.label ?? null,
  }));
}

describe("final standings follow the playoff (the cut seeded by MTR 3.1 Swiss standings)", () => {
  it("a top 4 won by the 4th seed: champion, finalist, then the semifinal losers by Swiss rank; during the playoff each shows its stage", async () => {
    const created = await createTournament({
      name: `Final order ${randomUUID()}`,
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    });
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    for (const name of ["Ana", "Ben", "Cal", "Dee", "Eve"])
      await registerPlayer({ tournamentId, name });
    await pairNextSwissRound(tournamentId, "final-order");
    for (const match of (await getRound(tournamentId, 1))!.matches)
      if (match.sideB) await report(match.id, match.version, { winsA: 2, winsB: 1 });
    const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
    if (!started.ok) throw new Error(started.error.message);
    const seeds = (await getPlayoff(
      trustedTournamentAccess(tournamentId),
    ))!.rounds[0]!.matches.flatMap((match) => [match.nameA!, match.nameB!]);
    const [seed1, seed4, seed2, seed3] = seeds as [string, string, string, string];
    const swissOrder = (await standingsOf(tournamentId)).map((row) => row.name);
    const notCut = swissOrder.find((name) => !seeds.includes(name))!;

    // Semifinals: 4 beats 1 (side B wins), 2 beats 3.
    const semis = (await getRound(tournamentId, started.value.roundNumber))!.matches;
    await report(semis[0]!.id, semis[0]!.version, { winsA: 0, winsB: 2 });
    const during = await standingsOf(tournamentId);
    expect(during.map((row) => row.name)).toEqual(swissOrder);
    expect(during.find((row) => row.name === seed1)?.stage).toBe("Semifinalist");
    expect(during.find((row) => row.name === seed4)?.stage).toBe("Final");
    expect(during.find((row) => row.name === seed2)?.stage).toBe("Semifinals");
    await report(semis[1]!.id, semis[1]!.version, { winsA: 2, winsB: 0 });

    // Final: seed 2 is side A (higher seed, MTR 2.2); seed 4 wins it.
    const final = (await getRound(tournamentId, started.value.roundNumber + 1))!.matches[0]!;
    await report(final.id, final.version, { winsA: 1, winsB: 2 });
    const after = await standingsOf(tournamentId);
    expect(after).toEqual([
      { name: seed4, rank: 1, stage: "Champion" },
      { name: seed2, rank: 2, stage: "Finalist" },
      { name: seed1, rank: 3, stage: "Semifinalist" },
      { name: seed3, rank: 4, stage: "Semifinalist" },
      { name: notCut, rank: 5, stage: null },
    ]);
    // The champion's own phone reads where they finished and how far they went.
    const champion = await prisma.registration.findFirstOrThrow({
      where: { tournamentId, displayName: seed4 },
    });
    expect(await getMyFinalStanding(actorOf(tournamentId, champion.id))).toMatchObject({
      rank: 1,
      of: 5,
      stage: "Champion",
    });
  });

  it("MTR Appendix E: a finished Swiss-only event tells each player their final rank and record", async () => {
    const created = await createTournament({
      name: `Final phone ${randomUUID()}`,
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
      plannedRounds: 1,
    });
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    for (const name of ["Ana", "Ben", "Cal", "Dee"]) await registerPlayer({ tournamentId, name });
    await pairNextSwissRound(tournamentId, "final-phone");
    const [first] = (await getRound(tournamentId, 1))!.matches;
    for (const match of (await getRound(tournamentId, 1))!.matches)
      if (match.sideB) await report(match.id, match.version, { winsA: 2, winsB: 1 });
    expect(await finishEvent(tournamentId, { staffId: null, name: "Olga" })).toMatchObject({
      ok: true,
    });
    const loser = await getMyFinalStanding(actorOf(tournamentId, first!.sideB!.id));
    expect(loser).toMatchObject({ of: 4, record: "0-1-0", matchPoints: 0, stage: null });
    expect(loser!.rank).toBeGreaterThan(2);
  });
});

function actorOf(tournamentId: string, registrationId: string) {
  return { sessionId: "test", tournamentId, registrationId, name: "Player" };
}
