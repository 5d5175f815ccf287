import "server-only";
import { prisma } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { searchAndPage, searchKey, type Page, type PageRequest } from "@/lib/paging";
import { accessAllows, type TournamentAccess } from "@/lib/server/access/tournament-access";
import { getMatchHistory } from "@/lib/server/match/match-history";
import { getStandingsPage } from "@/lib/server/standings/standings";
import { getPodBracketForApi, getPodStandingsForApi, roundAddress } from "./api-pod-reads";
import { getPlayoff } from "@/lib/server/round/playoffs";
import { SEAT_LETTERS, tableLabel, type TeamFormat } from "@/lib/rules/teams";
import {
  loadTeamMembers,
  matchesPerPairingOf,
  type TeamMembersById,
} from "@/lib/server/registration/team-names";

// What the public HTTP API (/api/v1) reads, in the shapes lib/schemas/api-v1.ts documents. Every
// read of a tournament's rows takes the caller's TournamentAccess, as pages do.

type Paged<T> = { ok: true; value: T[]; page: Omit<Page<T>, "rows"> };

function paged<T>(page: Page<T>): Paged<T> {
  const { rows, ...info } = page;
  return { ok: true, value: rows, page: info };
}

const TOURNAMENT_SELECT = {
  id: true,
  name: true,
  format: true,
  status: true,
  teamSize: true,
  publishedAt: true,
  createdAt: true,
  phases: {
    orderBy: { sequence: "asc" },
    select: {
      kind: true,
      gamesToWin: true,
      roundMinutes: true,
      plannedRounds: true,
      plannedCut: true,
      cutSize: true,
    },
  },
  structure: true,
  podSize: true,
  podPointsWin: true,
  podPointsDraw: true,
  podPointsLoss: true,
} as const;

type TournamentRow = {
  id: string;
  name: string;
  format: string;
  status: string;
  teamSize: number;
  publishedAt: Date | null;
  createdAt: Date;
  phases: unknown[];
  structure: string;
  podSize: number;
  podPointsWin: number;
  podPointsDraw: number;
  podPointsLoss: number;
};

/** A tournament as the API gives it; only a pod event carries `pods`, so a two-player event's answer is as it always was. */
function toTournament({
  publishedAt,
  structure,
  podSize,
  podPointsWin,
  podPointsDraw,
  podPointsLoss,
  ...row
}: TournamentRow) {
  const pods =
    structure === "PODS"
      ? { podSize, points: { win: podPointsWin, draw: podPointsDraw, loss: podPointsLoss } }
      : undefined;
  return { ...row, isPublished: publishedAt !== null, ...(pods ? { pods } : {}) };
}

/**
 * Tournaments the caller may see, newest first: every published one, and those where the caller
 * holds a staff seat (a token scoped to one tournament: that one only, besides the published).
 */
export async function listTournamentsForApi(
  who: { userId?: string; tokenTournamentId?: string | null },
  request: { page: number; pageSize: number },
) {
  const staffOf = who.userId
    ? [
        {
          staff: { some: { userId: who.userId, removedAt: null } },
          ...(who.tokenTournamentId ? { id: who.tokenTournamentId } : {}),
        },
      ]
    : [];
  const where = { deletedAt: null, OR: [{ publishedAt: { not: null } }, ...staffOf] };
  const [total, rows] = await Promise.all([
    prisma.tournament.count({ where }),
    prisma.tournament.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (request.page - 1) * request.pageSize,
      take: request.pageSize,
      select: TOURNAMENT_SELECT,
    }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / request.pageSize));
  return {
    ok: true as const,
    value: rows.map(toTournament),
    page: {
      page: request.page,
      pageSize: request.pageSize,
      total,
      pageCount,
      hasNextPage: request.page < pageCount,
      hasPreviousPage: request.page > 1,
    },
  };
}

export async function getTournamentForApi(
  access: TournamentAccess,
): Promise<ActionResult<ReturnType<typeof toTournament>>> {
  const row = await prisma.tournament.findUnique({
    where: { id: access.tournamentId },
    select: TOURNAMENT_SELECT,
  });
  return row ? success(toTournament(row)) : failure("NOT_FOUND", "That tournament does not exist.");
}

/** The registered players, in registration order, searchable by name. */
export async function listPlayersForApi(access: TournamentAccess, request: PageRequest) {
  const rows = await prisma.registration.findMany({
    where: { tournamentId: access.tournamentId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, displayName: true, firstRound: true, droppedAfterRound: true },
  });
  const players = rows.map((row) => ({
    id: row.id,
    name: row.displayName,
    firstRound: row.firstRound,
    droppedAfterRound: row.droppedAfterRound,
  }));
  return paged(searchAndPage(players, (player) => searchKey(player.name), request));
}

export async function listRoundsForApi(access: TournamentAccess) {
  const [rounds, tournament] = await Promise.all([
    prisma.round.findMany({
      where: { tournamentId: access.tournamentId },
      orderBy: { number: "asc" },
      select: {
        number: true,
        status: true,
        startedAt: true,
        phase: { select: { kind: true } },
        _count: { select: { matches: { where: { voidedAt: null } }, pods: true } },
      },
    }),
    prisma.tournament.findUnique({
      where: { id: access.tournamentId },
      select: { structure: true },
    }),
  ]);
  const isPodEvent = tournament?.structure === "PODS";
  return success(
    rounds.map((round) => ({
      number: round.number,
      phase: round.phase.kind,
      status: round.status,
      startedAt: round.startedAt,
      matchCount: round._count.matches,
      ...(isPodEvent ? { podCount: round._count.pods } : {}),
    })),
  );
}

const PAIRING_SELECT = {
  id: true,
  tableNumber: true,
  seat: true,
  winsA: true,
  winsB: true,
  draws: true,
  concededBy: true,
  intentionalDraw: true,
  confirmedAt: true,
  version: true,
  round: { select: { number: true } },
  sideA: { select: { id: true, displayName: true } },
  sideB: { select: { id: true, displayName: true } },
} as const;

type PairingRow = {
  seat: number;
  id: string;
  tableNumber: number;
  winsA: number | null;
  winsB: number | null;
  draws: number | null;
  concededBy: "A" | "B" | null;
  intentionalDraw: boolean;
  confirmedAt: Date | null;
  version: number;
  round: { number: number };
  sideA: { id: string; displayName: string };
  sideB: { id: string; displayName: string } | null;
};

/** A pairing as the API gives it; in a team event of seat matches, each side names the member who plays the seat (MTR 8.2). */
function toPairing(
  row: PairingRow,
  matchesPerPairing: number,
  members: TeamMembersById | undefined,
) {
  const hasResult = row.winsA !== null && row.winsB !== null;
  const isSeatMatch = matchesPerPairing > 1 && row.sideB !== null;
  const side = (entrant: { id: string; displayName: string }) => ({
    id: entrant.id,
    name: entrant.displayName,
    member: isSeatMatch ? memberName(members, entrant.id, row.seat) : null,
  });
  return {
    matchId: row.id,
    roundNumber: row.round.number,
    table: row.tableNumber,
    seat: isSeatMatch ? (SEAT_LETTERS[row.seat] ?? null) : null,
    tableLabel: tableLabel(row.tableNumber, row.seat, isSeatMatch ? matchesPerPairing : 1),
    playerA: side(row.sideA),
    playerB: row.sideB ? side(row.sideB) : null,
    result: hasResult
      ? {
          winsA: row.winsA!,
          winsB: row.winsB!,
          draws: row.draws ?? 0,
          concededBy: row.concededBy,
          intentionalDraw: row.intentionalDraw,
        }
      : null,
    isConfirmed: row.confirmedAt !== null,
    version: row.version,
  };
}

function memberName(
  members: TeamMembersById | undefined,
  teamId: string,
  seat: number,
): string | null {
  return members?.get(teamId)?.find((member) => member.seat === seat)?.player.name ?? null;
}

/** How many matches a pairing is, and the team members to name seats by (read only for events of seat matches). */
async function seatContext(
  tournamentId: string,
  tournament: { teamFormat: TeamFormat; teamSize: number },
) {
  const matchesPerPairing = matchesPerPairingOf(tournament);
  return {
    matchesPerPairing,
    members: matchesPerPairing > 1 ? await loadTeamMembers(prisma, tournamentId) : undefined,
  };
}

const SEAT_FORMAT_SELECT = {
  tournament: { select: { teamFormat: true, teamSize: true, structure: true } },
} as const;

/** A round's pairings by table (voided playoff matches left out, as on the pairings page). */
export async function listPairingsForApi(access: TournamentAccess, roundNumber: number) {
  const round = await prisma.round.findUnique({
    where: { tournamentId_number: { tournamentId: access.tournamentId, number: roundNumber } },
    select: { id: true, ...SEAT_FORMAT_SELECT },
  });
  if (!round)
    return failure("NOT_FOUND", `roundNumber: this tournament has no round ${roundNumber}.`, {
      roundNumber: [`There is no round ${roundNumber}.`],
    });
  if (round.tournament.structure === "PODS")
    return failure(
      "CONFLICT",
      `This tournament plays multiplayer pods (CR 100.6a): a round's pods are at ${roundAddress(access.tournamentId, roundNumber, "pods")}.`,
    );
  const [matches, seats] = await Promise.all([
    prisma.match.findMany({
      where: { roundId: round.id, voidedAt: null },
      orderBy: [{ tableNumber: "asc" }, { seat: "asc" }],
      select: PAIRING_SELECT,
    }),
    seatContext(access.tournamentId, round.tournament),
  ]);
  return success(matches.map((match) => toPairing(match, seats.matchesPerPairing, seats.members)));
}

/** One match with its games and full history: staff only, as the match page is. */
export async function getMatchForApi(access: TournamentAccess, matchId: string) {
  if (!accessAllows(access, "staff.view"))
    return failure(
      "FORBIDDEN",
      "Only this tournament's staff can read a match's games and history; its pairing and result are in the round's pairings.",
    );
  const match = await prisma.match.findFirst({
    where: { id: matchId, round: { tournamentId: access.tournamentId } },
    select: {
      ...PAIRING_SELECT,
      round: { select: { number: true, ...SEAT_FORMAT_SELECT } },
      games: {
        where: { removedAt: null },
        orderBy: { number: "asc" },
        select: {
          number: true,
          winner: true,
          reason: true,
          chooser: true,
          choice: true,
          lifeA: true,
          lifeB: true,
          losingSeat: true,
        },
      },
    },
  });
  if (!match)
    return failure("NOT_FOUND", "matchId: that match is not one of this tournament's.", {
      matchId: ["No such match in this tournament."],
    });
  const history = (await getMatchHistory(access.tournamentId, matchId)) ?? [];
  const seats = await seatContext(access.tournamentId, match.round.tournament);
  return success({
    ...toPairing(match, seats.matchesPerPairing, seats.members),
    games: match.games,
    history,
  });
}

/** The keys that rank Swiss players, in order (MTR Appendix C), as lib/rules/standings.ts applies them. */
const TIEBREAKER_ORDER = ["matchPoints", "opponentMatchWinPct", "gameWinPct", "opponentGameWinPct"];

/** The standings: a two-player event's (MTR Appendix C), or a pod event's in its own shape (`structure: "PODS"`). */
export async function getStandingsForApi(access: TournamentAccess, request: PageRequest) {
  const settings = await prisma.tournament.findUnique({
    where: { id: access.tournamentId },
    select: { structure: true, percentageFloor: true, byeCountsInOwnPercentages: true },
  });
  if (!settings) return failure("NOT_FOUND", "That tournament does not exist.");
  if (settings.structure === "PODS") return getPodStandingsForApi(access, request);
  const page = await getStandingsPage(access, request);
  if (!page.ok) return page;
  const {
    rows,
    total,
    page: number,
    pageSize,
    pageCount,
    hasNextPage,
    hasPreviousPage,
    throughRound,
    hasPlayoff,
  } = page.value;
  return {
    ok: true as const,
    value: {
      throughRound,
      hasPlayoff,
      tiebreakers: {
        order: TIEBREAKER_ORDER,
        percentageFloor: settings.percentageFloor,
        byeCountsInOwnPercentages: settings.byeCountsInOwnPercentages,
      },
      rows: rows.map((row) => ({ ...row, name: row.name ?? "?" })),
    },
    page: { page: number, pageSize, total, pageCount, hasNextPage, hasPreviousPage },
  };
}

/** The playoff bracket: a two-player event's matches, or a pod event's top cut in its own shape (`structure: "PODS"`). */
export async function getBracketForApi(access: TournamentAccess) {
  const tournament = await prisma.tournament.findUnique({
    where: { id: access.tournamentId },
    select: { structure: true },
  });
  if (tournament?.structure === "PODS") return getPodBracketForApi(access);
  const playoff = await getPlayoff(access);
  if (!playoff) return failure("NOT_FOUND", "This tournament has no playoff (yet).");
  return success({
    cutSize: playoff.cutSize,
    champion: playoff.champion,
    rounds: playoff.rounds.map((round) => ({
      name: round.name,
      roundNumber: round.roundNumber,
      matches: round.matches.map((match) => ({
        position: match.position,
        matchId: match.matchId,
        playerA: match.playerA
          ? { id: match.playerA, name: match.nameA ?? "?", seed: match.seedA }
          : null,
        playerB: match.playerB
          ? { id: match.playerB, name: match.nameB ?? "?", seed: match.seedB }
          : null,
        winnerId: match.winner,
        score: match.score,
      })),
    })),
  });
}
