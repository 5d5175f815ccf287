// A pasted list of teams, one per line: the team's name, then its members in seat order (MTR 8.2).
//
// "Team name: Ana, Ben, Cleo" — a colon after the name, members separated by commas; a tab-separated
// line as a spreadsheet copies it ("Team name<TAB>Ana<TAB>Ben<TAB>Cleo") is read the same way.

import { mtr } from "./edition";
import { cleanName, nameKey, pastedLines } from "./registration";
import { checkTeamEntry } from "./teams";
import { type RuleResult, fail, isCount, ok, showValue } from "./result";

export type TeamListLine =
  | { line: number; text: string; status: "valid"; name: string; members: string[] }
  | { line: number; text: string; status: "blank" | "invalid" | "registered" | "duplicate"; message: string };

/** What is already registered: team names, and every member of every team (one team per player per event). */
export type RegisteredTeams = { teamNames: readonly string[]; memberNames: readonly string[] };

function splitLine(text: string): { name: string; members: string[] } | null {
  if (text.includes("\t")) {
    const [name = "", ...members] = text.split("\t");
    return { name, members };
  }
  const colon = text.indexOf(":");
  if (colon < 0) return null;
  return { name: text.slice(0, colon), members: text.slice(colon + 1).split(",") };
}

export type TeamEntry = { name: string; members: string[] };

/**
 * Checks one team as entered (a form or a line of a list) by checkTeamEntry (MTR 8.2), and that no
 * team of the event has its name yet. Names come back cleaned, members in seat order.
 */
export function checkTeam(entry: TeamEntry, teamSize: number, registered: RegisteredTeams): RuleResult<TeamEntry> {
  const members = Array.isArray(entry?.members) ? entry.members.filter((member) => typeof member !== "string" || cleanName(member) !== "") : [];
  const checked = checkTeamEntry({
    teamSize,
    name: entry?.name,
    members: members.map((playerName, seat) => ({ seat, playerName })),
    otherTeamsPlayerKeys: Array.isArray(registered?.memberNames) ? registered.memberNames : [],
  });
  if (!checked.ok) return checked;
  const { name } = checked.value;
  const teamNames = Array.isArray(registered?.teamNames) ? registered.teamNames : [];
  if (teamNames.some((team) => typeof team === "string" && nameKey(team) === nameKey(name))) return fail("TEAM_NAME_TAKEN", `The team ${name} is already registered.`, mtr("teamComposition"));
  return ok({ name, members: checked.value.members.map((member) => member.playerName ?? "") });
}

/** Reads each line of a pasted team list against what is registered and the lines above it. */
export function readTeamList(text: string, teamSize: number, registered: RegisteredTeams): RuleResult<TeamListLine[]> {
  if (!isCount(teamSize, 2) || teamSize > 3) return fail("INVALID_TEAM", `A team is 2 or 3 players, not ${showValue(teamSize)}.`, mtr("teamComposition"));
  const pasted = pastedLines(text, "teams");
  if (!pasted.ok) return pasted;
  const { lines, first } = pasted.value;
  const listedTeams = new Map<string, number>();
  const listedMembers = new Map<string, number>();
  const read: TeamListLine[] = [];
  for (let index = first; index < lines.length; index++) {
    const textLine = lines[index]!;
    const line = index + 1;
    if (cleanName(textLine) === "") {
      read.push({ line, text: textLine, status: "blank", message: `Line ${line} is empty.` });
      continue;
    }
    const parts = splitLine(textLine);
    if (!parts) {
      read.push({ line, text: textLine, status: "invalid", message: `Line ${line}: write the team's name, a colon, then its ${teamSize} players separated by commas (“Team name: Ana, Ben${teamSize === 3 ? ", Cleo" : ""}”).` });
      continue;
    }
    const checked = checkTeam(parts, teamSize, registered);
    if (!checked.ok) {
      const taken = checked.error.code === "TEAM_NAME_TAKEN" || checked.error.code === "PLAYER_ON_ANOTHER_TEAM";
      read.push({ line, text: textLine, status: taken ? "registered" : "invalid", message: `Line ${line}: ${checked.error.message}` });
      continue;
    }
    const { name, members } = checked.value;
    const listedMember = members.find((member) => listedMembers.has(nameKey(member)));
    if (listedTeams.has(nameKey(name))) read.push({ line, text: textLine, status: "duplicate", message: `Line ${line}: the team ${name} is already on line ${listedTeams.get(nameKey(name))}.` });
    else if (listedMember) read.push({ line, text: textLine, status: "duplicate", message: `Line ${line}: ${listedMember} is already on line ${listedMembers.get(nameKey(listedMember))} (${mtr("teamComposition")}: one team per player).` });
    else {
      listedTeams.set(nameKey(name), line);
      for (const member of members) listedMembers.set(nameKey(member), line);
      read.push({ line, text: textLine, status: "valid", name, members });
    }
  }
  return ok(read);
}
