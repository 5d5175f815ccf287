import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { APIError } from "better-auth/api";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { auth } from "./auth";
import { SessionStoreUnavailableError } from "@/lib/server/infra/prisma-errors";
import { answeredOnSocketHeaderName } from "@/lib/server/infra/peer-address";
import type { Actor } from "@/lib/server/tournament/staff";

/**
 * How long a checked session is trusted without asking the session store again. Looking a
 * session up through Better Auth costs two statements and about a millisecond of the server's
 * single thread (verifying the signed cookie, reading Session and User): at an event's peak that
 * was a third of a result report's cost. A session signed out on this server is
 * forgotten at once (below); one revoked through another app instance sharing the database is
 * refused by this one within this many seconds. What the account may do in a tournament is never
 * cached: every mutation reads the staff seat afresh.
 */
export const SESSION_RECHECK_MS = 10_000;

/**
 * Checked sessions, by a hash of the session cookie's signed value (a fixed-size key, whatever
 * length of cookie a caller sends); a bounded number, least recently used out first.
 */
const checkedSessions = new LRUCache<string, { actor: Actor | null }>({
  max: 10_000,
  ttl: SESSION_RECHECK_MS,
});

/**
 * When a session (by key) or every session of an account (by user id) was last forgotten: a
 * lookup that started before then may have read the session just before it ended, so its answer
 * is used for that request but not remembered.
 */
const forgottenAt = new LRUCache<string, number>({ max: 10_000, ttl: SESSION_RECHECK_MS * 2 });

const SESSION_COOKIE_NAMES = new Set([
  "__Secure-better-auth.session_token",
  "better-auth.session_token",
]);

/**
 * The cache key of the session cookie(s) a request carries (with and without the `__Secure-`
 * prefix), "none" without one, or "ambiguous" when a name appears twice: which of two values
 * Better Auth reads is its own business, so such a request is checked every time.
 */
function sessionCookieKey(requestHeaders: Headers): string | "none" | "ambiguous" {
  const header = requestHeaders.get("cookie");
  if (!header) return "none";
  const values = new Map<string, string>();
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    const name = (separator === -1 ? part : part.slice(0, separator)).trim();
    if (!SESSION_COOKIE_NAMES.has(name)) continue;
    if (values.has(name)) return "ambiguous";
    values.set(name, part.slice(separator + 1).trim());
  }
  if (values.size === 0) return "none";
  const secure = values.get("__Secure-better-auth.session_token") ?? "";
  const plain = values.get("better-auth.session_token") ?? "";
  return createHash("sha256").update(`${secure}|${plain}`).digest("base64url");
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
  if (key === "none") return null;
  const checked = key === "ambiguous" ? undefined : checkedSessions.get(key);
  if (checked) return checked.actor;

  const startedAt = performance.now();
  let session: Awaited<ReturnType<typeof auth.api.getSession>>;
  try {
    // An answer written on the socket cannot set the renewed cookie: it checks the session without renewing it.
    const isOnSocket = requestHeadersRead.has(answeredOnSocketHeaderName());
    session = await auth.api.getSession({
      headers: requestHeadersRead,
      ...(isOnSocket ? { query: { disableRefresh: true } } : {}),
    });
  } catch (error) {
    // Better Auth answers a lookup its database could not serve with a 500 of its own: that is
    // the database being unavailable (retryable), not a signed-out caller and not our bug.
    if (error instanceof APIError && error.statusCode >= 500)
      throw new SessionStoreUnavailableError(error);
    throw error;
  }
  const actor = session
    ? { userId: session.user.id, name: session.user.name, email: session.user.email }
    : null;
  if (key === "ambiguous") return actor;
  const forgotten = Math.max(
    forgottenAt.get(key) ?? -Infinity,
    actor ? (forgottenAt.get(`user:${actor.userId}`) ?? -Infinity) : -Infinity,
  );
  // Never trusted past the session's own expiry, nor remembered if it was ended while we looked.
  const untilExpiry = session
    ? new Date(session.session.expiresAt).getTime() - Date.now()
    : SESSION_RECHECK_MS;
  if (untilExpiry > 0 && forgotten < startedAt)
    checkedSessions.set(key, { actor }, { ttl: Math.min(SESSION_RECHECK_MS, untilExpiry) });
  return actor;
});

/** Forgets the session this request carries (signing out), so the next request asks the store again. */
export function forgetCheckedSession(requestHeaders: Headers): void {
  const key = sessionCookieKey(requestHeaders);
  if (key === "none" || key === "ambiguous") return;
  checkedSessions.delete(key);
  forgottenAt.set(key, performance.now());
}

/** Forgets every checked session of an account (signing out everywhere, or Better Auth's own session endpoints). */
export function forgetCheckedSessionsOf(userId: string): void {
  forgottenAt.set(`user:${userId}`, performance.now());
  for (const [key, { actor }] of checkedSessions.entries()) {
    if (actor?.userId === userId) checkedSessions.delete(key);
  }
}
