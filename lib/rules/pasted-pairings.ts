// A round's exact pairings, entered by hand or pasted from another tool: one table per line, as
// "12, Ana, Ben", "Ana vs Ben", "Ana<TAB>Ben" or "Cal, bye". Names are matched as registration
// compares them (nameKey); the reader refuses what cannot be a round (an unknown name, a player
// twice, a table twice), and the Swiss checks (rematch, the bye's recipient) warn, as for a swap.

import { nameKey, pastedLines } from "./registration";
import { type RuleResult, fail, ok } from "./result";

export type PastedPairing = { table: number; playerA: string; playerB: string | null };

const BYE_WORDS = new Set(["bye", "-", "—", "(bye)"]);

function cellsOf(line: string): string[] {
  const versus = /\s+(?:vs\.?|v\.?)\s+/i;
  const cells = line.includes("\t") ? line.split("\t") : line.includes(",") || line.includes(";") ? line.split(/[,;]/) : versus.test(line) ? line.split(versus) : [line];
  return cells.map((cell) => cell.trim()).filter((cell, index, all) => cell !== "" || index < all.length - 1);
}

/**
 * The pairings of a pasted round: ids resolved from `players` (id and name), tables as given or
 * numbered in line order. A header line ("Table, Player A, Player B") is skipped.
 */
export function readPastedPairings(text: string, players: readonly { id: string; name: string }[]): RuleResult<PastedPairing[]> {
  const read = pastedLines(text, "pairings");
  if (!read.ok) return read;
  const byKey = new Map((Array.isArray(players) ? players : []).map((player) => [nameKey(player.name), player.id]));
  const pairings: PastedPairing[] = [];
  const seen = new Map<string, number>();
  const tables = new Map<number, number>();
  let numbering: "given" | "in-order" | null = null;
  const { lines, first } = read.value;
  for (let index = first; index < lines.length; index++) {
    const raw = lines[index]!;
    const lineNumber = index + 1;
    const where = `Line ${lineNumber}`;
    if (raw.trim() === "") continue;
    let cells = cellsOf(raw);
    if (index === first && /^(table|#)\b/i.test(cells[0] ?? "")) continue;
    let table: number | null = null;
    if (cells.length >= 2 && /^\d{1,4}$/.test(cells[0]!)) {
      table = Number(cells[0]);
      cells = cells.slice(1);
    }
    if (cells.length !== 2 || cells.some((cell) => cell === "")) return fail("INVALID_INPUT", `${where}: write a table as "Player A, Player B" (or "Player, bye"), optionally after its table number.`);
    const [nameA, nameB] = cells as [string, string];
    const idOf = (name: string) => byKey.get(nameKey(name));
    const playerA = idOf(nameA);
    if (!playerA) return fail("UNKNOWN_PLAYER", `${where}: "${nameA}" is not registered in this tournament.`);
    const isBye = BYE_WORDS.has(nameB.toLowerCase());
    const playerB = isBye ? null : (idOf(nameB) ?? null);
    if (!isBye && !playerB) return fail("UNKNOWN_PLAYER", `${where}: "${nameB}" is not registered in this tournament.`);
    if (playerA === playerB) return fail("SAME_PLAYER_BOTH_SIDES", `${where}: ${nameA} cannot play themselves.`);
    for (const [id, name] of [[playerA, nameA], [playerB, nameB]] as const) {
      if (id === null) continue;
      const earlier = seen.get(id);
      if (earlier !== undefined) return fail("PLAYER_PAIRED_TWICE", `${where}: ${name} is already paired on line ${earlier}.`);
      seen.set(id, lineNumber);
    }
    if (pairings.length > 0 && (table === null) !== (numbering === "in-order")) return fail("INVALID_INPUT", `${where}: number every table or none (then they are numbered in line order).`);
    numbering = table === null ? "in-order" : "given";
    const number = table ?? pairings.length + 1;
    if (number < 1) return fail("INVALID_NUMBER", `${where}: tables are numbered from 1.`);
    const earlierTable = tables.get(number);
    if (earlierTable !== undefined) return fail("INVALID_INPUT", `${where}: table ${number} is already used on line ${earlierTable}.`);
    tables.set(number, lineNumber);
    pairings.push({ table: number, playerA, playerB });
  }
  if (pairings.length === 0) return fail("INVALID_INPUT", "Paste at least one table.");
  return ok(pairings);
}
