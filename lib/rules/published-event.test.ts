import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  CLOSING_BRACKET as CLOSING_BRACKET_NAME,
  closingBracketRounds,
  comparePublishedStandings as comparePublishedStandingsOf,
  comparisonSummary,
  entrantNames,
  INTENTIONAL_DRAW_GAMES as INTENTIONAL_DRAW_GAMES_NAME,
  type PublishedStandingRow,
  publishedImportGuide,
  publishedStandingsVariants as publishedStandingsVariantsOf,
  readMeleeEvent as readMeleeEventOf,
} from "./published-event";
import { type RuleError, type RuleResult, say } from "./result";
import { type Standing, computeStandings as computeStandingsOf } from "./standings";
import { publishedStandingsInput } from "./testing/published-standings";

// The rules' answers with their words rendered in English, as the tests read them.
const CLOSING_BRACKET = render(CLOSING_BRACKET_NAME);
const INTENTIONAL_DRAW_GAMES = render(INTENTIONAL_DRAW_GAMES_NAME);
const withMessage = (error: RuleError) => ({ ...error, message: render(error) });
const readMeleeEvent = (...args: Parameters<typeof readMeleeEventOf>) => {
  const r = readMeleeEventOf(...args);
  return r.ok ? r : { ok: false as const, error: withMessage(r.error) };
};
const publishedStandingsVariants = (...args: Parameters<typeof publishedStandingsVariantsOf>) => {
  const r = publishedStandingsVariantsOf(...args);
  return r.ok
    ? { ok: true as const, value: r.value.map((v) => ({ ...v, name: render(v.name) })) }
    : { ok: false as const, error: withMessage(r.error) };
};
const computeStandings = (...args: Parameters<typeof computeStandingsOf>) => {
  const r: RuleResult<Standing[]> = computeStandingsOf(...args);
  return r.ok ? r : { ok: false as const, error: withMessage(r.error) };
};
/** Variants named in plain text (the catalogue's "{conventions}" shows a text as it is). */
const comparePublishedStandings = (
  published: readonly PublishedStandingRow[],
  variants: readonly { name: string; standings: readonly Standing[] }[],
) =>
  comparePublishedStandingsOf(
    published,
    variants.map((v) => ({
      ...v,
      name: say("publishedEvent.conventions", { conventions: v.name }),
    })),
  ).map((d) => ({ ...d, explainedBy: d.explainedBy && render(d.explainedBy) }));

const event = {
  Tournament: {
    Name: "Tiny Open",
    Date: "2024-01-06T10:00:00Z",
    Uri: "https://melee.gg/Tournament/View/1",
  },
  Rounds: [
    {
      RoundName: "Round 1",
      Matches: [
        { Player1: "Ana", Player2: "Ben", Result: "2-1-0" },
        { Player1: "Cal", Player2: "-", Result: "2-0-0" },
      ],
    },
    {
      RoundName: "Round 2",
      Matches: [
        { Player1: "Ana", Player2: "Cal", Result: "0-0-3" },
        { Player1: "Ben", Player2: "-", Result: "2-0-0" },
      ],
    },
    { RoundName: "Finals", Matches: [{ Player1: "Ana", Player2: "Cal", Result: "3-0-0" }] },
  ],
  Standings: [
    { Rank: 1, Player: "Ana", Points: 4, OMWP: 0.5, GWP: 0.5, OGWP: 0.5 },
    { Rank: 2, Player: "Cal", Points: 4, OMWP: 0.5, GWP: 0.5, OGWP: 0.5 },
  ],
};

describe("a finished event as another tool published it (melee.gg caches)", () => {
  it("reads rounds, byes ('-'), intentional draws (0-0-3, MTR 2.5) and playoff rounds by name", () => {
    const read = readMeleeEvent(event);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value).toMatchObject({ name: "Tiny Open", players: ["Ana", "Cal", "Ben"] });
    expect(read.value.rounds.map((round) => [round.name, round.kind])).toEqual([
      ["Round 1", "swiss"],
      ["Round 2", "swiss"],
      ["Finals", "playoff"],
    ]);
    expect(read.value.rounds[0]!.matches[1]).toEqual({
      playerA: "Cal",
      playerB: null,
      slip: { winsA: 2, winsB: 0, draws: 0 },
      intentionalDraw: false,
    });
    expect(read.value.rounds[1]!.matches[0]!.intentionalDraw).toBe(true);
  });

  it("MTR 2.1: a 3-0-0 in best-of-three is kept as published, with a warning, not refused", () => {
    const read = readMeleeEvent(event);
    expect(read.ok && read.value.warnings.map((warning) => render(warning))).toEqual([
      "Finals, match 1, Ana vs Cal: 3-0-0 is not possible when 2 game wins end a match (MTR 2.1); kept as published.",
    ]);
    expect(read.ok && read.value.rounds[2]!.matches[0]!.slip).toEqual({
      winsA: 3,
      winsB: 0,
      draws: 0,
    });
  });

  it("refuses what is not such an event, naming the place", () => {
    expect(readMeleeEvent([])).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    expect(
      readMeleeEvent({
        Tournament: { Name: "X" },
        Rounds: [
          { RoundName: "Round 1", Matches: [{ Player1: "A", Player2: "B", Result: "won" }] },
        ],
      }),
    ).toMatchObject({
      ok: false,
      error: { message: 'Round 1, match 1 (A vs B): "won" is not a result like "2-1-0".' },
    });
    expect(
      readMeleeEvent({
        Tournament: { Name: "X" },
        Rounds: [
          {
            RoundName: "Round 1",
            Matches: [
              { Player1: "A", Player2: "B", Result: "2-0-0" },
              { Player1: "A", Player2: "C", Result: "2-0-0" },
            ],
          },
        ],
      }),
    ).toMatchObject({
      ok: false,
      error: { code: "PLAYER_PAIRED_TWICE" },
    });
  });

  it("MTR 3.1, Appendix C: only Swiss rounds enter the standings; a difference is named with the setting that explains it", () => {
    const read = readMeleeEvent(event);
    if (!read.ok) throw new Error(read.error.message);
    const input = publishedStandingsInput(read.value);
    expect(input.matches).toHaveLength(4);
    const at = (percentageFloor: number) => {
      const standings = computeStandings(input, { percentageFloor });
      if (!standings.ok) throw new Error(standings.error.message);
      return standings.value;
    };
    const ours = at(0.33);
    const ana = ours.find((standing) => standing.playerId === "Ana")!;
    const published = [
      {
        rank: ana.rank,
        player: "Ana",
        points: ana.matchPoints,
        omwp: ana.opponentMatchWinPct,
        gwp: ana.gameWinPct,
        ogwp: ana.opponentGameWinPct,
      },
    ];
    expect(comparePublishedStandings(published, [{ name: "floor 0.33", standings: ours }])).toEqual(
      [],
    );
    const withThird = at(1 / 3);
    const anaThird = withThird.find((standing) => standing.playerId === "Ana")!;
    const publishedThird = [
      {
        ...published[0]!,
        omwp: anaThird.opponentMatchWinPct,
        ogwp: anaThird.opponentGameWinPct,
        gwp: anaThird.gameWinPct,
      },
    ];
    const differences = comparePublishedStandings(publishedThird, [
      { name: "floor 0.33", standings: ours },
      { name: "floor 1/3", standings: withThird },
    ]);
    expect(differences.every((difference) => difference.explainedBy === "floor 1/3")).toBe(true);
    expect(
      comparePublishedStandings(
        [{ ...published[0]!, points: 99 }],
        [{ name: "floor 0.33", standings: ours }],
      ),
    ).toEqual([{ player: "Ana", keys: ["points"], explainedBy: null }]);
  });

  it("Appendix C, MTR 2.5: the publisher counts an intentional draw (0-0-3) as three games that earn no game points", () => {
    const read = readMeleeEvent({
      Tournament: { Name: "Draw Night" },
      Rounds: [
        {
          RoundName: "Round 1",
          Matches: [
            { Player1: "Ana", Player2: "Ben", Result: "2-0-0" },
            { Player1: "Cal", Player2: "Dee", Result: "2-1-0" },
          ],
        },
        {
          RoundName: "Round 2",
          Matches: [
            { Player1: "Ana", Player2: "Cal", Result: "0-0-3" },
            { Player1: "Ben", Player2: "Dee", Result: "1-2-0" },
          ],
        },
      ],
    });
    if (!read.ok) throw new Error(read.error.message);
    const variants = publishedStandingsVariants(publishedStandingsInput(read.value));
    if (!variants.ok) throw new Error(variants.error.message);
    expect(variants.value.map((variant) => variant.name)).toEqual([
      "our settings",
      "a 1/3 floor",
      INTENTIONAL_DRAW_GAMES,
      `a 1/3 floor, ${INTENTIONAL_DRAW_GAMES}`,
    ]);
    const row = (name: string, player: string) =>
      variants.value
        .find((variant) => variant.name === name)!
        .standings.find((standing) => standing.playerId === player)!;
    // Ours: 6 game points and 3 for the drawn games, of 5 games; the publisher's: the same 5 games, 6 points.
    expect(row("our settings", "Ana").gameWinPct).toBeCloseTo(9 / 15, 12);
    expect(row(INTENTIONAL_DRAW_GAMES, "Ana").gameWinPct).toBeCloseTo(6 / 15, 12);
    expect(row(INTENTIONAL_DRAW_GAMES, "Cal").gameWinPct).toBeCloseTo(6 / 18, 12);
    // Opponents' game-win percentages follow: Ben's opponents are Ana and Dee.
    expect(row(INTENTIONAL_DRAW_GAMES, "Ben").opponentGameWinPct).toBeCloseTo(
      (6 / 15 + 9 / 18) / 2,
      12,
    );
    expect(row(INTENTIONAL_DRAW_GAMES, "Ben").matchPoints).toBe(
      row("our settings", "Ben").matchPoints,
    );
  });

  it("MTR 3.1: a closing bracket published as numbered rounds is found by its shape, and the publisher counts it only in its players' rows", () => {
    const read = readMeleeEvent({
      Tournament: { Name: "Top Two" },
      Rounds: [
        {
          RoundName: "Round 1",
          Matches: [
            { Player1: "Ana", Player2: "Ben", Result: "2-0-0" },
            { Player1: "Cal", Player2: "Dee", Result: "2-0-0" },
            { Player1: "Eve", Player2: "Fay", Result: "2-0-0" },
          ],
        },
        {
          RoundName: "Round 2",
          Matches: [
            { Player1: "Ana", Player2: "Cal", Result: "2-1-0" },
            { Player1: "Eve", Player2: "Ben", Result: "2-0-0" },
            { Player1: "Dee", Player2: "Fay", Result: "2-0-0" },
          ],
        },
        { RoundName: "Round 3", Matches: [{ Player1: "Ana", Player2: "Eve", Result: "2-0-0" }] },
      ],
    });
    if (!read.ok) throw new Error(read.error.message);
    const input = publishedStandingsInput(read.value);
    expect(closingBracketRounds(input)).toEqual([3]);
    expect(
      closingBracketRounds({ ...input, matches: input.matches.filter((match) => match.round < 3) }),
    ).toEqual([]);
    const variants = publishedStandingsVariants(input);
    if (!variants.ok) throw new Error(variants.error.message);
    const rows = (name: string) =>
      variants.value.find((variant) => variant.name === name)!.standings;
    const ben = (name: string) => rows(name).find((standing) => standing.playerId === "Ben")!;
    // Ben's opponents, Ana and Eve: 2-0 each before the bracket, Eve 2-1 after it.
    expect(ben("our settings").opponentMatchWinPct).toBeCloseTo((1 + 2 / 3) / 2, 12);
    expect(ben(CLOSING_BRACKET).opponentMatchWinPct).toBeCloseTo(1, 12);
    expect(
      rows(CLOSING_BRACKET)
        .slice(0, 2)
        .map((standing) => [standing.playerId, standing.matchPoints]),
    ).toEqual([
      ["Ana", 9],
      ["Eve", 6],
    ]);
  });

  it("published names become distinct entrant names, as registration compares them", () => {
    expect([...entrantNames(["Ana", "ana", " Ben  Lee ", "ANA"]).entries()]).toEqual([
      ["Ana", "Ana"],
      ["ana", "ana (2)"],
      [" Ben  Lee ", "Ben Lee"],
      ["ANA", "ANA (3)"],
    ]);
  });
});

describe("an imported event's text follows the forms' rules", () => {
  it("a control character anywhere (a NUL in a name) is refused with where it is; nothing is read", () => {
    const withNul = {
      ...event,
      Rounds: [
        {
          ...event.Rounds[0]!,
          Matches: [{ Player1: "Ana\u0000", Player2: "Ben", Result: "2-0-0" }],
        },
      ],
    };
    const read = readMeleeEvent(withNul);
    expect(read.ok).toBe(false);
    expect(read.ok ? "" : read.error.message).toMatch(
      /^Rounds\[0\]\.Matches\[0\]\.Player1: A text holds the control character U\+0000/,
    );
  });

  it("the event's name is cleaned of invisible and direction-changing characters, as a typed player name is", () => {
    const read = readMeleeEvent({
      ...event,
      Tournament: { ...event.Tournament, Name: "Legacy\u202e Cup\u200b" },
    });
    expect(read.ok && read.value.name).toBe("Legacy Cup");
  });

  it("only an https:// link to the published event is kept; data:, javascript: and others are left out with a warning", () => {
    for (const uri of [
      "data:text/html,<script>alert(1)</script>",
      "javascript:alert(1)",
      "http://melee.gg/x",
      "https://user:pw@melee.gg/x",
    ]) {
      const read = readMeleeEvent({ ...event, Tournament: { ...event.Tournament, Uri: uri } });
      expect(read.ok && read.value.uri, uri).toBeNull();
      expect(
        read.ok &&
          read.value.warnings.some((warning) =>
            render(warning).includes("only https:// links are kept"),
          ),
        uri,
      ).toBe(true);
    }
    const kept = readMeleeEvent({
      ...event,
      Tournament: { ...event.Tournament, Uri: "https://melee.gg/Tournament/View/13647" },
    });
    expect(kept.ok && kept.value.uri).toBe("https://melee.gg/Tournament/View/13647");
  });
});

describe("what the organizer is told about importing published results", () => {
  it("where the files come from, what the import makes of one, and what is compared under which conventions", () => {
    const guide = publishedImportGuide();
    expect(render(guide.source)).toContain("MTGODecklistCache");
    expect(render(guide.source)).toContain("github.com/Badaro/MTGODecklistCache");
    expect(render(guide.source)).toContain("melee.gg");
    expect(render(guide.result)).toContain("Swiss rounds");
    const compared = render(guide.comparison);
    for (const column of ["rank", "match points", "OMW%", "GW%", "OGW%"])
      expect(compared).toContain(column);
    // Every convention publishedStandingsVariants can explain a difference with is named.
    for (const convention of [
      "a 1/3 floor",
      "byes counted in a player's own percentages",
      INTENTIONAL_DRAW_GAMES,
      CLOSING_BRACKET,
    ])
      expect(compared).toContain(convention);
  });

  it("the comparison's summary counts rows equal, explained by a setting, and not explained", () => {
    const explained = {
      player: "Ana",
      keys: ["omwp" as const],
      explainedBy: say("publishedEvent.floorThird"),
    };
    const unexplained = { player: "Ben", keys: ["points" as const], explainedBy: null };
    expect(render(comparisonSummary(26, []))).toBe("All 26 published rows are equal to ours.");
    expect(render(comparisonSummary(26, [explained, unexplained]))).toBe(
      "24 of 26 published rows are equal to ours; 1 differs only by a setting; 1 differs otherwise.",
    );
    expect(render(comparisonSummary(26, [explained, explained]))).toBe(
      "24 of 26 published rows are equal to ours; 2 differ only by a setting; 0 differ otherwise.",
    );
  });
});
