import { describe, expect, it } from "vitest";
import { readPastedPairings } from "./pasted-pairings";

const players = [
  { id: "a", name: "Ana Silva" },
  { id: "b", name: "Ben" },
  { id: "c", name: "Cal" },
  { id: "d", name: "Dee" },
  { id: "e", name: "Éva" },
];

describe("a round's exact pairings, pasted (entering an event run elsewhere)", () => {
  it("reads tables as numbered rows, 'A vs B' lines, tabs and a bye, names matched as registration compares them", () => {
    expect(readPastedPairings("Table, Player A, Player B\n3, ana silva, BEN\n1, Cal, Dee\n2\téva\tbye\n", players)).toEqual({
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
    expect(readPastedPairings("3, Ana Silva, Ben\nCal, Dee", players)).toMatchObject({ ok: false, error: { message: "Line 2: number every table or none (then they are numbered in line order)." } });
  });

  it("refuses what cannot be a round, naming the line: an unknown name, a player twice, a table twice, a line it cannot read", () => {
    expect(readPastedPairings("Ana Silva, Zed", players)).toMatchObject({ ok: false, error: { code: "UNKNOWN_PLAYER", message: 'Line 1: "Zed" is not registered in this tournament.' } });
    expect(readPastedPairings("Ana Silva, Ben\nBen, Cal", players)).toMatchObject({ ok: false, error: { code: "PLAYER_PAIRED_TWICE", message: "Line 2: Ben is already paired on line 1." } });
    expect(readPastedPairings("1, Ana Silva, Ben\n1, Cal, Dee", players)).toMatchObject({ ok: false, error: { message: "Line 2: table 1 is already used on line 1." } });
    expect(readPastedPairings("Ana Silva", players)).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    expect(readPastedPairings("Ben, ben", players)).toMatchObject({ ok: false, error: { code: "SAME_PLAYER_BOTH_SIDES" } });
    expect(readPastedPairings("\n\n", players)).toMatchObject({ ok: false, error: { message: "Paste at least one table." } });
  });
});
