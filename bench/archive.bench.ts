/**
 * Benchmark (figures, not pass/fail): exporting and importing a tournament archive.
 *
 *   npx tsx bench/archive.bench.ts [--players 300] [--rounds 8]
 *
 * Seeds a fresh database on the local PostgreSQL (dropped at the end) with
 * bench/seed-large-event.ts, then prints the archive's size (JSON as downloaded, and gzip), the
 * time to export it, the time and statements to import it (and to read and check it alone), and
 * whether export → import → export gives the same document apart from the importer's own seat.
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "300" },
    rounds: { type: "string", default: "8" },
  },
});

// The data layer imports "server-only", which resolves only under the react-server condition.
if (
  ![...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].some((flag) =>
    flag.includes("react-server"),
  )
) {
  const restarted = spawnSync(
    process.execPath,
    ["--conditions=react-server", ...process.execArgv, ...process.argv.slice(1)],
    { stdio: "inherit" },
  );
  process.exit(restarted.status ?? 1);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

async function main() {
  const players = Number(values.players);
  const rounds = Number(values.rounds);
  const { provisionTestDatabase } = await import("../test/database");
  const database = await provisionTestDatabase("bench");
  if (database.isEmbedded) throw new Error("This benchmark needs the local PostgreSQL server.");
  try {
    process.env.DATABASE_URL = database.url;
    process.env.BETTER_AUTH_SECRET ??= "bench-secret-0123456789abcdef0123456789";
    const { applyMigrations } = await import("../lib/server/infra/migrate");
    await applyMigrations(database.url, { log: () => undefined });
    const { prisma } = await import("../lib/server/infra/db");
    const owner = { userId: "bench-archive", name: "Bench Organizer", email: "bench@example.test" };
    await prisma.user.create({ data: { id: owner.userId, name: owner.name, email: owner.email } });
    const { seedLargeEvent } = await import("./seed-large-event");
    const { tournamentId } = await seedLargeEvent({ players, rounds, seed: "archive", owner });
    const { exportTournamentArchive, importTournamentArchive, readTournamentArchive } =
      await import("../lib/server/archive/archive");

    let started = performance.now();
    const exported = await exportTournamentArchive(tournamentId);
    const exportMs = performance.now() - started;
    if (!exported.ok) throw new Error(exported.error.message);
    const text = JSON.stringify(exported.value.archive);
    if (process.env.ARCHIVE_BENCH_KEEP)
      (await import("node:fs")).writeFileSync(process.env.ARCHIVE_BENCH_KEEP, text);
    const matches = exported.value.archive.rounds.reduce(
      (sum, round) => sum + round.matches.length,
      0,
    );

    const pg = await import("pg");
    let statements = 0;
    const query = pg.default.Client.prototype.query;
    pg.default.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      statements++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    started = performance.now();
    const read = readTournamentArchive(JSON.parse(text));
    const readMs = performance.now() - started;
    if (!read.ok) throw new Error(read.error.message);
    started = performance.now();
    const imported = await importTournamentArchive(JSON.parse(text), owner);
    const importMs = performance.now() - started;
    pg.default.Client.prototype.query = query;
    if (!imported.ok) throw new Error(imported.error.message);
    const again = await exportTournamentArchive(imported.value.id);
    if (!again.ok) throw new Error(again.error.message);
    const strip = (archive: object) =>
      JSON.stringify({ ...archive, exportedAt: null, source: null });
    // The importer's own organizer seat is added last; everything else comes back as it was.
    const importerSeat = again.value.archive.staff.at(-1);
    const isImporterSeatLast =
      importerSeat?.name === owner.name && importerSeat.role === "ORGANIZER";
    const identical =
      isImporterSeatLast &&
      strip({ ...again.value.archive, staff: again.value.archive.staff.slice(0, -1) }) ===
        strip(exported.value.archive);

    console.log(
      `Archive of ${players} players x ${rounds} rounds (${matches} matches, every result reported by staff, with its report and history row)`,
    );
    console.log(`  size: ${kb(text.length)} JSON, ${kb(gzipSync(text).length)} gzip`);
    console.log(`  export: ${exportMs.toFixed(0)} ms`);
    console.log(
      `  import: ${importMs.toFixed(0)} ms, ${statements} statements (checks and the read-back as the pages read it included); reading and checking alone: ${readMs.toFixed(0)} ms`,
    );
    console.log(
      `  export → import → export identical apart from exportedAt, source and the importer's own organizer seat (added last): ${identical ? "yes" : "NO"}`,
    );
    await prisma.$disconnect();
  } finally {
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
