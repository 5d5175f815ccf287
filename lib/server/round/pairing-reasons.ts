import "server-only";
import { LRUCache } from "lru-cache";
import { prisma } from "@/lib/server/infra/db";
import type { TournamentAccess } from "@/lib/server/access/tournament-access";
import { type PairingSource, pairingReason } from "@/lib/rules/pairing-reason";
import { render } from "@/lib/messages/render";
import { loadPairingField } from "./rounds";

type Reasons = Map<string, string>;

/** A round's reasons, under a digest of its tables and pairing changes: computed once per change. */
const cache = new LRUCache<string, Reasons>({ max: 32 });

type TablePairing = { table: number; playerA: string; playerB: string | null };

/**
 * "Why this pairing" for every player of a round, one sentence each (lib/rules/pairing-reason.ts),
 * by player (or team) entry id. Empty for pod rounds and unknown rounds.
 */
export async function getPairingReasons(
  access: TournamentAccess,
  roundNumber: number,
): Promise<Reasons> {
  const round = await prisma.round.findUnique({
    where: { tournamentId_number: { tournamentId: access.tournamentId, number: roundNumber } },
    select: {
      id: true,
      phase: { select: { id: true, kind: true } },
      matches: {
        where: { voidedAt: null, seat: 0 },
        orderBy: { tableNumber: "asc" },
        select: { tableNumber: true, sideAId: true, sideBId: true },
      },
      pairingChanges: {
        orderBy: { createdAt: "asc" },
        select: { kind: true, before: true, after: true },
      },
    },
  });
  if (!round || round.matches.length === 0) return new Map();
  const key = [
    round.id,
    round.pairingChanges.length,
    ...round.matches.map((m) => `${m.tableNumber}:${m.sideAId}:${m.sideBId}`),
  ].join("|");
  const cached = cache.get(key);
  if (cached) return cached;
  const reasons: Reasons = new Map();
  const set = (pairing: { sideAId: string; sideBId: string | null }, text: string) => {
    reasons.set(pairing.sideAId, text);
    if (pairing.sideBId) reasons.set(pairing.sideBId, text);
  };
  if (round.phase.kind !== "SWISS") {
    const seeds = await prisma.playoffSeed.findMany({
      where: { phaseId: round.phase.id },
      select: { seed: true, registrationId: true },
    });
    const seedOf = new Map(seeds.map((s) => [s.registrationId, s.seed]));
    for (const match of round.matches) {
      const answer = pairingReason({
        source: "playoff",
        round: roundNumber,
        players: [],
        pairing: { playerA: match.sideAId, playerB: match.sideBId },
        seeds: { A: seedOf.get(match.sideAId) ?? 0, B: seedOf.get(match.sideBId ?? "") ?? 0 },
      });
      if (answer.ok) set(match, render(answer.value.message));
    }
  } else {
    const field = await loadPairingField(prisma, access.tournamentId, roundNumber);
    if (!field.ok) return reasons;
    const isEntered = round.pairingChanges.some((change) => change.kind === "ENTERED");
    const swapped = swappedTables(round.pairingChanges);
    const byeId = round.matches.find((match) => match.sideBId === null)?.sideAId ?? null;
    for (const match of round.matches) {
      const source: PairingSource = isEntered
        ? "entered"
        : swapped.has(match.tableNumber)
          ? "swapped"
          : "pairer";
      const answer = pairingReason({
        source,
        round: roundNumber,
        players: field.value.players,
        pairing: { playerA: match.sideAId, playerB: match.sideBId },
        byeId,
      });
      if (answer.ok) set(match, render(answer.value.message, { players: field.value.names }));
    }
  }
  cache.set(key, reasons);
  return reasons;
}

/** Tables whose players a staff swap changed (PairingChange SWAPPED keeps before and after). */
function swappedTables(changes: readonly { kind: string; before: unknown; after: unknown }[]) {
  const tables = new Set<number>();
  for (const change of changes) {
    if (change.kind !== "SWAPPED" || !Array.isArray(change.before) || !Array.isArray(change.after))
      continue;
    const before = new Map(
      (change.before as TablePairing[]).map((p) => [p.table, `${p.playerA}:${p.playerB}`]),
    );
    for (const pairing of change.after as TablePairing[])
      if (before.get(pairing.table) !== `${pairing.playerA}:${pairing.playerB}`)
        tables.add(pairing.table);
  }
  return tables;
}
