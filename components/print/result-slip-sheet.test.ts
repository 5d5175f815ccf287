import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ResultSlipSheet } from "./result-slip-sheet";

const matches = [
  { id: "m1", tableNumber: 1, sideA: { id: "a", displayName: "Ann Archer" }, sideB: { id: "b", displayName: "Ben Baker" } },
  { id: "m2", tableNumber: 2, sideA: { id: "c", displayName: "Cat Cole" }, sideB: { id: "d", displayName: "Dan Dale" } },
];

const render = (isPlayoff: boolean) =>
  renderToStaticMarkup(createElement(ResultSlipSheet, { tournamentName: "Friday", roundName: isPlayoff ? "Semifinals" : "Round 2", gamesToWin: 2, matches, paper: "a4", isPlayoff }));

describe("paper result slips", () => {
  it("MTR 2.10: a Swiss slip offers a drop box for each player", () => {
    const html = render(false);
    expect(html).toContain("Ann Archer drops");
    expect(html).toContain("Ben Baker drops");
  });

  it("MTR 2.10: a single-elimination slip has no drop boxes: the loser is out and the winner plays on", () => {
    const html = render(true);
    expect(html).toContain("Ann Archer");
    expect(html).not.toContain("drops");
  });
});
