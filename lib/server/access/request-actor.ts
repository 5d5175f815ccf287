import "server-only";
import { headers } from "next/headers";
import { findTokenActor, type TokenActor } from "@/lib/server/api/api-tokens";
import type { Actor } from "@/lib/server/tournament/staff";
import { getSignedInActor } from "./session";

/**
 * Who sends a request: an API token (`Authorization: Bearer …`), else the signed-in session, else
 * nobody. A request that sends a bearer token that is unknown or revoked is "invalid", never
 * silently anonymous, so a client learns at once that its token stopped working.
 */
export type RequestActor = { actor: Actor | TokenActor | null } | "invalid-token";

/** The bearer secret a request carries, "" for a malformed Authorization header, undefined without one. */
export function bearerSecretOf(requestHeaders: Headers): string | undefined {
  const header = requestHeaders.get("authorization");
  if (header === null) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : "";
}

/**
 * `acceptsApiToken`: only the public API (/api/v1) takes a token. Anywhere else (server actions,
 * pages, downloads, the older JSON routes) the Authorization header is ignored: a request with
 * only a token is nobody.
 */
export async function getRequestActor(
  requestHeaders: Headers | undefined,
  { acceptsApiToken }: { acceptsApiToken: boolean },
): Promise<RequestActor> {
  const read = requestHeaders ?? (await headers());
  const secret = acceptsApiToken ? bearerSecretOf(read) : undefined;
  if (secret === undefined) return { actor: await getSignedInActor(read) };
  const actor = secret ? await findTokenActor(secret) : null;
  return actor ? { actor } : "invalid-token";
}

export function isTokenActor(actor: Actor | TokenActor | null | undefined): actor is TokenActor {
  return actor != null && "token" in actor;
}

/** Whether a token may act on this tournament: its own, or any when it is scoped to all its owner's. */
export function isInTokenScope(actor: TokenActor, tournamentId: string): boolean {
  return actor.token.tournamentId === null || actor.token.tournamentId === tournamentId;
}

export const INVALID_TOKEN_MESSAGE =
  "The API token in the Authorization header is not valid: it is mistyped, or it was revoked. Create a new one on your account page.";
