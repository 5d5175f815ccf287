import { NextResponse, type NextRequest } from "next/server";
import { refuseServerActionRequest } from "@/lib/server-action-request";

/**
 * A Content-Security-Policy with a fresh nonce per page (issue 8): scripts run only if Next.js
 * rendered them with this request's nonce, and no other site may frame the app. Next reads the
 * nonce from the request's CSP header and puts it on its own scripts; every page is rendered per
 * request (the header reads the session), so every page gets one.
 *
 * No `upgrade-insecure-requests`: a venue laptop may serve the LAN over plain HTTP.
 */
export function proxy(request: NextRequest) {
  const refusal = refuseServerActionRequest(request.method, request.headers);
  if (refusal) return new NextResponse(refusal.message, { status: refusal.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  // A prefetch renders no document, so it needs no nonce (and a fresh one would not match the page's).
  if (request.headers.has("next-router-prefetch") || request.headers.get("purpose") === "prefetch") return NextResponse.next();
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const isDev = process.env.NODE_ENV === "development";
  const policy = [
    "default-src 'self'",
    // React needs eval in development only (error overlays and stacks).
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    // The offline service worker (public/sw.js) and the home-screen manifest (issue 10).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: API answers get their own fixed policy (next.config.js), static files none.
      // Prefetches too (skipped in the function): a header must not let a server action past the checks.
      source: "/((?!api|_next/static|_next/image|favicon.ico|icon.svg|sw.js|icons/|manifest.webmanifest).*)",
    },
  ],
};
