import { NextResponse, type NextRequest } from "next/server";
import { clientAddressOf } from "@/lib/server/infra/client-address";
import { signInWithPlayerCode } from "@/lib/server/check-in/player-codes";
import { PLAYER_SESSION_COOKIE, playerCookieOptions } from "@/lib/server/check-in/player-session";
import { answeringBusyDatabase } from "@/lib/server/infra/route-answers";

export const dynamic = "force-dynamic";

/**
 * The QR code on a player's slip opens /play/<code>: it signs that phone in and opens
 * the player's match. A wrong or limited code goes to /play with the code filled in and why.
 */
export const GET = answeringBusyDatabase(async function GET(
  request: NextRequest,
  { params }: { params: Promise<{ code: string }> },
) {
  const { code } = await params;
  const typed = code.slice(0, 100);
  const signedIn = await signInWithPlayerCode(typed, clientAddressOf(request.headers));
  if (!signedIn.ok) {
    const query = new URLSearchParams({
      code: typed,
      error: signedIn.error.code === "RATE_LIMITED" ? "limited" : "wrong",
    });
    return seeOther(`/play?${query}`);
  }
  const response = seeOther("/play/me");
  response.cookies.set(
    PLAYER_SESSION_COOKIE,
    signedIn.value.token,
    playerCookieOptions(signedIn.value.expiresAt),
  );
  return response;
});

/**
 * A relative Location (RFC 9110 allows it): the browser stays on the host it asked, which behind a
 * proxy or on a venue's LAN address may not be the one the server believes it is.
 */
function seeOther(location: string): NextResponse {
  return new NextResponse(null, {
    status: 303,
    headers: { Location: location, "Cache-Control": "no-store" },
  });
}
