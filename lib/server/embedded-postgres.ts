import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** Enough for the app, a script or two and a psql session; each waits for the others' transactions. */
export const EMBEDDED_MAX_CONNECTIONS = 16;

export type EmbeddedPostgres = {
  url: string;
  stop: () => Promise<void>;
};

/** Says that a data folder is served by a running process, and where (written next to the folder). */
type RunningServerMarker = { pid: number; url: string };

function markerPath(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, "")}.server.json`;
}

/**
 * The URL of the embedded server that a live process is serving `dataDir` on, if any. Two PGlite
 * instances must never open one data folder (the second one's writes are lost, or both corrupt
 * it), so a second process connects to the running server instead.
 */
export function findRunningEmbeddedServer(dataDir: string): RunningServerMarker | undefined {
  let marker: RunningServerMarker;
  try {
    marker = JSON.parse(readFileSync(markerPath(dataDir), "utf8")) as RunningServerMarker;
  } catch {
    return undefined;
  }
  if (!Number.isInteger(marker.pid) || typeof marker.url !== "string" || !isProcessAlive(marker.pid)) return undefined;
  return marker;
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
 * (DATABASE_POOL_MAX=1, see lib/server/db.ts), since a second one could not run in parallel.
 *
 * With a data folder, the server records itself beside it (`<folder>.server.json`) while it runs,
 * and refuses to open a folder that another live process is serving.
 *
 * @param dataDir a folder that keeps the data across restarts, or undefined for memory only
 * @param port 0 lets the OS choose a free port
 * @param maxConnections how many clients may be connected at once (their work is queued)
 */
export async function startEmbeddedPostgres(
  options: { dataDir?: string; port?: number; maxConnections?: number } = {},
): Promise<EmbeddedPostgres> {
  const { dataDir } = options;
  if (dataDir) {
    const running = findRunningEmbeddedServer(dataDir);
    if (running && running.pid !== process.pid) {
      throw new Error(
        `The embedded database in ${dataDir} is already served by process ${running.pid} at ${running.url}. ` +
          "Stop that process first, or connect to it with DATABASE_URL.",
      );
    }
    // PGlite creates only the last folder of the path; a fresh clone has no .data/ yet.
    mkdirSync(dataDir, { recursive: true });
  }
  const db = await PGlite.create(dataDir ?? "memory://");
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
  if (dataDir) writeFileSync(markerPath(dataDir), JSON.stringify({ pid: process.pid, url } satisfies RunningServerMarker));
  return {
    url,
    stop: async () => {
      if (dataDir) rmSync(markerPath(dataDir), { force: true });
      await server.stop();
      await db.close();
    },
  };
}

/** Whether a process with this id is running (EPERM: it runs, as another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * For scripts (demo loader, migrations): the embedded database in `dataDir`, through the running
 * app's server when the app is running on it, else opened by this process until `stop()`.
 */
export async function openEmbeddedDatabase(dataDir: string): Promise<EmbeddedPostgres & { servedByPid?: number }> {
  const running = findRunningEmbeddedServer(dataDir);
  if (running) return { url: running.url, stop: async () => undefined, servedByPid: running.pid };
  return startEmbeddedPostgres({ dataDir });
}
