import http from "node:http";
import { errorBody } from "../../action-result";
import { apiAnswerHeaders } from "./answer-headers";
import { answerEarly, expectEarlyResponders } from "./early-answers";
import { peerAddressHeaderName } from "./peer-address";

/**
 * A request's headers must arrive within this: one packet from any phone, so a trickle only
 * holds a place this long.
 */
export const HEADERS_TIMEOUT_MS = 20_000;
/**
 * A whole request, body included (an 8 MB import over a slow venue Wi-Fi fits): Node's default
 * holds a trickling one 300 s.
 */
export const REQUEST_TIMEOUT_MS = 120_000;

/** Methods the app answers; any other (TRACE, WebDAV's) is a 405 here (Next.js would answer 500). */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const refusedMethod = {
  code: "METHOD_NOT_ALLOWED" as const,
  message: "This address does not take that method.",
};

/** What Next.js's `app.getRequestHandler()` returns. */
export type NextRequestHandler = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
) => Promise<void>;

export type AppServerOptions = {
  /** Idle keep-alive connections are kept this long (Node's own default when not given). */
  keepAliveTimeout?: number;
  /** How often Node checks the timeouts above (its default is 30 s; tests shorten it). */
  connectionsCheckingInterval?: number;
  /**
   * Whether the early responders are asked (default true). Not in development: they keep the code
   * they started with, while Next.js serves the same routes with every edit applied.
   */
  answerEarly?: boolean;
};

/**
 * The app's HTTP server (scripts/next-server.ts, the custom server `npm start` and `npm run dev`
 * run). Each request, before Next.js sees it:
 * - a method the app has no use for is answered 405 with the one error body;
 * - the socket's address is copied into the peer-address header (lib/server/infra/peer-address.ts):
 *   Next keeps a client's own X-Forwarded-For as it came, so only this makes the real address
 *   knowable for throttling;
 * - the early responders (lib/server/infra/early-answers.ts) may answer it on the socket;
 * and everything else goes to Next.js. The server gets the timeouts above from the start.
 */
export function createAppServer(
  handle: NextRequestHandler,
  options: AppServerOptions = {},
): http.Server {
  const headerName = peerAddressHeaderName();
  const asksResponders = options.answerEarly ?? true;
  if (asksResponders) expectEarlyResponders();
  const server = http.createServer(
    {
      requestTimeout: REQUEST_TIMEOUT_MS,
      headersTimeout: HEADERS_TIMEOUT_MS,
      ...(options.connectionsCheckingInterval
        ? { connectionsCheckingInterval: options.connectionsCheckingInterval }
        : {}),
    },
    (request, response) => {
      if (!KNOWN_METHODS.has(request.method ?? "")) {
        response
          .writeHead(405, {
            ...apiAnswerHeaders(),
            Allow: [...KNOWN_METHODS].join(", "),
            "Content-Type": "application/json",
          })
          .end(JSON.stringify(errorBody(refusedMethod)));
        return;
      }
      request.headers[headerName] = request.socket.remoteAddress ?? "";
      if (asksResponders && answerEarly(request, response)) return;
      handle(request, response).catch((error: unknown) => {
        // As `next start` answers a request its handler failed on.
        console.error(`Failed to handle request for ${request.url}`, error);
        if (response.headersSent) response.destroy();
        else response.writeHead(500).end("Internal Server Error");
      });
    },
  );
  if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
  return server;
}
