const MATCH_LENGTH: Record<number, string> = { 1: "best of one", 2: "best of three", 3: "best of five" };

const TEAM_SIDES: Record<string, string> = { TWO_HEADED_GIANT: "Two-Headed Giant teams", TEAM_MATCHES: "teams" };

export function describeFormat(format: string, phase: { gamesToWin: number; roundMinutes: number | null }, teams?: { teamFormat: string; teamSize: number }): string {
  const length = MATCH_LENGTH[phase.gamesToWin] ?? `first to ${phase.gamesToWin}`;
  const time = phase.roundMinutes ? `${phase.roundMinutes}-minute rounds` : "untimed";
  // MTR 8.2: a team event says who plays on each side, e.g. "teams of 3, a match per seat".
  const side = teams && TEAM_SIDES[teams.teamFormat] ? (teams.teamFormat === "TEAM_MATCHES" ? `teams of ${teams.teamSize}, a match per seat` : TEAM_SIDES[teams.teamFormat]) : null;
  return [format, side, `Swiss, ${length}`, time].filter(Boolean).join(" · ");
}

/** What the event's entrants are called on its pages: players, or teams. */
export function entrantNoun(teamFormat: string | undefined): { one: string; many: string } {
  return teamFormat && teamFormat !== "INDIVIDUAL" ? { one: "Team", many: "teams" } : { one: "Player", many: "players" };
}
