import "server-only";
import { failure } from "@/lib/action-result";
import { clientAddressOf } from "@/lib/server/infra/client-address";
import { liveStreamBudget } from "@/lib/server/live/live-streams";
import { answerDatabaseFailure } from "@/lib/server/infra/prisma-errors";
import { getTournamentViewer } from "@/lib/server/access/viewer";
import { getPlayerActor } from "@/lib/server/check-in/player-session";
import {
  liveListener,
  subscribeToTournament,
  type LiveEvent,
  type LiveView,
} from "@/lib/server/live/live";
import { getStandingsShownDigest } from "@/lib/server/standings/standings";
import { respondWith } from "@/lib/server/infra/http";
import { isPublicNow } from "@/lib/server/live/page-cache";

/** A comment line keeps proxies and phones from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
/** How long a stream waits for a cold instance's listener before it says "ready". */
const LISTEN_WAIT_MS = 5_000;
/** When a page refused a stream (over a cap) may ask again. */
const STREAMS_FULL_RETRY_SECONDS = 30;

/** The headers of an open stream, whichever transport writes it. */
export const LIVE_STREAM_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: the response compressor leaves it alone (gzip would hold events back).
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};

/** Where a stream's text goes: `write` answers false once the client is gone. */
export type LiveStreamSink = { write(text: string): boolean; close(): void };

/** A stream that may open (`start` it on its transport, it returns how to stop it; or `cancel` it, giving its place back) or the answer refusing it. */
export type LiveStreamOpening =
  | { ok: true; start(sink: LiveStreamSink): () => void; cancel(): void }
  | { ok: false; response: Response };

/**
 * Server-Sent Events for one tournament's open pages (docs/live-updates.md): `event: changed`
 * whenever Postgres announces a change to the tournament (and once after the server's listener
 * reconnected, to catch up); the page then re-reads itself (components/live-updates.tsx). No data
 * goes out: a page refreshes through its own authorized read. Published tournaments to anyone; one
 * in preparation only to its staff and to its own players signed in with their code.
 * `view` "standings": told only when the standings it shows changed; "player": told first.
 */
export async function openLiveStream(
  tournamentId: string,
  requestHeaders: Headers,
  view: string | null,
): Promise<LiveStreamOpening> {
  // Counted before anything is read, so streams past a cap cost the database nothing.
  const place = liveStreamBudget().tryOpen(clientAddressOf(requestHeaders) ?? "unknown");
  if (!place)
    return {
      ok: false,
      response: respondWith(streamsFull(), { "Retry-After": String(STREAMS_FULL_RETRY_SECONDS) }),
    };
  const { release } = place;
  try {
    const viewer = await getTournamentViewer(tournamentId, requestHeaders);
    const isOwnPlayer =
      !viewer.isStaff && (await getPlayerActor(requestHeaders))?.tournamentId === tournamentId;
    if (!viewer.canView && !isOwnPlayer) {
      release();
      return {
        ok: false,
        response: respondWith(failure("NOT_FOUND", "That tournament does not exist.")),
      };
    }
    // "ready" promises the page that changes from now on reach it: on a cold instance, only once
    // the listener LISTENs (a database that does not answer in time: the page is told anyway, and
    // the listener's catch-up covers it once it connects).
    const listener = liveListener();
    listener.setViewDigest("standings", getStandingsShownDigest);
    await listener.ready(LISTEN_WAIT_MS);
    const shown: LiveView = view === "standings" || view === "player" ? view : "all";
    // Anyone but its staff and its own players sees the tournament only while it is published.
    const whilePublic = !viewer.isStaff && !isOwnPlayer;
    return {
      ok: true,
      start: (sink) => {
        const stop = startStream(tournamentId, shown, sink, release, whilePublic);
        // A fairer claim on a full server ends this stream; its page reconnects later.
        place.onEvict(stop);
        return stop;
      },
      cancel: release,
    };
  } catch (error) {
    release();
    const answer = answerDatabaseFailure(error);
    if (answer) return { ok: false, response: respondWith(answer) };
    throw error;
  }
}

/** Subscribes the sink; the returned stop (also called when the client is gone or the server stops) runs once. */
function startStream(
  tournamentId: string,
  view: LiveView,
  sink: LiveStreamSink,
  release: () => void,
  whilePublic: boolean,
): () => void {
  let isOpen = true;
  const send = (text: string) => {
    if (isOpen && !sink.write(text)) stop();
  };
  // data: the kind, and when this server heard of the change: a page whose refresh was rendered
  // before that (a shared copy of a moment ago, another instance) asks again.
  const tell = (event: LiveEvent, since: number) => {
    const text = `event: changed\ndata: ${event} ${since}\n\n`;
    if (!whilePublic) return send(text);
    // Unpublished or deleted meanwhile: the stream ends rather than tell a visitor when it changes.
    void isPublicNow(tournamentId).then((isPublic) => (isPublic ? send(text) : stop()));
  };
  const unsubscribe = subscribeToTournament(
    tournamentId,
    (event, since) => (event === "shutdown" ? stop() : tell(event, since)),
    view,
  );
  const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
  function stop() {
    if (!isOpen) return;
    isOpen = false;
    clearInterval(heartbeat);
    unsubscribe();
    release();
    sink.close();
  }
  // retry: how soon a dropped browser reconnects (it then refreshes once to catch up).
  // data: since when this server may have missed nothing (ms); a page rendered earlier refreshes once.
  send(`retry: 2000\nevent: ready\ndata: ${liveListener().staleBefore(tournamentId)}\n\n`);
  return stop;
}

/**
 * HEAD: the answer a GET would start with (the same checks and headers), and no stream: Next.js
 * answers HEAD with the GET handler, whose stream no client reads, and it held its place for good.
 */
export async function answerLiveStreamHead(
  tournamentId: string,
  requestHeaders: Headers,
  view: string | null,
): Promise<Response> {
  const opening = await openLiveStream(tournamentId, requestHeaders, view);
  if (!opening.ok) return opening.response;
  opening.cancel();
  return new Response(null, { status: 200, headers: LIVE_STREAM_HEADERS });
}

function streamsFull() {
  return failure(
    "UNAVAILABLE",
    `Too many live pages are open (from this address or on this server); this page stops updating by itself for now. Try again in ${STREAMS_FULL_RETRY_SECONDS} seconds.`,
  );
}
