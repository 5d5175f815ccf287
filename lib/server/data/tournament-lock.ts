import "server-only";
import type { Transaction } from "../db";

/**
 * Serializes every write that changes who plays whom or what a round's results are, per
 * tournament: pairing, swaps, registration and drops, result reports and playoff advancement.
 * Under READ COMMITTED two such transactions could otherwise each miss the other's write
 * (a drop during pairing, two semifinals saved at once). Held until the transaction ends.
 */
export async function lockTournament(tx: Transaction, tournamentId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`tournament:${tournamentId}`}))`;
}
