import type pg from "pg";

/**
 * Admission for page requests while the database is overloaded. Next.js gives a page that throws
 * while rendering a 500 (there is no way to give it another status), so a page whose database read
 * times out waiting for a pooled connection cannot answer 503 by itself. proxy.ts asks this before
 * the page renders instead: when every pooled connection is taken it waits for one as a read would
 * (up to DATABASE_CONNECT_TIMEOUT_MS), and if none comes the page is answered 503 with Retry-After
 * without rendering. It imports no database code: it reaches the process's one pool through
 * `globalThis` (lib/server/db.ts shares it), so the proxy bundle stays small and makes no pool of
 * its own; before the first query there is no pool, and nothing to wait for.
 */
const POOL_KEY = Symbol.for("spellbook-to.database-pool");
const processGlobal = globalThis as unknown as Record<symbol, pg.Pool | undefined>;

export function shareDatabasePool(pool: pg.Pool): void {
  processGlobal[POOL_KEY] = pool;
}

/** The process's pool once the app made it (lib/server/db.ts), for the few reads made outside the app's modules. */
export function sharedDatabasePool(): pg.Pool | undefined {
  return processGlobal[POOL_KEY];
}

/** Seconds a client asked to come back waits: a queue of reads clears within a few. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** Null when a page may render now; otherwise how long to wait before trying again. */
export async function admitDatabaseRequest(): Promise<{ retryAfterSeconds: number } | null> {
  const pool = processGlobal[POOL_KEY];
  if (!pool) return null;
  const max = pool.options.max ?? 10;
  // Free now (an idle connection, or room for a new one): no wait at all.
  if (pool.idleCount > 0 || pool.totalCount < max) return null;
  try {
    const client = await pool.connect();
    client.release();
    return null;
  } catch {
    return { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
  }
}
