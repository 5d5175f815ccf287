import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StandingsTable } from "./standings-table";

const row = {
  playerId: "p1",
  rank: 1,
  name: "Ann Archer",
  playoff: null,
  dropped: true,
  matchPoints: 9,
  record: { wins: 3, losses: 1, draws: 0 },
  opponentMatchWinPct: 0.5,
  gameWinPct: 0.6,
  opponentGameWinPct: 0.5,
};

describe("standings on a phone", () => {
  it("the 'dropped' tag stays whole on a narrow screen: it never wraps inside the word", () => {
    const html = renderToStaticMarkup(createElement(StandingsTable, { rows: [row] as never }));
    const tag = /<span class="([^"]*)">dropped<\/span>/.exec(html);
    expect(tag?.[1]).toContain("whitespace-nowrap");
  });
});
