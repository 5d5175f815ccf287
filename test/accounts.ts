import { randomUUID } from "node:crypto";
import { auth } from "../lib/server/access/auth";
import { peerAddressHeaderName } from "../lib/server/infra/peer-address";

export type TestAccount = {
  userId: string;
  name: string;
  email: string;
  cookie: string;
  headers: Headers;
};

/**
 * A real account with a real session, made through Better Auth as sign-up does: `cookie` is the
 * Cookie header a signed-in browser sends, for calling route handlers and server actions as them.
 */
export async function createSignedInAccount(name = "Test Organizer"): Promise<TestAccount> {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, "-")}-${randomUUID().slice(0, 8)}@example.test`;
  const response = await auth.api.signUpEmail({
    body: { name, email, password: "correct horse battery" },
    asResponse: true,
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
  return { userId: body.user.id, name, email, cookie, headers: new Headers({ cookie }) };
}

/**
 * Request headers as a browser at `address` sends them through the app's server: the socket's
 * address in the peer header (lib/server/infra/app-server.ts sets it), plus whatever
 * X-Forwarded-For the client chose to send.
 */
export function requestFrom(
  address: string,
  options: { forwardedFor?: string; cookie?: string } = {},
): Headers {
  const headers = new Headers({ [peerAddressHeaderName()]: address });
  if (options.forwardedFor !== undefined) headers.set("x-forwarded-for", options.forwardedFor);
  if (options.cookie !== undefined) headers.set("cookie", options.cookie);
  return headers;
}
