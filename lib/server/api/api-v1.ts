import "server-only";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { failure, type ActionResult, errorBody } from "@/lib/action-result";
import { httpStatusFor } from "@/lib/server/infra/errors";
import { matchesEtag } from "@/lib/server/infra/http";
import { answerDatabaseFailure } from "@/lib/server/infra/prisma-errors";
import { getTournamentAccess, type TournamentAccess } from "@/lib/server/access/tournament-access";
import {
  bearerSecretOf,
  getRequestActor,
  INVALID_TOKEN_MESSAGE,
  isInTokenScope,
  isTokenActor,
  type RequestActor,
} from "@/lib/server/access/request-actor";

/** Requests per minute one bearer token may send (per app instance). */
export const API_RATE_LIMIT_PER_MINUTE = 120;
const RATE_WINDOW_MS = 60_000;

/** Requests counted per token in the current minute, keyed by a hash of the Authorization header (so a bad token counts too). */
const windows = new LRUCache<string, { startedAt: number; count: number }>({
  max: 50_000,
  ttl: RATE_WINDOW_MS,
});

/** Null when the request may go on; else a RATE_LIMITED answer with the seconds until the window ends. */
export function takeRateLimit(
  requestHeaders: Headers,
  now = Date.now(),
): ActionResult<never> | null {
  const secret = bearerSecretOf(requestHeaders);
  if (secret === undefined) return null;
  const key = createHash("sha256").update(secret).digest("base64url");
  const current = windows.get(key);
  const window =
    current && now - current.startedAt < RATE_WINDOW_MS ? current : { startedAt: now, count: 0 };
  window.count += 1;
  windows.set(key, window);
  if (window.count <= API_RATE_LIMIT_PER_MINUTE) return null;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((window.startedAt + RATE_WINDOW_MS - now) / 1000),
  );
  return {
    ok: false,
    error: {
      code: "RATE_LIMITED",
      message: `Too many requests with this token: at most ${API_RATE_LIMIT_PER_MINUTE} a minute. Try again in ${retryAfterSeconds} seconds.`,
      retryAfterSeconds,
    },
  };
}

/** Forgets every window (tests). */
export function resetRateLimits(): void {
  windows.clear();
}

/**
 * An ActionResult as the API's JSON: `{ data }` (and `page` for lists) or
 * `{ error: { code, message, fields? } }` with the code's status and, when it says when, Retry-After.
 */
export function respondV1(
  result: ActionResult<unknown>,
  options: { status?: number; headers?: HeadersInit; page?: unknown } = {},
): Response {
  const headers = new Headers(options.headers);
  headers.set("Cache-Control", headers.get("Cache-Control") ?? "no-store");
  if (result.ok)
    return Response.json(
      options.page === undefined
        ? { data: result.value }
        : { data: result.value, page: options.page },
      { status: options.status ?? 200, headers },
    );
  const { code, retryAfterSeconds } = result.error;
  if (retryAfterSeconds !== undefined) headers.set("Retry-After", String(retryAfterSeconds));
  if (code === "UNAUTHENTICATED") headers.set("WWW-Authenticate", 'Bearer realm="api"');
  return Response.json(errorBody(result.error), { status: httpStatusFor(code), headers });
}

/** The JSON 405 of /api/v1, with the Allow header. */
export function v1MethodNotAllowed(allowed: readonly string[]): () => Response {
  return () =>
    respondV1(
      failure("METHOD_NOT_ALLOWED", `This address takes only ${allowed.join(", ")} requests.`),
      { headers: { Allow: allowed.join(", ") } },
    );
}

/** Who reads: a token inside its scope reads as its owner; outside it, as anybody. */
function readerIdFor(
  who: Exclude<RequestActor, "invalid-token">,
  tournamentId: string,
): string | undefined {
  if (!who.actor) return undefined;
  if (isTokenActor(who.actor) && !isInTokenScope(who.actor, tournamentId)) return undefined;
  return who.actor.userId;
}

/**
 * Every /api/v1 answer goes through here: rate limit, then the handler; a busy database is a 503
 * with Retry-After, a full disk a 507, anything unexpected a JSON 500 that shows nothing of it.
 */
export async function answerV1(
  request: Request,
  handler: () => Promise<Response>,
): Promise<Response> {
  const limited = takeRateLimit(request.headers);
  if (limited) return respondV1(limited);
  try {
    return await handler();
  } catch (error) {
    const answer = answerDatabaseFailure(error);
    if (answer) return respondV1(answer);
    console.error("Unexpected error in /api/v1", error);
    return respondV1(
      failure(
        "INTERNAL",
        "Something went wrong on our side; nothing was changed. Please try again.",
      ),
    );
  }
}

/**
 * A read of one tournament: the caller must be allowed to see it, exactly as its pages decide
 * (getTournamentAccess); a tournament they may not see does not exist (404). The answer carries a
 * weak ETag of its body; a request whose If-None-Match names it gets 304 and no body.
 */
export async function readTournamentV1<T>(
  request: Request,
  tournamentId: string,
  read: (
    access: TournamentAccess,
    url: URL,
  ) => Promise<ActionResult<T> | { ok: true; value: T; page: unknown }>,
): Promise<Response> {
  return answerV1(request, async () => {
    const who = await getRequestActor(request.headers, { acceptsApiToken: true });
    if (who === "invalid-token")
      return respondV1(failure("UNAUTHENTICATED", INVALID_TOKEN_MESSAGE));
    const access = await getTournamentAccess(tournamentId, readerIdFor(who, tournamentId));
    if (!access) return respondV1(failure("NOT_FOUND", "That tournament does not exist."));
    const result = await read(access, new URL(request.url));
    if (!result.ok) return respondV1(result);
    const page = "page" in result ? result.page : undefined;
    return withEtag(
      request,
      respondV1(result, {
        page,
        headers: { "Cache-Control": access.role ? "private, no-cache" : "public, no-cache" },
      }),
    );
  });
}

/** A read that names no tournament (the tournament list): who reads is passed on. */
export async function readV1(
  request: Request,
  read: (
    who: { userId?: string; tokenTournamentId?: string | null },
    url: URL,
  ) => Promise<{ ok: true; value: unknown; page?: unknown } | ActionResult<never>>,
): Promise<Response> {
  return answerV1(request, async () => {
    const who = await getRequestActor(request.headers, { acceptsApiToken: true });
    if (who === "invalid-token")
      return respondV1(failure("UNAUTHENTICATED", INVALID_TOKEN_MESSAGE));
    const reader = who.actor
      ? {
          userId: who.actor.userId,
          tokenTournamentId: isTokenActor(who.actor) ? who.actor.token.tournamentId : undefined,
        }
      : {};
    const result = await read(reader, new URL(request.url));
    if (!result.ok) return respondV1(result);
    const page = "page" in result ? result.page : undefined;
    return withEtag(
      request,
      respondV1(result, {
        page,
        headers: { "Cache-Control": who.actor ? "private, no-cache" : "public, no-cache" },
      }),
    );
  });
}

/** A read that needs no database (the document and its reference page): rate-limited and tagged like every other read. */
export async function readDocumentV1(request: Request, answer: () => Response): Promise<Response> {
  return answerV1(request, async () => withEtag(request, answer()));
}

/** Adds a weak ETag of the body; answers 304 when If-None-Match names it. */
async function withEtag(request: Request, response: Response): Promise<Response> {
  if (response.status !== 200) return response;
  const body = await response.text();
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  const headers = new Headers(response.headers);
  headers.set("ETag", etag);
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && matchesEtag(ifNoneMatch, etag)) {
    headers.delete("content-type");
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}
