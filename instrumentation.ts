// Next.js calls register() once per server start, before the first request. When the app is
// started without scripts/serve.ts (e.g. `next start` on a host), migrate here instead.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before the first request, and inside Next's bundle so they share its module instances (one
  // database pool): the requests the app's server answers on the socket, the first like every
  // later one (lib/server/infra/early-answers.ts). Under `next start` run directly nothing asks
  // them, and Next.js serves the same routes.
  const { registerEarlyResponders } = await import("./lib/server/infra/early-answers");
  await registerEarlyResponders(async () => {
    const { serveLiveStreamsBeforeNext } = await import("./lib/server/live/live-stream-node");
    serveLiveStreamsBeforeNext();
    const { answerResultReportsBeforeNext } = await import("./app/api/matches/[id]/result/report");
    answerResultReportsBeforeNext();
  });
  // Started by scripts/serve.ts: stop with it, even if it was killed before it could pass a signal on.
  const { stopWhenLauncherExits } = await import("./lib/server/infra/launcher-watch");
  stopWhenLauncherExits(Number(process.env.LAUNCHER_PID ?? 0));
  // MEMORY_LOG_SECONDS=N: one line of process memory every N seconds (bench:http sets it).
  const { logMemoryEvery } = await import("./lib/server/infra/memory-log");
  logMemoryEvery(Number(process.env.MEMORY_LOG_SECONDS ?? 0));
  if (!process.env.DATABASE_URL) return;
  if (process.env.MIGRATIONS_APPLIED !== "1") await migrate(process.env.DATABASE_URL);
  // Webhooks (docs/webhooks.md): one outbox worker per process, off the request path.
  if (process.env.ANNOUNCEMENT_WORKER !== "0") {
    const { startProcessWorker } = await import("./lib/server/announcements/worker");
    const { CHANNELS } = await import("./lib/server/announcements/channels");
    startProcessWorker(CHANNELS);
  }
}

async function migrate(databaseUrl: string) {
  // Next.js compiles this file for the Edge runtime too: this check drops the import there.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { applyMigrations, exitOnMigrationRefusal, migrationSummary } = await import(
    "./lib/server/infra/migrate"
  );
  const migrated = await applyMigrations(databaseUrl, {
    log: (line) => console.log(line),
  }).catch(exitOnMigrationRefusal);
  console.log(migrationSummary(migrated));
}
