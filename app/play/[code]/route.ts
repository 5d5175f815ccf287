import { NextResponse, type NextRequest } from "next/server";
import { clientAddressOf } from "@/lib/server/accounts";
import { signInWithPlayerCode } from "@/lib/server/data/player-codes";
import { PLAYER_SESSION_COOKIE, playerCookieOptions } from "@/lib/server/player-session";

export const dynamic = "force-dynamic";

/**
 * The QR code on a player's slip opens /play/<code> (issue 10): it signs that phone in and opens
 * the player's match. A wrong or limited code goes to /play with the code filled in and why.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const typed = decodeURIComponent(code).slice(0, 100);
  const signedIn = await signInWithPlayerCode(typed, clientAddressOf(request.headers));
  if (!signedIn.ok) {
    const back = new URL("/play", request.url);
    back.searchParams.set("code", typed);
    back.searchParams.set("error", signedIn.error.code === "RATE_LIMITED" ? "limited" : "wrong");
    return NextResponse.redirect(back, 303);
  }
  const response = NextResponse.redirect(new URL("/play/me", request.url), 303);
  response.cookies.set(PLAYER_SESSION_COOKIE, signedIn.data.token, playerCookieOptions(signedIn.data.expiresAt));
  response.headers.set("Cache-Control", "no-store");
  return response;
}
