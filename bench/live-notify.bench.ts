/**
 * What the live-page announcements (migration 20261124105552_live_announcements) cost the hot
 * path, the result write (docs/live-updates.md):
 *
 *   npx tsx --conditions=react-server bench/live-notify.bench.ts [--players 4096] [--batch 128] [--concurrency 1,8]
 *
 * Seeds a 4,096-player event (bench/seed-large-event.ts), pairs round 2 (2,048 matches) and reports
 * them through the data layer (`reportMatchResult`, what the API and the forms call), in batches
 * that alternate between the announcement triggers disabled and enabled (ALTER TABLE ... DISABLE
 * TRIGGER), so both modes see the same database state and machine load. A LISTENing connection is
 * open throughout, so the notifications are really queued and delivered. Prints per-report
 * latency for each mode and concurrency. The database is dropped at the end.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { applyMigrations } from "../lib/server/infra/migrate";
import { provisionTestDatabase } from "../test/database";
import { seedLargeEvent } from "./seed-large-event";

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "4096" },
    batch: { type: "string", default: "128" },
    concurrency: { type: "string", default: "1,8" },
  },
});
const PLAYERS = Number(values.players);
const BATCH = Number(values.batch);
const CONCURRENCIES = values.concurrency.split(",").map(Number);
const WATCHED = [
  "Tournament",
  "Phase",
  "Registration",
  "StaffMember",
  "Round",
  "TeamMember",
  "PlayoffSeed",
  "PairingChange",
  "Match",
  "Game",
  "MatchReport",
  "ResultChange",
  "TimeExtension",
  "EndOfMatchEvent",
  "Penalty",
];

const database = await provisionTestDatabase("livebench");
try {
  await applyMigrations(database.url);
  process.env.DATABASE_URL = database.url;
  process.env.DATABASE_POOL_MAX = database.isEmbedded ? "1" : "10";
  process.env.BETTER_AUTH_SECRET ??= "bench-secret-0123456789abcdef0123456789";
  console.error(
    `database: ${database.isEmbedded ? "embedded PGlite" : "PostgreSQL server"}; seeding ${PLAYERS} players`,
  );
  const { tournamentId } = await seedLargeEvent({
    players: PLAYERS,
    rounds: 1,
    seed: "live-bench",
  });
  const { pairNextSwissRound } = await import("../lib/server/round/rounds");
  const { reportMatchResult } = await import("../lib/server/match/results");
  const { ReportMatchResultSchema } = await import("../lib/schemas/match-result");
  const { prisma } = await import("../lib/server/infra/db");
  const paired = await pairNextSwissRound(tournamentId, "live-bench");
  if (!paired.ok) throw new Error(paired.error.message);
  const matches = await prisma.match.findMany({
    where: { round: { tournamentId, number: 2 }, sideBId: { not: null } },
    select: { id: true },
    orderBy: { tableNumber: "asc" },
  });

  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  let heard = 0;
  listener.on("notification", () => (heard += 1));
  await listener.query("LISTEN tournament_changed");
  const setTriggers = async (enabled: boolean) => {
    for (const table of WATCHED)
      await admin.query(`ALTER TABLE "${table}" ${enabled ? "ENABLE" : "DISABLE"} TRIGGER USER`);
  };

  const samples: Record<string, number[]> = {};
  let next = 0;
  const perMode = Math.floor(matches.length / (2 * CONCURRENCIES.length));
  for (const concurrency of CONCURRENCIES) {
    for (let done = 0; done < perMode; done += BATCH) {
      for (const enabled of [false, true]) {
        await setTriggers(enabled);
        const batch = matches.slice(next, next + Math.min(BATCH, perMode - done));
        next += batch.length;
        const key = `${enabled ? "with" : "without"} announcements, ${concurrency} writer(s)`;
        samples[key] ??= [];
        const times = samples[key];
        let cursor = 0;
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (cursor < batch.length) {
              const match = batch[cursor++]!;
              const started = performance.now();
              const result = await reportMatchResult(
                ReportMatchResultSchema.parse({
                  matchId: match.id,
                  winsA: 2,
                  winsB: 1,
                  draws: 0,
                  expectedVersion: 0,
                  idempotencyKey: randomUUID(),
                }),
                { source: "STAFF", name: "Bench" },
              );
              times.push(performance.now() - started);
              if (!result.ok) throw new Error(result.error.message);
            }
          }),
        );
      }
    }
  }
  await setTriggers(true);
  await new Promise((resolve) => setTimeout(resolve, 200));

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  console.log(`| mode | reports | mean ms | p50 ms | p95 ms | p99 ms |`);
  console.log(`| --- | ---: | ---: | ---: | ---: | ---: |`);
  for (const [mode, times] of Object.entries(samples)) {
    const sorted = [...times].sort((a, b) => a - b);
    const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
    console.log(
      `| ${mode} | ${times.length} | ${mean.toFixed(2)} | ${percentile(sorted, 50).toFixed(2)} | ${percentile(sorted, 95).toFixed(2)} | ${percentile(sorted, 99).toFixed(2)} |`,
    );
  }
  console.log(`notifications heard: ${heard} (one per report made with announcements on)`);
  await listener.end();
  await admin.end();
  await prisma.$disconnect();
} finally {
  await database.drop();
}
