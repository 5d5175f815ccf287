import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer, registerPlayers, removeRegistration, renamePlayer } from "./registrations";
import { pairNextSwissRound } from "@/lib/server/round/rounds";
import { getStandings } from "@/lib/server/standings/standings";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";

afterAll(async () => {
  await prisma.$disconnect();
});

async function tournament() {
  const created = await createTournament({
    name: `Registration ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value.id;
}

const names = async (tournamentId: string) =>
  (
    await prisma.registration.findMany({
      where: { tournamentId },
      orderBy: { createdAt: "asc" },
      select: { displayName: true },
    })
  ).map((row) => row.displayName);

describe("registering a pasted list", () => {
  it("registers every valid line in one go and says why each other line was skipped", async () => {
    const tournamentId = await tournament();
    await registerPlayer({ tournamentId, name: "Cal" });
    const result = await registerPlayers({
      tournamentId,
      names: `Ana\nBen\n\nana\ncal\n${"x".repeat(81)}`,
    });
    expect(result).toEqual({
      ok: true,
      value: {
        registered: ["Ana", "Ben"],
        skipped: [
          "Line 3 is empty.",
          "Line 4: ana is already on line 1.",
          "Line 5: cal is already registered.",
          "Line 6: keep the name to 80 characters or fewer (it has 81).",
        ],
        firstRound: 1,
      },
    });
    expect(await names(tournamentId)).toEqual(["Cal", "Ana", "Ben"]);
  });

  it("a list with nothing to register is refused and saves nothing; after round 1 the entries are late (round 2)", async () => {
    const tournamentId = await tournament();
    await registerPlayers({ tournamentId, names: "Ana\nBen" });
    expect(await registerPlayers({ tournamentId, names: "ana\n\n" })).toMatchObject({
      ok: false,
      error: { code: "VALIDATION" },
    });
    await pairNextSwissRound(tournamentId, "paste");
    expect(await registerPlayers({ tournamentId, names: "Dee" })).toMatchObject({
      ok: true,
      value: { registered: ["Dee"], firstRound: 2 },
    });
  });
});

describe("late entries: with or without losses for the rounds missed (the organizer chooses)", () => {
  it("a late entry without losses counts only the rounds played, and the standings say which rule each late entry has", async () => {
    const tournamentId = await tournament();
    await registerPlayers({ tournamentId, names: "Ana\nBen\nCal\nDee" });
    await pairNextSwissRound(tournamentId, "late");
    const round = await prisma.match.findMany({
      where: { round: { tournamentId, number: 1 } },
      select: { id: true, version: true },
    });
    for (const match of round)
      await prisma.match.update({
        where: { id: match.id },
        data: { winsA: 2, winsB: 0, draws: 0, confirmedAt: new Date(), version: { increment: 1 } },
      });
    expect(await registerPlayer({ tournamentId, name: "Eve", missedRounds: false })).toMatchObject({
      ok: true,
      value: { firstRound: 2 },
    });
    expect(await registerPlayer({ tournamentId, name: "Fay" })).toMatchObject({
      ok: true,
      value: { firstRound: 2 },
    });
    const standings = await getStandings(trustedTournamentAccess(tournamentId));
    if (!standings.ok) throw new Error(standings.error.message);
    const row = (name: string) =>
      standings.value.rows.find((candidate) => candidate.name === name)!;
    expect(row("Eve")).toMatchObject({
      joinedInRound: 2,
      lateEntryLosses: 0,
      matchesPlayed: 0,
      record: { losses: 0 },
    });
    expect(row("Fay")).toMatchObject({
      joinedInRound: 2,
      lateEntryLosses: 1,
      matchesPlayed: 1,
      record: { losses: 1 },
    });
    expect(row("Ana").joinedInRound).toBeNull();
  });
});

describe("renaming and removing an entry", () => {
  it("a rename shows at once in the standings; a name already taken is refused", async () => {
    const tournamentId = await tournament();
    const ana = await registerPlayer({ tournamentId, name: "Anna" });
    await registerPlayer({ tournamentId, name: "Ben" });
    if (!ana.ok) throw new Error(ana.error.message);
    await getStandings(trustedTournamentAccess(tournamentId));
    expect(await renamePlayer({ tournamentId, registrationId: ana.value.id, name: "Ana" })).toEqual(
      {
        ok: true,
        value: { from: "Anna", to: "Ana" },
      },
    );
    const standings = await getStandings(trustedTournamentAccess(tournamentId));
    expect(standings.ok && standings.value.rows.map((row) => row.name).sort()).toEqual([
      "Ana",
      "Ben",
    ]);
    expect(
      await renamePlayer({ tournamentId, registrationId: ana.value.id, name: "ben" }),
    ).toMatchObject({ ok: false, error: { code: "DUPLICATE_PLAYER" } });
  });

  it("MTR 2.10: an entry is removed before round 1 is paired; afterwards it is refused with 'drop them instead'", async () => {
    const tournamentId = await tournament();
    const typo = await registerPlayer({ tournamentId, name: "Anaa" });
    if (!typo.ok) throw new Error(typo.error.message);
    await registerPlayers({ tournamentId, names: "Ana\nBen\nCal" });
    expect(await removeRegistration({ tournamentId, registrationId: typo.value.id })).toEqual({
      ok: true,
      value: { name: "Anaa" },
    });
    expect(await names(tournamentId)).toEqual(["Ana", "Ben", "Cal"]);
    await pairNextSwissRound(tournamentId, "remove");
    const cal = await prisma.registration.findFirstOrThrow({
      where: { tournamentId, displayName: "Cal" },
      select: { id: true },
    });
    const refused = await removeRegistration({ tournamentId, registrationId: cal.id });
    expect(refused).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    expect(!refused.ok && refused.error.message).toContain("drop them instead (MTR 2.10)");
  });
});
