// One object of Scryfall's card files (https://scryfall.com/docs/api/cards) as the facts of a card,
// for the card database's import and for tests that need real cards' facts.
import type { CardFacts, Legality } from "./card-facts";
import { LEGALITIES } from "./card-facts";
import { cardNameKey } from "./card-names";

/** A card's facts with its Scryfall layout and its lookup keys (lib/rules/card-names.ts). */
export type CardRow = CardFacts & { layout: string; nameKey: string; frontKey: string };

/**
 * Layouts of Scryfall objects that are not cards of a deck (CR 111, 114, 311, 312, 314: tokens,
 * emblems, planes, Vanguard and schemes; art-series cards are collectibles, not Magic cards).
 */
export const NOT_DECK_CARDS: ReadonlySet<string> = new Set([
  "token",
  "double_faced_token",
  "emblem",
  "art_series",
  "vanguard",
  "scheme",
  "planar",
]);

/** What one object of a Scryfall card file is: a card, one to skip, or one that is not a card object at all. */
export type ReadCard =
  | { kind: "card"; row: CardRow }
  | { kind: "skip"; reason: "layout" | "no-oracle-id" }
  | { kind: "invalid"; problem: "not-an-object" | "no-name" };

const COLOURS = new Set(["W", "U", "B", "R", "G"]);
const LEGALITY_VALUES = new Set<string>(LEGALITIES);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function texts(value: unknown): string[] {
  return Array.isArray(value)
    ? (value as unknown[]).filter((entry): entry is string => typeof entry === "string")
    : [];
}

/**
 * A Scryfall card object (https://scryfall.com/docs/api/cards) as a row: name, card_faces[].name,
 * type_line, oracle_text (the faces' when the card has none of its own), color_identity,
 * keywords, legalities, layout and oracle_id (a reversible card's lives on its faces).
 */
export function readScryfallCard(object: unknown): ReadCard {
  if (!isRecord(object)) return { kind: "invalid", problem: "not-an-object" };
  const givenName = text(object.name)?.trim();
  if (!givenName) return { kind: "invalid", problem: "no-name" };
  const layout = text(object.layout) ?? "normal";
  if (NOT_DECK_CARDS.has(layout)) return { kind: "skip", reason: "layout" };
  const faces = Array.isArray(object.card_faces)
    ? (object.card_faces as unknown[]).filter(isRecord)
    : [];
  const oracleId =
    text(object.oracle_id) ?? faces.map((face) => text(face.oracle_id)).find(Boolean);
  if (!oracleId) return { kind: "skip", reason: "no-oracle-id" };

  let faceNames = faces.map((face) => text(face.name)?.trim()).filter((name) => !!name) as string[];
  let name = givenName;
  // A reversible card prints the same card on both sides: it is that one card.
  if (faceNames.length > 1 && faceNames.every((face) => face === faceNames[0])) {
    name = faceNames[0] as string;
    faceNames = [name];
  }
  if (faceNames.length === 0) faceNames = [name];
  const sameCard = faceNames.length === 1 && faces.length > 1;
  const typeLine =
    text(object.type_line) ??
    (sameCard ? text(faces[0]?.type_line) : undefined) ??
    faces.map((face) => text(face.type_line) ?? "").join(" // ");
  const oracleText =
    text(object.oracle_text) ??
    (sameCard ? text(faces[0]?.oracle_text) : undefined) ??
    faces.map((face) => text(face.oracle_text) ?? "").join("\n//\n");
  const legalities: Record<string, Legality> = {};
  if (isRecord(object.legalities)) {
    for (const format of Object.keys(object.legalities)) {
      const legality = object.legalities[format];
      if (typeof legality === "string" && LEGALITY_VALUES.has(legality))
        legalities[format] = legality as Legality;
    }
  }
  return {
    kind: "card",
    row: {
      oracleId,
      name,
      faceNames,
      typeLine,
      oracleText,
      colorIdentity: texts(object.color_identity).filter((colour) => COLOURS.has(colour)),
      keywords: texts(object.keywords),
      legalities,
      layout,
      nameKey: cardNameKey(name),
      frontKey: cardNameKey(faceNames[0]),
    },
  };
}
