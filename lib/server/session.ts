import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { APIError } from "better-auth/api";
import { auth } from "./auth";
import { SessionStoreUnavailableError } from "./data/prisma-errors";
import type { Actor } from "./data/staff";

/**
 * The signed-in account of this request, or null: read from the session cookie, checked
 * against the sessions stored in PostgreSQL (an expired or revoked session is no session).
 * Pages and server actions read the request's headers; route handlers pass theirs.
 */
export const getSignedInActor = cache(async (requestHeaders?: Headers): Promise<Actor | null> => {
  let session: Awaited<ReturnType<typeof auth.api.getSession>>;
  try {
    session = await auth.api.getSession({ headers: requestHeaders ?? (await headers()) });
  } catch (error) {
    // Better Auth answers a lookup its database could not serve with a 500 of its own: that is
    // the database being unavailable (retryable), not a signed-out caller and not our bug.
    if (error instanceof APIError && error.statusCode >= 500) throw new SessionStoreUnavailableError(error);
    throw error;
  }
  if (!session) return null;
  return { userId: session.user.id, name: session.user.name, email: session.user.email };
});
