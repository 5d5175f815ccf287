// Player slips: one small slip per seated player with only that player's own code, to
// cut apart and hand out. The shared match result slip carries no code: an opponent reading your
// code could confirm their own report as you, or drop you.

import { cutStackPages } from "./cut-stack";
import { listOfNames } from "@/lib/plural";

/** `tableLabel`: "12A" for a team table's seat (MTR 8.2); `key` tells apart the members of one team. */
export type SeatedTable = {
  tableNumber: number;
  tableLabel?: string;
  isPod?: boolean;
  players: readonly { registrationId: string; key?: string; name: string; code: string }[];
};

/** In a pod (CR 100.6a) `seat` is the player's seat and `opponentName` lists every pod-mate. */
export type PlayerCodeSlip = {
  registrationId: string;
  key: string;
  name: string;
  code: string;
  tableNumber: number;
  tableLabel: string;
  opponentName: string | null;
  seat?: number;
};

/** Two across and five down: each slip is about 95 × 55 mm on A4 (52 mm on Letter), room for a scannable QR code. */
export const PLAYER_SLIP_COLUMNS = 2;
export const PLAYER_SLIP_ROWS = 5;
export const PLAYER_SLIPS_PER_PAGE = PLAYER_SLIP_COLUMNS * PLAYER_SLIP_ROWS;

/** One slip per seated player (a bye's player too: no opponent), alphabetically by name, then table. */
export function playerCodeSlips(tables: readonly SeatedTable[]): PlayerCodeSlip[] {
  const slips = tables.flatMap((table) =>
    table.players.map((player, index): PlayerCodeSlip => {
      const others = table.players
        .filter((other) => other.registrationId !== player.registrationId)
        .map((other) => other.name);
      return {
        registrationId: player.registrationId,
        key: player.key ?? player.registrationId,
        name: player.name,
        code: player.code,
        tableNumber: table.tableNumber,
        tableLabel: table.tableLabel ?? String(table.tableNumber),
        opponentName: table.isPod ? listOfNames(others) || null : (others[0] ?? null),
        ...(table.isPod && others.length > 0 ? { seat: index + 1 } : {}),
      };
    }),
  );
  return slips.sort(
    (a, b) =>
      a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.tableNumber - b.tableNumber,
  );
}

/**
 * Page → position (reading order, left to right then down) → index into the slips, so that cutting
 * the pile along the grid and stacking position 1's pile on position 2's … keeps alphabetical order.
 */
export function playerCodeSlipPages(count: number): (number | null)[][] {
  return cutStackPages(count, PLAYER_SLIPS_PER_PAGE);
}
