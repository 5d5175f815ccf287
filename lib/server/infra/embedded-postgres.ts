import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { DURABLE_START_PARAMS, DurableNodeFS } from "./embedded-storage";

/** Enough for the app, a script or two and a psql session; each waits for the others' transactions. */
export const EMBEDDED_MAX_CONNECTIONS = 16;

export type EmbeddedPostgres = {
  url: string;
  stop: () => Promise<void>;
};

/**
 * Beside each open data folder, `<folder>.server.json`: the folder's lock and where it is served.
 * It is created exclusively before the database opens (`url` is null until the server listens),
 * so of two processes starting at any interval exactly one opens the folder.
 */
type RunningServerMarker = { pid: number; url: string | null };

function markerPath(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, "")}.server.json`;
}

/** Folders this process holds: a lock with this process's own pid is stale unless it is here (a container reuses pids). */
const heldFolders = new Set<string>();

/** How long a marker may stay unreadable (its creator writing it) before it counts as left by a crash. */
const UNREADABLE_MARKER_GRACE_MS = 1_000;

function readMarker(file: string): RunningServerMarker | "missing" | "unreadable" {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw error;
  }
  try {
    const marker = JSON.parse(text) as RunningServerMarker;
    if (Number.isInteger(marker.pid) && (marker.url === null || typeof marker.url === "string"))
      return marker;
  } catch {
    // Being written right now, or cut short by a crash: the caller waits, then treats it as stale.
  }
  return "unreadable";
}

function isHeld(file: string, marker: RunningServerMarker): boolean {
  if (marker.pid === process.pid) return heldFolders.has(file);
  return isProcessAlive(marker.pid);
}

/**
 * The embedded server that a live process is serving `dataDir` on, or opening it for (`url`
 * null), if any. Two PGlite instances must never open one data folder (the second one's writes
 * are lost, or both corrupt it), so a second process connects to the running server instead.
 */
export function findRunningEmbeddedServer(dataDir: string): RunningServerMarker | undefined {
  const file = markerPath(dataDir);
  const marker = readMarker(file);
  if (typeof marker === "string" || !isHeld(file, marker)) return undefined;
  return marker;
}

/**
 * Takes the folder's lock: an exclusive create, so it is decided by the file system, whatever
 * the timing. A lock left by a process that died is removed first, by one process at a time
 * (under `<marker>.takeover`), and only if it is still the one found dead.
 */
function lockDataFolder(dataDir: string): void {
  const file = markerPath(dataDir);
  let unreadableSince: number | undefined;
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      writeFileSync(
        file,
        JSON.stringify({ pid: process.pid, url: null } satisfies RunningServerMarker),
        { flag: "wx" },
      );
      heldFolders.add(file);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const marker = readMarker(file);
    if (marker === "unreadable") {
      unreadableSince ??= Date.now();
      if (Date.now() - unreadableSince < UNREADABLE_MARKER_GRACE_MS) {
        sleepSync(20);
        continue;
      }
    } else if (marker !== "missing" && isHeld(file, marker)) {
      throw new Error(
        `The embedded database in ${dataDir} is ${marker.url ? `already served by process ${marker.pid} at ${marker.url}` : `being opened by process ${marker.pid}`}. ` +
          `Stop that process first, or connect to it with DATABASE_URL. (If no such process serves it, delete ${file}.)`,
      );
    }
    removeStaleMarker(file, marker);
    unreadableSince = undefined;
  }
  throw new Error(
    `Could not take the lock ${file} on the embedded database in ${dataDir}: other processes keep taking and leaving it. Try again.`,
  );
}

/** A takeover not finished after this long was left by a process that died in the middle of it. */
const STALE_TAKEOVER_MS = 5_000;

function removeStaleMarker(
  file: string,
  found: RunningServerMarker | "missing" | "unreadable",
): void {
  const takeover = `${file}.takeover`;
  try {
    writeFileSync(takeover, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const age = Date.now() - (statSync(takeover, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > STALE_TAKEOVER_MS) rmSync(takeover, { force: true });
    else sleepSync(20);
    return;
  }
  try {
    const current = readMarker(file);
    const isSame =
      typeof current === "string" || typeof found === "string"
        ? current === found
        : current.pid === found.pid && current.url === found.url;
    if (isSame && current !== "missing") rmSync(file, { force: true });
  } finally {
    rmSync(takeover, { force: true });
  }
}

/** Waits without giving up the thread: the lock is decided in a few calls, before anything else runs. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Says where the folder is served, replacing the lock's content in one rename (readers see the old or the new). */
function recordServerUrl(dataDir: string, url: string): void {
  const file = markerPath(dataDir);
  const next = `${file}.${process.pid}.tmp`;
  writeFileSync(next, JSON.stringify({ pid: process.pid, url } satisfies RunningServerMarker));
  renameSync(next, file);
}

function unlockDataFolder(dataDir: string): void {
  const file = markerPath(dataDir);
  const marker = readMarker(file);
  if (typeof marker !== "string" && marker.pid === process.pid) rmSync(file, { force: true });
  heldFolders.delete(file);
}

/**
 * Serves PGlite (PostgreSQL compiled to WebAssembly) on a local TCP port so the ordinary
 * `pg` driver and Prisma's adapter work against it unchanged.
 *
 * PGlite has one session. The socket server (pglite-socket 0.2.17) queues every connection's
 * queries onto it and, while one connection has a transaction open, runs only that
 * connection's queries; a connection that goes away mid-transaction is rolled back. So several
 * connections are safe (tested in embedded-postgres.test.ts): they are served one transaction at
 * a time, never interleaved. Session state (SET, session advisory locks) is shared, which the app
 * does not rely on. Accepting several connections means a second client (another bundle's pool,
 * a script attaching to the running app, psql) waits its turn instead of being cut off with
 * "Connection terminated unexpectedly"; the app still keeps one connection per process
 * (DATABASE_POOL_MAX=1, see lib/server/infra/db.ts), since a second one could not run in parallel.
 *
 * With a data folder, it takes the folder's lock (`<folder>.server.json`) before opening it and
 * records where it serves it there, and refuses a folder another live process holds.
 *
 * @param dataDir a folder that keeps the data across restarts, or undefined for memory only
 * @param port 0 lets the OS choose a free port
 * @param maxConnections how many clients may be connected at once (their work is queued)
 * @param fsync false: PGlite's defaults, which answer a commit before it is on disk; only for
 *   measuring what durability costs (bench/embedded-durability.bench.ts)
 */
export async function startEmbeddedPostgres(
  options: { dataDir?: string; port?: number; maxConnections?: number; fsync?: boolean } = {},
): Promise<EmbeddedPostgres> {
  const { dataDir } = options;
  if (!dataDir) return serve(await PGlite.create("memory://"), options);
  // PGlite creates only the last folder of the path; a fresh clone has no .data/ yet.
  mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  lockDataFolder(dataDir);
  try {
    mkdirSync(dataDir, { recursive: true });
    const db =
      options.fsync === false
        ? await PGlite.create(dataDir)
        : await PGlite.create({
            fs: new DurableNodeFS(dataDir),
            startParams: DURABLE_START_PARAMS,
          });
    const served = await serve(db, options);
    recordServerUrl(dataDir, served.url);
    return {
      url: served.url,
      stop: async () => {
        try {
          await served.stop();
        } finally {
          unlockDataFolder(dataDir);
        }
      },
    };
  } catch (error) {
    unlockDataFolder(dataDir);
    throw error;
  }
}

async function serve(
  db: PGlite,
  options: { port?: number; maxConnections?: number },
): Promise<EmbeddedPostgres> {
  const server = new PGLiteSocketServer({
    db,
    host: "127.0.0.1",
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? EMBEDDED_MAX_CONNECTIONS,
  });
  await server.start();
  const address = server.getServerConn();
  const port = Number(address.split(":").pop());
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
  return {
    url,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}

/** Whether a process with this id is running (EPERM: it runs, as another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return !isZombie(pid);
}

/**
 * A killed process stays in the process table until its parent reaps it, which a container's
 * init may never do: on Linux its state says whether it is only that (Z) or dead (X).
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return /^[ZX]$/.test(stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3));
  } catch {
    return false;
  }
}

/** How long a script waits for a server that is still opening the folder (a first start creates it). */
const OPENING_WAIT_MS = 120_000;

/**
 * For scripts (demo loader, migrations): the embedded database in `dataDir`, through the running
 * app's server when the app is running on it (waiting while it opens), else opened by this
 * process until `stop()`.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
): Promise<EmbeddedPostgres & { servedByPid?: number }> {
  const deadline = Date.now() + OPENING_WAIT_MS;
  for (;;) {
    const running = findRunningEmbeddedServer(dataDir);
    if (running?.url)
      return { url: running.url, stop: async () => undefined, servedByPid: running.pid };
    if (!running) {
      try {
        return await startEmbeddedPostgres({ dataDir });
      } catch (error) {
        // Another process took the folder meanwhile: attach to it instead.
        if (!findRunningEmbeddedServer(dataDir)) throw error;
      }
    }
    if (Date.now() > deadline)
      throw new Error(
        `Process ${running?.pid} has been opening the embedded database in ${dataDir} for ${OPENING_WAIT_MS / 1000} s; try again once it serves it.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
