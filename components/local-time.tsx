"use client";
import { useSyncExternalStore } from "react";
import { formatLocalTime, formatUtcFallback, type LocalTimeStyle } from "@/lib/local-time";

const noSubscription = () => () => undefined;

/** False while rendering on the server and hydrating, true afterwards: the first client render matches the server's HTML. */
function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A stored instant in the viewer's own time zone and locale. The server renders the ISO `<time>`
 * with a UTC fallback (it does not know the viewer's zone); once hydrated the browser formats it,
 * so there is no hydration mismatch and no-JavaScript readers still see a correct, labelled time.
 */
export function LocalTime({
  dateTime,
  format = "time",
  className,
}: {
  dateTime: Date | string | number;
  format?: LocalTimeStyle;
  className?: string;
}) {
  const isHydrated = useIsHydrated();
  const iso = new Date(dateTime).toISOString();
  return (
    <time dateTime={iso} className={className} data-local-time={isHydrated ? "local" : "utc"}>
      {isHydrated ? formatLocalTime(iso, format) : formatUtcFallback(iso, format)}
    </time>
  );
}
