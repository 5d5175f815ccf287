const MATCH_LENGTH: Record<number, string> = {
  1: "best of one",
  2: "best of three",
  3: "best of five",
};

const TEAM_SIDES: Record<string, string> = {
  TWO_HEADED_GIANT: "Two-Headed Giant teams",
  TEAM_MATCHES: "teams",
};

type PodSummary = { podSize: number; points: { win: number; draw: number; loss: number } } | null;

export function describeFormat(
  format: string,
  phase: { gamesToWin: number; roundMinutes: number | null },
  teams?: { teamFormat: string; teamSize: number; pods?: PodSummary },
): string {
  const length = MATCH_LENGTH[phase.gamesToWin] ?? `first to ${phase.gamesToWin}`;
  const time = phase.roundMinutes ? `${phase.roundMinutes}-minute rounds` : "untimed";
  // CR 100.6a: a pod's one game is its match; its points are the event's own.
  const pods = teams?.pods;
  if (pods)
    return [
      format,
      `Swiss pods of ${pods.podSize}`,
      `win ${pods.points.win}, draw ${pods.points.draw}, loss ${pods.points.loss}`,
      time,
    ]
      .filter(Boolean)
      .join(" · ");
  // MTR 8.2: a team event says who plays on each side, e.g. "teams of 3, a match per seat".
  const side =
    teams && TEAM_SIDES[teams.teamFormat]
      ? teams.teamFormat === "TEAM_MATCHES"
        ? `teams of ${teams.teamSize}, a match per seat`
        : TEAM_SIDES[teams.teamFormat]
      : null;
  return [format, side, `Swiss, ${length}`, time].filter(Boolean).join(" · ");
}

/** What the event's entrants are called on its pages: players, or teams. */
export function entrantNoun(teamFormat: string | undefined): { one: string; many: string } {
  return teamFormat && teamFormat !== "INDIVIDUAL"
    ? { one: "Team", many: "teams" }
    : { one: "Player", many: "players" };
}
