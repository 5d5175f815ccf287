import { describe, expect, it } from "vitest";
import { readPastedPairings } from "./pasted-pairings";
import { shownResult } from "./testing/shown";

const players = [
  { id: "a", name: "Ana Silva" },
  { id: "b", name: "Ben" },
  { id: "c", name: "Cal" },
  { id: "d", name: "Dee" },
  { id: "e", name: "Éva" },
];

describe("a round's exact pairings, pasted (entering an event run elsewhere)", () => {
  it("reads tables as numbered rows, 'A vs B' lines, tabs and a bye, names matched as registration compares them", () => {
    expect(
      readPastedPairings(
        "Table, Player A, Player B\n3, ana silva, BEN\n1, Cal, Dee\n2\téva\tbye\n",
        players,
      ),
    ).toEqual({
      ok: true,
      value: [
        { table: 3, playerA: "a", playerB: "b" },
        { table: 1, playerA: "c", playerB: "d" },
        { table: 2, playerA: "e", playerB: null },
      ],
    });
    expect(readPastedPairings("Cal vs Dee\nAna Silva v. Ben\nÉva, -", players)).toEqual({
      ok: true,
      value: [
        { table: 1, playerA: "c", playerB: "d" },
        { table: 2, playerA: "a", playerB: "b" },
        { table: 3, playerA: "e", playerB: null },
      ],
    });
  });

  it("tables are numbered on every line or on none", () => {
    expect(shownResult(readPastedPairings("3, Ana Silva, Ben\nCal, Dee", players))).toMatchObject({
      ok: false,
      error: {
        message: "Line 2: number every table or none (then they are numbered in line order).",
      },
    });
  });

  it("refuses what cannot be a round, naming the line: an unknown name, a player twice, a table twice, a line it cannot read", () => {
    expect(shownResult(readPastedPairings("Ana Silva, Zed", players))).toMatchObject({
      ok: false,
      error: {
        code: "UNKNOWN_PLAYER",
        message: 'Line 1: "Zed" is not registered in this tournament.',
      },
    });
    expect(shownResult(readPastedPairings("Ana Silva, Ben\nBen, Cal", players))).toMatchObject({
      ok: false,
      error: { code: "PLAYER_PAIRED_TWICE", message: "Line 2: Ben is already paired on line 1." },
    });
    expect(
      shownResult(readPastedPairings("1, Ana Silva, Ben\n1, Cal, Dee", players)),
    ).toMatchObject({
      ok: false,
      error: { message: "Line 2: table 1 is already used on line 1." },
    });
    expect(readPastedPairings("Ana Silva", players)).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT" },
    });
    expect(readPastedPairings("Ben, ben", players)).toMatchObject({
      ok: false,
      error: { code: "SAME_PLAYER_BOTH_SIDES" },
    });
    expect(shownResult(readPastedPairings("\n\n", players))).toMatchObject({
      ok: false,
      error: { message: "Paste at least one table." },
    });
  });

  it("reads a line with tabs as tab-separated, whatever else it holds: commas, quotes and 'vs' stay in the names", () => {
    const named = [
      ...players,
      { id: "s", name: "Smith, Ann" },
      { id: "q", name: '"Ace" Lee' },
      { id: "v", name: "Dirk vs Berg" },
    ];
    expect(readPastedPairings('4\tSmith, Ann\t"Ace" Lee\n5\tDirk vs Berg\tbye', named)).toEqual({
      ok: true,
      value: [
        { table: 4, playerA: "s", playerB: "q" },
        { table: 5, playerA: "v", playerB: null },
      ],
    });
  });

  it("reads 'A vs B' before commas, so names with commas or quotes need no tabs, after an optional table number", () => {
    const named = [
      ...players,
      { id: "s", name: "Smith, Ann" },
      { id: "j", name: "Doe, Jo" },
      { id: "h", name: '=HYPERLINK("http://evil","x")' },
      { id: "k", name: "Kim Latecomer" },
    ];
    expect(readPastedPairings('=HYPERLINK("http://evil","x") vs Kim Latecomer', named)).toEqual({
      ok: true,
      value: [{ table: 1, playerA: "h", playerB: "k" }],
    });
    expect(
      readPastedPairings("12 Smith, Ann vs Doe, Jo\n13, Cal v. Dee\n14 Ben vs bye", named),
    ).toEqual({
      ok: true,
      value: [
        { table: 12, playerA: "s", playerB: "j" },
        { table: 13, playerA: "c", playerB: "d" },
        { table: 14, playerA: "b", playerB: null },
      ],
    });
    // A side in quotes is unquoted, and a "vs" inside quotes does not split the line.
    expect(
      readPastedPairings('"Smith, Ann" vs "Doe, Jo"\n"Cal vs Dee", Ben', [
        ...named,
        { id: "x", name: "Cal vs Dee" },
      ]),
    ).toEqual({
      ok: true,
      value: [
        { table: 1, playerA: "s", playerB: "j" },
        { table: 2, playerA: "x", playerB: "b" },
      ],
    });
  });

  it('reads other lines as CSV (RFC 4180): a quoted cell keeps its commas, "" is a quote, commas or semicolons separate', () => {
    const named = [
      ...players,
      { id: "s", name: "Smith, Ann" },
      { id: "j", name: "Doe, Jo" },
      { id: "q", name: 'Ann "Ace" Lee' },
      { id: "h", name: '=HYPERLINK("http://evil","x")' },
    ];
    expect(
      readPastedPairings(
        'Table,Player A,Player B\n1,"Smith, Ann","Doe, Jo"\n2, "Ann ""Ace"" Lee" , Ben\n3;Cal;"=HYPERLINK(""http://evil"",""x"")"\n4;Dee;bye',
        named,
      ),
    ).toEqual({
      ok: true,
      value: [
        { table: 1, playerA: "s", playerB: "j" },
        { table: 2, playerA: "q", playerB: "b" },
        { table: 3, playerA: "c", playerB: "h" },
        { table: 4, playerA: "d", playerB: null },
      ],
    });
    // A quote inside an unquoted name is taken as written.
    expect(readPastedPairings('Ann "Ace" Lee, Ben', named)).toEqual({
      ok: true,
      value: [{ table: 1, playerA: "q", playerB: "b" }],
    });
    // Unquoted, "Smith, Ann" is two cells: the line is refused, not misread.
    expect(shownResult(readPastedPairings("Smith, Ann, Doe, Jo", named))).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT", message: expect.stringMatching(/^Line 1: write a table as/) },
    });
    expect(shownResult(readPastedPairings('Ben, "Smith, Ann', named))).toMatchObject({
      ok: false,
      error: {
        code: "INVALID_INPUT",
        message: expect.stringMatching(/^Line 1: its quotes cannot be read/),
      },
    });
    expect(shownResult(readPastedPairings('"Ann" Lee, Ben', named))).toMatchObject({
      ok: false,
      error: {
        code: "INVALID_INPUT",
        message: expect.stringMatching(/^Line 1: its quotes cannot be read/),
      },
    });
  });
});
