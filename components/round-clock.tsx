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
}: {
  clock: Clock;
  serverNow: number;
  className?: string;
  label?: string;
  announce?: boolean;
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
    />
  );
}
