"use client";
import { useEffect } from "react";

/**
 * Keeps the service worker's copy of the player's pages (public/sw.js) the signed-in player's own:
 * /play/me is per player (the session cookie), and a phone may change hands or sign in
 * with another code. `stateKey` null: no player is signed in here, so the kept /play/me (someone's
 * match) and /play (which named them) are forgotten. Otherwise, whenever it changes (another player, a report, the next round),
 * /play/me and /play are fetched and kept again, so the page shown offline is this player's latest.
 */
export function PlayerPageCache({ stateKey }: { stateKey: string | null }) {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    let isCurrent = true;
    navigator.serviceWorker.ready
      .then((registration) => {
        if (!isCurrent) return;
        if (stateKey === null)
          registration.active?.postMessage({ type: "forget", pages: ["/play/me", "/play"] });
        else
          for (const page of ["/play/me", "/play"])
            registration.active?.postMessage({ type: "remember", page, refresh: true });
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [stateKey]);
  return null;
}
