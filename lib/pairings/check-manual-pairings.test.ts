import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import { checkManualPairings, type ManualPairing } from "./check-manual-pairings";
import type { SwissPlayer } from "./swiss-types";

const players: SwissPlayer[] = [
  { id: "ann", matchPoints: 6, opponents: ["bob"], hadBye: false, rank: 1 },
  { id: "bob", matchPoints: 3, opponents: ["ann"], hadBye: false, rank: 2 },
  { id: "cat", matchPoints: 3, opponents: [], hadBye: true, rank: 3 },
  { id: "dan", matchPoints: 0, opponents: [], hadBye: false, rank: 4 },
  { id: "eve", matchPoints: 0, opponents: [], hadBye: false, rank: 5 },
];

function codes(pairings: ManualPairing[], field: SwissPlayer[] = players): string[] {
  return checkManualPairings(field, pairings).warnings.map((warning) => warning.code);
}

/** The warnings with their messages rendered as people read them. */
function warningsOf(field: SwissPlayer[], pairings: ManualPairing[]) {
  return checkManualPairings(field, pairings).warnings.map((warning) => ({
    ...warning,
    message: render(warning.message),
  }));
}

describe("checkManualPairings", () => {
  it("accepts a valid round without warnings", () => {
    const pairings = [
      { table: 1, playerA: "ann", playerB: "cat" },
      { table: 2, playerA: "bob", playerB: "dan" },
      { table: 3, playerA: "eve", playerB: null },
    ];
    expect(checkManualPairings(players, pairings)).toEqual({ warnings: [] });
  });

  it("flags a rematch, naming both players", () => {
    const warnings = warningsOf(players, [
      { playerA: "ann", playerB: "bob" },
      { playerA: "cat", playerB: "dan" },
      { playerA: "eve", playerB: null },
    ]);
    expect(warnings).toEqual([
      {
        code: "REMATCH",
        message: "ann and bob have already played each other.",
        playerIds: ["ann", "bob"],
      },
    ]);
  });

  it("flags a repeated bye (and that it skips lower-scoring players)", () => {
    expect(
      codes([
        { playerA: "ann", playerB: "bob" },
        { playerA: "dan", playerB: "eve" },
        { playerA: "cat", playerB: null },
      ]),
    ).toEqual(["REMATCH", "REPEATED_BYE", "BYE_NOT_LOWEST"]);
  });

  it("flags a bye to a player with more points than an eligible one", () => {
    const warnings = warningsOf(players, [
      { playerA: "ann", playerB: "cat" },
      { playerA: "dan", playerB: "eve" },
      { playerA: "bob", playerB: null },
    ]);
    expect(warnings).toEqual([
      {
        code: "BYE_NOT_LOWEST",
        message: "bob has 3 match points, but dan, eve could have had the bye with 0.",
        playerIds: ["bob", "dan", "eve"],
      },
    ]);
  });

  it("flags unpaired, duplicated, self-paired and unknown players", () => {
    expect(
      codes([
        { playerA: "ann", playerB: "ann" },
        { playerA: "bob", playerB: "zed" },
        { playerA: "cat", playerB: "bob" },
      ]),
    ).toEqual([
      "SELF_PAIRING",
      "UNKNOWN_PLAYER",
      "DUPLICATE_PLAYER",
      "UNPAIRED_PLAYER",
      "UNPAIRED_PLAYER",
    ]);
  });

  it("flags extra byes and duplicate table numbers", () => {
    const even = players.slice(0, 4);
    expect(
      codes(
        [
          { table: 1, playerA: "ann", playerB: "cat" },
          { table: 1, playerA: "bob", playerB: null },
          { table: 2, playerA: "dan", playerB: null },
        ],
        even,
      ),
    ).toEqual(["DUPLICATE_TABLE", "EXTRA_BYE", "BYE_NOT_LOWEST"]);
  });
});
