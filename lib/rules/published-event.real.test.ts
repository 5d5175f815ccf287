import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  CLOSING_BRACKET as CLOSING_BRACKET_NAME,
  comparePublishedStandings as comparePublishedStandingsOf,
  INTENTIONAL_DRAW_GAMES as INTENTIONAL_DRAW_GAMES_NAME,
  publishedStandingsVariants,
  readMeleeEvent,
} from "./published-event";
import { publishedStandingsInput } from "./testing/published-standings";

// Convention names and explanations rendered in English, as the tests read them.
const CLOSING_BRACKET = render(CLOSING_BRACKET_NAME);
const INTENTIONAL_DRAW_GAMES = render(INTENTIONAL_DRAW_GAMES_NAME);
const comparePublishedStandings = (...args: Parameters<typeof comparePublishedStandingsOf>) =>
  comparePublishedStandingsOf(...args).map((difference) => ({
    ...difference,
    explainedBy: difference.explainedBy && render(difference.explainedBy),
  }));

// Real events published on melee.gg, as the MTGODecklistCache community cache keeps them
// (test/fixtures/published-events: the source path and commit are in each file).
const folder = join(__dirname, "../../test/fixtures/published-events");
const fixtures = readdirSync(folder)
  .filter((file) => file.endsWith(".json"))
  .sort();

/** The publisher's conventions that apply to each event: under all of them together, every published row is ours. */
const MELEE_CONVENTIONS: Record<string, string> = {
  "weekly-legacy-mont.json": "a 1/3 floor",
  "buffalo-chicken-dip-legacy-11.json": `a 1/3 floor, ${INTENTIONAL_DRAW_GAMES}`,
  "circuito-legacy-rs-2024-etapa-1.json": `a 1/3 floor, ${INTENTIONAL_DRAW_GAMES}`,
  "legacy-loffel-cup-5.json": `a 1/3 floor, ${CLOSING_BRACKET}`,
};

function compare(file: string) {
  const read = readMeleeEvent(JSON.parse(readFileSync(join(folder, file), "utf8")));
  if (!read.ok) throw new Error(render(read.error));
  const variants = publishedStandingsVariants(publishedStandingsInput(read.value));
  if (!variants.ok) throw new Error(render(variants.error));
  return {
    published: read.value.standings,
    variants: variants.value,
    differences: comparePublishedStandings(read.value.standings, variants.value),
  };
}

describe("standings of real published events (MTR 3.1, Appendix C)", () => {
  it("four events are on file, each with its publisher's conventions named", () => {
    expect(fixtures).toEqual(Object.keys(MELEE_CONVENTIONS).sort());
  });

  for (const file of fixtures) {
    it(`${file}: points are exact, and every other difference is named`, () => {
      const { differences } = compare(file);
      // Match points follow from the results alone: they are exact for every player.
      expect(differences.filter((difference) => difference.keys.includes("points"))).toEqual([]);
      // No row is left that no convention of the publisher explains (docs/rules.md, "Published events").
      expect(
        differences
          .filter((difference) => difference.explainedBy === null)
          .map((difference) => difference.player),
      ).toEqual([]);
    });
  }

  for (const [file, conventions] of Object.entries(MELEE_CONVENTIONS)) {
    it(`Appendix C: ${file}: under ${conventions}, every published row, rank included, is ours`, () => {
      const { published, variants, differences } = compare(file);
      const melee = variants.find((variant) => render(variant.name) === conventions);
      expect(melee).toBeDefined();
      expect(comparePublishedStandings(published, [melee!])).toEqual([]);
      // Each difference from our settings is named with some of these conventions, never another setting.
      expect(differences.length).toBeGreaterThan(0);
      expect(
        differences.filter(
          (difference) =>
            !difference.explainedBy!.split(", ").every((name) => conventions.includes(name)),
        ),
      ).toEqual([]);
    });
  }
});
