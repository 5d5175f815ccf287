/**
 * Dates and times as the viewer reads them: in their own time zone and locale. The server does not
 * know either, so pages render a stored instant as an ISO `<time>` with a UTC fallback and the
 * browser formats it (components/local-time.tsx). Pure: the zone and locale are passed in.
 */
export const LOCAL_TIME_STYLES = {
  /** 14:05 / 2:05 PM */
  time: { hour: "numeric", minute: "2-digit" },
  /** 14:05:09 / 2:05:09 PM */
  "time-seconds": { hour: "numeric", minute: "2-digit", second: "2-digit" },
  /** 25 Nov 2026 / Nov 25, 2026 */
  date: { year: "numeric", month: "short", day: "numeric" },
  /** 25 Nov, 14:05 / Nov 25, 2:05 PM */
  "date-time": { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type LocalTimeStyle = keyof typeof LOCAL_TIME_STYLES;

/** `locale` and `timeZone` undefined mean the runtime's own (in a browser: the viewer's). */
export function formatLocalTime(
  instant: Date | string | number,
  style: LocalTimeStyle,
  options: { locale?: string | string[]; timeZone?: string } = {},
): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(options.locale, {
    ...LOCAL_TIME_STYLES[style],
    timeZone: options.timeZone,
  }).format(date);
}

/** What the server renders before the browser knows the zone: the same style in UTC, said as such. */
export function formatUtcFallback(instant: Date | string | number, style: LocalTimeStyle): string {
  const text = formatLocalTime(instant, style, { locale: "en-GB", timeZone: "UTC" });
  return text && style !== "date" ? `${text} UTC` : text;
}
