"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** Past the moment, the server is asked again this often until it answers with a later one. */
const RETRY_MS = 30_000;
/** Asked a second after the moment, on the server's clock, so the server is surely past it. */
const MARGIN_MS = 1_000;

/**
 * Re-renders the page from the server at `at` (the server's clock: `serverNow` measures how far
 * the browser's clock is off), for what changes with time rather than with the tournament: the
 * check-in screen's QR code. A page that cannot reach the server asks again every 30 seconds.
 */
export function RefreshAt({ at, serverNow }: { at: number; serverNow: number }) {
  const router = useRouter();
  useEffect(() => {
    const offset = serverNow - Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const askAfter = (delay: number) => {
      timer = setTimeout(() => {
        router.refresh();
        askAfter(RETRY_MS);
      }, delay);
    };
    askAfter(Math.max(MARGIN_MS, at - (Date.now() + offset) + MARGIN_MS));
    return () => clearTimeout(timer);
  }, [at, serverNow, router]);
  return <span hidden data-refresh-at={new Date(at).toISOString()} />;
}
