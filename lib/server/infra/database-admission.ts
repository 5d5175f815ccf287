import type pg from "pg";

/**
 * Admission for page requests while the database is overloaded or down. Next.js gives a page that
 * throws while rendering a 500 (there is no way to give it another status), so a page whose
 * database read fails cannot answer 503 by itself. proxy.ts asks this before the page renders
 * instead: when no pooled connection is free, or the pool holds none at all (every one was dropped
 * when the database went away), it takes one as a read would (up to DATABASE_CONNECT_TIMEOUT_MS);
 * if that fails the page is answered 503 with Retry-After without rendering, and a connection it
 * got is left idle for the render. It imports no database code: it reaches the process's one pool
 * through `globalThis` (lib/server/infra/db.ts shares it), so the proxy bundle stays small and makes no
 * pool of its own; before the first query there is no pool, and nothing to wait for.
 */
const POOL_KEY = Symbol.for("spellbook-to.database-pool");
const processGlobal = globalThis as unknown as Record<symbol, pg.Pool | undefined>;

export function shareDatabasePool(pool: pg.Pool): void {
  processGlobal[POOL_KEY] = pool;
}

/** The process's pool once the app made it (lib/server/infra/db.ts), for the few reads made outside the app's modules. */
export function sharedDatabasePool(): pg.Pool | undefined {
  return processGlobal[POOL_KEY];
}

/** Seconds a client asked to come back waits: a queue of reads clears within a few. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** Why a page was not rendered: every connection was taken, or the database could not be reached. */
export type Refusal = { retryAfterSeconds: number; reason: "busy" | "unreachable" };

/** Null when a page may render now; otherwise why not, and how long to wait before trying again. */
export async function admitDatabaseRequest(): Promise<Refusal | null> {
  const pool = processGlobal[POOL_KEY];
  if (!pool) return null;
  const max = pool.options.max ?? 10;
  // Free now (an idle connection, or room for another beside ones in use): no wait at all.
  if (pool.idleCount > 0 || (pool.totalCount > 0 && pool.totalCount < max)) return null;
  const isFull = pool.totalCount >= max;
  try {
    const client = await pool.connect();
    client.release();
    return null;
  } catch {
    return { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS, reason: isFull ? "busy" : "unreachable" };
  }
}
