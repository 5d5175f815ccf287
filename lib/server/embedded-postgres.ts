import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export type EmbeddedPostgres = {
  url: string;
  stop: () => Promise<void>;
};

/**
 * Serves PGlite (PostgreSQL compiled to WebAssembly) on a local TCP port so the ordinary
 * `pg` driver and Prisma's adapter work against it unchanged.
 *
 * PGlite has one session: every client shares it, so transactions from two connections
 * would not be isolated. The socket server therefore accepts one connection, and clients
 * must keep their pool at one connection (see lib/server/db.ts).
 *
 * @param dataDir a folder that keeps the data across restarts, or undefined for memory only
 * @param port 0 lets the OS choose a free port
 * @param maxConnections more than 1 only where clients never overlap in time (test files run
 *   one after another, but a finished worker may still be closing its connection)
 */
export async function startEmbeddedPostgres(
  options: { dataDir?: string; port?: number; maxConnections?: number } = {},
): Promise<EmbeddedPostgres> {
  // PGlite creates only the last folder of the path; a fresh clone has no .data/ yet.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const db = await PGlite.create(options.dataDir ?? "memory://");
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: options.port ?? 0, maxConnections: options.maxConnections ?? 1 });
  await server.start();
  const address = server.getServerConn();
  const port = Number(address.split(":").pop());
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}
