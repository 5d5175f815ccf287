import { describe, expect, it } from "vitest";
import { render } from "@/lib/messages/render";
import {
  type DeckSheet,
  SHEET_GROUP_LABELS,
  SHEET_GROUPS,
  deckCheckSheet,
  sheetGroupOf,
} from "./deck-sheet";
import {
  ATRAXA,
  DURESS,
  GRIZZLY_BEARS,
  LIGHTNING_BOLT,
  LURRUS,
  MOUNTAIN,
  SHOCK,
  SOL_RING,
  TEFERI,
  card,
  copies,
} from "./testing/cards";

function sheet(deck: unknown): DeckSheet {
  const result = deckCheckSheet(deck);
  if (!result.ok) throw new Error(render(result.error));
  return result.value;
}

const ARTIFACT_CREATURE = card("Solemn Simulacrum", "Artifact Creature — Golem");
const DRYAD_ARBOR = card("Dryad Arbor", "Land Creature — Forest Dryad", { colorIdentity: ["G"] });
const ARTIFACT_LAND = card("Darksteel Citadel", "Artifact Land");
const SPLIT = card("Fire // Ice", "Instant // Instant", { colorIdentity: ["U", "R"] });
const ADVENTURE = card("Bonecrusher Giant // Stomp", "Creature — Giant // Instant — Adventure");
const SAGA = card("Urza's Saga", "Enchantment Land — Urza's Saga");
const BATTLE = card(
  "Invasion of Zendikar // Awakened Skyclave",
  "Battle — Siege // Creature — Elemental",
);
const KINDRED = card("Bitterblossom", "Kindred Enchantment — Faerie");
const CONSPIRACY = card("Backup Plan", "Conspiracy");

describe("the deck-check sheet: the main deck by card type, then the sideboard", () => {
  it("CR 205.2a: groups by card type in the fixed order creatures, planeswalkers, instants, sorceries, artifacts, enchantments, battles, lands, other; empty groups left out", () => {
    const result = sheet({
      main: [
        copies(20, MOUNTAIN),
        copies(4, LIGHTNING_BOLT),
        copies(2, DURESS),
        copies(4, GRIZZLY_BEARS),
        copies(1, TEFERI),
        copies(1, SOL_RING),
        copies(1, KINDRED),
        copies(1, BATTLE),
        copies(1, CONSPIRACY),
      ],
      sideboard: [],
      commanders: [],
      companions: [],
    });
    expect(result.main.map((g) => [g.group, g.count])).toEqual([
      ["creatures", 4],
      ["planeswalkers", 1],
      ["instants", 4],
      ["sorceries", 2],
      ["artifacts", 1],
      ["enchantments", 1],
      ["battles", 1],
      ["lands", 20],
      ["other", 1],
    ]);
    expect(result.mainCount).toBe(35);
    expect(SHEET_GROUPS).toHaveLength(9);
  });

  it("each group has its heading in the catalogue, in the sheet's order", () => {
    expect(SHEET_GROUPS.map((group) => render(SHEET_GROUP_LABELS[group]))).toEqual([
      "Creatures",
      "Planeswalkers",
      "Instants",
      "Sorceries",
      "Artifacts",
      "Enchantments",
      "Battles",
      "Lands",
      "Other cards",
    ]);
  });

  it("CR 205.2a: a card of several types goes to the first group that matches, by its front face", () => {
    expect(
      [ARTIFACT_CREATURE, DRYAD_ARBOR, ARTIFACT_LAND, SAGA, SPLIT, ADVENTURE, BATTLE].map(
        sheetGroupOf,
      ),
    ).toEqual([
      "creatures",
      "creatures",
      "artifacts",
      "enchantments",
      "instants",
      "creatures",
      "battles",
    ]);
  });

  it("cards are alphabetical within a group, and two entries of one card are counted once", () => {
    const result = sheet({
      main: [copies(2, SHOCK), copies(4, LIGHTNING_BOLT), copies(1, SPLIT), copies(1, SHOCK)],
    });
    expect(result.main).toEqual([
      {
        group: "instants",
        count: 8,
        cards: [
          { name: "Fire // Ice", count: 1 },
          { name: "Lightning Bolt", count: 4 },
          { name: "Shock", count: 3 },
        ],
      },
    ]);
  });

  it("the sideboard follows with its total; commanders and the companion are listed apart", () => {
    const result = sheet({
      main: [copies(60, MOUNTAIN)],
      sideboard: [copies(2, SHOCK), copies(3, DURESS)],
      commanders: [copies(1, ATRAXA)],
      companions: [copies(1, LURRUS)],
    });
    expect(result.sideboard).toEqual([
      { name: "Duress", count: 3 },
      { name: "Shock", count: 2 },
    ]);
    expect(result.sideboardCount).toBe(5);
    expect(result.commanders).toEqual([{ name: "Atraxa, Praetors' Voice", count: 1 }]);
    expect(result.companions).toEqual([{ name: "Lurrus of the Dream-Den", count: 1 }]);
  });

  it("an empty deck is an empty sheet; a count that is not a whole number from 1 is refused", () => {
    expect(sheet({})).toEqual({
      commanders: [],
      main: [],
      mainCount: 0,
      sideboard: [],
      sideboardCount: 0,
      companions: [],
    });
    const bad = deckCheckSheet({ main: [{ count: 1.5, card: SHOCK }] });
    expect(bad.ok || bad.error.code).toBe("INVALID_NUMBER");
    expect(deckCheckSheet("4 Shock").ok).toBe(false);
  });
});
