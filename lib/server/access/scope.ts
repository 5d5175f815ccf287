import "server-only";
import { prisma } from "@/lib/server/infra/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { MATCH_FOR_RESULT_COLUMNS, type MatchForResult } from "@/lib/server/match/match-record";
import { failure, success, type ActionResult } from "@/lib/action-result";
import type { StaffRole } from "@/lib/rules/permissions";

export type StaffSeat = { id: string; role: StaffRole; name: string };
const SEAT_SELECT = { id: true, role: true, name: true } as const;
type ScopeRow = {
  tournamentId: string;
  isDeleted: boolean;
  isPublished: boolean;
  seatId: string | null;
  role: string | null;
  seatName: string | null;
};
type MatchScopeRow = ScopeRow & MatchForResult;

/** The ids an input may name; each must belong to the tournament the request acts on. */
export type NamedIds = {
  tournamentId?: string;
  matchId?: string;
  podId?: string;
  registrationIds?: string[];
  staffId?: string;
  judgeCallIds?: string[];
  deckCheckIds?: string[];
  webhookEndpointIds?: string[];
  /** Entries from a list the page showed (registrations or waitlist entries): one removed since is let through, the write skips it. */
  listedEntryIds?: string[];
};

/**
 * The first of a result report's two statements: the match as the write needs it, its tournament
 * and the caller's staff seat there. Exported for bench/floor-server.ts, which issues the same
 * statements from a bare server.
 */
export function matchScopeStatement(matchId: string, userId: string): Prisma.Sql {
  return Prisma.sql`
    SELECT t."deletedAt" IS NOT NULL AS "isDeleted", t."publishedAt" IS NOT NULL AS "isPublished", s.id AS "seatId", s.role::text AS "role", s.name AS "seatName",
           ${MATCH_FOR_RESULT_COLUMNS}
    FROM "Match" m
    JOIN "Round" r ON r.id = m."roundId"
    JOIN "Phase" p ON p.id = r."phaseId"
    JOIN "Tournament" t ON t.id = r."tournamentId"
    LEFT JOIN "StaffMember" s ON s."tournamentId" = t.id AND s."userId" = ${userId} AND s."removedAt" IS NULL
    WHERE m.id = ${matchId}
    ORDER BY s."createdAt" ASC NULLS LAST
    LIMIT 1`;
}

/**
 * Which tournament a request acts on, proven from every id it names: a match, pod, registration
 * or staff seat of another tournament is refused (as not found, so nothing about it is revealed),
 * and so is an id that does not exist. A hidden form field can name anything; this is the check.
 */
export async function resolveTournamentScope(
  ids: NamedIds,
  userId: string,
): Promise<
  ActionResult<{
    tournamentId: string;
    seat: StaffSeat | null /** The match the request names, when it names only one (read in the same statement). */;
    match?: MatchForResult;
  }>
> {
  // The common cases in one query each: a form naming only its tournament, a result naming only its match.
  const others =
    ids.podId ||
    ids.staffId ||
    ids.registrationIds?.length ||
    ids.judgeCallIds?.length ||
    ids.deckCheckIds?.length ||
    ids.webhookEndpointIds?.length ||
    ids.listedEntryIds?.length;
  const onlyTournament = ids.tournamentId && !ids.matchId && !others;
  const onlyMatch = ids.matchId && !ids.tournamentId && !others;
  const staffOf = (tournament: { staff: { id: string; role: string; name: string }[] }) =>
    (tournament.staff[0] as StaffSeat | undefined) ?? null;
  if (onlyTournament || onlyMatch) {
    // One statement for the hot paths (every result report names only its match): the tournament
    // the id belongs to, whether it is deleted, and the caller's staff seat there.
    // A match's row comes along (a result report reads nothing else before it writes at its version).
    const rows = onlyMatch
      ? await prisma.$queryRaw<MatchScopeRow[]>(matchScopeStatement(ids.matchId!, userId))
      : await prisma.$queryRaw<ScopeRow[]>`
          SELECT t.id AS "tournamentId", t."deletedAt" IS NOT NULL AS "isDeleted", t."publishedAt" IS NOT NULL AS "isPublished", s.id AS "seatId", s.role::text AS "role", s.name AS "seatName"
          FROM "Tournament" t
          LEFT JOIN "StaffMember" s ON s."tournamentId" = t.id AND s."userId" = ${userId} AND s."removedAt" IS NULL
          WHERE t.id = ${ids.tournamentId!}
          ORDER BY s."createdAt" ASC NULLS LAST
          LIMIT 1`;
    const row = rows[0];
    const seat =
      row?.seatId && row.role && row.seatName !== null
        ? { id: row.seatId, role: row.role as StaffRole, name: row.seatName }
        : null;
    // A tournament in preparation does not exist for anyone outside its staff, here as on its pages.
    if (!row || row.isDeleted || (!seat && !row.isPublished))
      return failure(
        "NOT_FOUND",
        onlyMatch ? "That match does not exist." : "That tournament does not exist.",
      );
    if (!onlyMatch) return success({ tournamentId: row.tournamentId, seat });
    const {
      isDeleted: _isDeleted,
      isPublished: _isPublished,
      seatId: _seatId,
      role: _role,
      seatName: _seatName,
      ...match
    } = row as MatchScopeRow;
    return success({ tournamentId: row.tournamentId, seat, match });
  }

  const owners = new Set<string>();
  if (ids.tournamentId) owners.add(ids.tournamentId);
  if (ids.matchId) {
    const match = await prisma.match.findUnique({
      where: { id: ids.matchId },
      select: { round: { select: { tournamentId: true } } },
    });
    if (!match) return failure("NOT_FOUND", "That match does not exist.");
    owners.add(match.round.tournamentId);
  }
  if (ids.podId) {
    const pod = await prisma.pod.findUnique({
      where: { id: ids.podId },
      select: { round: { select: { tournamentId: true } } },
    });
    if (!pod) return failure("NOT_FOUND", "That pod does not exist.");
    owners.add(pod.round.tournamentId);
  }
  const registrationIds = [...new Set(ids.registrationIds ?? [])];
  if (registrationIds.length > 0) {
    const registrations = await prisma.registration.findMany({
      where: { id: { in: registrationIds } },
      select: { tournamentId: true },
    });
    if (registrations.length !== registrationIds.length)
      return failure("NOT_FOUND", "That player is not registered in this tournament.");
    for (const registration of registrations) owners.add(registration.tournamentId);
  }
  if (ids.staffId) {
    const seat = await prisma.staffMember.findUnique({
      where: { id: ids.staffId },
      select: { tournamentId: true },
    });
    if (!seat) return failure("NOT_FOUND", "That staff member is not on this tournament's staff.");
    owners.add(seat.tournamentId);
  }
  const judgeCallIds = [...new Set(ids.judgeCallIds ?? [])];
  if (judgeCallIds.length > 0) {
    const calls = await prisma.judgeCall.findMany({
      where: { id: { in: judgeCallIds } },
      select: { tournamentId: true },
    });
    if (calls.length !== judgeCallIds.length)
      return failure("NOT_FOUND", "That judge call does not exist.");
    for (const call of calls) owners.add(call.tournamentId);
  }
  const deckCheckIds = [...new Set(ids.deckCheckIds ?? [])];
  if (deckCheckIds.length > 0) {
    const checks = await prisma.deckCheck.findMany({
      where: { id: { in: deckCheckIds } },
      select: { tournamentId: true },
    });
    if (checks.length !== deckCheckIds.length)
      return failure("NOT_FOUND", "That deck check does not exist.");
    for (const check of checks) owners.add(check.tournamentId);
  }
  const endpointIds = [...new Set(ids.webhookEndpointIds ?? [])];
  if (endpointIds.length > 0) {
    const endpoints = await prisma.webhookEndpoint.findMany({
      where: { id: { in: endpointIds } },
      select: { tournamentId: true },
    });
    if (endpoints.length !== endpointIds.length)
      return failure("NOT_FOUND", "That webhook does not exist.");
    for (const endpoint of endpoints) owners.add(endpoint.tournamentId);
  }
  const listedEntryIds = [...new Set(ids.listedEntryIds ?? [])];
  if (listedEntryIds.length > 0) {
    const where = { id: { in: listedEntryIds } };
    const select = { tournamentId: true };
    const entries = [
      ...(await prisma.registration.findMany({ where, select })),
      ...(await prisma.waitlistEntry.findMany({ where, select })),
    ];
    for (const entry of entries) owners.add(entry.tournamentId);
  }
  if (owners.size === 0) return failure("VALIDATION", "The request does not name a tournament.");
  if (owners.size > 1) return failure("NOT_FOUND", "That does not belong to this tournament.");
  const [tournamentId] = [...owners] as [string];
  const tournament = await prisma.tournament.findFirst({
    where: { id: tournamentId, deletedAt: null },
    select: {
      id: true,
      publishedAt: true,
      staff: {
        where: { userId, removedAt: null },
        orderBy: { createdAt: "asc" },
        take: 1,
        select: SEAT_SELECT,
      },
    },
  });
  const seat = tournament ? staffOf(tournament) : null;
  if (!tournament || (!seat && tournament.publishedAt === null))
    return failure("NOT_FOUND", "That tournament does not exist.");
  return success({ tournamentId, seat });
}
