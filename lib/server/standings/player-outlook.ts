import "server-only";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import type { PlayerActor } from "@/lib/server/check-in/player-codes";
import { getPairingReasons } from "@/lib/server/round/pairing-reasons";
import { getTopCutOutlooks, type PlayerOutlookView } from "./outlook";

/**
 * A signed-in player's own "What do I need?" and "Why this pairing" for their round: their code
 * authorized them for their own standing and match.
 */
export async function getMyOutlookAndReason(
  player: PlayerActor,
  roundNumber: number | null,
): Promise<{ outlook: PlayerOutlookView | null; why: string | null }> {
  const access = trustedTournamentAccess(player.tournamentId);
  const [outlooks, reasons] = await Promise.all([
    getTopCutOutlooks(access, [player.registrationId]),
    roundNumber ? getPairingReasons(access, roundNumber) : Promise.resolve(new Map()),
  ]);
  return {
    outlook: outlooks.get(player.registrationId) ?? null,
    why: reasons.get(player.registrationId) ?? null,
  };
}
