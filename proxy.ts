import { NextResponse, type NextRequest } from "next/server";
// Next's own check of the header (internal, pinned with the exact next version): the proxy refuses exactly what it would throw on.
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state";
import { refuseServerActionRequest, refuseUnreadableActionBody } from "@/lib/server-action-request";
import { admitDatabaseRequest, type Refusal } from "@/lib/server/infra/database-admission";
import { answerFromPageCache, isPageCacheRender } from "@/lib/server/live/page-cache";
import { errorBody } from "@/lib/action-result";
import { contentSecurityPolicy } from "@/lib/csp";

/**
 * A Content-Security-Policy with a fresh nonce per page: scripts run only if Next.js rendered them
 * with this request's nonce, and no other site may frame the app. Next reads the nonce from the
 * request's CSP header and puts it on its own scripts. A public page a visitor without a session
 * asks for may come from the page cache instead, with the hashes of its scripts (lib/csp.ts,
 * lib/server/live/page-cache.ts).
 */
export async function proxy(request: NextRequest) {
  // Next answers a dynamic segment it cannot decode (`/play/%`, `/api/%`) with a 500, and PostgreSQL
  // refuses an id with a NUL in it (`/tournaments/%00`).
  if (!isSaneAddress(request.nextUrl.pathname))
    return badAddress(request.nextUrl.pathname.startsWith("/api/"));
  if (request.nextUrl.pathname.startsWith("/api/")) return NextResponse.next();
  // The page cache rendering a page for many: no nonce, its answer gets the scripts' hashes.
  if (isPageCacheRender(request.headers)) return NextResponse.next();
  // Next renders some pages (a not-found under a round) with a 500 when this header cannot be read.
  if (!isReadableRouterState(request.headers.get("next-router-state-tree"))) {
    return new NextResponse("The Next-Router-State-Tree header cannot be read.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const refusal =
    refuseServerActionRequest(request.method, request.headers) ??
    (await refuseUnreadableActionBody(request));
  if (refusal)
    return new NextResponse(refusal.message, {
      status: refusal.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const cached = await answerFromPageCache({
    method: request.method,
    pathname: request.nextUrl.pathname,
    searchParams: request.nextUrl.searchParams,
    headers: request.headers,
  });
  if (cached) return cached;
  // Server actions answer a busy database themselves (runMutation: "busy, try again" in the form).
  if (request.method === "GET" || request.method === "HEAD") {
    const refusal = await admitDatabaseRequest();
    if (refusal) return busyPage(refusal);
  }
  // A prefetch renders no document, so it needs no nonce (and a fresh one would not match the page's).
  if (request.headers.has("next-router-prefetch") || request.headers.get("purpose") === "prefetch")
    return NextResponse.next();
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = contentSecurityPolicy({ nonce }, process.env.NODE_ENV === "development");
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
      // Each exclusion is a whole segment or file name: "/apix" or "/sw.jsx" is a page like any other.
      source:
        "/((?!api(?:/|$)|_next/static/|_next/image(?:/|$)|favicon\\.ico$|icon\\.svg$|sw\\.js$|icons/|manifest\\.webmanifest$).*)",
    },
    // The API only for its address's encoding (checked first in the function). Not the import, the
    // one request of megabytes: its route reads and limits its own body, which the proxy would buffer.
    "/api",
    "/api/((?!imports$).*)",
  ],
};

const REFUSAL_TEXT = {
  busy: {
    title: "Busy, try again",
    heading: "The server is busy",
    why: "Too many pages are being loaded at once.",
  },
  unreachable: {
    title: "Back in a moment",
    heading: "The event is back in a moment",
    why: "The server cannot reach its database right now.",
  },
} as const;

/** A 503 that says what happened and when to come back, with no script and nothing to load. */
function busyPage({ retryAfterSeconds, reason }: Refusal): NextResponse {
  const text = REFUSAL_TEXT[reason];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${retryAfterSeconds}"><title>${text.title}</title></head><body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem"><h1>${text.heading}</h1><p>${text.why} This page tries again by itself in ${retryAfterSeconds} seconds; nothing you entered was lost.</p></body></html>`;
  return new NextResponse(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Retry-After": String(retryAfterSeconds),
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    },
  });
}

function isReadableRouterState(header: string | null): boolean {
  if (header === null) return true;
  try {
    parseAndValidateFlightRouterState(header);
    return true;
  } catch {
    return false;
  }
}

/** Decodable percent-encoding, and no control characters once decoded: no id or page name holds one. */
function isSaneAddress(pathname: string): boolean {
  try {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: it refuses control characters
    return !/[\u0000-\u001f\u007f]/.test(decodeURIComponent(pathname));
  } catch {
    return false;
  }
}

/** An address that cannot name anything of this app: 400, in JSON for the API. */
function badAddress(isApi: boolean): NextResponse {
  const message =
    "This address is not valid: a % in it must start a percent-encoded character such as %20, and it cannot hold control characters.";
  if (isApi) return NextResponse.json(errorBody({ code: "VALIDATION", message }), { status: 400 });
  return new NextResponse(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
