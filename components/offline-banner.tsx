"use client";
import { formatLocalTime } from "@/lib/local-time";
import { useIsOffline } from "./use-is-offline";

/**
 * "Offline — last updated 14:05" while the phone has no network: what is on screen is
 * the page as it was at `renderedAt` (the server's render time, kept with the page the service
 * worker stored). Nothing is shown while online, nor before the page has hydrated.
 */
export function OfflineBanner({ renderedAt }: { renderedAt: string }) {
  const isOffline = useIsOffline();
  if (!isOffline) return null;
  // Shown only after hydration (offline is known only in the browser), so the viewer's zone is safe here.
  const time = formatLocalTime(renderedAt, "time");
  return (
    <div
      role="status"
      aria-label="Offline"
      className="sticky top-0 z-40 mb-4 rounded-md bg-amber-100 px-4 py-2 text-sm font-medium text-amber-900 shadow-sm"
    >
      Offline — last updated {time}. This page updates again when the connection is back.
    </div>
  );
}
