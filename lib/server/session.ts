import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { APIError } from "better-auth/api";
import { parseCookies } from "better-auth/cookies";
import { LRUCache } from "lru-cache";
import { auth } from "./auth";
import { SessionStoreUnavailableError } from "./data/prisma-errors";
import type { Actor } from "./data/staff";

/**
 * How long a checked session is trusted without asking the session store again. Looking a
 * session up through Better Auth costs two statements and about a millisecond of the server's
 * single thread (verifying the signed cookie, reading Session and User): at an event's peak that
 * was a third of a result report's cost (issue 7). A session signed out on this server is
 * forgotten at once (below); one revoked through another app instance sharing the database is
 * refused by this one within this many seconds. What the account may do in a tournament is never
 * cached: every mutation reads the staff seat afresh.
 */
export const SESSION_RECHECK_MS = 10_000;

/** Checked sessions, by the session cookie's signed value; a bounded number, least recently used out first. */
const checkedSessions = new LRUCache<string, { actor: Actor | null }>({ max: 10_000, ttl: SESSION_RECHECK_MS });

/**
 * The session cookie(s) a request carries, as Better Auth names them (with and without the
 * `__Secure-` prefix, both kept so the key names exactly what Better Auth will read), or null.
 */
function sessionCookieKey(requestHeaders: Headers): string | null {
  const header = requestHeaders.get("cookie");
  if (!header) return null;
  const cookies = parseCookies(header);
  const secure = cookies.get("__Secure-better-auth.session_token");
  const plain = cookies.get("better-auth.session_token");
  return secure || plain ? `${secure ?? ""}|${plain ?? ""}` : null;
}

/**
 * The signed-in account of this request, or null: read from the session cookie, checked
 * against the sessions stored in PostgreSQL (an expired or revoked session is no session), and
 * trusted for SESSION_RECHECK_MS once checked.
 * Pages and server actions read the request's headers; route handlers pass theirs.
 */
export const getSignedInActor = cache(async (requestHeaders?: Headers): Promise<Actor | null> => {
  const requestHeadersRead = requestHeaders ?? (await headers());
  const key = sessionCookieKey(requestHeadersRead);
  // No session cookie: nobody is signed in, and there is nothing to look up.
  if (key === null) return null;
  const checked = checkedSessions.get(key);
  if (checked) return checked.actor;

  let session: Awaited<ReturnType<typeof auth.api.getSession>>;
  try {
    session = await auth.api.getSession({ headers: requestHeadersRead });
  } catch (error) {
    // Better Auth answers a lookup its database could not serve with a 500 of its own: that is
    // the database being unavailable (retryable), not a signed-out caller and not our bug.
    if (error instanceof APIError && error.statusCode >= 500) throw new SessionStoreUnavailableError(error);
    throw error;
  }
  const actor = session ? { userId: session.user.id, name: session.user.name, email: session.user.email } : null;
  // Never trusted past the session's own expiry.
  const untilExpiry = session ? new Date(session.session.expiresAt).getTime() - Date.now() : SESSION_RECHECK_MS;
  if (untilExpiry > 0) checkedSessions.set(key, { actor }, { ttl: Math.min(SESSION_RECHECK_MS, untilExpiry) });
  return actor;
});

/** Forgets the session this request carries (signing out), so the next request asks the store again. */
export function forgetCheckedSession(requestHeaders: Headers): void {
  const key = sessionCookieKey(requestHeaders);
  if (key !== null) checkedSessions.delete(key);
}

/** Forgets every checked session of an account (signing out everywhere). */
export function forgetCheckedSessionsOf(userId: string): void {
  for (const [key, { actor }] of checkedSessions.entries()) {
    if (actor?.userId === userId) checkedSessions.delete(key);
  }
}
