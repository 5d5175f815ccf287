import { methodNotAllowed } from "@/lib/server/infra/http";
import {
  answerLiveStreamHead,
  LIVE_STREAM_HEADERS,
  openLiveStream,
} from "@/lib/server/live/live-stream";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/tournaments/:id/events — Server-Sent Events that tell a tournament's open pages to
 * refresh themselves (docs/live-updates.md; lib/server/live/live-stream.ts). `?view=standings`: the standings page, told
 * only when the standings it shows changed; `?view=player`: a player's match page, told first.
 * The app's server answers these on the socket before Next.js sees them (a few kB each instead of
 * about 75 kB; lib/server/live/live-stream-node.ts); this handler serves them under `next start`.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const opening = await openLiveStream(
    (await params).id,
    request.headers,
    new URL(request.url).searchParams.get("view"),
  );
  if (!opening.ok) return opening.response;
  const encoder = new TextEncoder();
  let stop: () => void = () => undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      stop = opening.start({
        write: (text) => {
          try {
            controller.enqueue(encoder.encode(text));
            return true;
          } catch {
            return false;
          }
        },
        close: () => {
          try {
            controller.close();
          } catch {
            // Already closed by the client going away.
          }
        },
      });
      request.signal.addEventListener("abort", () => stop(), { once: true });
      if (request.signal.aborted) stop();
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, { headers: LIVE_STREAM_HEADERS });
}

/** HEAD: a GET's checks and headers, no stream (lib/server/live/live-stream.ts). */
export async function HEAD(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return answerLiveStreamHead(
    (await params).id,
    request.headers,
    new URL(request.url).searchParams.get("view"),
  );
}

const onlyGet = methodNotAllowed(["GET"]);
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
