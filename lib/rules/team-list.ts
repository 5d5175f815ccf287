// A pasted list of teams, one per line: the team's name, then its members in seat order (MTR 8.2).
//
// "Team name: Ana, Ben, Cleo" — a colon after the name, members separated by commas; a tab-separated
// line as a spreadsheet copies it ("Team name<TAB>Ana<TAB>Ben<TAB>Cleo") is read the same way.

import { mtr } from "./edition";
import { cleanName, nameKey, pastedLines } from "./registration";
import { checkTeamEntry } from "./teams";
import { type RuleResult, fail, isCount, ok, showValue, say, type Message } from "./result";

export type TeamListLine =
  | { line: number; text: string; status: "valid"; name: string; members: string[] }
  | {
      line: number;
      text: string;
      status: "blank" | "invalid" | "registered" | "duplicate";
      message: Message;
    };

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
export function checkTeam(
  entry: TeamEntry,
  teamSize: number,
  registered: RegisteredTeams,
): RuleResult<TeamEntry> {
  const members = Array.isArray(entry?.members)
    ? entry.members.filter((member) => typeof member !== "string" || cleanName(member) !== "")
    : [];
  const checked = checkTeamEntry({
    teamSize,
    name: entry?.name,
    members: members.map((playerName, seat) => ({ seat, playerName })),
    otherTeamsPlayerKeys: Array.isArray(registered?.memberNames) ? registered.memberNames : [],
  });
  if (!checked.ok) return checked;
  const { name } = checked.value;
  const teamNames = Array.isArray(registered?.teamNames) ? registered.teamNames : [];
  if (teamNames.some((team) => typeof team === "string" && nameKey(team) === nameKey(name)))
    return fail(
      "TEAM_NAME_TAKEN",
      say("teamList.teamAlreadyRegistered", { name }),
      mtr("teamComposition"),
    );
  return ok({ name, members: checked.value.members.map((member) => member.playerName ?? "") });
}

/** Reads each line of a pasted team list against what is registered and the lines above it. */
export function readTeamList(
  text: string,
  teamSize: number,
  registered: RegisteredTeams,
): RuleResult<TeamListLine[]> {
  if (!isCount(teamSize, 2) || teamSize > 3)
    return fail(
      "INVALID_TEAM",
      say("teamList.teamPlayers", { teamSize: showValue(teamSize) }),
      mtr("teamComposition"),
    );
  const pasted = pastedLines(text, say("teamList.teams"));
  if (!pasted.ok) return pasted;
  const { lines, first } = pasted.value;
  const listedTeams = new Map<string, number>();
  const listedMembers = new Map<string, number>();
  const read: TeamListLine[] = [];
  for (let index = first; index < lines.length; index++) {
    const textLine = lines[index]!;
    const line = index + 1;
    if (cleanName(textLine) === "") {
      read.push({
        line,
        text: textLine,
        status: "blank",
        message: say("teamList.lineEmpty", { line }),
      });
      continue;
    }
    const parts = splitLine(textLine);
    if (!parts) {
      read.push({
        line,
        text: textLine,
        status: "invalid",
        message: say("teamList.lineWriteTeamS", {
          line,
          teamSize,
          third: teamSize === 3 ? ", Cleo" : "",
        }),
      });
      continue;
    }
    const checked = checkTeam(parts, teamSize, registered);
    if (!checked.ok) {
      const taken =
        checked.error.code === "TEAM_NAME_TAKEN" || checked.error.code === "PLAYER_ON_ANOTHER_TEAM";
      read.push({
        line,
        text: textLine,
        status: taken ? "registered" : "invalid",
        message: say("teamList.line", { line, detail: checked.error }),
      });
      continue;
    }
    const { name, members } = checked.value;
    const listedMember = members.find((member) => listedMembers.has(nameKey(member)));
    if (listedTeams.has(nameKey(name)))
      read.push({
        line,
        text: textLine,
        status: "duplicate",
        message: say("teamList.lineTeamAlreadyLine", {
          line,
          name,
          earlier: listedTeams.get(nameKey(name)),
        }),
      });
    else if (listedMember)
      read.push({
        line,
        text: textLine,
        status: "duplicate",
        message: say("teamList.lineAlreadyLineOne", {
          line,
          name: listedMember,
          earlier: listedMembers.get(nameKey(listedMember)),
          mtr: mtr("teamComposition"),
        }),
      });
    else {
      listedTeams.set(nameKey(name), line);
      for (const member of members) listedMembers.set(nameKey(member), line);
      read.push({ line, text: textLine, status: "valid", name, members });
    }
  }
  return ok(read);
}

export type MemberReplacement = {
  /** The team as registered: its name and members in seat order. */
  team: TeamEntry;
  teamSize: number;
  /** 0 = seat A. */
  seat: number;
  newName: string;
  /** Rounds the team has been paired in (its own rounds; none yet for a late team still waiting). */
  roundsPaired: number;
  /** The other teams of the event: their names and members. */
  others: RegisteredTeams;
};

/**
 * MTR 8.2: a team's members and seats are fixed once the team has played; until its first round is
 * paired a member may be replaced, the new player taking the same seat under the same rules as any
 * team entry (not twice in the team, not on another team of the event).
 */
export function checkMemberReplacement(input: MemberReplacement): RuleResult<TeamEntry> {
  if (input === null || typeof input !== "object")
    return fail("INVALID_INPUT", say("teamList.replacementRecord", { input: showValue(input) }));
  const { team, teamSize, seat, newName, roundsPaired, others } = input;
  if (!isCount(roundsPaired))
    return fail(
      "INVALID_NUMBER",
      say("teamList.roundsTeamPairedWhole", { roundsPaired: showValue(roundsPaired) }),
    );
  if (
    team === null ||
    typeof team !== "object" ||
    !Array.isArray(team.members) ||
    typeof team.name !== "string"
  )
    return fail("INVALID_INPUT", say("teamList.teamNameMembers"));
  if (!isCount(seat) || seat >= team.members.length)
    return fail(
      "INVALID_TEAM",
      say("teamList.seatChooseOneSeats", {
        name: team.name,
        seat: showValue(seat),
        seats: team.members.length,
      }),
      mtr("teamComposition"),
    );
  if (typeof newName !== "string" || cleanName(newName) === "")
    return fail("INVALID_TEAM", say("teamList.namePlayerWhoTakes"), mtr("teamComposition"));
  if (roundsPaired > 0) {
    return fail(
      "TEAM_FIXED",
      say("teamList.beenPairedAlreadyTeam", { name: team.name, mtr: mtr("teamComposition") }),
      mtr("teamComposition"),
    );
  }
  const members = team.members.map((member, index) => (index === seat ? newName : member));
  const replaced = checkTeam({ name: team.name, members }, teamSize, {
    teamNames: [],
    memberNames: Array.isArray(others?.memberNames) ? others.memberNames : [],
  });
  if (!replaced.ok) return replaced;
  if (nameKey(replaced.value.members[seat] ?? "") === nameKey(team.members[seat] ?? "")) {
    return fail(
      "INVALID_TEAM",
      say("teamList.alreadySeat", { newName: cleanName(newName), name: team.name }),
      mtr("teamComposition"),
    );
  }
  return replaced;
}

/**
 * A member's name corrected (a typo): the same player keeps the seat and their code, so unlike a
 * replacement it is allowed at any time; the name is checked as any member's is (MTR 8.2).
 */
export function checkMemberNameCorrection(
  input: Omit<MemberReplacement, "roundsPaired">,
): RuleResult<TeamEntry> {
  if (input === null || typeof input !== "object")
    return fail("INVALID_INPUT", say("teamList.correctionRecord", { input: showValue(input) }));
  const { team, seat, newName } = input;
  // Only the spelling changes ("ana" to "Ana"): nothing else to check.
  const current = Array.isArray(team?.members) && isCount(seat) ? team.members[seat] : undefined;
  if (
    typeof current === "string" &&
    typeof newName === "string" &&
    nameKey(newName) === nameKey(current) &&
    cleanName(newName) !== current
  ) {
    return ok({
      name: team.name,
      members: team.members.map((member, index) => (index === seat ? cleanName(newName) : member)),
    });
  }
  return checkMemberReplacement({ ...input, roundsPaired: 0 });
}
