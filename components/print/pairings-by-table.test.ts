import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PairingsByTable } from "./pairings-by-table";

const matches = [
  {
    id: "m1",
    tableNumber: 1,
    sideA: { displayName: "Ann Archer" },
    sideB: { displayName: "Ben Baker" },
    winsA: 2,
    winsB: 1,
    draws: 0,
  },
  {
    id: "m2",
    tableNumber: 2,
    sideA: { displayName: "Cat Cole" },
    sideB: null,
    winsA: null,
    winsB: null,
    draws: null,
  },
];

describe("printed pairings by table", () => {
  it("the columns are named for people, Player and Opponent, never by the sides A and B", () => {
    const html = renderToStaticMarkup(createElement(PairingsByTable, { matches }));
    const headings = [...html.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((match) => match[1]);
    expect(headings).toEqual(["Table", "Player", "Opponent", "Result"]);
    expect(html).not.toMatch(/Player [AB]\b/);
  });

  it("each table shows both players and the result, a bye as 2-0-0", () => {
    const html = renderToStaticMarkup(createElement(PairingsByTable, { matches }));
    expect(html).toMatch(/Ann Archer.*Ben Baker.*2-1-0/);
    expect(html).toMatch(/Cat Cole.*Bye.*2-0-0/);
  });

  it("MTR 8.2: a team table's seat matches print their seat's label, 1A and 1B", () => {
    const seats = [
      {
        id: "s1",
        tableNumber: 1,
        tableLabel: "1A",
        sideA: { displayName: "Ana (Rocket)" },
        sideB: { displayName: "Dora (Blue)" },
        winsA: null,
        winsB: null,
        draws: null,
      },
      {
        id: "s2",
        tableNumber: 1,
        tableLabel: "1B",
        sideA: { displayName: "Ben (Rocket)" },
        sideB: { displayName: "Eli (Blue)" },
        winsA: null,
        winsB: null,
        draws: null,
      },
    ];
    const html = renderToStaticMarkup(createElement(PairingsByTable, { matches: seats }));
    expect(
      [...html.matchAll(/<td[^>]*font-bold[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]),
    ).toEqual(["1A", "1B"]);
  });
});
