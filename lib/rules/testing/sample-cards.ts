// The sample card file's cards as facts, for tests of the deck rules: real cards, no database.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { CardFacts } from "../card-facts";
import { readScryfallCard } from "../scryfall-card";

/** The file the card database's tests import too: Scryfall's shape, 67 deck cards, a token and an emblem. */
export const SAMPLE_CARD_FILE = path.join(
  import.meta.dirname,
  "../../server/cards/fixtures/oracle-cards.sample.json",
);

let cards: Map<string, CardFacts> | undefined;

/** Every deck card of the sample file by its Oracle name ("Fire // Ice", "Nazgûl"). */
export function sampleCards(): ReadonlyMap<string, CardFacts> {
  if (!cards) {
    cards = new Map();
    for (const object of JSON.parse(readFileSync(SAMPLE_CARD_FILE, "utf8")) as unknown[]) {
      const read = readScryfallCard(object);
      if (read.kind !== "card") continue;
      const { layout: _layout, nameKey: _nameKey, frontKey: _frontKey, ...facts } = read.row;
      cards.set(facts.name, facts);
    }
  }
  return cards;
}

/** One card of the sample file by its Oracle name; a name it lacks fails the test at once. */
export function sampleCard(name: string): CardFacts {
  const card = sampleCards().get(name);
  if (!card) throw new Error(`${name} is not in the sample card file`);
  return card;
}
