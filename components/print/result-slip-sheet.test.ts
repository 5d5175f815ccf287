import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ResultSlipSheet } from "./result-slip-sheet";

const matches = [
  {
    id: "m1",
    tableNumber: 1,
    sideA: { id: "a", displayName: "Ann Archer" },
    sideB: { id: "b", displayName: "Ben Baker" },
  },
  {
    id: "m2",
    tableNumber: 2,
    sideA: { id: "c", displayName: "Cat Cole" },
    sideB: { id: "d", displayName: "Dan Dale" },
  },
];

const render = (isPlayoff: boolean) =>
  renderToStaticMarkup(
    createElement(ResultSlipSheet, {
      tournamentName: "Friday",
      roundName: isPlayoff ? "Semifinals" : "Round 2",
      gamesToWin: 2,
      matches,
      paper: "a4",
      isPlayoff,
    }),
  );

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

describe("team slips (MTR 8.2)", () => {
  const team = (id: string, seat: number, a: [string, string], b: [string, string]) => ({
    id,
    tableNumber: 1,
    seat,
    tableLabel: `1${"ABC"[seat]}`,
    sideA: { id: "rocket", displayName: `${a[0]} (${a[1]})`, teamName: a[1] },
    sideB: { id: "blue", displayName: `${b[0]} (${b[1]})`, teamName: b[1] },
  });
  const seats = [
    team("s3", 2, ["Cleo", "Rocket"], ["Fay", "Blue"]),
    team("s1", 0, ["Ana", "Rocket"], ["Dora", "Blue"]),
    team("s2", 1, ["Ben", "Rocket"], ["Eli", "Blue"]),
  ];
  const render = (isPlayoff: boolean) =>
    renderToStaticMarkup(
      createElement(ResultSlipSheet, {
        tournamentName: "Trios",
        roundName: "Round 1",
        gamesToWin: 2,
        matches: seats,
        paper: "a4",
        isPlayoff,
        seatsPerTable: 3,
      }),
    );

  it("MTR 8.2: a team table prints one slip with a row per seat in seat order, each member with their own box", () => {
    const html = render(false);
    expect(html.match(/aria-label="Team result slip, table 1"/g)).toHaveLength(1);
    expect(html.replaceAll("<!-- -->", "")).toContain("Table 1: Rocket vs Blue");
    expect(
      [...html.matchAll(/<td class="font-bold">(1[ABC])<\/td>/g)].map((found) => found[1]),
    ).toEqual(["1A", "1B", "1C"]);
    expect(html).toContain('aria-label="Games won by Ana"');
    expect(html).toContain('aria-label="Games won by Fay"');
  });

  it("MTR 8.2, 2.10: a team drops as one, so the Swiss team slip's drop boxes are the teams'; a playoff slip has none", () => {
    expect(render(false)).toContain("☐ Rocket drops");
    expect(render(true)).not.toContain("drops");
  });
});
