/**
 * Benchmark (figures, not pass/fail): reading standings and pairings by name from the snapshot.
 *
 *   npx tsx bench/standings-read.bench.ts [--players 4096] [--rounds 8] [--runs 20] [--memory]
 *
 * Seeds a fresh database on the local PostgreSQL (TEST_DATABASE_ADMIN_URL, default
 * postgres@127.0.0.1:5432; dropped at the end) with bench/seed-large-event.ts, then times through
 * the data layer, one reader at a time:
 * - the fingerprint query alone (what every read and every 304 costs);
 * - a read answered from this process's memory, from the stored snapshot (another app instance),
 *   and a recompute (the snapshot deleted first);
 * - 20 readers at once in one process (the snapshot current), per read;
 * - the bytes of one API page (JSON, and gzip as `compress: true` sends it) against the whole table.
 * With --memory, 30 reads of standings and pairings (10 at a time) run in two child processes,
 * one recomputing every read as before the snapshot and one using it, and print their RSS.
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { latencySummary as summary, restartUnderReactServer, timeRuns as time } from "./bench-kit";
import { trustedTournamentAccess } from "../lib/server/access/tournament-access";

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "4096" },
    rounds: { type: "string", default: "8" },
    runs: { type: "string", default: "20" },
    memory: { type: "boolean", default: false },
    // Internal: a child process measuring memory against an already seeded database.
    "memory-child": { type: "string" },
    tournament: { type: "string" },
  },
});

restartUnderReactServer(["--expose-gc"]);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function memoryChild(mode: string, tournamentId: string): Promise<void> {
  const { getStandingsPage, computePublishedStandings } = await import(
    "../lib/server/standings/standings"
  );
  const { getPairingsByNamePage, computePairingsByName } = await import(
    "../lib/server/round/pairings-by-name"
  );
  const { prisma } = await import("../lib/server/infra/db");
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
  for (let wave = 0; wave < 3; wave++) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        if (mode === "recompute") {
          // As before the snapshot: every reader computes the whole event and sends every row.
          const body =
            index % 2
              ? await computePublishedStandings(prisma, tournamentId)
              : await computePairingsByName(prisma, tournamentId);
          return JSON.stringify(body).length;
        }
        const query = { q: "", page: 1 + index, pageSize: 50 };
        const body =
          index % 2
            ? await getStandingsPage(trustedTournamentAccess(tournamentId), query)
            : await getPairingsByNamePage(trustedTournamentAccess(tournamentId), query);
        return JSON.stringify(body).length;
      }),
    );
  }
  clearInterval(sample);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  gc?.();
  const after = process.memoryUsage();
  console.log(
    JSON.stringify({
      mode,
      rssBefore: before.rss,
      peakRss,
      rssAfter: after.rss,
      heapAfter: after.heapUsed,
    }),
  );
  await prisma.$disconnect();
}

async function main(): Promise<void> {
  if (values["memory-child"]) return memoryChild(values["memory-child"], values.tournament!);

  const players = Number(values.players);
  const rounds = Number(values.rounds);
  const runs = Number(values.runs);
  const { provisionTestDatabase } = await import("../test/database");
  const database = await provisionTestDatabase("bench");
  if (database.isEmbedded) throw new Error("This benchmark needs the local PostgreSQL server.");
  try {
    process.env.DATABASE_URL = database.url;
    process.env.DATABASE_POOL_MAX = "10";
    const { applyMigrations } = await import("../lib/server/infra/migrate");
    await applyMigrations(database.url, { log: () => undefined });
    const { seedLargeEvent } = await import("./seed-large-event");
    const seedStarted = performance.now();
    const { tournamentId } = await seedLargeEvent({
      players,
      rounds,
      seed: "standings-read",
      log: (message) => console.error(`  seed: ${message}`),
    });
    console.log(
      `Seeded ${players} players x ${rounds} rounds in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (database ${database.url.split("/").at(-1)})`,
    );

    const { prisma } = await import("../lib/server/infra/db");
    const { getStandingsPage, getStandings, getStandingsEtag } = await import(
      "../lib/server/standings/standings"
    );
    const { getPairingsByNamePage } = await import("../lib/server/round/pairings-by-name");
    const { forgetSnapshotsInMemory } = await import("../lib/server/standings/read-snapshots");
    const { GET } = await import("../app/api/tournaments/[id]/standings/route");
    const query = { q: "", page: 1, pageSize: 50 };
    const dropStored = async () => {
      forgetSnapshotsInMemory();
      await prisma.readSnapshot.deleteMany({ where: { tournamentId } });
    };
    await getStandingsPage(trustedTournamentAccess(tournamentId), query); // warm up: Prisma's query compiler, the pool

    const rows: [string, string][] = [];
    rows.push([
      "fingerprint query (every read, every 304)",
      summary(
        await time(
          runs,
          () => undefined,
          () => getStandingsEtag(trustedTournamentAccess(tournamentId)),
        ),
      ),
    ]);
    rows.push([
      "standings: recompute (no snapshot)",
      summary(
        await time(Math.min(runs, 10), dropStored, () =>
          getStandingsPage(trustedTournamentAccess(tournamentId), query),
        ),
      ),
    ]);
    rows.push([
      "standings: stored snapshot hit (another instance)",
      summary(
        await time(runs, forgetSnapshotsInMemory, () =>
          getStandingsPage(trustedTournamentAccess(tournamentId), query),
        ),
      ),
    ]);
    rows.push([
      "standings: memory hit",
      summary(
        await time(
          runs,
          () => undefined,
          () => getStandingsPage(trustedTournamentAccess(tournamentId), query),
        ),
      ),
    ]);
    rows.push([
      "standings: search ?q=player 40",
      summary(
        await time(
          runs,
          () => undefined,
          () =>
            getStandingsPage(trustedTournamentAccess(tournamentId), { ...query, q: "player 40" }),
        ),
      ),
    ]);
    const concurrent: number[] = [];
    for (let wave = 0; wave < 5; wave++) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, index) => {
          const started = performance.now();
          await getStandingsPage(trustedTournamentAccess(tournamentId), {
            ...query,
            page: 1 + index,
          });
          concurrent.push(performance.now() - started);
        }),
      );
    }
    rows.push(["standings: 20 readers at once (5 waves), per read", summary(concurrent)]);
    rows.push([
      "pairings by name: recompute",
      summary(
        await time(Math.min(runs, 10), dropStored, () =>
          getPairingsByNamePage(trustedTournamentAccess(tournamentId), query),
        ),
      ),
    ]);
    rows.push([
      "pairings by name: stored snapshot hit",
      summary(
        await time(runs, forgetSnapshotsInMemory, () =>
          getPairingsByNamePage(trustedTournamentAccess(tournamentId), query),
        ),
      ),
    ]);
    rows.push([
      "pairings by name: memory hit",
      summary(
        await time(
          runs,
          () => undefined,
          () => getPairingsByNamePage(trustedTournamentAccess(tournamentId), query),
        ),
      ),
    ]);

    const apiPage = await GET(
      new Request(`http://localhost/api/tournaments/${tournamentId}/standings?page=1&pageSize=50`),
      { params: Promise.resolve({ id: tournamentId }) },
    );
    const pageBody = Buffer.from(await apiPage.arrayBuffer());
    const widest = await GET(
      new Request(`http://localhost/api/tournaments/${tournamentId}/standings?page=1&pageSize=200`),
      { params: Promise.resolve({ id: tournamentId }) },
    );
    const widestBody = Buffer.from(await widest.arrayBuffer());
    const everything = Buffer.from(
      JSON.stringify(await getStandings(trustedTournamentAccess(tournamentId))),
    );
    const stored = await prisma.readSnapshot.findMany({
      where: { tournamentId },
      select: { kind: true, data: true },
    });
    rows.push([
      "API page, pageSize=50: JSON / gzip",
      `${kb(pageBody.length)} / ${kb(gzipSync(pageBody).length)}`,
    ]);
    rows.push([
      "API page, pageSize=200: JSON / gzip",
      `${kb(widestBody.length)} / ${kb(gzipSync(widestBody).length)}`,
    ]);
    rows.push(["whole table (all rows, no opponents): JSON", kb(everything.length)]);
    for (const snapshot of stored)
      rows.push([`stored snapshot ${snapshot.kind}`, kb(snapshot.data.length)]);

    const width = Math.max(...rows.map(([label]) => label.length));
    console.log(
      `\n${players} players x ${rounds} rounds, one reader, ${runs} runs (recomputes: ${Math.min(runs, 10)})`,
    );
    for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
    await prisma.$disconnect();

    if (values.memory) {
      console.log(
        `\nMemory: 30 reads (standings and pairings by name, 10 at a time), RSS of a fresh process`,
      );
      for (const mode of ["recompute", "snapshot"]) {
        // Seed the snapshot first so the "snapshot" child measures readers, not one computation.
        const child = spawnSync(
          process.execPath,
          [
            "--conditions=react-server",
            "--expose-gc",
            ...process.execArgv.filter(
              (flag) => !flag.includes("react-server") && flag !== "--expose-gc",
            ),
            process.argv[1]!,
            "--memory-child",
            mode,
            "--tournament",
            tournamentId,
          ],
          {
            env: { ...process.env, DATABASE_URL: database.url, DATABASE_POOL_MAX: "10" },
            encoding: "utf8",
          },
        );
        if (child.status !== 0) throw new Error(child.stderr);
        const result = JSON.parse(child.stdout.trim().split("\n").at(-1)!);
        console.log(
          `  ${mode.padEnd(10)} RSS before ${mb(result.rssBefore)}, peak ${mb(result.peakRss)}, after ${mb(result.rssAfter)}; heap after GC ${mb(result.heapAfter)}`,
        );
      }
    }
  } finally {
    await database.drop();
  }
}

await main();
