import { playerOf, say } from "@/lib/rules/result";
import type { PairingWarning, SwissPlayer } from "./swiss-types";

/** A pairing as the organizer edited it; `playerB: null` is a bye. */
export type ManualPairing = { table?: number; playerA: string; playerB: string | null };

/**
 * Check a hand-edited (or generated) round against the Swiss rules and report every problem,
 * without refusing anything: the organizer decides. `players` is the same list the pairer gets
 * (dropped players left out). Checks, in order of the returned warnings:
 *
 * - SELF_PAIRING: a player is paired against themselves;
 * - UNKNOWN_PLAYER: an id that is not among `players` (e.g. a dropped player);
 * - DUPLICATE_PLAYER: a player appears in more than one seat;
 * - DUPLICATE_TABLE: two pairings share a table number;
 * - REMATCH: the two players have met before;
 * - REPEATED_BYE: the bye goes to a player who already had one;
 * - EXTRA_BYE: more than one bye, or a bye although everyone else could be paired;
 * - BYE_NOT_LOWEST: the bye recipient has more match points than someone who could have had it
 *   (no previous bye; if everyone has had one, anyone);
 * - UNPAIRED_PLAYER: a player in `players` appears in no pairing.
 */
export function checkManualPairings(
  players: readonly SwissPlayer[],
  pairings: readonly ManualPairing[],
): { warnings: PairingWarning[] } {
  const byId = new Map(players.map((player) => [player.id, player]));
  const warnings: PairingWarning[] = [];
  const seats = new Map<string, number>();
  const tables = new Map<number, number>();
  const byeRecipients: string[] = [];

  for (const pairing of pairings) {
    const ids = pairing.playerB === null ? [pairing.playerA] : [pairing.playerA, pairing.playerB];
    if (pairing.playerB !== null && pairing.playerA === pairing.playerB) {
      warnings.push({
        code: "SELF_PAIRING",
        message: say("checkManualPairings.selfPairing", { player: playerOf(pairing.playerA) }),
        playerIds: [pairing.playerA],
      });
    }
    for (const id of new Set(ids)) {
      seats.set(id, (seats.get(id) ?? 0) + 1);
      if (!byId.has(id)) {
        warnings.push({
          code: "UNKNOWN_PLAYER",
          message: say("checkManualPairings.unknownPlayer", { player: playerOf(id) }),
          playerIds: [id],
        });
      }
    }
    if (pairing.table !== undefined)
      tables.set(pairing.table, (tables.get(pairing.table) ?? 0) + 1);
    if (pairing.playerB === null) {
      byeRecipients.push(pairing.playerA);
    } else if (
      pairing.playerA !== pairing.playerB &&
      havePlayed(byId, pairing.playerA, pairing.playerB)
    ) {
      warnings.push({
        code: "REMATCH",
        message: say("checkManualPairings.rematch", {
          playerA: playerOf(pairing.playerA),
          playerB: playerOf(pairing.playerB),
        }),
        playerIds: [pairing.playerA, pairing.playerB],
      });
    }
  }

  for (const [id, count] of seats) {
    if (count > 1)
      warnings.push({
        code: "DUPLICATE_PLAYER",
        message: say("checkManualPairings.duplicatePlayer", { player: playerOf(id), count }),
        playerIds: [id],
      });
  }
  for (const [table, count] of tables) {
    if (count > 1)
      warnings.push({
        code: "DUPLICATE_TABLE",
        message: say("checkManualPairings.duplicateTable", { table, count }),
        playerIds: [],
      });
  }
  warnings.push(...checkByes(players, byId, byeRecipients));
  for (const player of players) {
    if (!seats.has(player.id)) {
      warnings.push({
        code: "UNPAIRED_PLAYER",
        message: say("checkManualPairings.unpairedPlayer", { player: playerOf(player.id) }),
        playerIds: [player.id],
      });
    }
  }
  return { warnings };
}

function havePlayed(byId: ReadonlyMap<string, SwissPlayer>, a: string, b: string): boolean {
  return Boolean(byId.get(a)?.opponents.includes(b) || byId.get(b)?.opponents.includes(a));
}

function checkByes(
  players: readonly SwissPlayer[],
  byId: ReadonlyMap<string, SwissPlayer>,
  byeRecipients: readonly string[],
): PairingWarning[] {
  const warnings: PairingWarning[] = [];
  const allowedByes = players.length % 2;
  if (byeRecipients.length > allowedByes) {
    warnings.push({
      code: "EXTRA_BYE",
      message:
        allowedByes === 0
          ? say("checkManualPairings.byeNotNeeded", { count: byeRecipients.length })
          : say("checkManualPairings.oneByeNeeded", { count: byeRecipients.length }),
      playerIds: [...byeRecipients],
    });
  }
  const withoutBye = players.filter((player) => !player.hadBye);
  const eligible = withoutBye.length > 0 ? withoutBye : players;
  const lowestPoints = Math.min(...eligible.map((player) => player.matchPoints));
  for (const id of byeRecipients) {
    const recipient = byId.get(id);
    if (recipient === undefined) continue;
    if (recipient.hadBye) {
      warnings.push({
        code: "REPEATED_BYE",
        message: say("checkManualPairings.repeatedBye", { player: playerOf(id) }),
        playerIds: [id],
      });
    }
    if (recipient.matchPoints > lowestPoints) {
      const lower = eligible
        .filter((player) => player.matchPoints === lowestPoints)
        .map((player) => player.id);
      warnings.push({
        code: "BYE_NOT_LOWEST",
        message: say("checkManualPairings.byeNotLowest", {
          player: playerOf(id),
          points: recipient.matchPoints,
          lower: lower.map(playerOf),
          lowest: lowestPoints,
        }),
        playerIds: [id, ...lower],
      });
    }
  }
  return warnings;
}
