import "server-only";

/** What @prisma/adapter-pg reports about a failed query (`meta.driverAdapterError.cause`). */
type DriverErrorCause = { kind?: string; originalCode?: string; code?: string };
type PrismaLikeError = { code?: unknown; meta?: { code?: unknown; driverAdapterError?: { cause?: DriverErrorCause } } };

function driverCauseOf(error: unknown): DriverErrorCause | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  return (error as PrismaLikeError).meta?.driverAdapterError?.cause;
}

/**
 * True when a write failed on a unique constraint. With @prisma/adapter-pg a model query's
 * violation is a PrismaClientKnownRequestError P2002 (whose meta differs from the classic
 * engine's), and a raw query's is P2010 "Raw query failed" whose driver error says
 * UniqueConstraintViolation (SQLSTATE 23505). Both are pinned by integration tests
 * (thin-slice.test.ts, result-idempotency.test.ts).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  if ((error as PrismaLikeError).code === "P2002") return true;
  const cause = driverCauseOf(error);
  return cause?.kind === "UniqueConstraintViolation" || cause?.originalCode === "23505";
}

/** Prisma's codes for "the database could not be reached or could not take the work in time". */
const RETRYABLE_PRISMA_CODES = new Set([
  "P1001", // can't reach the database server
  "P1002", // the server was reached but timed out
  "P1008", // operations timed out
  "P1017", // the server closed the connection
  "P2024", // timed out fetching a connection from the pool
  "P2028", // interactive transaction: could not start in time (maxWait), or timed out
  "P2034", // write conflict or deadlock: retry the transaction
]);
/** @prisma/adapter-pg's kinds for the same conditions. */
const RETRYABLE_DRIVER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TransactionWriteConflict"]);
/** SQLSTATEs: connection exceptions (08), insufficient resources (53), operator intervention (57: shutdown, restart), lock not available. */
const RETRYABLE_SQLSTATE = /^(08|53|57)|^55P03$/;
/**
 * What node-postgres throws itself when a connection drops or cannot be made. "Client has
 * encountered a connection error and is not queryable" (and "Client was closed …") is what it
 * throws, without sending anything, for the next statement on a connection the server already
 * closed: found by lib/server/data/database-restart.test.ts, where a restart (`pg_ctl restart`,
 * fast or immediate) between two statements of a result write answered 500 INTERNAL.
 */
const RETRYABLE_MESSAGES = /Connection terminated|Client (has encountered a connection error|was closed) and is not queryable|ECONNREFUSED|ECONNRESET|EPIPE|timeout exceeded when trying to connect|database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|Unable to start a transaction in the given time|Transaction already closed/i;

/**
 * True when a query failed because the database was unreachable, restarting or overloaded, not
 * because of what was asked: the request did not happen and may be sent again as it is (the
 * HTTP API answers 503 with Retry-After; forms say "busy, try again" and keep what was typed).
 * Checked against real failures in lib/server/data/database-unavailable.test.ts.
 */
export function isRetryableDatabaseFailure(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  if (error instanceof SessionStoreUnavailableError) return true;
  const { code } = error as PrismaLikeError;
  if (typeof code === "string" && RETRYABLE_PRISMA_CODES.has(code)) return true;
  const cause = driverCauseOf(error);
  if (cause?.kind && RETRYABLE_DRIVER_KINDS.has(cause.kind)) return true;
  const sqlState = cause?.originalCode ?? (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined);
  if (sqlState && RETRYABLE_SQLSTATE.test(sqlState)) return true;
  const message = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : "";
  return RETRYABLE_MESSAGES.test(message);
}

/**
 * The session store (our database, through Better Auth) could not answer. Better Auth reports a
 * failed session lookup as its own 500 "Failed to get session" and drops the database error, so
 * lib/server/session.ts raises this instead; found by database-restart.test.ts.
 */
export class SessionStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The session store did not answer", { cause });
  }
}
