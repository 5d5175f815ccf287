/**
 * Benchmark (figures, not pass/fail): "What do I need?" for a 4,096-player Swiss event after
 * round 8 of 12 with a top 8 (MTR 3.1).
 *
 *   npx tsx bench/top-cut-outlook.bench.ts [--players 4096] [--rounds 8] [--planned 12] [--runs 10]
 *
 * Seeds a fresh database on the local PostgreSQL (dropped at the end) with
 * bench/seed-large-event.ts, plans the remaining rounds and the cut, then times:
 * - the rules alone: the estimate for every player of the field;
 * - the data layer as the standings page calls it: one page of 50 rows, first after a change
 *   (computed) and then as every other viewer gets it (once per change);
 * - the data layer as a player's own page calls it: one player.
 */
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { latencySummary, restartUnderReactServer, timeRuns } from "./bench-kit";

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "4096" },
    rounds: { type: "string", default: "8" },
    planned: { type: "string", default: "12" },
    runs: { type: "string", default: "10" },
  },
});

restartUnderReactServer();

const summary = (samples: number[]) => latencySummary(samples, "max");

async function main(): Promise<void> {
  const players = Number(values.players);
  const rounds = Number(values.rounds);
  const planned = Number(values.planned);
  const runs = Number(values.runs);
  const { provisionTestDatabase } = await import("../test/database");
  const database = await provisionTestDatabase("bench");
  if (database.isEmbedded) throw new Error("This benchmark needs the local PostgreSQL server.");
  try {
    process.env.DATABASE_URL = database.url;
    process.env.BETTER_AUTH_SECRET ??= "outlook-bench-secret-0123456789abcdef0123";
    const { applyMigrations } = await import("../lib/server/infra/migrate");
    await applyMigrations(database.url, { log: () => undefined });
    const { seedLargeEvent } = await import("./seed-large-event");
    const seedStarted = performance.now();
    const { tournamentId } = await seedLargeEvent({ players, rounds, seed: "top-cut-outlook" });
    const seconds = ((performance.now() - seedStarted) / 1000).toFixed(1);
    console.log(`Seeded ${players} players x ${rounds} rounds in ${seconds} s`);

    const { prisma } = await import("../lib/server/infra/db");
    await prisma.phase.updateMany({
      where: { tournamentId, kind: "SWISS" },
      data: { plannedRounds: planned, plannedCut: 8 },
    });
    const { getStandings } = await import("../lib/server/standings/standings");
    const outlook = await import("../lib/server/standings/outlook");
    const { estimateTopCutOutlook } = await import("../lib/rules/top-cut-outlook");
    const { trustedTournamentAccess } = await import("../lib/server/access/tournament-access");
    const access = trustedTournamentAccess(tournamentId);
    const standings = await getStandings(access);
    if (!standings.ok) throw new Error(standings.error.message);
    const { rows, throughRound } = standings.value;
    const input = {
      players: rows.map((row) => ({
        id: row.playerId,
        matchPoints: row.matchPoints,
        dropped: row.dropped,
      })),
      roundsLeft: planned - throughRound,
      cutSize: 8,
    };
    const ids = rows.map((row) => row.playerId);
    const page = ids.slice(0, 50);
    const forget = () => outlook.forgetOutlooksInMemory?.();

    const lines: [string, string][] = [];
    lines.push([
      `rules: estimate for all ${ids.length} players`,
      summary(
        await timeRuns(
          runs,
          () => undefined,
          () => estimateTopCutOutlook(input),
        ),
      ),
    ]);
    lines.push([
      "data layer: page of 50, first viewer after a change",
      summary(await timeRuns(runs, forget, () => outlook.getTopCutOutlooks(access, page))),
    ]);
    lines.push([
      "data layer: page of 50, every other viewer",
      summary(
        await timeRuns(
          runs,
          () => undefined,
          () => outlook.getTopCutOutlooks(access, page),
        ),
      ),
    ]);
    lines.push([
      `data layer: all ${ids.length} rows at once, first after a change`,
      summary(await timeRuns(3, forget, () => outlook.getTopCutOutlooks(access, ids))),
    ]);
    lines.push([
      "data layer: one player's own page",
      summary(
        await timeRuns(
          runs,
          () => undefined,
          () => outlook.getTopCutOutlooks(access, [ids[77]!]),
        ),
      ),
    ]);
    console.log(`Outlook after round ${throughRound} of ${planned}, top 8 (${runs} runs):`);
    for (const [name, figure] of lines) console.log(`  ${name.padEnd(52)} ${figure}`);
    await prisma.$disconnect();
  } finally {
    await database.drop();
  }
}

await main();
