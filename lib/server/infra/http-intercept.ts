import http from "node:http";
import { errorBody } from "../../action-result";
import { apiAnswerHeaders } from "./node-answers";
import { peerAddressHeaderName } from "./peer-address";

/** Answers a request itself and says so (true), or leaves it to Next.js (false). */
export type EarlyResponder = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
) => boolean;

const PATCHED_KEY = Symbol.for("spellbook.httpIntercepted");
const RESPONDERS_KEY = Symbol.for("spellbook.earlyResponders");
type Registry = typeof globalThis & {
  [PATCHED_KEY]?: boolean;
  [RESPONDERS_KEY]?: Map<string, EarlyResponder>;
};

/** Methods the app answers; any other (TRACE, WebDAV's) is a 405 here, where Next.js would answer 500. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const refusedMethod = {
  code: "METHOD_NOT_ALLOWED" as const,
  message: "This address does not take that method.",
};
/** A request's headers must arrive within this: one packet from any phone, so a trickle only holds a place this long. */
export const HEADERS_TIMEOUT_MS = 20_000;
/** A whole request, body included (an 8 MB import over a slow venue Wi-Fi fits): Node's default holds a trickling one 300 s. */
export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * Sees each HTTP request before Next.js does, once per process (instrumentation.ts):
 * - copies the socket's address into the peer-address header: `next start` keeps a client's own
 *   X-Forwarded-For as it came and adds the socket's address only when there is none, so without
 *   this the real address is not knowable;
 * - offers it to the early responders (`answerBeforeNext`), which may answer it on the socket;
 * - answers a method the app has no use for with 405, and gives the server the timeouts above
 *   (`next start` offers no option for them).
 */
export function interceptHttpRequests(): void {
  const registry = globalThis as Registry;
  if (registry[PATCHED_KEY]) return;
  registry[PATCHED_KEY] = true;
  const headerName = peerAddressHeaderName();
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitSeenFirst(
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ) {
    // Set as the server starts listening, and again on a request should it have begun before this ran.
    if (
      (event === "listening" || event === "request") &&
      this.requestTimeout !== REQUEST_TIMEOUT_MS
    ) {
      this.requestTimeout = REQUEST_TIMEOUT_MS;
      this.headersTimeout = HEADERS_TIMEOUT_MS;
    }
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      if (!KNOWN_METHODS.has(request.method ?? "")) {
        const response = args[1] as http.ServerResponse;
        response
          .writeHead(405, {
            ...apiAnswerHeaders(),
            Allow: [...KNOWN_METHODS].join(", "),
            "Content-Type": "application/json",
          })
          .end(JSON.stringify(errorBody(refusedMethod)));
        return true;
      }
      request.headers[headerName] = request.socket?.remoteAddress ?? "";
      for (const respond of registry[RESPONDERS_KEY]?.values() ?? []) {
        if (respond(request, args[1] as http.ServerResponse)) return true;
      }
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}

/**
 * Registers (or replaces) a responder that answers some requests on the Node.js socket itself.
 * For a request Next.js would hold open for minutes (a live stream): Next keeps about 75 kB of
 * its own per request in flight, a bare response a few kB.
 */
export function answerBeforeNext(name: string, responder: EarlyResponder): void {
  const registry = globalThis as Registry;
  registry[RESPONDERS_KEY] ??= new Map();
  registry[RESPONDERS_KEY].set(name, responder);
}
