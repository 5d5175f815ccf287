// A round's exact pairings, entered by hand or pasted from another tool: one table per line, as
// "12<TAB>Ana<TAB>Ben", "12 Ana vs Ben", "12, Ana, Ben" (CSV, quotes respected: "Smith, Ann") or
// "Cal, bye". Names are matched as registration compares them (nameKey); the reader refuses what
// cannot be a round (an unknown name, a player twice, a table twice), and the Swiss checks
// (rematch, the bye's recipient) warn, as for a swap.

import { parse } from "csv-parse/sync";
import { nameKey, pastedLines } from "./registration";
import { type RuleResult, fail, ok, say } from "./result";

export type PastedPairing = { table: number; playerA: string; playerB: string | null };

const BYE_WORDS = new Set(["bye", "-", "—", "(bye)"]);

const VERSUS = /\s+(?:vs\.?|v\.?)\s+/gi;
const QUOTED = /"(?:[^"]|"")*"/g;

/** One CSV record (RFC 4180: a quoted cell may hold the delimiter, "" is a quote), or why it cannot be read. */
function csvCells(text: string, delimiter: string[]): RuleResult<string[]> {
  try {
    const [record] = parse(text, {
      delimiter,
      trim: true,
      relax_quotes: true,
      relax_column_count: true,
    }) as string[][];
    return ok(record ?? []);
  } catch {
    return fail("INVALID_INPUT", say("pastedPairings.quotesCannotReadQuote"));
  }
}

/** A name as written beside a vs: unquoted when it is one quoted cell ("Smith, Ann"), otherwise as it stands (=HYPERLINK("a","b")). */
function versusName(side: string): string {
  const cell = csvCells(side, ["\t"]);
  return cell.ok && cell.value.length === 1 ? cell.value[0]! : side;
}

/**
 * A line's cells: tab-separated if it has a tab (a spreadsheet's columns, names taken as they
 * are); else "A vs B", after an optional table number ("12 " or "12, "), when a vs stands outside
 * quotes; else CSV, split at commas or semicolons outside quotes.
 */
function cellsOf(line: string): RuleResult<string[]> {
  let cells: string[];
  // Quoted text is masked (same length, no spaces) so a "vs" or "v" inside a quoted name does not split it.
  const separators = [
    ...line.replace(QUOTED, (quoted) => "_".repeat(quoted.length)).matchAll(VERSUS),
  ];
  if (line.includes("\t")) cells = line.split("\t");
  else if (separators.length > 0) {
    const bounds = [
      0,
      ...separators.flatMap((separator) => [
        separator.index,
        separator.index + separator[0].length,
      ]),
      line.length,
    ];
    const sides = Array.from({ length: separators.length + 1 }, (_, index) =>
      line.slice(bounds[2 * index], bounds[2 * index + 1]),
    );
    const numbered = /^\s*(\d{1,4})(?:\s*,\s*|\s+)(.+)$/s.exec(sides[0]!);
    if (numbered) sides[0] = numbered[2]!;
    cells = [...(numbered ? [numbered[1]!] : []), ...sides.map((side) => versusName(side.trim()))];
  } else {
    const read = csvCells(line, [",", ";"]);
    if (!read.ok) return read;
    cells = read.value;
  }
  return ok(
    cells
      .map((cell) => cell.trim())
      .filter((cell, index, all) => cell !== "" || index < all.length - 1),
  );
}

/**
 * The pairings of a pasted round: ids resolved from `players` (id and name), tables as given or
 * numbered in line order. A header line ("Table, Player A, Player B") is skipped.
 */
export function readPastedPairings(
  text: string,
  players: readonly { id: string; name: string }[],
): RuleResult<PastedPairing[]> {
  const read = pastedLines(text, say("pastedPairings.pairings"));
  if (!read.ok) return read;
  const byKey = new Map(
    (Array.isArray(players) ? players : []).map((player) => [nameKey(player.name), player.id]),
  );
  const pairings: PastedPairing[] = [];
  const seen = new Map<string, number>();
  const tables = new Map<number, number>();
  let numbering: "given" | "in-order" | null = null;
  const { lines, first } = read.value;
  for (let index = first; index < lines.length; index++) {
    const raw = lines[index]!;
    const lineNumber = index + 1;
    if (raw.trim() === "") continue;
    const lineCells = cellsOf(raw);
    if (!lineCells.ok)
      return fail(
        lineCells.error.code,
        say("pastedPairings.lineDetail", { line: lineNumber, detail: lineCells.error }),
      );
    let cells = lineCells.value;
    if (index === first && /^(table|#)\b/i.test(cells[0] ?? "")) continue;
    let table: number | null = null;
    if (cells.length >= 2 && /^\d{1,4}$/.test(cells[0]!)) {
      table = Number(cells[0]);
      cells = cells.slice(1);
    }
    if (cells.length !== 2 || cells.some((cell) => cell === ""))
      return fail(
        "INVALID_INPUT",
        say("pastedPairings.writeTablePlayerPlayer", { line: lineNumber }),
      );
    const [nameA, nameB] = cells as [string, string];
    const idOf = (name: string) => byKey.get(nameKey(name));
    const playerA = idOf(nameA);
    if (!playerA)
      return fail(
        "UNKNOWN_PLAYER",
        say("pastedPairings.registeredTournament", { line: lineNumber, name: nameA }),
      );
    const isBye = BYE_WORDS.has(nameB.toLowerCase());
    const playerB = isBye ? null : (idOf(nameB) ?? null);
    if (!isBye && !playerB)
      return fail(
        "UNKNOWN_PLAYER",
        say("pastedPairings.registeredTournament", { line: lineNumber, name: nameB }),
      );
    if (playerA === playerB)
      return fail(
        "SAME_PLAYER_BOTH_SIDES",
        say("pastedPairings.cannotPlayThemselves", { line: lineNumber, name: nameA }),
      );
    for (const [id, name] of [
      [playerA, nameA],
      [playerB, nameB],
    ] as const) {
      if (id === null) continue;
      const earlier = seen.get(id);
      if (earlier !== undefined)
        return fail(
          "PLAYER_PAIRED_TWICE",
          say("pastedPairings.alreadyPairedLine", { line: lineNumber, name, earlier }),
        );
      seen.set(id, lineNumber);
    }
    if (pairings.length > 0 && (table === null) !== (numbering === "in-order"))
      return fail(
        "INVALID_INPUT",
        say("pastedPairings.numberEveryTableNone", { line: lineNumber }),
      );
    numbering = table === null ? "in-order" : "given";
    const number = table ?? pairings.length + 1;
    if (number < 1)
      return fail("INVALID_NUMBER", say("pastedPairings.tablesNumbered", { line: lineNumber }));
    const earlierTable = tables.get(number);
    if (earlierTable !== undefined)
      return fail(
        "INVALID_INPUT",
        say("pastedPairings.tableAlreadyUsedLine", {
          line: lineNumber,
          table: number,
          earlier: earlierTable,
        }),
      );
    tables.set(number, lineNumber);
    pairings.push({ table: number, playerA, playerB });
  }
  if (pairings.length === 0) return fail("INVALID_INPUT", say("pastedPairings.pasteLeastOneTable"));
  return ok(pairings);
}
