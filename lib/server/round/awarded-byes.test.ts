import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayers } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "./rounds";
import { awardByes, listAwardedByes, withdrawAwardedBye } from "./awarded-byes";
import { getStandings } from "@/lib/server/standings/standings";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import { reportMatchResult } from "@/lib/server/match/results";

afterAll(async () => {
  await prisma.$disconnect();
});

async function event(names: string[]) {
  const created = await createTournament({
    name: `Byes ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  await registerPlayers({ tournamentId: created.value.id, names: names.join("\n") });
  const ids = new Map(
    (
      await prisma.registration.findMany({
        where: { tournamentId: created.value.id },
        select: { id: true, displayName: true },
      })
    ).map((r) => [r.displayName, r.id]),
  );
  return { tournamentId: created.value.id, ids };
}

describe("byes awarded in advance (MTR Appendix C: a bye is a match won 2-0)", () => {
  it("players with byes for rounds 1–2 are not paired in them, each bye counts 3 match points, and the award is listed", async () => {
    const { tournamentId, ids } = await event(["Ana", "Ben", "Cal", "Dee", "Eve", "Fay"]);
    expect(
      await awardByes({ tournamentId, registrationId: ids.get("Ana")!, rounds: [1, 2] }),
    ).toEqual({ ok: true, value: { name: "Ana", rounds: [1, 2] } });
    expect(
      await awardByes({ tournamentId, registrationId: ids.get("Ben")!, rounds: [1] }),
    ).toMatchObject({ ok: true });
    expect(await listAwardedByes(tournamentId)).toEqual([
      { registrationId: ids.get("Ana"), name: "Ana", rounds: [1, 2] },
      { registrationId: ids.get("Ben"), name: "Ben", rounds: [1] },
    ]);
    await pairNextSwissRound(tournamentId, "byes");
    const round = (await getRound(tournamentId, 1))!;
    const byes = round.matches
      .filter((match) => match.sideB === null)
      .map((match) => match.sideA.displayName)
      .sort();
    expect(byes).toEqual(["Ana", "Ben"]);
    expect(round.matches.filter((match) => match.sideB !== null)).toHaveLength(2);
    for (const match of round.matches.filter((m) => m.sideB !== null)) {
      await reportMatchResult(
        {
          matchId: match.id,
          winsA: 2,
          winsB: 1,
          draws: 0,
          expectedVersion: match.version,
          idempotencyKey: randomUUID(),
          intentionalDraw: false,
          note: "",
        },
        { source: "STAFF", name: "Scorekeeper" },
      );
    }
    const standings = await getStandings(trustedTournamentAccess(tournamentId));
    if (!standings.ok) throw new Error(standings.error.message);
    expect(standings.value.rows.find((row) => row.name === "Ana")).toMatchObject({
      matchPoints: 3,
      byes: 1,
      record: { wins: 1 },
    });
    // A paired round's bye stands; round 2's may still be withdrawn, and the row is kept.
    expect(
      await awardByes({ tournamentId, registrationId: ids.get("Cal")!, rounds: [1] }),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("Round 1 is already paired") },
    });
    expect(
      await withdrawAwardedBye({ tournamentId, registrationId: ids.get("Ana")!, roundNumber: 1 }),
    ).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    expect(
      await withdrawAwardedBye({ tournamentId, registrationId: ids.get("Ana")!, roundNumber: 2 }),
    ).toEqual({ ok: true, value: { name: "Ana" } });
    expect(await prisma.awardedBye.count({ where: { registrationId: ids.get("Ana")! } })).toBe(2);
    await pairNextSwissRound(tournamentId, "byes-2");
    const second = (await getRound(tournamentId, 2))!;
    expect(
      second.matches.some((match) => match.sideB === null && match.sideA.displayName === "Ana"),
    ).toBe(false);
  });

  it("every player with an awarded bye for the round: the round is only byes", async () => {
    const { tournamentId, ids } = await event(["Ana", "Ben"]);
    for (const name of ["Ana", "Ben"])
      await awardByes({ tournamentId, registrationId: ids.get(name)!, rounds: [1] });
    expect(await pairNextSwissRound(tournamentId, "all-byes")).toMatchObject({ ok: true });
    expect((await getRound(tournamentId, 1))!.matches.every((match) => match.sideB === null)).toBe(
      true,
    );
  });

  it("a player of another tournament is not found", async () => {
    const { tournamentId } = await event(["Ana", "Ben"]);
    const other = await event(["Zed", "Yan"]);
    expect(
      await awardByes({ tournamentId, registrationId: other.ids.get("Zed")!, rounds: [1] }),
    ).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
  });
});
