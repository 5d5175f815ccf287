// The two paper decklist sheets laid out to fit one page each (MTR 2.7, 2.8): where each line
// goes and how tall a line is on the chosen paper. Pure: the components draw it.

import type { DeckSheet, SheetGroup } from "@/lib/rules/deck-sheet";
import type { FormatKind } from "@/lib/rules/deck-legality";
import type { StoredEntries } from "@/lib/rules/decklists";
import { PAPER, type Paper } from "./cut-stack";

/** A line of the registration sheet: a card of the list, or null for a line left to fill in. */
export type SheetLine = { count: number; name: string; isCompanion?: boolean } | null;

export type RegistrationColumn = {
  section: "main" | "sideboard";
  /** The main deck's second or third column. */
  isContinued: boolean;
  lines: SheetLine[];
};

export type RegistrationLayout = {
  /** Commander only: the commander lines (two, for partners) and the companion's. */
  commanders: SheetLine[];
  companions: SheetLine[];
  columns: RegistrationColumn[];
  /** Rows of the tallest column, its heading included. */
  rows: number;
  rowMm: number;
};

/** Lines a paper list has at least: 60 for the main deck, 15 for the sideboard (MTR 2.7). */
export const MAIN_LINES = 60;
export const SIDEBOARD_LINES = 15;
/** CR 903.5a: 100 cards, one of them the commander. */
export const COMMANDER_MAIN_LINES = 99;
/** What the registration sheet's header, footer and commander block take of the page. */
const REGISTRATION_HEADER_MM = 42;
const REGISTRATION_FOOTER_MM = 34;
const COMMANDER_BLOCK_MM = 20;
const DECK_CHECK_HEADER_MM = 44;
/** Taller lines are no easier to write on. */
const MAX_ROW_MM = 6.5;

function padded(lines: SheetLine[], least: number): SheetLine[] {
  return [...lines, ...Array.from({ length: Math.max(0, least - lines.length) }, () => null)];
}

function split(lines: SheetLine[], parts: number): SheetLine[][] {
  const size = Math.ceil(lines.length / parts);
  return Array.from({ length: parts }, (_, part) => lines.slice(part * size, (part + 1) * size));
}

function rowMmFor(availableMm: number, rows: number): number {
  return Math.min(MAX_ROW_MM, Math.floor((availableMm / Math.max(1, rows)) * 10) / 10);
}

/**
 * The registration sheet: the main deck's lines in two columns and the sideboard's in the third
 * (in Commander, which has no sideboard, the main deck in all three and the commanders above);
 * a list's cards in the order it names them, then blank lines up to the usual numbers.
 */
export function registrationLayout(input: {
  kind: FormatKind;
  entries: StoredEntries | null;
  paper: Paper;
}): RegistrationLayout {
  const isCommander = input.kind === "commander";
  const entries = input.entries;
  const line = (card: { count: number; name: string }) => ({ count: card.count, name: card.name });
  const main = padded(
    (entries?.main ?? []).map(line),
    isCommander ? COMMANDER_MAIN_LINES : MAIN_LINES,
  );
  const companions = (entries?.companions ?? []).map((card) => ({
    ...line(card),
    isCompanion: true,
  }));
  // A Constructed companion is one of the sideboard's 15 (CR 702.139a).
  const sideboard = isCommander
    ? (entries?.sideboard ?? []).map(line)
    : padded([...(entries?.sideboard ?? []).map(line), ...companions], SIDEBOARD_LINES);
  const mainParts = split(main, sideboard.length > 0 ? 2 : 3);
  const columns: RegistrationColumn[] = [
    ...mainParts.map((lines, index) => ({
      section: "main" as const,
      isContinued: index > 0,
      lines,
    })),
    ...(sideboard.length > 0
      ? [{ section: "sideboard" as const, isContinued: false, lines: sideboard }]
      : []),
  ];
  const rows = 1 + Math.max(...columns.map((column) => column.lines.length));
  const available =
    PAPER[input.paper].contentHeightMm -
    REGISTRATION_HEADER_MM -
    REGISTRATION_FOOTER_MM -
    (isCommander ? COMMANDER_BLOCK_MM : 0);
  return {
    commanders: isCommander ? padded((entries?.commanders ?? []).map(line), 2) : [],
    companions: isCommander ? padded(companions, 1) : [],
    columns,
    rows,
    rowMm: rowMmFor(available, rows),
  };
}

/** A row of the deck-check sheet: a heading with its count, a card to tick, or a section's total. */
export type DeckCheckRow =
  | {
      kind: "heading";
      section: SheetGroup | "commanders" | "sideboard" | "companions";
      count: number;
    }
  | { kind: "card"; name: string; count: number }
  | { kind: "total"; section: "main" | "sideboard"; count: number };

export type DeckCheckLayout = { columns: DeckCheckRow[][]; rowMm: number };

/** The sheet's rows in reading order: commanders, the main deck by group, its total, the sideboard, the companion. */
export function deckCheckRows(sheet: DeckSheet): DeckCheckRow[] {
  const cards = (list: DeckSheet["sideboard"]): DeckCheckRow[] =>
    list.map((card) => ({ kind: "card", name: card.name, count: card.count }));
  const count = (list: DeckSheet["sideboard"]) => list.reduce((n, card) => n + card.count, 0);
  const rows: DeckCheckRow[] = [];
  if (sheet.commanders.length > 0)
    rows.push(
      { kind: "heading", section: "commanders", count: count(sheet.commanders) },
      ...cards(sheet.commanders),
    );
  for (const group of sheet.main)
    rows.push({ kind: "heading", section: group.group, count: group.count }, ...cards(group.cards));
  rows.push({ kind: "total", section: "main", count: sheet.mainCount });
  if (sheet.sideboard.length > 0)
    rows.push(
      { kind: "heading", section: "sideboard", count: sheet.sideboardCount },
      ...cards(sheet.sideboard),
      { kind: "total", section: "sideboard", count: sheet.sideboardCount },
    );
  if (sheet.companions.length > 0)
    rows.push(
      { kind: "heading", section: "companions", count: count(sheet.companions) },
      ...cards(sheet.companions),
    );
  return rows;
}

/** Rows from a heading up to the next heading: a group, its cards and any total after them. */
function blockAt(rows: readonly DeckCheckRow[], start: number): number {
  let end = start + 1;
  while (end < rows.length && rows[end]?.kind !== "heading") end += 1;
  return end - start;
}

/**
 * Rows poured into `count` columns of at most `height` rows: a group that fits a column starts
 * one rather than break, a longer one flows on, and a heading never ends a column. Null if the
 * rows do not fit.
 */
function pour(
  rows: readonly DeckCheckRow[],
  count: number,
  height: number,
): DeckCheckRow[][] | null {
  const columns: DeckCheckRow[][] = [[]];
  for (const [index, row] of rows.entries()) {
    let column = columns.at(-1) as DeckCheckRow[];
    const block = row.kind === "heading" ? blockAt(rows, index) : 0;
    const left = height - column.length;
    const isMoved =
      column.length >= height ||
      (block > 0 && column.length > 0 && (block <= height ? block > left : left < 2));
    if (isMoved) {
      column = [];
      columns.push(column);
    }
    column.push(row);
  }
  return columns.length <= count ? columns : null;
}

/**
 * The deck-check sheet on one page: its rows in two columns (three for a deck of more than
 * 90 rows, a Commander deck), as even as whole groups allow.
 */
export function deckCheckLayout(rows: readonly DeckCheckRow[], paper: Paper): DeckCheckLayout {
  const count = rows.length > 90 ? 3 : 2;
  let height = Math.max(1, Math.ceil(rows.length / count));
  let columns = pour(rows, count, height);
  while (!columns) {
    height += 1;
    columns = pour(rows, count, height);
  }
  const available = PAPER[paper].contentHeightMm - DECK_CHECK_HEADER_MM;
  return { columns, rowMm: rowMmFor(available, height) };
}
