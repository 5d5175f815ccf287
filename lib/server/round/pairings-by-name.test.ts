import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { computePairingsByName } from "./pairings-by-name";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer, renamePlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "./rounds";
import { reportMatchResult } from "@/lib/server/match/results";

afterAll(async () => {
  await prisma.$disconnect();
});

async function pairedEvent(names: string[]) {
  const created = await createTournament({
    name: `Pairings by name ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  const ids = new Map<string, string>();
  for (const name of names) {
    const registered = await registerPlayer({ tournamentId: created.value.id, name });
    if (!registered.ok) throw new Error(registered.error.message);
    ids.set(name, registered.value.id);
  }
  await pairNextSwissRound(created.value.id, "test");
  return { tournamentId: created.value.id, ids };
}

async function listed(tournamentId: string) {
  const computed = await computePairingsByName(prisma, tournamentId);
  if (!computed.ok || !computed.value) throw new Error("no pairings");
  return computed.value.rows.map((row) => `${row.name}: ${row.result ?? "-"}`);
}

describe("pairings by name: every player of the latest round, by name (MTR 2.1 results as they come in)", () => {
  it("a result changes the rows' scores, not their order; a bye is listed with its player", async () => {
    const { tournamentId } = await pairedEvent(["dan", "Ann", "Cy", "bea", "Émile"]);
    const before = await listed(tournamentId);
    expect(before.map((line) => line.split(":")[0])).toEqual(["Ann", "bea", "Cy", "dan", "Émile"]);
    const round = (await getRound(tournamentId, 1))!;
    const played = round.matches.find((match) => match.sideB !== null)!;
    const reported = await reportMatchResult(
      {
        matchId: played.id,
        winsA: 2,
        winsB: 1,
        draws: 0,
        expectedVersion: played.version,
        idempotencyKey: randomUUID(),
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Test" },
    );
    expect(reported.ok).toBe(true);
    const after = await listed(tournamentId);
    expect(after.map((line) => line.split(":")[0])).toEqual(
      before.map((line) => line.split(":")[0]),
    );
    expect(after.filter((line) => /2-1|1-2/.test(line))).toHaveLength(2);
    expect(round.matches.some((match) => match.sideB === null)).toBe(true);
  });

  it("a player renamed mid-round moves to their new place at once", async () => {
    const { tournamentId, ids } = await pairedEvent(["Ann", "Bea", "Cy", "Dan"]);
    expect((await listed(tournamentId)).map((line) => line.split(":")[0])).toEqual([
      "Ann",
      "Bea",
      "Cy",
      "Dan",
    ]);
    const renamed = await renamePlayer({
      tournamentId,
      registrationId: ids.get("Ann")!,
      name: "Zed",
    });
    expect(renamed.ok).toBe(true);
    expect((await listed(tournamentId)).map((line) => line.split(":")[0])).toEqual([
      "Bea",
      "Cy",
      "Dan",
      "Zed",
    ]);
  });
});
