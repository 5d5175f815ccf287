import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Countdown, lastMinutesAnnouncement } from "./countdown";

const minutes = (value: number) => value * 60_000;

describe("the clock's last minutes, said to screen readers", () => {
  it("says nothing while more than ten minutes are left, so a screen reader is not read every second", () => {
    expect(lastMinutesAnnouncement(minutes(40))).toBe("");
    expect(lastMinutesAnnouncement(minutes(10) + 1)).toBe("");
  });

  it("changes only at ten, five and one minute left, and at time", () => {
    expect(lastMinutesAnnouncement(minutes(10))).toBe("Last 10 minutes of the round.");
    expect(lastMinutesAnnouncement(minutes(6))).toBe("Last 10 minutes of the round.");
    expect(lastMinutesAnnouncement(minutes(5))).toBe("Last 5 minutes of the round.");
    expect(lastMinutesAnnouncement(minutes(1) + 500)).toBe("Last 5 minutes of the round.");
    expect(lastMinutesAnnouncement(minutes(1))).toBe("Last minute of the round.");
    expect(lastMinutesAnnouncement(1)).toBe("Last minute of the round.");
    expect(lastMinutesAnnouncement(0)).toBe("Time: the round is over.");
  });

  it("an announcing clock has a polite live region; other clocks have none", () => {
    const announcing = renderToStaticMarkup(
      createElement(Countdown, { endsAt: minutes(4), serverNow: 0, announce: true }),
    );
    expect(announcing).toContain('aria-live="polite"');
    expect(announcing).toContain("Last 5 minutes of the round.");
    expect(
      renderToStaticMarkup(createElement(Countdown, { endsAt: minutes(4), serverNow: 0 })),
    ).not.toContain("aria-live");
  });
});

describe("the clock at time (MTR 2.4)", () => {
  it("says 'Time called' at time, and its caption 'Time left' only while time is left", () => {
    const running = renderToStaticMarkup(
      createElement(Countdown, { endsAt: minutes(4), serverNow: 0, caption: "Time left" }),
    );
    expect(running).toContain("Time left");
    expect(running).toContain("4:00");
    const atTime = renderToStaticMarkup(
      createElement(Countdown, { endsAt: 0, serverNow: minutes(1), caption: "Time left" }),
    );
    expect(atTime).not.toContain("Time left");
    expect(atTime).toContain("Time called");
  });
});
