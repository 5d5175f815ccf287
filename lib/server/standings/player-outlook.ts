import "server-only";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import type { PlayerActor } from "@/lib/server/check-in/player-codes";
import { getPairingReasons } from "@/lib/server/round/pairing-reasons";
import { getTopCutOutlooks, type PlayerOutlookView } from "./outlook";
import { getStandings } from "./standings";

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

/** Where a player finished a complete event: their final rank, record and how far they went in the playoff. */
export type MyFinalStanding = {
  rank: number;
  of: number;
  record: string;
  matchPoints: number;
  /** "Champion", "Semifinalist", …; null for a player outside the playoff or a Swiss-only event. */
  stage: string | null;
};

/** The signed-in player's row of the final standings (MTR 3.1, 2.1); null when they have none (a pod event). */
export async function getMyFinalStanding(player: PlayerActor): Promise<MyFinalStanding | null> {
  const standings = await getStandings(trustedTournamentAccess(player.tournamentId));
  if (!standings.ok) return null;
  const row = standings.value.rows.find((each) => each.playerId === player.registrationId);
  if (!row) return null;
  return {
    rank: row.rank,
    of: standings.value.rows.length,
    record: `${row.record.wins}-${row.record.losses}-${row.record.draws}`,
    matchPoints: row.matchPoints,
    stage: row.playoff?.label ?? null,
  };
}
