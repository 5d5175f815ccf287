// MTR 2.5 over the JSON API: concededBy and intentionalDraw are stored as the rules say
// (a conceding player who won a game is reported 1-2; an agreed draw with no game played 0-0-3),
// and a drawn playoff match is refused (MTR 2.4) with nothing stored.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { startPlayoff } from "@/lib/server/round/playoffs";
import { reportMatchResult } from "@/lib/server/match/results";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";
import { POST } from "./route";

let organizer: TestAccount;
beforeAll(async () => {
  organizer = await createSignedInAccount("Concession Organizer");
}, 30_000);
afterAll(async () => {
  await prisma.$disconnect();
});

async function tournamentWith(names: string[]) {
  const created = await createTournament(
    {
      name: `API MTR 2.5 ${randomUUID()}`,
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    },
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  for (const name of names) await registerPlayer({ tournamentId: created.value.id, name });
  await pairNextSwissRound(created.value.id, "api");
  return created.value.id;
}

async function post(matchId: string, body: Record<string, unknown>) {
  const request = new Request(`http://localhost/api/matches/${matchId}/result`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: organizer.cookie },
    body: JSON.stringify({ expectedVersion: 0, idempotencyKey: randomUUID(), ...body }),
  });
  const response = await POST(request, { params: Promise.resolve({ id: matchId }) });
  return {
    status: response.status,
    body: (await response.json()) as {
      ok: boolean;
      data?: { winner: string | null };
      error?: { code: string; message: string };
    },
  };
}

async function stored(matchId: string) {
  return prisma.match.findUniqueOrThrow({
    where: { id: matchId },
    select: { winsA: true, winsB: true, draws: true, concededBy: true, intentionalDraw: true },
  });
}

describe("POST /api/matches/[id]/result: concessions and intentional draws (MTR 2.5)", () => {
  it("MTR 2.5: player B won a game and conceded: stored 2-1 for A, with the concession", async () => {
    const tournamentId = await tournamentWith(["Ann", "Ben"]);
    const [match] = (await getRound(tournamentId, 1))!.matches;
    const answer = await post(match!.id, { winsA: 0, winsB: 1, concededBy: "B" });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, data: { winner: "A" } } });
    expect(await stored(match!.id)).toEqual({
      winsA: 2,
      winsB: 1,
      draws: 0,
      concededBy: "B",
      intentionalDraw: false,
    });
  });

  it("MTR 2.5: an intentional draw with no game played is stored 0-0-3", async () => {
    const tournamentId = await tournamentWith(["Cy", "Di"]);
    const [match] = (await getRound(tournamentId, 1))!.matches;
    expect(await post(match!.id, { winsA: 0, winsB: 0, intentionalDraw: true })).toMatchObject({
      status: 200,
      body: { ok: true, data: { winner: null } },
    });
    expect(await stored(match!.id)).toEqual({
      winsA: 0,
      winsB: 0,
      draws: 3,
      concededBy: null,
      intentionalDraw: true,
    });
  });

  it("MTR 2.4: an intentional draw in a playoff match is refused and nothing is stored", async () => {
    const tournamentId = await tournamentWith(["P1", "P2", "P3", "P4"]);
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
        { source: "STAFF", name: "TO" },
      );
    }
    const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
    if (!started.ok) throw new Error(started.error.message);
    const [semi] = (await getRound(tournamentId, started.value.roundNumber))!.matches;
    const answer = await post(semi!.id, { winsA: 0, winsB: 0, intentionalDraw: true });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body.error?.message).toContain("cannot end in a draw");
    expect(await stored(semi!.id)).toEqual({
      winsA: null,
      winsB: null,
      draws: null,
      concededBy: null,
      intentionalDraw: false,
    });
  });
});
