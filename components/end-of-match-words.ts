import type { EndOfMatchSummary } from "@/lib/rules/end-of-match";

/** MTR 2.4: the turn being played, as the judge's time screen and the players' phones name it; null outside the turns. */
export function turnLabel(summary: Omit<EndOfMatchSummary, "message">): string | null {
  if (
    summary.turn === null ||
    !(summary.phase === "finishing-turn" || summary.phase === "additional-turns")
  )
    return null;
  if (summary.turn < 0) return "Turn being passed";
  if (summary.turn === 0) return "Turn 0";
  return `Additional turn ${summary.turn} of ${summary.additionalTurns}`;
}
