import { describe, expect, it } from "vitest";
import { formatLocalTime, formatUtcFallback } from "./local-time";

// 2026-11-25 13:05:09 UTC: 14:05 in Berlin, 08:05 in New York, 22:05 in Tokyo.
const stored = "2026-11-25T13:05:09.000Z";

describe("times in the viewer's time zone and locale", () => {
  it("the same stored time reads differently in two time zones", () => {
    expect(formatLocalTime(stored, "time", { locale: "en-GB", timeZone: "Europe/Berlin" })).toBe(
      "14:05",
    );
    expect(formatLocalTime(stored, "time", { locale: "en-GB", timeZone: "Asia/Tokyo" })).toBe(
      "22:05",
    );
    expect(formatLocalTime(stored, "time", { locale: "en-US", timeZone: "America/New_York" })).toBe(
      "8:05 AM",
    );
  });

  it("seconds, dates and date-times follow the locale's order and words", () => {
    expect(
      formatLocalTime(stored, "time-seconds", { locale: "de-DE", timeZone: "Europe/Berlin" }),
    ).toBe("14:05:09");
    expect(formatLocalTime(stored, "date", { locale: "en-US", timeZone: "UTC" })).toBe(
      "Nov 25, 2026",
    );
    expect(formatLocalTime(stored, "date", { locale: "en-GB", timeZone: "UTC" })).toBe(
      "25 Nov 2026",
    );
    expect(
      formatLocalTime(stored, "date-time", { locale: "en-GB", timeZone: "Pacific/Auckland" }),
    ).toBe("26 Nov, 2:05");
  });

  it("takes a Date, an ISO string or milliseconds alike; an invalid instant is empty, never 'Invalid Date'", () => {
    const options = { locale: "en-GB", timeZone: "UTC" };
    expect(formatLocalTime(new Date(stored), "time", options)).toBe("13:05");
    expect(formatLocalTime(Date.parse(stored), "time", options)).toBe("13:05");
    expect(formatLocalTime("not a date", "time", options)).toBe("");
  });

  it("the server's fallback is UTC and says so", () => {
    expect(formatUtcFallback(stored, "time")).toBe("13:05 UTC");
    expect(formatUtcFallback(stored, "time-seconds")).toBe("13:05:09 UTC");
    expect(formatUtcFallback(stored, "date")).toBe("25 Nov 2026");
  });
});
