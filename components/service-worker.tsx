"use client";
import { useEffect } from "react";

/**
 * Registers public/sw.js (production builds only: development chunks are not content-hashed, so a
 * cache of them would serve stale code), then asks it to keep the page already open and the
 * assets it loaded, which it did not see because it was not running yet.
 */
export function ServiceWorker() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const assets = performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => new URL(name).pathname.startsWith("/_next/static/"));
        registration.active?.postMessage({ type: "remember", page: location.href, assets });
      })
      .catch((error: unknown) => console.warn("Service worker not registered", error));
  }, []);
  return null;
}
