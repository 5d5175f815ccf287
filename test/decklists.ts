import path from "node:path";
import { importCardsFromFile } from "@/lib/server/cards/import";

/** The sample of Scryfall's oracle cards the integration tests check decklists against. */
export const SAMPLE_CARDS = path.join(
  import.meta.dirname,
  "..",
  "lib",
  "server",
  "cards",
  "fixtures",
  "oracle-cards.sample.json",
);

/** The date the sample card data is imported as: lists are "legal as of" it. */
export const CARD_DATA_DATE = new Date("2026-11-28T00:00:00Z");

/** Fills the card database from the sample file, dated CARD_DATA_DATE. */
export async function importSampleCards(): Promise<void> {
  const imported = await importCardsFromFile(SAMPLE_CARDS, { date: "2026-11-28" });
  if (!imported.ok) throw new Error(imported.error.message);
}

/** 60 Modern-legal cards and a sideboard of 3: nine main deck lines and one sideboard line. */
export const BURN = `4 Lightning Bolt
4 Monastery Swiftspear
4 Lava Spike
4 Rift Bolt
4 Skewer the Critics
4 Lightning Helix
4 Shock
4 Bonecrusher Giant
28 Mountain

Sideboard
3 Counterspell`;
