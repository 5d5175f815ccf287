import "server-only";
import type { Transaction } from "@/lib/server/infra/db";
import { waitlistPromotions } from "@/lib/rules/registration";

/**
 * Moves people from the front of the waitlist into the event while spots are free under the cap,
 * before round 1 is paired (lib/rules/registration.ts waitlistPromotions). Run inside a transaction
 * that holds the tournament lock, after whatever freed a spot: a removal, a drop, dropped no-shows,
 * a cap raised or lifted. The entry keeps its place in history; its code becomes the player's code.
 */
export async function promoteFromWaitlist(
  tx: Transaction,
  tournamentId: string,
): Promise<string[]> {
  const [tournament, roundsPaired, activePlayers, waiting] = await Promise.all([
    tx.tournament.findUnique({
      where: { id: tournamentId },
      select: { registrationCap: true, status: true },
    }),
    tx.round.count({ where: { tournamentId } }),
    tx.registration.count({ where: { tournamentId, droppedAfterRound: null } }),
    tx.waitlistEntry.findMany({
      where: { tournamentId, promotedAt: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: {
        id: true,
        displayName: true,
        nameKey: true,
        code: true,
        requestKey: true,
        requestNetwork: true,
      },
    }),
  ]);
  if (!tournament || tournament.status === "COMPLETE") return [];
  const count = waitlistPromotions({
    roundsPaired,
    cap: tournament.registrationCap,
    activePlayers,
    waitlisted: waiting.length,
  });
  const promoted: string[] = [];
  for (const entry of waiting) {
    if (promoted.length >= count) break;
    // The organizer entered the same name by hand meanwhile: that entry waits for the organizer to sort out.
    const clash = await tx.registration.findUnique({
      where: { tournamentId_nameKey: { tournamentId, nameKey: entry.nameKey } },
      select: { id: true },
    });
    if (clash) continue;
    const player = await tx.player.create({
      data: { name: entry.displayName },
      select: { id: true },
    });
    const registration = await tx.registration.create({
      // Still a registration from a phone: its request key and network come along.
      data: {
        tournamentId,
        playerId: player.id,
        displayName: entry.displayName,
        nameKey: entry.nameKey,
        firstRound: 1,
        code: entry.code,
        selfRegistrationKey: entry.requestKey,
        selfRegistrationNetwork: entry.requestNetwork,
      },
      select: { id: true },
    });
    await tx.waitlistEntry.update({
      where: { id: entry.id },
      data: { promotedAt: new Date(), registrationId: registration.id },
    });
    promoted.push(entry.displayName);
  }
  return promoted;
}
