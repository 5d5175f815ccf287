import { describe, expect, it } from "vitest";
import type { DeckSheet } from "@/lib/rules/deck-sheet";
import type { StoredEntries } from "@/lib/rules/decklists";
import {
  type DeckCheckRow,
  deckCheckLayout,
  deckCheckRows,
  registrationLayout,
} from "./decklist-sheets";

const card = (count: number, name: string) => ({ count, name, oracleId: name });
const EMPTY: StoredEntries = { main: [], sideboard: [], commanders: [], companions: [] };
const BURN: StoredEntries = {
  ...EMPTY,
  main: [card(4, "Lightning Bolt"), card(36, "Mountain"), card(20, "Shock")],
  sideboard: [card(3, "Counterspell")],
  companions: [card(1, "Lurrus of the Dream-Den")],
};

describe("the registration sheet: 60 main-deck lines, 15 sideboard lines, on one page", () => {
  it("MTR 2.7: a blank sheet has 60 main-deck lines in two columns and 15 sideboard lines in the third", () => {
    const layout = registrationLayout({ kind: "constructed", entries: null, paper: "a4" });
    expect(layout.columns.map((column) => [column.section, column.lines.length])).toEqual([
      ["main", 30],
      ["main", 30],
      ["sideboard", 15],
    ]);
    expect(layout.columns.flatMap((column) => column.lines).every((line) => line === null)).toBe(
      true,
    );
    expect(layout.commanders).toEqual([]);
    expect(layout.rows).toBe(31);
  });

  it("a list fills the first lines in its own order; the companion is one of the sideboard's 15", () => {
    const layout = registrationLayout({ kind: "constructed", entries: BURN, paper: "a4" });
    expect(layout.columns[0]?.lines.slice(0, 4)).toEqual([
      { count: 4, name: "Lightning Bolt" },
      { count: 36, name: "Mountain" },
      { count: 20, name: "Shock" },
      null,
    ]);
    expect(layout.columns[2]?.lines.slice(0, 3)).toEqual([
      { count: 3, name: "Counterspell" },
      { count: 1, name: "Lurrus of the Dream-Den", isCompanion: true },
      null,
    ]);
    expect(layout.columns[2]?.lines).toHaveLength(15);
  });

  it("CR 903.5a: a Commander sheet has two commander lines, a companion line and 99 main-deck lines in three columns", () => {
    const layout = registrationLayout({
      kind: "commander",
      entries: { ...EMPTY, commanders: [card(1, "Atraxa, Praetors' Voice")] },
      paper: "letter",
    });
    expect(layout.commanders).toEqual([{ count: 1, name: "Atraxa, Praetors' Voice" }, null]);
    expect(layout.companions).toEqual([null]);
    expect(layout.columns.map((column) => [column.section, column.lines.length])).toEqual([
      ["main", 33],
      ["main", 33],
      ["main", 33],
    ]);
  });

  it("a Limited pool longer than the usual lines gets a line for every card, and the lines shrink to stay on one page", () => {
    const pool = Array.from({ length: 50 }, (_, index) => card(1, `Card ${index}`));
    const usual = registrationLayout({ kind: "limited", entries: null, paper: "a4" });
    const long = registrationLayout({
      kind: "limited",
      entries: { ...EMPTY, sideboard: pool },
      paper: "a4",
    });
    expect(long.columns.at(-1)?.lines).toHaveLength(50);
    expect(long.rows).toBe(51);
    expect(long.rowMm).toBeLessThan(usual.rowMm);
    // The header, the rows and the footer fit A4's 277 mm inside its margins.
    expect(42 + long.rows * long.rowMm + 34).toBeLessThanOrEqual(277);
  });

  it("every layout fits its paper: the usual sheet, on A4 and on the shorter Letter", () => {
    for (const paper of ["a4", "letter"] as const) {
      const layout = registrationLayout({ kind: "constructed", entries: BURN, paper });
      const height = paper === "a4" ? 277 : 259.4;
      expect(42 + layout.rows * layout.rowMm + 34).toBeLessThanOrEqual(height);
      expect(layout.rowMm).toBeGreaterThanOrEqual(5);
    }
  });
});

const SHEET: DeckSheet = {
  commanders: [],
  main: [
    {
      group: "creatures",
      count: 4,
      cards: [{ name: "Monastery Swiftspear", count: 4 }],
    },
    {
      group: "instants",
      count: 8,
      cards: [
        { name: "Lightning Bolt", count: 4 },
        { name: "Shock", count: 4 },
      ],
    },
    { group: "lands", count: 48, cards: [{ name: "Mountain", count: 48 }] },
  ],
  mainCount: 60,
  sideboard: [{ name: "Counterspell", count: 3 }],
  sideboardCount: 3,
  companions: [{ name: "Lurrus of the Dream-Den", count: 1 }],
};

describe("the deck-check sheet: the deck by card type with counts, to tick off", () => {
  it("MTR 2.8: rows read heading and count, its cards, the main deck's total, the sideboard and its total, the companion", () => {
    expect(deckCheckRows(SHEET)).toEqual([
      { kind: "heading", section: "creatures", count: 4 },
      { kind: "card", name: "Monastery Swiftspear", count: 4 },
      { kind: "heading", section: "instants", count: 8 },
      { kind: "card", name: "Lightning Bolt", count: 4 },
      { kind: "card", name: "Shock", count: 4 },
      { kind: "heading", section: "lands", count: 48 },
      { kind: "card", name: "Mountain", count: 48 },
      { kind: "total", section: "main", count: 60 },
      { kind: "heading", section: "sideboard", count: 3 },
      { kind: "card", name: "Counterspell", count: 3 },
      { kind: "total", section: "sideboard", count: 3 },
      { kind: "heading", section: "companions", count: 1 },
      { kind: "card", name: "Lurrus of the Dream-Den", count: 1 },
    ]);
  });

  it("commanders come first, under their own heading", () => {
    const rows = deckCheckRows({
      ...SHEET,
      commanders: [
        { name: "Thrasios, Triton Hero", count: 1 },
        { name: "Tymna the Weaver", count: 1 },
      ],
    });
    expect(rows.slice(0, 3)).toEqual([
      { kind: "heading", section: "commanders", count: 2 },
      { kind: "card", name: "Thrasios, Triton Hero", count: 1 },
      { kind: "card", name: "Tymna the Weaver", count: 1 },
    ]);
  });

  it("rows go into two columns in reading order, a group that fits a column never broken", () => {
    const rows = deckCheckRows(SHEET);
    const { columns } = deckCheckLayout(rows, "a4");
    // Seven rows a column would break the lands from their total: the columns grow a row.
    expect(columns.map((column) => column.map((row) => row.kind))).toEqual([
      ["heading", "card", "heading", "card", "card", "heading", "card", "total"],
      ["heading", "card", "total", "heading", "card"],
    ]);
    expect(columns.flat()).toEqual(rows);
  });

  it("a group longer than a column flows on, and no column ends with a heading", () => {
    const cards = (n: number): DeckCheckRow[] =>
      Array.from({ length: n }, (_, index) => ({ kind: "card", name: `Card ${index}`, count: 1 }));
    for (const [first, second, third] of [
      [3, 60, 2],
      [40, 40, 40],
      [1, 1, 90],
      [31, 70, 1],
      [1, 1, 5],
    ] as const) {
      const rows: DeckCheckRow[] = [
        { kind: "heading", section: "creatures", count: first },
        ...cards(first),
        { kind: "heading", section: "lands", count: second },
        ...cards(second),
        { kind: "heading", section: "sideboard", count: third },
        ...cards(third),
      ];
      const { columns } = deckCheckLayout(rows, "a4");
      expect(columns.flat()).toEqual(rows);
      expect(columns.length).toBeLessThanOrEqual(3);
      for (const column of columns) expect(column.at(-1)?.kind).toBe("card");
    }
  });

  it("a Commander deck of 99 lines takes three columns and still fits the page", () => {
    const rows: DeckCheckRow[] = [
      { kind: "heading", section: "commanders", count: 1 },
      { kind: "card", name: "Atraxa", count: 1 },
      { kind: "heading", section: "creatures", count: 99 },
      ...Array.from({ length: 99 }, (_, index) => ({
        kind: "card" as const,
        name: `Card ${index}`,
        count: 1,
      })),
      { kind: "total", section: "main", count: 99 },
    ];
    const layout = deckCheckLayout(rows, "letter");
    expect(layout.columns).toHaveLength(3);
    expect(layout.columns.flat()).toEqual(rows);
    const tallest = Math.max(...layout.columns.map((column) => column.length));
    expect(44 + tallest * layout.rowMm).toBeLessThanOrEqual(259.4);
  });
});
