// A deck laid out for a deck check, as a judge counts it against the registered list: the main
// deck grouped by card type in a fixed order, alphabetical within each group, with a count
// per group and in total; then the sideboard. Pure data: the page puts the words on it.

import type { CardFacts } from "./card-facts";
import { type DeckEntry, frontFace, readDeck } from "./deck-legality";
import { type Message, type RuleResult, ok, say } from "./result";

// Creatures first and lands last, the order of Magic Online's and Arena's deck views, so a card
// of several types (an artifact creature, Dryad Arbor) sits with the first group it belongs to,
// where a player reading their own export looks for it.
export const SHEET_GROUPS = [
  "creatures",
  "planeswalkers",
  "instants",
  "sorceries",
  "artifacts",
  "enchantments",
  "battles",
  "lands",
  "other",
] as const;

export type SheetGroup = (typeof SHEET_GROUPS)[number];

/** Each group's heading on the sheet. */
export const SHEET_GROUP_LABELS: Readonly<Record<SheetGroup, Message>> = {
  creatures: say("decks.groupCreatures"),
  planeswalkers: say("decks.groupPlaneswalkers"),
  instants: say("decks.groupInstants"),
  sorceries: say("decks.groupSorceries"),
  artifacts: say("decks.groupArtifacts"),
  enchantments: say("decks.groupEnchantments"),
  battles: say("decks.groupBattles"),
  lands: say("decks.groupLands"),
  other: say("decks.groupOther"),
};

const TYPE_OF_GROUP: Record<Exclude<SheetGroup, "other">, string> = {
  creatures: "creature",
  planeswalkers: "planeswalker",
  instants: "instant",
  sorceries: "sorcery",
  artifacts: "artifact",
  enchantments: "enchantment",
  battles: "battle",
  lands: "land",
};

export type SheetCard = { name: string; count: number };

export type DeckSheet = {
  commanders: SheetCard[];
  /** Only the groups that have cards, in SHEET_GROUPS order. */
  main: { group: SheetGroup; count: number; cards: SheetCard[] }[];
  mainCount: number;
  sideboard: SheetCard[];
  sideboardCount: number;
  companions: SheetCard[];
};

/** The group a card is counted in: the first of SHEET_GROUPS whose type its front face has. */
export function sheetGroupOf(card: CardFacts): SheetGroup {
  const { words } = frontFace(card);
  for (const group of SHEET_GROUPS) {
    if (group !== "other" && words.has(TYPE_OF_GROUP[group])) return group;
  }
  return "other";
}

function byName(a: SheetCard, b: SheetCard): number {
  return a.name.localeCompare(b.name, "en") || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** Entries of one section added up by name, alphabetically. */
function cardsOf(entries: readonly DeckEntry[]): SheetCard[] {
  const counts = new Map<string, number>();
  for (const { card, count } of entries)
    counts.set(card.name, (counts.get(card.name) ?? 0) + count);
  return [...counts].map(([name, count]) => ({ name, count })).sort(byName);
}

function total(cards: readonly SheetCard[]): number {
  return cards.reduce((n, card) => n + card.count, 0);
}

/** The deck as a judge counts it at a deck check; INVALID_INPUT or INVALID_NUMBER for input that is not a deck. */
export function deckCheckSheet(deck: unknown): RuleResult<DeckSheet> {
  const read = readDeck(deck);
  if (!read.ok) return read;
  const { main, sideboard, commanders, companions } = read.value;
  const groups = SHEET_GROUPS.map((group) => {
    const cards = cardsOf(main.filter((entry) => sheetGroupOf(entry.card) === group));
    return { group, count: total(cards), cards };
  }).filter((group) => group.cards.length > 0);
  const side = cardsOf(sideboard);
  return ok({
    commanders: cardsOf(commanders),
    main: groups,
    mainCount: groups.reduce((n, group) => n + group.count, 0),
    sideboard: side,
    sideboardCount: total(side),
    companions: cardsOf(companions),
  });
}
