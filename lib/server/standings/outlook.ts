import "server-only";
import { LRUCache } from "lru-cache";
import { prisma } from "@/lib/server/infra/db";
import type { TournamentAccess } from "@/lib/server/access/tournament-access";
import {
  type OutlookInput,
  type TopCutOutlook,
  EXACT_LIMITS,
  describeOutlookKind,
  describeRecordOutlooks,
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

/** Outlooks of the whole field, per standings version and plan: computed once per change. */
const fieldCache = new LRUCache<string, TopCutOutlook | "none">({ max: 64 });

/** For benchmarks and tests: the next read computes again. */
export function forgetOutlooksInMemory(): void {
  fieldCache.clear();
}

/**
 * "What do I need?" for the requested players, while Swiss rounds remain and a cut is planned:
 * each record from here with its verdict (lib/rules/top-cut-outlook.ts). Small fields get the
 * exact count, larger ones the estimate; either is computed for the whole field once per change
 * of the standings, and every viewer reads it.
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
  const key = `${access.tournamentId}|${standings.value.etag}|${cutSize}|${roundsLeft}`;
  let cached = fieldCache.get(key);
  if (cached === undefined) {
    const active = standings.value.rows.filter((row) => !row.dropped);
    const isSmall = active.length <= EXACT_LIMITS.players && roundsLeft <= EXACT_LIMITS.roundsLeft;
    let outlook = isSmall ? await exactOutlook(access.tournamentId, cutSize, roundsLeft) : null;
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
      const estimate = estimateTopCutOutlook(input);
      outlook = estimate.ok ? estimate.value : null;
    }
    cached = outlook ?? "none";
    fieldCache.set(key, cached);
  }
  if (cached === "none") return none;
  const outlook = cached;
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
          note: render(describeOutlookKind(outlook, player)),
          lines: describeRecordOutlooks(player.records, cutSize).map((line) => ({
            text: render(line.message),
            verdict: line.verdict,
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
