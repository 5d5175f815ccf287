/**
 * Starts the app: `node --import tsx scripts/serve.ts dev|start [--venue]` (`npm run dev`,
 * `npm start`; `npm run venue` is `start --venue`, the app for the room: scripts/venue.ts).
 *
 * Without DATABASE_URL it serves the embedded PGlite database from .data/pglite (git-ignored,
 * kept across restarts) on a free local port. Either way it applies pending migrations before
 * the app starts, so the schema is current before the first request. The app itself runs in a
 * child process, the custom server scripts/next-server.ts (Next.js in development or production
 * mode), which this stops with it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from "../lib/server/infra/embedded-postgres";
import { npmAbove, stopWhenLauncherExits } from "../lib/server/infra/launcher-watch";
import {
  applyMigrations,
  exitOnMigrationRefusal,
  migrationSummary,
} from "../lib/server/infra/migrate";
import { ensureAuthSecret } from "./auth-secret";
import { venueUrl } from "../lib/lan-address";
import {
  appServerCommand,
  isServerMessage,
  KEEP_ALIVE_TIMEOUT_MS,
  type ServerMessage,
} from "./server-options";
import { venueAnnouncement, venueStart, watchLanAddress } from "./venue";

const mode = process.argv[2];
const isVenue = process.argv.includes("--venue");
const extra = process.argv.slice(3).filter((arg) => arg !== "--venue");
const { values: listen } = parseArgs({
  args: extra,
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
  strict: false,
  allowPositionals: true,
});
const port = Number(listen.port ?? process.env.PORT ?? 3000);
if (mode !== "dev" && mode !== "start") {
  console.error(
    "usage: node --import tsx scripts/serve.ts dev|start [--venue] [-p port] [-H host] [--keepAliveTimeout ms]",
  );
  process.exit(2);
}
if (isVenue && listen.hostname !== undefined) {
  console.error(
    "✖ The venue's server listens on every network interface: leave out -H/--hostname.",
  );
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, "..");
let embedded: EmbeddedPostgres | undefined;
let databaseUrl = process.env.DATABASE_URL;
let server: ChildProcess | undefined;
let stopping = false;
let stopWatchingAddress = () => {};

/** A server that has not stopped this long after the signal is killed, so the database always closes. */
const SERVER_STOP_TIMEOUT_MS = 15_000;

/** Stops the server (if it runs), then the embedded database, then this process. */
async function shutdown(code: number, signal: NodeJS.Signals = "SIGTERM") {
  if (stopping) return;
  stopping = true;
  stopWatchingAddress();
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill(signal);
    const timer = setTimeout(() => server!.kill("SIGKILL"), SERVER_STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
  await embedded?.stop().catch(() => undefined);
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void shutdown(0, signal));
// Under npm the parent is npm's shell; npm itself (its parent) is watched too, as it may be killed outright.
stopWhenLauncherExits(process.ppid, 500, () => void shutdown(0), npmAbove(process.ppid));

// `npm start` on a fresh clone: build first rather than fail on a missing build.
if (mode === "start" && !existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.log("▸ No production build yet: running `npm run build` first");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (!databaseUrl) {
  const dataDir = process.env.EMBEDDED_DATA_DIR ?? path.join(root, ".data", "pglite");
  embedded = await startEmbeddedPostgres({
    dataDir,
    port: Number(process.env.EMBEDDED_DB_PORT ?? 0),
  }).catch((error: unknown) => {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  databaseUrl = embedded.url;
  console.log(
    `▸ Embedded PostgreSQL (PGlite) on ${embedded.url}, data in ${path.relative(root, dataDir)}/`,
  );
}

// With the log, a wait for another instance's migration lock is said, not a silent hang.
const migrated = await applyMigrations(databaseUrl, {
  migrationsDir: path.join(root, "prisma", "migrations"),
  log: (line) => console.log(line),
}).catch(async (error: unknown) => {
  await embedded?.stop().catch(() => undefined);
  return exitOnMigrationRefusal(error);
});
console.log(`▸ ${migrationSummary(migrated)}`);

ensureAuthSecret(root);

const venue = isVenue ? venueStart(port) : undefined;
const serverOptions =
  mode === "start" && !extra.includes("--keepAliveTimeout")
    ? ["--keepAliveTimeout", String(KEEP_ALIVE_TIMEOUT_MS)]
    : [];
server = spawn(process.execPath, appServerCommand(mode, [...extra, ...serverOptions]), {
  cwd: root,
  // The channel tells when the server listens, and passes it the venue laptop's new address.
  stdio: ["inherit", "inherit", "inherit", "ipc"],
  env: {
    ...process.env,
    ...venue?.serverEnv,
    DATABASE_URL: databaseUrl,
    // The server stops by itself if this launcher is killed before it can pass a signal on
    // (lib/server/infra/launcher-watch.ts).
    LAUNCHER_PID: String(process.pid),
    // PGlite has one session: a second pooled connection could only wait for the first.
    ...(embedded
      ? { DATABASE_POOL_MAX: "1", MIGRATIONS_APPLIED: "1" }
      : { MIGRATIONS_APPLIED: "1" }),
  },
});

server.on(
  "exit",
  (code, signal) => void shutdown(code ?? (signal === "SIGINT" || signal === "SIGTERM" ? 0 : 1)),
);

if (venue) {
  let publicUrl = venue.serverEnv.PUBLIC_URL;
  server.once("message", (message) => {
    if (!isServerMessage(message) || message.type !== "listening") return;
    console.log(venueAnnouncement(venue.address, port));
    stopWatchingAddress = watchLanAddress(venue.address, (address) => {
      console.log(
        address ? "▸ This laptop's network address changed." : "▸ This laptop left the network.",
      );
      console.log(venueAnnouncement(address, port));
      if (venue.hasFixedPublicUrl) {
        console.log(`  Printed codes keep pointing at PUBLIC_URL, ${publicUrl}.`);
        return;
      }
      if (!address || venueUrl(address, port) === publicUrl) return;
      const printed = publicUrl;
      publicUrl = venueUrl(address, port);
      if (server?.connected)
        server.send({ type: "public-url", url: publicUrl } satisfies ServerMessage);
      if (printed)
        console.log(`  Slips and QR codes printed before point at ${printed}: print them again.`);
    });
  });
}
