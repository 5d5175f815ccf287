import "server-only";
import { LRUCache } from "lru-cache";
import { prisma } from "@/lib/server/infra/db";
import type { TournamentAccess } from "@/lib/server/access/tournament-access";
import {
  type OutlookInput,
  type TopCutOutlook,
  EXACT_LIMITS,
  describeOutlookKind,
  describeRecordOutlook,
  estimateTopCutOutlook,
  exactTopCutOutlook,
} from "@/lib/rules/top-cut-outlook";
import { render } from "@/lib/messages/render";
import { getStandings, lastCompleteRound, loadSwissFacts, standingsOf } from "./standings";

export type OutlookLine = { text: string; verdict: "in" | "out" | "depends" };
export type PlayerOutlookView = {
  cutSize: number;
  roundsLeft: number;
  estimate: boolean;
  note: string;
  lines: OutlookLine[];
};

/** Exact outlooks of small events, per standings version and plan: computed once per change. */
const exactCache = new LRUCache<string, TopCutOutlook | "none">({ max: 64 });

/**
 * "What do I need?" for the requested players, while Swiss rounds remain and a cut is planned:
 * each record from here with its verdict (lib/rules/top-cut-outlook.ts). Small fields get the
 * exact count, once per change of the standings; larger ones the estimate, per requested player.
 */
export async function getTopCutOutlooks(
  access: TournamentAccess,
  playerIds: readonly string[],
): Promise<Map<string, PlayerOutlookView>> {
  const none = new Map<string, PlayerOutlookView>();
  if (playerIds.length === 0) return none;
  const phases = await prisma.phase.findMany({
    where: { tournamentId: access.tournamentId },
    select: {
      kind: true,
      plannedRounds: true,
      plannedCut: true,
      tournament: { select: { structure: true } },
    },
  });
  const swiss = phases.find((phase) => phase.kind === "SWISS");
  const hasPlayoff = phases.some((phase) => phase.kind !== "SWISS");
  if (!swiss?.plannedCut || !swiss.plannedRounds || hasPlayoff) return none;
  if (swiss.tournament.structure === "PODS") return none;
  const standings = await getStandings(access);
  if (!standings.ok) return none;
  const roundsLeft = swiss.plannedRounds - standings.value.throughRound;
  if (roundsLeft < 1) return none;
  const cutSize = swiss.plannedCut;
  const active = standings.value.rows.filter((row) => !row.dropped);
  let outlook: TopCutOutlook | null = null;
  if (active.length <= EXACT_LIMITS.players && roundsLeft <= EXACT_LIMITS.roundsLeft) {
    const key = `${access.tournamentId}|${standings.value.etag}|${cutSize}|${roundsLeft}`;
    let cached = exactCache.get(key);
    if (cached === undefined) {
      cached = (await exactOutlook(access.tournamentId, cutSize, roundsLeft)) ?? "none";
      exactCache.set(key, cached);
    }
    outlook = cached === "none" ? null : cached;
  }
  if (!outlook) {
    const input: OutlookInput = {
      players: standings.value.rows.map((row) => ({
        id: row.playerId,
        matchPoints: row.matchPoints,
        dropped: row.dropped,
      })),
      roundsLeft,
      cutSize,
    };
    const estimate = estimateTopCutOutlook(input, playerIds);
    if (!estimate.ok) return none;
    outlook = estimate.value;
  }
  const note = render(describeOutlookKind(outlook));
  const wanted = new Set(playerIds);
  return new Map(
    outlook.players
      .filter((player) => wanted.has(player.playerId))
      .map((player) => [
        player.playerId,
        {
          cutSize,
          roundsLeft,
          estimate: outlook.estimate,
          note,
          lines: player.records.map((record) => ({
            text: render(describeRecordOutlook(record, cutSize)),
            verdict: record.verdict,
          })),
        },
      ]),
  );
}

/** The exact count from the stored facts: earlier opponents, byes, and the next round if paired. */
async function exactOutlook(
  tournamentId: string,
  cutSize: number,
  roundsLeft: number,
): Promise<TopCutOutlook | null> {
  const facts = await loadSwissFacts(prisma, tournamentId);
  const through = lastCompleteRound(facts);
  const standings = standingsOf(facts, through);
  if (!standings.ok) return null;
  const next = facts.matches
    .filter((match) => match.roundNumber === through + 1 && match.seat === 0)
    .map((match) => ({ playerA: match.sideAId, playerB: match.sideBId }));
  const input: OutlookInput = {
    players: standings.value.map((standing) => ({
      id: standing.playerId,
      matchPoints: standing.matchPoints,
      dropped: standing.dropped,
      opponents: standing.opponents,
      hadBye: standing.byes > 0,
    })),
    roundsLeft,
    cutSize,
  };
  const withNext = next.length > 0 ? exactTopCutOutlook({ ...input, nextRound: next }) : null;
  // A next round that no longer places everyone still in (a drop since) is played as unpaired.
  const exact = withNext?.ok ? withNext : exactTopCutOutlook(input);
  return exact.ok ? exact.value : null;
}
