import type { RoundClock as Clock } from "@/lib/rules/round-clock";
import { Countdown } from "./countdown";

/** A round's (or one table's) time left, or why there is none. Rendered with the server's now. */
/** `announce`: the page's main clock tells screen readers its last minutes (one clock a page, or they talk over each other). */
export function RoundClockTime({
  clock,
  serverNow,
  className = "",
  label,
  announce = false,
  caption,
  captionClassName,
}: {
  clock: Clock;
  serverNow: number;
  className?: string;
  label?: string;
  announce?: boolean;
  /** Said before the time while time is left ("Time left"); at time the clock says "Time called". */
  caption?: string;
  captionClassName?: string;
}) {
  if (clock.kind === "not-started") return <span className={className}>Not started</span>;
  if (clock.kind === "untimed") return <span className={className}>No time limit</span>;
  return (
    <Countdown
      endsAt={clock.endsAt}
      serverNow={serverNow}
      className={className}
      label={label}
      announce={announce}
      caption={caption}
      captionClassName={captionClassName}
    />
  );
}

/** The round's time left with its label, or "Round over" once every result is in or the event is (MTR 2.4), as the projector says. */
export function RoundClockLine({
  clock,
  serverNow,
  isOver,
  className = "",
}: {
  clock: Clock;
  serverNow: number;
  isOver: boolean;
  className?: string;
}) {
  if (isOver)
    return (
      // biome-ignore lint/a11y/useAriaPropsSupportedByRole: e2e reads the clock by its label
      <span className={className} aria-label="Round clock: round over">
        Round over
      </span>
    );
  return (
    <RoundClockTime
      clock={clock}
      serverNow={serverNow}
      label="Round clock"
      className={className}
      announce
      caption="Time left"
      captionClassName="text-sm text-slate-300"
    />
  );
}
