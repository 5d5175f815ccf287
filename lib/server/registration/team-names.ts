import "server-only";
import {
  deriveTeamMatch,
  seatMatchOutcome,
  seatMatchStates,
  seatPlayerName,
  tableLabel,
  teamFormatRules,
  type TeamFormat,
  type TeamMatch,
} from "@/lib/rules/teams";
import type { Side } from "@/lib/rules/result";
import type { Transaction } from "@/lib/server/infra/db";

/** Matches at one table of this event, by teamFormatRules: one per seat where each member plays their own match (MTR 8.2), otherwise 1. */
export function matchesPerPairingOf(tournament: {
  teamFormat: TeamFormat;
  teamSize: number;
}): number {
  const rules = teamFormatRules(tournament.teamFormat, tournament.teamSize);
  return rules.ok ? rules.value.matchesPerPairing : 1;
}

/** The team members a read selects for each side, to name a seat match's players. */
export const TEAM_MEMBERS_SELECT = {
  orderBy: { seat: "asc" },
  select: { seat: true, player: { select: { name: true } } },
} as const;

type Member = { seat: number; player: { name: string } };
type TeamSide = { id: string; displayName: string; teamMembers?: Member[] };
type SeatedMatch = { seat: number; tableNumber: number; sideA: TeamSide; sideB: TeamSide | null };
export type TeamMembersById = ReadonlyMap<string, readonly Member[]>;

/** Every team member of the tournament by their team's entry, in one statement; read only for events of seat matches. */
export async function loadTeamMembers(
  db: Pick<Transaction, "teamMember">,
  tournamentId: string,
): Promise<TeamMembersById> {
  const rows = await db.teamMember.findMany({
    where: { registration: { tournamentId } },
    orderBy: { seat: "asc" },
    select: { registrationId: true, seat: true, player: { select: { name: true } } },
  });
  const members = new Map<string, Member[]>();
  for (const { registrationId, ...member } of rows)
    members.set(registrationId, [...(members.get(registrationId) ?? []), member]);
  return members;
}

/**
 * A seat match names the members who play it (MTR 8.2: A plays A), each with their team; other
 * matches keep the entrants' names. Every match gets the table label staff and players use ("12A").
 * The members come with each side, or from `members` (loadTeamMembers).
 */
export function nameSeatMatches<M extends SeatedMatch>(
  matches: readonly M[],
  matchesPerPairing: number,
  members: TeamMembersById = new Map(),
) {
  // A bye is the whole team's: it keeps the team's name and a plain table.
  const side = (team: TeamSide, seat: number, isSeatMatch: boolean) => {
    const member = (team.teamMembers ?? members.get(team.id) ?? []).find(
      (candidate) => candidate.seat === seat,
    );
    return {
      ...team,
      teamName: team.displayName,
      displayName:
        isSeatMatch && member
          ? seatPlayerName(member.player.name, team.displayName)
          : team.displayName,
    };
  };
  return matches.map((match) => {
    const isSeatMatch = matchesPerPairing > 1 && match.sideB !== null;
    return {
      ...match,
      tableLabel: tableLabel(match.tableNumber, match.seat, isSeatMatch ? matchesPerPairing : 1),
      sideA: side(match.sideA, match.seat, isSeatMatch),
      sideB: match.sideB ? side(match.sideB, match.seat, isSeatMatch) : null,
    };
  });
}

export type TeamTable = { tableNumber: number; teamA: string; teamB: string; match: TeamMatch };

type SeatResultRow = SeatedMatch & {
  winsA: number | null;
  winsB: number | null;
  draws: number | null;
  concededBy?: Side | null;
  intentionalDraw?: boolean;
  confirmedAt: Date | null;
};

/** Each team table's team match as its seat matches stand now, shown live as seats finish (MTR 8.2). */
export function teamTables(
  matches: readonly SeatResultRow[],
  teamSize: number,
  gamesToWin: number,
): TeamTable[] {
  const tables = new Map<number, SeatResultRow[]>();
  for (const match of matches)
    if (match.sideB)
      tables.set(match.tableNumber, [...(tables.get(match.tableNumber) ?? []), match]);
  return [...tables.entries()].flatMap(([tableNumber, rows]) => {
    const derived = deriveTeamMatch({ teamSize, seats: seatStates(rows, gamesToWin, false) });
    return derived.ok
      ? [
          {
            tableNumber,
            teamA: rows[0]!.sideA.displayName,
            teamB: rows[0]!.sideB!.displayName,
            match: derived.value,
          },
        ]
      : [];
  });
}

type StoredSlip = {
  winsA: number | null;
  winsB: number | null;
  draws: number | null;
  concededBy?: Side | null;
  intentionalDraw?: boolean;
};

/** The rules' reading of stored seat matches (lib/rules/teams.ts): a seat match is recorded once staff confirmed it. */
function seatStates(
  rows: readonly (StoredSlip & { seat: number; confirmedAt?: Date | null })[],
  gamesToWin: number,
  elimination: boolean,
) {
  return seatMatchStates(
    rows.map((row) => ({ ...row, isRecorded: Boolean(row.confirmedAt) })),
    gamesToWin,
    elimination,
  );
}

/** A playoff team match as its seat matches stand (single elimination: no seat match is drawn); null if the rules cannot read it. */
export function playoffTeamMatch(
  rows: readonly (StoredSlip & { seat: number; confirmedAt?: Date | null })[],
  gamesToWin: number,
): TeamMatch | null {
  const derived = deriveTeamMatch({
    teamSize: rows.length,
    seats: seatStates(rows, gamesToWin, true),
  });
  return derived.ok ? derived.value : null;
}

/**
 * Who won a playoff pairing (MTR 2.4): its one match, or the team match of its seat matches,
 * which is won once a team has won more seats than the other can reach (MTR 8.2). Null while open.
 */
export function playoffPairingWinner(
  rows: readonly (StoredSlip & { seat: number; confirmedAt?: Date | null })[],
  gamesToWin: number,
): Side | null {
  if (rows.length === 1) return seatMatchOutcome(rows[0]!, gamesToWin, true).winner;
  return playoffTeamMatch(rows, gamesToWin)?.winner ?? null;
}
