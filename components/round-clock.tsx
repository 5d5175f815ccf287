import type { RoundClock as Clock } from "@/lib/rules/round-clock";
import { Countdown } from "./countdown";

/** A round's (or one table's) time left, or why there is none. Rendered with the server's now. */
export function RoundClockTime({ clock, serverNow, className = "", label }: { clock: Clock; serverNow: number; className?: string; label?: string }) {
  if (clock.kind === "not-started") return <span className={className}>Not started</span>;
  if (clock.kind === "untimed") return <span className={className}>No time limit</span>;
  return <Countdown endsAt={clock.endsAt} serverNow={serverNow} className={className} label={label} />;
}
