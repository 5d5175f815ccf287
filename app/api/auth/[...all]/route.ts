import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "@/lib/server/auth";
import { forgetCheckedSessionsOf, getSignedInActor } from "@/lib/server/session";

/**
 * Better Auth's own endpoints (session reads, sign-out). Signing up and in over HTTP is switched
 * off there (lib/server/auth.ts): people use this app's forms, which throttle failed attempts.
 */
const handler = toNextJsHandler(auth);
export const GET = handler.GET;

/**
 * Its writes (sign-out, revoking sessions, changing the password) may end sessions this process
 * trusts for a few seconds (lib/server/session.ts): the account's checked sessions are forgotten
 * once the endpoint has answered, whatever it did.
 */
export async function POST(request: Request): Promise<Response> {
  const actor = await getSignedInActor(request.headers).catch(() => null);
  try {
    return await handler.POST(request);
  } finally {
    if (actor) forgetCheckedSessionsOf(actor.userId);
  }
}
