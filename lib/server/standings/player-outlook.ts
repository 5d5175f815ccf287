import "server-only";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import type { PlayerActor } from "@/lib/server/check-in/player-codes";
import { getPairingReasons } from "@/lib/server/round/pairing-reasons";
import { getTopCutOutlooks, type PlayerOutlookView } from "./outlook";
import { getStandings } from "./standings";
import { prisma } from "@/lib/server/infra/db";
import { loadPodSettings } from "@/lib/server/pod/pod-record";
import { getPodStandings } from "@/lib/server/pod/pods";
import type { PodCutFinish } from "@/lib/rules/pod-standings";

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
  /** In a pod event, how far the player went in its top cut; null outside the cut or in a two-player event. */
  podFinish: PodCutFinish | null;
};

/** The signed-in player's row of the final standings (MTR 3.1, 2.1; a pod event's by the addenda). */
export async function getMyFinalStanding(player: PlayerActor): Promise<MyFinalStanding | null> {
  if (await loadPodSettings(prisma, player.tournamentId)) {
    const rows = await getPodStandings(player.tournamentId);
    if (!rows.ok) return null;
    const row = rows.value.find((each) => each.playerId === player.registrationId);
    if (!row) return null;
    const { wins, byes, losses, draws } = row.record;
    return {
      rank: row.rank,
      of: rows.value.length,
      record: `${wins + byes}-${losses}-${draws}`,
      matchPoints: row.points,
      stage: null,
      podFinish: row.cutFinish,
    };
  }
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
    podFinish: null,
  };
}
