import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * The embedded database serves one session, so the app's pool has one connection: a write that
 * reads outside its own transaction waits for itself. Here the whole data layer runs on a pool of
 * one, as `npm run dev` on the embedded database does.
 */
const poolMaxBefore = process.env.DATABASE_POOL_MAX;
process.env.DATABASE_POOL_MAX = "1";
delete (globalThis as Record<symbol, unknown>)[Symbol.for("spellbook-to.prisma-client")];
vi.resetModules();

const { prisma } = await import("./db");
const { createTournament } = await import("@/lib/server/tournament/tournaments");
const { registerPlayer } = await import("@/lib/server/registration/registrations");
const { getRound, pairNextSwissRound, startRound } = await import("@/lib/server/round/rounds");
const { submitPlayerReport } = await import("@/lib/server/match/player-reports");

afterAll(async () => {
  await prisma.$disconnect();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("spellbook-to.prisma-client")];
  process.env.DATABASE_POOL_MAX = poolMaxBefore;
});

let match: { id: string; sideAId: string; tournamentId: string };
beforeAll(async () => {
  const created = await createTournament({
    name: `One connection ${Math.random()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  for (const name of ["Ana", "Ben"]) await registerPlayer({ tournamentId: created.value.id, name });
  await pairNextSwissRound(created.value.id, "one-connection");
  await startRound(created.value.id, 1);
  const [first] = (await getRound(created.value.id, 1))!.matches;
  match = { id: first!.id, sideAId: first!.sideA.id, tournamentId: created.value.id };
});

describe("one database connection (the embedded default)", () => {
  it("MTR 2.5: a double-tapped player report is recorded once and both taps are answered at once", async () => {
    const player = { registrationId: match.sideAId, tournamentId: match.tournamentId, name: "Ana" };
    const input = {
      matchId: match.id,
      winsA: 2,
      winsB: 1,
      draws: 0,
      expectedVersion: 0,
      idempotencyKey: `double-${Math.random()}`,
      intentionalDraw: false,
    };
    const started = Date.now();
    const [first, second] = await Promise.all([
      submitPlayerReport(input, player as never),
      submitPlayerReport(input, player as never),
    ]);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect([first, second].every((answer) => answer.ok)).toBe(true);
    expect([first, second].filter((answer) => answer.ok && answer.value.isDuplicate)).toHaveLength(
      1,
    );
    expect(await prisma.matchReport.count({ where: { matchId: match.id } })).toBe(1);
  });
});
