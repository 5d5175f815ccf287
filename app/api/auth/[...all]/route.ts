import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "@/lib/server/access/auth";
import { forgetCheckedSessionsOf, getSignedInActor } from "@/lib/server/access/session";
import { withClientAddress } from "@/lib/server/infra/client-address";
import { withoutSessionTokens } from "@/lib/server/infra/http";

/**
 * Better Auth's own endpoints (session reads, sign-out). Signing up and in over HTTP is switched
 * off there (lib/server/access/auth.ts): people use this app's forms, which throttle failed attempts.
 * No answer carries a session token: the app's own pages read sessions on the server only.
 */
const handler = toNextJsHandler(auth);

/** The request as Better Auth should see it: its client address is ours to say (lib/server/infra/client-address.ts). */
function withOurClientAddress(request: Request): Request {
  return new Request(request, { headers: withClientAddress(request.headers) });
}

export async function GET(request: Request): Promise<Response> {
  return withoutSessionTokens(await handler.GET(withOurClientAddress(request)));
}

/**
 * Its writes (sign-out, revoking sessions, changing the password) may end sessions this process
 * trusts for a few seconds (lib/server/access/session.ts): the account's checked sessions are forgotten
 * once the endpoint has answered, whatever it did.
 */
export async function POST(request: Request): Promise<Response> {
  const actor = await getSignedInActor(request.headers).catch(() => null);
  try {
    return await withoutSessionTokens(await handler.POST(withOurClientAddress(request)));
  } finally {
    if (actor) forgetCheckedSessionsOf(actor.userId);
  }
}
