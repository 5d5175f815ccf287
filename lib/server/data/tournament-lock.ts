import "server-only";
import type { Transaction } from "../db";

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

/** The text both modes hash into the lock key; SQL that takes the lock itself must use the same. */
export function tournamentLockKey(tournamentId: string): string {
  return `tournament:${tournamentId}`;
}
