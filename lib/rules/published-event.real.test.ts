import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { comparePublishedStandings, publishedStandingsInput, readMeleeEvent } from "./published-event";
import { computeStandings, type StandingsSettings } from "./standings";

// Three real events published on melee.gg, as the MTGODecklistCache community cache keeps them
// (test/fixtures/published-events: the source path and commit are in each file).
const folder = join(__dirname, "../../test/fixtures/published-events");
const fixtures = readdirSync(folder).filter((file) => file.endsWith(".json")).sort();

const VARIANTS: { name: string; settings: Partial<StandingsSettings> }[] = [
  { name: "floor 0.33, byes in own percentages", settings: { percentageFloor: 0.33, countByeInOwnPercentages: true } },
  { name: "floor 1/3, byes in own percentages", settings: { percentageFloor: 1 / 3, countByeInOwnPercentages: true } },
  { name: "floor 0.33, byes not in own percentages", settings: { percentageFloor: 0.33, countByeInOwnPercentages: false } },
  { name: "floor 1/3, byes not in own percentages", settings: { percentageFloor: 1 / 3, countByeInOwnPercentages: false } },
];

/**
 * Rows whose percentages no settings variant reproduces yet (docs/rules.md, "Published events"):
 * the events with intentional draws, byes beside drops, or playoff rounds named as Swiss rounds
 * follow conventions of the publishing tool not yet identified. A ceiling, so it only goes down.
 */
const STILL_UNEXPLAINED: Record<string, number> = { "buffalo-chicken-dip-legacy-11.json": 20, "legacy-loffel-cup-5.json": 13 };

describe("standings of real published events (MTR 3.1, Appendix C)", () => {
  it("three events are on file", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(3);
  });

  it("weekly-legacy-mont.json: every percentage that differs is explained by the 1/3 floor (Appendix C names 0.33)", () => {
    const read = readMeleeEvent(JSON.parse(readFileSync(join(folder, "weekly-legacy-mont.json"), "utf8")));
    if (!read.ok) throw new Error(read.error.message);
    const input = publishedStandingsInput(read.value);
    const variants = VARIANTS.slice(0, 2).map((variant) => {
      const standings = computeStandings(input, variant.settings);
      if (!standings.ok) throw new Error(standings.error.message);
      return { name: variant.name, standings: standings.value };
    });
    const differences = comparePublishedStandings(read.value.standings, variants);
    expect(differences.length).toBeGreaterThan(0);
    expect(differences.every((difference) => difference.explainedBy === "floor 1/3, byes in own percentages")).toBe(true);
  });

  for (const file of fixtures) {
    it(`${file}: points are exact, and every other difference is named`, () => {
      const read = readMeleeEvent(JSON.parse(readFileSync(join(folder, file), "utf8")));
      if (!read.ok) throw new Error(read.error.message);
      const input = publishedStandingsInput(read.value);
      const variants = VARIANTS.map((variant) => {
        const standings = computeStandings(input, variant.settings);
        if (!standings.ok) throw new Error(standings.error.message);
        return { name: variant.name, standings: standings.value };
      });
      const differences = comparePublishedStandings(read.value.standings, variants);
      // Match points follow from the results alone: they are exact for every player.
      expect(differences.filter((difference) => difference.keys.includes("points"))).toEqual([]);
      const unexplained = differences.filter((difference) => difference.explainedBy === null).map((difference) => difference.player);
      expect(unexplained.length, `unexplained: ${unexplained.join(", ")}`).toBeLessThanOrEqual(STILL_UNEXPLAINED[file] ?? 0);
    });
  }
});
