import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Bracket } from "./bracket";
import type { PlayoffView } from "@/lib/server/round/playoffs";

const seat = (id: string, seed: number) => ({ id, seed });
function match(
  roundName: string,
  round: number,
  position: number,
  a: { id: string; seed: number } | null,
  b: { id: string; seed: number } | null,
  winner: string | null,
  matchId: string | null,
) {
  const names: Record<string, string> = { p1: "Ann", p2: "Ben", p3: "Cat", p4: "Dan" };
  return {
    id: `R${round}M${position}`,
    round,
    roundName,
    position,
    playerA: a?.id ?? null,
    seedA: a?.seed ?? null,
    playerB: b?.id ?? null,
    seedB: b?.seed ?? null,
    winner,
    isReady: a !== null && b !== null && winner === null,
    isMade: matchId !== null,
    matchId,
    tableNumber: matchId === null ? null : position,
    nameA: a ? names[a.id]! : null,
    nameB: b ? names[b.id]! : null,
    score: winner ? "2-0" : null,
  };
}

/** A top 4 whose semifinals (round 4) are played and whose final (round 5) is paired. */
const playoff: PlayoffView = {
  cutSize: 4,
  champion: null,
  rounds: [
    {
      name: "Semifinals",
      roundNumber: 4,
      matches: [
        match("Semifinals", 1, 1, seat("p1", 1), seat("p4", 4), "p1", "m-semi-1"),
        match("Semifinals", 1, 2, seat("p2", 2), seat("p3", 3), "p2", "m-semi-2"),
      ],
    },
    {
      name: "Final",
      roundNumber: 5,
      matches: [match("Final", 2, 1, seat("p1", 1), seat("p2", 2), null, "m-final")],
    },
  ],
};

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((found) => found[1]);

describe("the public bracket links only to pages that show what was tapped", () => {
  it("signed out, a played round's heading and cards are no links (the pairings page shows the current round); the current round's open its pairings", () => {
    const html = renderToStaticMarkup(
      createElement(Bracket, { playoff, tournamentId: "t1", isStaff: false }),
    );
    expect(hrefs(html)).toEqual(["/tournaments/t1/pairings", "/tournaments/t1/pairings"]);
    const semifinals = /<section aria-label="Semifinals".*?<\/section>/s.exec(html)![0];
    expect(semifinals).not.toContain("<a ");
    expect(semifinals).toContain("Ann vs Dan. Won by Ann.");
  });

  it("staff open every played round's page and every made match", () => {
    const html = renderToStaticMarkup(
      createElement(Bracket, { playoff, tournamentId: "t1", isStaff: true }),
    );
    expect(hrefs(html)).toEqual([
      "/tournaments/t1/rounds/4",
      "/tournaments/t1/matches/m-semi-1",
      "/tournaments/t1/matches/m-semi-2",
      "/tournaments/t1/rounds/5",
      "/tournaments/t1/matches/m-final",
    ]);
  });
});

describe("a playoff round not paired yet", () => {
  it("its heading is no link for anyone: there is no round page or pairing to open", () => {
    const early: PlayoffView = {
      ...playoff,
      rounds: [
        {
          name: "Semifinals",
          roundNumber: 4,
          matches: [
            match("Semifinals", 1, 1, seat("p1", 1), seat("p4", 4), null, "m-semi-1"),
            match("Semifinals", 1, 2, seat("p2", 2), seat("p3", 3), null, "m-semi-2"),
          ],
        },
        { name: "Final", roundNumber: 5, matches: [match("Final", 2, 1, null, null, null, null)] },
      ],
    };
    expect(
      hrefs(
        renderToStaticMarkup(
          createElement(Bracket, { playoff: early, tournamentId: "t1", isStaff: true }),
        ),
      ),
    ).toEqual([
      "/tournaments/t1/rounds/4",
      "/tournaments/t1/matches/m-semi-1",
      "/tournaments/t1/matches/m-semi-2",
    ]);
    expect(
      hrefs(
        renderToStaticMarkup(
          createElement(Bracket, { playoff: early, tournamentId: "t1", isStaff: false }),
        ),
      ),
    ).toEqual(["/tournaments/t1/pairings", "/tournaments/t1/pairings", "/tournaments/t1/pairings"]);
  });
});

describe("a bracket of team matches (MTR 8.2)", () => {
  it("staff open a team match's table on the round page, where its seat matches sit together", () => {
    const teams: PlayoffView = {
      ...playoff,
      rounds: playoff.rounds.map((round) => ({
        ...round,
        matches: round.matches.map((entry) => ({
          ...entry,
          matchId: null,
          score: entry.winner ? "2-1" : null,
        })),
      })),
    };
    const html = renderToStaticMarkup(
      createElement(Bracket, { playoff: teams, tournamentId: "t1", isStaff: true }),
    );
    expect(hrefs(html)).toEqual([
      "/tournaments/t1/rounds/4",
      "/tournaments/t1/rounds/4#table-1",
      "/tournaments/t1/rounds/4#table-2",
      "/tournaments/t1/rounds/5",
      "/tournaments/t1/rounds/5#table-1",
    ]);
    expect(html).toContain("Semifinals: Ann vs Dan. Won by Ann.");
    expect(html).toContain("Result 2-1");
  });
});
