"use client";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";

/** Changes that arrive together (a result, then the standings it moves) become one refresh. */
const DEBOUNCE_MS = 300;
/** When the server refused the stream (not 200), try again this much later rather than never. */
const RETRY_CLOSED_MS = 15_000;

/** Two instances' clocks may differ a little: a change this close to the render counts as after it. */
const CLOCK_MARGIN_MS = 1_000;
/** A refresh that has not finished by then no longer holds the next one back. */
const STUCK_REFRESH_MS = 5_000;
/** A refresh rendered before the change it was for (a shared copy of a moment ago) is asked again this much later, then less often. */
const RECHECK_MS = 600;
const RECHECK_GROWTH = 1.25;
/** Asked again at most this often for one change (about 20 s in all): two machines' clocks may differ for good. */
const MAX_RECHECKS = 10;

type Status = "connecting" | "open" | "reconnecting";

/**
 * Keeps the page it is on live (docs/live-updates.md): listens to the tournament's
 * event stream and re-reads the page from the server when something changed. `router.refresh()`
 * re-renders the server components and keeps client state, so a half-typed form stays as it is.
 * Debounced, and at most one refresh in flight (another one follows if changes came meanwhile).
 * After a dropped connection it refreshes once on reconnecting, for what it missed. Each change
 * says since when the server knew of it; a refresh rendered before then (a shared copy of a moment
 * ago, or another instance that had not heard yet) is followed by another, so an open page always
 * ends on the latest change.
 *
 * Rendered once by app/tournaments/[id]/layout.tsx, so every tournament page is live.
 */
export function LiveUpdates({
  tournamentId,
  renderedAt,
}: {
  tournamentId: string;
  renderedAt: string;
}) {
  const router = useRouter();
  // The standings page is told only when the standings change, not on every result of the round.
  // A player's match page is told first (its player waits for the opponent's report).
  const pathname = usePathname();
  // Print views are not live: a sheet is printed as it was loaded (reload for the latest), and a
  // round's player slips (a QR code per player) are not re-rendered for every result of the round.
  const isPrintView =
    pathname.startsWith(`/tournaments/${tournamentId}/rounds/`) && pathname.includes("/print");
  const view =
    pathname === `/tournaments/${tournamentId}/standings`
      ? "standings"
      : pathname.startsWith("/play")
        ? "player"
        : "all";
  const [isRefreshing, startRefresh] = useTransition();
  const [status, setStatus] = useState<Status | "off">(isPrintView ? "off" : "connecting");
  const isRefreshingRef = useRef(false);
  const isWantedRef = useRef(false);
  const refreshNowRef = useRef<() => void>(() => undefined);
  const renderedAtRef = useRef(Date.parse(renderedAt));
  renderedAtRef.current = Date.parse(renderedAt);
  /** The server's time of the latest change this page was told of, and how often it asked again for it. */
  const changedAtRef = useRef(0);
  const rechecksRef = useRef(0);
  const recheckRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const recheck = () => {
    if (renderedAtRef.current >= changedAtRef.current) return;
    if (isRefreshingRef.current) {
      recheckRef.current = setTimeout(recheck, RECHECK_MS);
      return;
    }
    if (rechecksRef.current >= MAX_RECHECKS) return;
    rechecksRef.current += 1;
    refreshNowRef.current();
  };

  refreshNowRef.current = () => {
    if (isRefreshingRef.current) {
      isWantedRef.current = true;
      return;
    }
    isWantedRef.current = false;
    isRefreshingRef.current = true;
    startRefresh(() => router.refresh());
    // Should the transition never report pending (an instant refresh), do not stay stuck.
    setTimeout(() => {
      isRefreshingRef.current = false;
    }, STUCK_REFRESH_MS);
    clearTimeout(recheckRef.current);
    // A busy server serves its copy of a moment ago for a few seconds: ask less often the longer it lasts.
    recheckRef.current = setTimeout(recheck, RECHECK_MS * RECHECK_GROWTH ** rechecksRef.current);
  };

  // A refresh finished: if changes arrived while it ran, one more.
  useEffect(() => {
    if (isRefreshing) return;
    isRefreshingRef.current = false;
    if (isWantedRef.current) refreshNowRef.current();
  }, [isRefreshing]);

  useEffect(() => {
    if (isPrintView) {
      setStatus("off");
      return;
    }
    setStatus((current) => (current === "off" ? "connecting" : current));
    let source: EventSource | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let hasOpened = false;
    let isStopped = false;

    /**
     * A change (or a catch-up) known to the server since `since`: the page must end on a render
     * after it.
     */
    const noteChange = (since: number) => {
      if (!(since > changedAtRef.current)) return;
      changedAtRef.current = since;
      rechecksRef.current = 0;
    };
    const scheduleRefresh = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => refreshNowRef.current(), DEBOUNCE_MS);
    };
    const connect = () => {
      if (isStopped) return;
      source = new EventSource(
        `/api/tournaments/${encodeURIComponent(tournamentId)}/events${view === "all" ? "" : `?view=${view}`}`,
      );
      source.addEventListener("ready", (event) => {
        setStatus("open");
        // Reconnected after a drop: what changed meanwhile was never announced to this page. First
        // connection: the server may have heard of a change (or begun listening) after this page
        // was rendered, before the page subscribed.
        const staleBefore = Number((event as MessageEvent<string>).data);
        if (hasOpened || staleBefore > renderedAtRef.current - CLOCK_MARGIN_MS) {
          noteChange(staleBefore);
          scheduleRefresh();
        }
        hasOpened = true;
      });
      source.addEventListener("changed", (event) => {
        noteChange(Number((event as MessageEvent<string>).data.split(" ")[1]));
        scheduleRefresh();
      });
      source.onerror = () => {
        setStatus("reconnecting");
        // The browser retries by itself unless the server answered something other than a stream.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          retry = setTimeout(connect, RETRY_CLOSED_MS);
        }
      };
    };
    connect();
    return () => {
      isStopped = true;
      clearTimeout(recheckRef.current);
      clearTimeout(debounce);
      clearTimeout(retry);
      source?.close();
    };
  }, [tournamentId, view, isPrintView]);

  // For tests and the curious: whether the page is listening.
  return <span hidden data-live-updates={status} />;
}
