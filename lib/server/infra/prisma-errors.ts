import "server-only";
import { diskFull, unavailable, type ActionResult } from "@/lib/action-result";

/** What @prisma/adapter-pg reports about a failed query (`meta.driverAdapterError.cause`). */
type DriverErrorCause = {
  kind?: string;
  originalCode?: string;
  originalMessage?: string;
  code?: string;
};
type PrismaLikeError = {
  code?: unknown;
  meta?: { code?: unknown; driverAdapterError?: { cause?: DriverErrorCause } };
};

function driverCauseOf(error: unknown): DriverErrorCause | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  // The adapter's own error, thrown as it is by a raw statement (a connection cut mid-request), keeps its kind in `cause`.
  const { name, cause } = error as { name?: unknown; cause?: unknown };
  if (name === "DriverAdapterError" && typeof cause === "object" && cause !== null)
    return cause as DriverErrorCause;
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
const RETRYABLE_DRIVER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "TransactionWriteConflict",
]);
/** SQLSTATEs: connection exceptions (08), insufficient resources (53), operator intervention (57: shutdown, restart), lock not available. */
const RETRYABLE_SQLSTATE = /^(08|53|57)|^55P03$/;
/**
 * What node-postgres throws itself when a connection drops or cannot be made. "Client has
 * encountered a connection error and is not queryable" (and "Client was closed …") is what it
 * throws, without sending anything, for the next statement on a connection the server already
 * closed: found by lib/server/infra/database-restart.test.ts, where a restart (`pg_ctl restart`,
 * fast or immediate) between two statements of a result write answered 500 INTERNAL.
 */
const RETRYABLE_MESSAGES =
  /Connection terminated|Client (has encountered a connection error|was closed) and is not queryable|ECONNREFUSED|ECONNRESET|EPIPE|timeout exceeded when trying to connect|database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|Unable to start a transaction in the given time|Transaction already closed/i;

/**
 * True when a query failed because the database was unreachable, restarting or overloaded, not
 * because of what was asked: the request did not happen and may be sent again as it is (the
 * HTTP API answers 503 with Retry-After; forms say "busy, try again" and keep what was typed).
 * Checked against real failures in lib/server/infra/database-unavailable.test.ts.
 */
export function isRetryableDatabaseFailure(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  if (error instanceof SessionStoreUnavailableError) return true;
  const { code } = error as PrismaLikeError;
  if (typeof code === "string" && RETRYABLE_PRISMA_CODES.has(code)) return true;
  const cause = driverCauseOf(error);
  if (cause?.kind && RETRYABLE_DRIVER_KINDS.has(cause.kind)) return true;
  const sqlState =
    cause?.originalCode ??
    (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined);
  if (sqlState && RETRYABLE_SQLSTATE.test(sqlState)) return true;
  const message =
    error instanceof Error
      ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}`
      : "";
  return RETRYABLE_MESSAGES.test(message);
}

/**
 * True when the database's disk is full: PostgreSQL's SQLSTATE 53100 (disk_full), which the
 * embedded database also raises when its folder's disk is full (checked on a full tmpfs), or
 * ENOSPC from anything else that writes. Nothing of the request was saved.
 */
export function isDiskFull(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const cause = driverCauseOf(error);
  const { code } = error as PrismaLikeError;
  if (
    cause?.originalCode === "53100" ||
    code === "53100" ||
    (error as { code?: unknown }).code === "ENOSPC"
  )
    return true;
  return /No space left on device|\bENOSPC\b/i.test(describeDatabaseFailure(error));
}

/** What the database said, for the operator's log: never empty (Prisma's own message starts with a blank line). */
export function describeDatabaseFailure(error: unknown): string {
  const cause = driverCauseOf(error);
  if (cause?.originalMessage)
    return `${cause.originalMessage}${cause.originalCode ? ` (SQLSTATE ${cause.originalCode})` : ""}`;
  const message = error instanceof Error ? error.message : String(error);
  const line = message
    .split("\n")
    .find((text) => text.trim() !== "")
    ?.trim();
  const causeMessage =
    error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
  const code =
    typeof error === "object" && error !== null ? (error as PrismaLikeError).code : undefined;
  return (
    [line, causeMessage, typeof code === "string" ? `code ${code}` : ""]
      .filter(Boolean)
      .join("; ") || (error instanceof Error ? error.name : "no reason given")
  );
}

/**
 * The one answer to a failure of the database itself, not of what was asked: a full disk is said
 * as it is (staff tell the operator; a retry cannot help until space is freed), anything retryable
 * is "busy, try again". Each is logged for the operator with the database's own words. Undefined
 * when the failure is not the database's (the caller's own handling applies).
 */
export function answerDatabaseFailure(error: unknown): ActionResult<never> | undefined {
  if (isDiskFull(error)) {
    console.error(
      `✖ No space left on device: the database's disk is full, so writes are refused (nothing of them is saved) until space is freed there. The database said: ${describeDatabaseFailure(error)}`,
    );
    return diskFull();
  }
  if (isRetryableDatabaseFailure(error)) {
    // Expected under overload or while the database restarts: one line, not a stack per request.
    console.warn(
      `Database unavailable or busy; answered UNAVAILABLE: ${describeDatabaseFailure(error)}`,
    );
    return unavailable();
  }
  return undefined;
}

/**
 * The session store (our database, through Better Auth) could not answer. Better Auth reports a
 * failed session lookup as its own 500 "Failed to get session" and drops the database error, so
 * lib/server/access/session.ts raises this instead; found by database-restart.test.ts.
 */
export class SessionStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The session store did not answer", { cause });
  }
}
