import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { env } from "@/lib/server/infra/env";
import { endPlayerSession, resolvePlayerSession, type PlayerActor } from "./player-codes";

/**
 * A player's phone session: signed in with their code, no account. The cookie holds a
 * random token (only its hash is stored); httpOnly, SameSite=Lax, Secure in production like the
 * staff session cookie (lib/server/access/auth.ts).
 */
export const PLAYER_SESSION_COOKIE = "spellbook_player";

function cookieFrom(requestHeaders: Headers): string | undefined {
  for (const part of (requestHeaders.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === PLAYER_SESSION_COOKIE) return decodeCookieValue(value.join("="));
  }
  return undefined;
}

/** A value that is not valid percent-encoding (`%zz`, a lone `%`) names no session: signed out, not an error. */
function decodeCookieValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The player signed in on this phone, or null. Pages and actions read the request's headers; routes pass theirs. */
export const getPlayerActor = cache(
  async (requestHeaders?: Headers): Promise<PlayerActor | null> => {
    return resolvePlayerSession(cookieFrom(requestHeaders ?? (await headers())));
  },
);

export async function setPlayerSessionCookie(token: string, expiresAt: Date): Promise<void> {
  (await cookies()).set(PLAYER_SESSION_COOKIE, token, playerCookieOptions(expiresAt));
}

export function playerCookieOptions(expiresAt: Date) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env.NODE_ENV === "production" && !env.ALLOW_INSECURE_COOKIES,
    path: "/",
    expires: expiresAt,
  };
}

export async function signOutPlayer(): Promise<void> {
  const jar = await cookies();
  const token = jar.get(PLAYER_SESSION_COOKIE)?.value;
  if (token) await endPlayerSession(token);
  jar.delete(PLAYER_SESSION_COOKIE);
}
