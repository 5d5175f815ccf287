import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerBeforeNext } from "@/lib/server/infra/early-answers";
import { answerLiveStreamHead, LIVE_STREAM_HEADERS, openLiveStream } from "./live-stream";
import { apiAnswerHeaders } from "@/lib/server/infra/answer-headers";
import { answerUnexpected, headersOf, writeAnswer } from "@/lib/server/infra/node-answers";

/** The live-stream address, with ids as the app makes them: anything else (a % in it, a POST) is left to Next.js and its checks. */
export const LIVE_STREAM_ADDRESS =
  /^\/api\/tournaments\/([A-Za-z0-9_-]{1,100})\/events(?:\?([^#]*))?$/;

/**
 * Serves the tournaments' live streams on the Node.js socket, before Next.js sees the request
 * (lib/server/infra/early-answers.ts; registered at startup by instrumentation.ts): a stream is
 * open for as long as a page is, and a request Next.js holds open keeps about 75 kB of its own, so
 * 2,000 open pages cost 150 MB through the route handler and a few MB here. The same checks and
 * events as the route (lib/server/live/live-stream.ts), which still answers wherever this is not
 * registered. Nothing of proxy.ts applies to an address taken here
 * (lib/server/infra/early-answers.test.ts).
 */
export function serveLiveStreamsBeforeNext(): void {
  answerBeforeNext("live-stream", answerLiveStream);
}

export function answerLiveStream(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const address = LIVE_STREAM_ADDRESS.exec(request.url ?? "");
  if (!address) return false;
  const view = new URLSearchParams(address[2] ?? "").get("view");
  const answering =
    request.method === "HEAD"
      ? answerLiveStreamHead(address[1]!, headersOf(request), view).then((answer) =>
          writeAnswer(response, answer),
        )
      : serve(address[1]!, view, request, response);
  void answering.catch((error: unknown) =>
    answerUnexpected(
      response,
      error,
      "opening a live stream",
      "Something went wrong on our side; this page stops updating by itself for now.",
    ),
  );
  return true;
}

async function serve(
  tournamentId: string,
  view: string | null,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const opening = await openLiveStream(tournamentId, headersOf(request), view);
  if (!opening.ok) return await writeAnswer(response, opening.response);
  if (response.destroyed || request.socket.destroyed) return opening.cancel();
  response.writeHead(200, { ...apiAnswerHeaders(), ...LIVE_STREAM_HEADERS });
  response.flushHeaders();
  const stop = opening.start({
    write: (text) => {
      if (response.destroyed) return false;
      response.write(text);
      return true;
    },
    close: () => response.end(),
  });
  response.once("close", stop);
}
