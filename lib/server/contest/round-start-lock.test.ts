import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound, startRound, swapPlayers } from "@/lib/server/round/rounds";

afterAll(async () => {
  await prisma.$disconnect();
});

async function pairedRound() {
  const created = await createTournament({
    name: `Start lock ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  for (const name of ["T1", "T2", "T3", "T4"]) await registerPlayer({ tournamentId, name });
  await pairNextSwissRound(tournamentId, "start-lock");
  const round = (await getRound(tournamentId, 1))!;
  return { tournamentId, round };
}

/** Sessions other than `self` waiting for a lock (row, advisory...) in this database. */
async function waitingSessions(observer: pg.Client, self: number): Promise<number> {
  const { rows } = await observer.query<{ count: string }>(
    "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.datname = current_database() AND l.pid <> $1",
    [self],
  );
  return Number(rows[0]!.count);
}

async function until(
  condition: () => Promise<boolean>,
  what: string,
  timeoutMs = 3_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("starting a round and swapping seats are serialized (PostgreSQL server)", () => {
  it("a swap slowed down after its checks and a start sent meanwhile: never a swap recorded after the start", async (context) => {
    // PGlite serves one connection: there is no second session to slow a transaction with.
    if (inject("databaseIsEmbedded")) context.skip();
    const holder = new pg.Client({ connectionString: inject("databaseUrl") });
    await holder.connect();
    try {
      const { rows } = await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      const holderPid = rows[0]!.pid;
      for (let attempt = 0; attempt < 3; attempt++) {
        const { tournamentId, round } = await pairedRound();
        const [first, second] = round.matches;
        // Hold the round's match rows: the swap passes its checks (round not started), then
        // waits on its first write, as a slow swap would.
        await holder.query("BEGIN");
        await holder.query(`SELECT id FROM "Match" WHERE "roundId" = $1 FOR UPDATE`, [round.id]);
        const swap = swapPlayers(
          {
            tournamentId,
            roundNumber: 1,
            playerId: first!.sideA.id,
            otherPlayerId: second!.sideA.id,
          },
          { name: "TO" },
        );
        await until(
          async () => (await waitingSessions(holder, holderPid)) >= 1,
          "the swap to wait on the held rows",
        );

        // The start arrives while the swap is between its check and its write.
        let isStartDone = false;
        const start = startRound(tournamentId, 1).finally(() => {
          isStartDone = true;
        });
        // Either the start finishes (it did not wait for the swap) or it queues behind it.
        await until(
          async () => isStartDone || (await waitingSessions(holder, holderPid)) >= 2,
          "the start to finish or queue",
        );
        await holder.query("COMMIT");
        const [swapped, started] = await Promise.all([swap, start]);

        expect(started.ok).toBe(true);
        const stored = await prisma.round.findUniqueOrThrow({
          where: { id: round.id },
          select: { status: true, startedAt: true },
        });
        const swaps = await prisma.pairingChange.findMany({
          where: { roundId: round.id, kind: "SWAPPED" },
          select: { createdAt: true },
        });
        // Exactly one order: the swap went first (and is kept), then the round started.
        expect(swapped.ok).toBe(true);
        expect(stored.status).toBe("IN_PROGRESS");
        expect(swaps).toHaveLength(1);
        expect(swaps[0]!.createdAt.getTime()).toBeLessThanOrEqual(stored.startedAt!.getTime());

        // And once started, a swap is refused.
        const late = await swapPlayers(
          {
            tournamentId,
            roundNumber: 1,
            playerId: first!.sideA.id,
            otherPlayerId: second!.sideB!.id,
          },
          { name: "TO" },
        );
        expect(late).toMatchObject({ ok: false, error: { code: "ROUND_STARTED" } });
      }
    } finally {
      await holder.query("ROLLBACK").catch(() => undefined);
      await holder.end();
    }
  });

  it("many swaps and starts sent together: every swap that was recorded came before the start", async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const { tournamentId, round } = await pairedRound();
      const [first, second] = round.matches;
      const answers = await Promise.all([
        swapPlayers(
          {
            tournamentId,
            roundNumber: 1,
            playerId: first!.sideA.id,
            otherPlayerId: second!.sideA.id,
          },
          { name: "TO" },
        ),
        startRound(tournamentId, 1),
      ]);
      expect(answers[1].ok).toBe(true);
      const stored = await prisma.round.findUniqueOrThrow({
        where: { id: round.id },
        select: { startedAt: true },
      });
      const swaps = await prisma.pairingChange.findMany({
        where: { roundId: round.id, kind: "SWAPPED" },
        select: { createdAt: true },
      });
      expect(swaps.length).toBe(answers[0].ok ? 1 : 0);
      for (const swap of swaps)
        expect(swap.createdAt.getTime()).toBeLessThanOrEqual(stored.startedAt!.getTime());
    }
  });
});
