import type { TeamMatch } from "@/lib/rules/teams";

/** A team match as staff and players read it (MTR 8.2): "2-1" and "Rocket wins; 1 seat still open". */
export function teamMatchOutcome(
  match: TeamMatch,
  teamA: string,
  teamB: string,
): { score: string; outcome: string } {
  const score = `${match.seatWins.A}-${match.seatWins.B}${match.seatDraws > 0 ? `-${match.seatDraws}` : ""}`;
  const open = match.teamSize - match.seatsRecorded;
  const stillOpen =
    match.phase === "decided" && open > 0
      ? `; ${open} ${open === 1 ? "seat" : "seats"} still open`
      : "";
  const outcome =
    match.phase === "in-progress"
      ? `${match.seatsFinished} of ${match.teamSize} seats finished`
      : `${match.winner === null ? "team match drawn" : `${match.winner === "A" ? teamA : teamB} wins`}${stillOpen}`;
  return { score, outcome };
}
