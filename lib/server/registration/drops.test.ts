import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { dropPlayer, registerPlayer, undoDrop } from "./registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";

afterAll(async () => {
  await prisma.$disconnect();
});

const scorekeeper = { staffId: null, name: "Sam Scorekeeper" };
const organizer = { staffId: null, name: "Olga Organizer" };

async function eventWithRoundOne() {
  const created = await createTournament({
    name: `Drops ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  const ids: Record<string, string> = {};
  for (const name of ["Ana", "Ben", "Cal", "Dee"]) {
    const registered = await registerPlayer({ tournamentId, name });
    if (!registered.ok) throw new Error(registered.error.message);
    ids[name] = registered.value.id;
  }
  await pairNextSwissRound(tournamentId, "drops");
  for (const match of (await getRound(tournamentId, 1))!.matches) {
    await reportMatchResult(
      {
        matchId: match.id,
        winsA: 2,
        winsB: 0,
        draws: 0,
        expectedVersion: match.version,
        idempotencyKey: randomUUID(),
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Scorekeeper" },
    );
  }
  return { tournamentId, ids };
}

describe("MTR 2.10: undoing a drop", () => {
  it("MTR 2.10: a drop undone before round 2 is paired puts the player back into round 2; both history rows stay, naming who did what", async () => {
    const { tournamentId, ids } = await eventWithRoundOne();
    expect(await dropPlayer({ tournamentId, registrationId: ids.Ana! }, scorekeeper)).toMatchObject(
      { ok: true, value: { droppedAfterRound: 1 } },
    );
    expect(await undoDrop({ tournamentId, registrationId: ids.Ana! }, organizer)).toEqual({
      ok: true,
      value: { name: "Ana", firstRound: 2 },
    });
    const history = await prisma.dropChange.findMany({
      where: { registrationId: ids.Ana! },
      orderBy: { createdAt: "asc" },
      select: { kind: true, afterRound: true, actorName: true },
    });
    expect(history).toEqual([
      { kind: "DROPPED", afterRound: 1, actorName: "Sam Scorekeeper" },
      { kind: "UNDONE", afterRound: 1, actorName: "Olga Organizer" },
    ]);
    await pairNextSwissRound(tournamentId, "drops-2");
    const seated = (await getRound(tournamentId, 2))!.matches.flatMap((match) => [
      match.sideA.id,
      match.sideB?.id,
    ]);
    expect(seated).toContain(ids.Ana);
  });

  it("MTR 2.10: once round 2 was paired without the player the drop stands, and nothing is written", async () => {
    const { tournamentId, ids } = await eventWithRoundOne();
    await dropPlayer({ tournamentId, registrationId: ids.Ben! });
    await pairNextSwissRound(tournamentId, "drops-2");
    const refused = await undoDrop({ tournamentId, registrationId: ids.Ben! }, organizer);
    expect(refused).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    expect(!refused.ok && refused.error.message).toMatch(/^Ben: Round 2 was paired without them/);
    expect(
      await prisma.registration.findUniqueOrThrow({
        where: { id: ids.Ben! },
        select: { droppedAfterRound: true },
      }),
    ).toEqual({ droppedAfterRound: 1 });
    // A player who drops with their own code is named in the history.
    expect(
      await prisma.dropChange.findMany({
        where: { registrationId: ids.Ben! },
        select: { kind: true, actorName: true },
      }),
    ).toEqual([{ kind: "DROPPED", actorName: "Ben" }]);
  });

  it("a player who has not dropped has nothing to undo", async () => {
    const { tournamentId, ids } = await eventWithRoundOne();
    expect(await undoDrop({ tournamentId, registrationId: ids.Cal! }, organizer)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("has not dropped") },
    });
  });
});
