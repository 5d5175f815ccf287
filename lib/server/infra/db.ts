import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "./env";
import { relayNotification, wakeLiveListener } from "@/lib/server/live/live";
import { shareDatabasePool } from "./database-admission";
import { withTransactionQueriesInTurn } from "./queries-in-turn";

function createPrismaClient(): PrismaClient {
  const isSingleSession = env.DATABASE_POOL_MAX === 1;
  const pool = new pg.Pool({
    connectionString: env.DATABASE_URL,
    max: env.DATABASE_POOL_MAX,
    // The embedded database serves one session; keep the connection open rather than reconnecting.
    idleTimeoutMillis: isSingleSession ? 0 : 10_000,
    connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
    // A session setting sent when each connection opens (no extra round trip per request). The
    // embedded database serves one transaction at a time, so nothing there waits on a lock.
    ...(isSingleSession ? {} : { options: `-c lock_timeout=${env.LOCK_TIMEOUT_MS}` }),
  });
  // When the database restarts, every open connection receives an error. A connection that is
  // between a query and its release has no listener of Prisma's at that instant, and an 'error'
  // event without a listener ends the process (found by database-restart.test.ts). Each
  // connection gets one of ours for its whole life: the query it was running fails as usual
  // (answered 503 by the mutation wrapper) and the pool replaces the connection.
  pool.on("connect", (client) => {
    client.on("error", (error) => console.warn(`Database connection lost: ${error.message}`));
    // Embedded PGlite hands a live-update announcement to the connection that committed the write.
    client.on("notification", relayNotification);
    // The database answers again: live pages need not wait for the listener's next retry.
    wakeLiveListener();
  });
  pool.on("error", (error) => console.warn(`Idle database connection lost: ${error.message}`));
  shareDatabasePool(pool);
  const adapter = withTransactionQueriesInTurn(new PrismaPg(pool, { disposeExternalPool: true }));
  return new PrismaClient({
    adapter,
    // Chosen on purpose (Prisma's defaults are 2 s and 5 s): see lib/server/infra/env.ts.
    transactionOptions: {
      maxWait: env.TRANSACTION_MAX_WAIT_MS,
      timeout: env.TRANSACTION_TIMEOUT_MS,
    },
  });
}

/**
 * One client, and so one pool, per process, in every environment.
 *
 * `next start` evaluates this module once per server bundle (pages, route handlers, server
 * actions, instrumentation), and `next dev` again after every edit. A module-level client would
 * give each bundle its own pool: on the embedded database, which has a single session, the
 * bundle that connected first kept the connection and every other bundle was cut off (pages
 * answering 500 after an API call, and the other way round). `globalThis` is shared by
 * all bundles of the process, and a registered symbol is the same key in each of them.
 */
const PRISMA_KEY = Symbol.for("spellbook-to.prisma-client");
const processGlobal = globalThis as unknown as Record<symbol, PrismaClient | undefined>;
processGlobal[PRISMA_KEY] ??= createPrismaClient();
export const prisma: PrismaClient = processGlobal[PRISMA_KEY];

export type Transaction = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
