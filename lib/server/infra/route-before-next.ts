import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerBeforeNext } from "./early-answers";
import { answerUnexpected, headersOf, writeAnswer } from "./node-answers";

/** A route handler as app/api exports it. */
export type RouteHandler<P extends string> = (
  request: Request,
  context: { params: Promise<Record<P, string>> },
) => Promise<Response>;

export type RouteBeforeNext<P extends string> = {
  name: string;
  method: "POST";
  /** The address with ids as the app makes them (no % in it); its groups are the params, in `params` order. */
  address: RegExp;
  params: readonly P[];
  /** The most the handler reads of a body: one byte more is handed over, so the handler refuses it with its own message. */
  bodyLimitBytes: number;
  handler: RouteHandler<P>;
};

/**
 * Answers one route's requests on the Node.js socket, through its own exported handler, before
 * Next.js sees them (lib/server/infra/early-answers.ts): for the result report, the request an
 * event day makes most, Next's routing, tracing and response streaming cost as much as the report
 * itself (docs/performance.md). The handler must need nothing of Next's request context (it reads
 * the request it is given, never `headers()` or `cookies()`); its answer gets the API's headers
 * as next.config.js gives them. Nothing of proxy.ts applies to an address taken here: for /api/
 * it only refuses an address that is not sane, and `address` takes none such
 * (lib/server/infra/early-answers.test.ts).
 * Wherever this is not registered, Next.js serves the same handler.
 */
export function answerRouteBeforeNext<P extends string>(route: RouteBeforeNext<P>): void {
  answerBeforeNext(route.name, (request, response) => {
    if (request.method !== route.method) return false;
    const address = route.address.exec(request.url ?? "");
    if (!address) return false;
    void answer(route, address, request, response).catch((error: unknown) => {
      if (error instanceof RequestClosedError) return;
      answerUnexpected(
        response,
        error,
        `answering ${route.name}`,
        "Something went wrong on our side; nothing was saved. Please try again.",
      );
    });
    return true;
  });
}

async function answer<P extends string>(
  route: RouteBeforeNext<P>,
  address: RegExpExecArray,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const body = await readBody(request, route.bodyLimitBytes + 1);
  const params = Object.fromEntries(
    route.params.map((name, index) => [name, address[index + 1]!]),
  ) as Record<P, string>;
  const webRequest = new Request(`http://localhost${request.url}`, {
    method: request.method,
    headers: headersOf(request),
    body: new Uint8Array(body),
  });
  const answered = await route.handler(webRequest, { params: Promise.resolve(params) });
  await writeAnswer(response, answered);
}

/** The body, or its first `limit` bytes when it is longer (the rest is dropped as it arrives). */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length < limit) return;
      request.off("data", onData).off("end", onEnd).off("error", reject).off("close", onClose);
      // The rest is read and dropped, as Next.js does: closing while the client still sends would reset the connection before it reads the refusal.
      request.resume();
      resolve(Buffer.concat(chunks).subarray(0, limit));
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    // A client gone before its body arrived (or the server's request timeout) settles it too.
    const onClose = () => reject(new RequestClosedError());
    request.on("data", onData).once("end", onEnd).once("error", reject).once("close", onClose);
  });
}

class RequestClosedError extends Error {
  constructor() {
    super("The client closed the request before its body arrived.");
  }
}
