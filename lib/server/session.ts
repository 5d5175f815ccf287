import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { auth } from "./auth";
import type { Actor } from "./data/staff";

/**
 * The signed-in account of this request, or null: read from the session cookie, checked
 * against the sessions stored in PostgreSQL (an expired or revoked session is no session).
 * Pages and server actions read the request's headers; route handlers pass theirs.
 */
export const getSignedInActor = cache(async (requestHeaders?: Headers): Promise<Actor | null> => {
  const session = await auth.api.getSession({ headers: requestHeaders ?? (await headers()) });
  if (!session) return null;
  return { userId: session.user.id, name: session.user.name, email: session.user.email };
});
