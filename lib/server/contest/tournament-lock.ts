import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Transaction } from "@/lib/server/infra/db";

/**
 * One PostgreSQL advisory lock per tournament, held until the transaction ends, in two modes:
 *
 * - exclusive (`lockTournament`): every change to who plays whom or what a round is — pairing,
 *   seat swaps, starting a round, registration and drops, playoff results and bracket
 *   advancement. Under READ COMMITTED two such transactions could otherwise each miss the
 *   other's write (a drop during pairing, two semifinals saved at once), so they run one at a time
 *   and never alongside a result write.
 * - shared (taken in results.ts by the statement that reads the match, with the same key):
 *   Swiss result writes. They share the lock with each other, so reports to
 *   different matches of one tournament never wait for each other; each is guarded by its own
 *   match's version instead (the write applies only `WHERE version = expectedVersion`).
 */
export async function lockTournament(tx: Transaction, tournamentId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${tournamentLockKey(tournamentId)}))`;
}

/**
 * The tournament's lock in shared mode, for writes that only need the event not to change under
 * them (a decklist against round 1 being paired or the format changing): they never wait for
 * each other, and wait for any exclusive holder.
 */
export async function lockTournamentShared(tx: Transaction, tournamentId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtext(${tournamentLockKey(tournamentId)}))`;
}

/** The text both modes hash into the lock key; SQL that takes the lock itself must use the same. */
export function tournamentLockKey(tournamentId: string): string {
  return `tournament:${tournamentId}`;
}

/**
 * The one lock rule for a write to one contest (a match or a pod), taken with its row lock in one
 * statement: the tournament's lock, exclusive in single elimination (a result there can seat the
 * next stage, and two results at once must each see the other) and shared in Swiss (results of
 * different contests never wait for each other), then the contest's own row. Answers whether the
 * contest is one of the tournament's (false: nothing is locked but the tournament).
 */
export async function lockContest(
  tx: Transaction,
  tournamentId: string,
  contest: { matchId: string } | { podId: string },
): Promise<boolean> {
  const [table, id] =
    "matchId" in contest
      ? [Prisma.sql`"Match"`, contest.matchId]
      : [Prisma.sql`"Pod"`, contest.podId];
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT c.id,
           (CASE WHEN p.kind = 'SINGLE_ELIMINATION'
                 THEN pg_advisory_xact_lock(hashtext(${tournamentLockKey(tournamentId)}))
                 ELSE pg_advisory_xact_lock_shared(hashtext(${tournamentLockKey(tournamentId)})) END)::text AS locked
    FROM ${table} c
    JOIN "Round" r ON r.id = c."roundId"
    JOIN "Phase" p ON p.id = r."phaseId"
    WHERE c.id = ${id} AND r."tournamentId" = ${tournamentId}`;
  if (rows.length === 0) return false;
  // Taken after the tournament's lock, so that the row is read as the writer before us left it.
  await tx.$queryRaw`SELECT id FROM ${table} WHERE id = ${id} FOR UPDATE`;
  return true;
}
