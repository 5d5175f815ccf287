// The facts of one card that the deck rules read, as the app's card database holds them
// (imported from Scryfall's oracle cards: one entry per card, not per printing).

/** A card's standing in one format (CR 100.6; MTR 3 format sections): Scryfall's four values. */
export type Legality = "legal" | "not_legal" | "banned" | "restricted";

export const LEGALITIES = [
  "legal",
  "not_legal",
  "banned",
  "restricted",
] as const satisfies readonly Legality[];

export type CardFacts = {
  /** Scryfall's oracle id: one per card, shared by every printing of it. */
  oracleId: string;
  /** The Oracle name, faces joined by " // ": "Fire // Ice", "Bonecrusher Giant // Stomp". */
  name: string;
  /** Each face's name, front face first; one entry for a card with one face. */
  faceNames: readonly string[];
  /** Scryfall's card-level type line, faces joined by " // " ("Creature — Human Wizard // Creature — Human Insect"). */
  typeLine: string;
  /** The Oracle text, faces joined by "\n//\n". */
  oracleText: string;
  /** CR 903.4: the colour identity, as letters from W, U, B, R, G. */
  colorIdentity: readonly string[];
  /** Scryfall's keyword list ("Partner", "Choose a Background", "Companion", …). */
  keywords: readonly string[];
  /** By Scryfall's format key: "standard", "pioneer", "modern", "legacy", "vintage", "pauper", "commander", … */
  legalities: Readonly<Record<string, Legality>>;
};
