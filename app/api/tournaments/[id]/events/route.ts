import { failure, unavailable } from "@/lib/action-result";
import { clientAddressOf } from "@/lib/server/client-address";
import { liveStreamBudget } from "@/lib/server/live-streams";
import { isRetryableDatabaseFailure } from "@/lib/server/data/prisma-errors";
import { getTournamentViewer } from "@/lib/server/viewer";
import { getPlayerActor } from "@/lib/server/player-session";
import { liveListener, subscribeToTournament, type LiveView } from "@/lib/server/live";
import { getStandingsShownDigest } from "@/lib/server/data/standings";
import { methodNotAllowed, respondWith } from "@/lib/server/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** A comment line keeps proxies and phones from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
/** How long a stream waits for a cold instance's listener before it says "ready". */
const LISTEN_WAIT_MS = 5_000;
/** When a page refused a stream (over a cap) may ask again. */
const STREAMS_FULL_RETRY_SECONDS = 30;

/**
 * GET /api/tournaments/:id/events — Server-Sent Events for one tournament's open pages
 * (issue 10, docs/live-updates.md). Sends `event: changed` whenever Postgres announces a change
 * to the tournament (and once after the server's listener reconnected, to catch up); the page
 * then re-reads itself (components/live-updates.tsx). No data goes out: a page refreshes through
 * its own authorized read. Published tournaments to anyone; one in preparation only to its staff
 * and to its own players signed in with their code (their match page is live too).
 * `?view=standings`: the standings page, told only when the standings it shows changed;
 * `?view=player`: a player's match page, told first.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  // Counted before anything is read, so streams past a cap cost the database nothing.
  const release = liveStreamBudget().tryOpen(clientAddressOf(request.headers) ?? "unknown");
  if (!release) return respondWith(streamsFull(), { "Retry-After": String(STREAMS_FULL_RETRY_SECONDS) });
  try {
    const response = await openStream(request, (await params).id, release);
    if (!response.body || response.status !== 200) release();
    return response;
  } catch (error) {
    release();
    if (isRetryableDatabaseFailure(error)) return respondWith(unavailable());
    throw error;
  }
}

function streamsFull() {
  return failure(
    "UNAVAILABLE",
    `Too many live pages are open (from this address or on this server); this page stops updating by itself for now. Try again in ${STREAMS_FULL_RETRY_SECONDS} seconds.`,
  );
}

/** The stream; it calls `release` once when it ends, for whatever reason. */
async function openStream(request: Request, id: string, release: () => void): Promise<Response> {
  const viewer = await getTournamentViewer(id, request.headers);
  const isOwnPlayer = !viewer.canView && (await getPlayerActor(request.headers))?.tournamentId === id;
  if (!viewer.canView && !isOwnPlayer) return respondWith(failure("NOT_FOUND", "That tournament does not exist."));

  // "ready" promises the page that changes from now on reach it: on a cold instance, only once
  // the listener LISTENs (a database that does not answer in time: the page is told anyway, and
  // the listener's catch-up covers it once it connects).
  const listener = liveListener();
  listener.setViewDigest("standings", getStandingsShownDigest);
  const asked = new URL(request.url).searchParams.get("view");
  const view: LiveView = asked === "standings" || asked === "player" ? asked : "all";
  await listener.ready(LISTEN_WAIT_MS);
  const encoder = new TextEncoder();
  let stop = () => undefined as void;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let isOpen = true;
      const send = (text: string) => {
        if (!isOpen) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      // retry: how soon a dropped browser reconnects (it then refreshes once to catch up).
      // data: since when this server may have missed nothing (ms); a page rendered earlier refreshes once.
      send(`retry: 2000\nevent: ready\ndata: ${listener.staleBefore(id)}\n\n`);
      const unsubscribe = subscribeToTournament(id, (event) => (event === "shutdown" ? stop() : send(`event: changed\ndata: ${event}\n\n`)), view);
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      stop = () => {
        if (!isOpen) return;
        isOpen = false;
        clearInterval(heartbeat);
        unsubscribe();
        release();
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      };
      request.signal.addEventListener("abort", () => stop(), { once: true });
      if (request.signal.aborted) stop();
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the response compressor leaves it alone (gzip would hold events back).
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}

const onlyGet = methodNotAllowed(["GET"]);
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
