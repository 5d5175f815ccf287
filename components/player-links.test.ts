import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PlayerCodeLink, playerEventLinks, PLAYER_CODE_LINK } from "./player-links";

describe("the players' way in", () => {
  it("the link to /play names what a player does there and is a 44 px touch target", () => {
    const html = renderToStaticMarkup(createElement(PlayerCodeLink));
    expect(html).toContain('href="/play"');
    expect(html).toContain(PLAYER_CODE_LINK.label.replace("'", "&#x27;"));
    expect(html).toContain("min-h-11");
  });

  it("from My match, a player opens their tournament's pairings and standings once it is published", () => {
    expect(playerEventLinks({ id: "t1", publishedAt: new Date("2025-01-01") })).toEqual([
      { href: "/tournaments/t1/pairings", label: "Pairings" },
      { href: "/tournaments/t1/standings", label: "Standings" },
    ]);
  });

  it("a tournament not yet published has no public pages to link to", () => {
    expect(playerEventLinks({ id: "t1", publishedAt: null })).toEqual([]);
  });
});
