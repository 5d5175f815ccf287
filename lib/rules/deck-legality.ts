// Whether a registered deck is legal for its format: constructed (CR 100.2a, 100.4a; MTR 6.1),
// limited (CR 100.2b; MTR 7.1, 7.2) and Commander (CR 903, 702.124). Every problem is a code with
// the card, the numbers and the rule it breaks; an empty list means the deck is legal. A
// companion's deck-building condition is never judged here: a judge checks it (CR 702.139a).

import type { CardFacts, Legality } from "./card-facts";
import { LEGALITIES } from "./card-facts";
import { MAX_CARD_COUNT } from "./decklist-text";
import { mtr } from "./edition";
import {
  type Message,
  type MessageValue,
  type RuleResult,
  asRecord,
  fail,
  isCount,
  isRecord,
  ok,
  say,
  showValue,
} from "./result";

export type DeckEntry = { count: number; card: CardFacts };

export type Deck = {
  main: DeckEntry[];
  sideboard: DeckEntry[];
  commanders: DeckEntry[];
  companions: DeckEntry[];
};

export type FormatKind = "constructed" | "limited" | "commander";

/** The deck-building rules of one format the app offers. */
export type FormatRules =
  | {
      kind: "constructed";
      key: string;
      /** Scryfall's legality key for the format's banned, restricted and legal cards. */
      legalityKey: string;
      minMainDeck: number;
      maxSideboard: number;
      maxCopies: number;
    }
  | { kind: "limited"; key: string; minMainDeck: number }
  | { kind: "commander"; key: string; legalityKey: string; deckSize: number };

/** The formats the app offers, each with the Scryfall legality key it reads. */
export const DECK_FORMATS = [
  "standard",
  "pioneer",
  "modern",
  "legacy",
  "vintage",
  "pauper",
  "sealed",
  "draft",
  "commander",
] as const;

export type DeckFormat = (typeof DECK_FORMATS)[number];

/** The deck rules of a format by its key ("modern", "Sealed"; case and spaces do not matter). */
export function formatRulesFor(key: unknown): RuleResult<FormatRules> {
  switch (typeof key === "string" ? key.trim().toLowerCase() : key) {
    case "standard":
    case "pioneer":
    case "modern":
    case "legacy":
    case "vintage":
    case "pauper":
      // CR 100.2a, 100.4a: at least 60 cards, a sideboard of at most 15, at most four of a card.
      return ok({
        kind: "constructed",
        key: canonical(key),
        legalityKey: canonical(key),
        minMainDeck: 60,
        maxSideboard: 15,
        maxCopies: 4,
      });
    case "sealed":
    case "draft":
      // CR 100.2b: at least 40 cards, built from the player's pool and basic lands.
      return ok({ kind: "limited", key: canonical(key), minMainDeck: 40 });
    case "commander":
      // CR 903.5a: exactly 100 cards, commanders included.
      return ok({ kind: "commander", key: "commander", legalityKey: "commander", deckSize: 100 });
    default:
      return fail(
        "INVALID_FORMAT",
        say("decks.unknownFormat", { format: showValue(key), formats: [...DECK_FORMATS] }),
      );
  }
}

function canonical(key: unknown): string {
  return typeof key === "string" ? key.trim().toLowerCase() : "";
}

/** A format's name as people read it. */
export function formatName(key: string): Message {
  switch (key) {
    case "standard":
      return say("decks.formatStandard");
    case "pioneer":
      return say("decks.formatPioneer");
    case "modern":
      return say("decks.formatModern");
    case "legacy":
      return say("decks.formatLegacy");
    case "vintage":
      return say("decks.formatVintage");
    case "pauper":
      return say("decks.formatPauper");
    case "sealed":
      return say("decks.formatSealed");
    case "draft":
      return say("decks.formatDraft");
    case "commander":
      return say("decks.formatCommander");
    default:
      return say("decks.formatOther", { format: showValue(key) });
  }
}

export type DeckProblemCode =
  | "MAIN_DECK_TOO_SMALL"
  | "SIDEBOARD_TOO_LARGE"
  | "TOO_MANY_COPIES"
  | "BANNED"
  | "NOT_LEGAL"
  | "RESTRICTED"
  | "NOT_IN_POOL"
  | "MORE_THAN_POOL"
  | "NO_COMMANDER"
  | "COMMANDER_NOT_IN_FORMAT"
  | "TOO_MANY_COMMANDERS"
  | "NOT_A_COMMANDER"
  | "COMMANDERS_NOT_A_PAIR"
  | "DECK_SIZE"
  | "OUTSIDE_COLOR_IDENTITY"
  | "SIDEBOARD_NOT_USED"
  | "TOO_MANY_COMPANIONS"
  | "NOT_A_COMPANION"
  | "COMPANION_IN_DECK"
  | "SHARED_WITH_TEAMMATE";

export type DeckNoteCode = "COMPANION_CONDITION_UNCHECKED" | "SPACECRAFT_COMMANDER_UNCHECKED";

/** What makes the deck illegal: a sentence by code, with the rule it breaks. */
export type DeckProblem = Message & { code: DeckProblemCode; rule: string };

/** What a judge still checks by hand; never a verdict either way. */
export type DeckNote = Message & { code: DeckNoteCode; rule: string };

export type DeckCounts = {
  main: number;
  sideboard: number;
  commanders: number;
  companions: number;
};

export type DeckCheck = {
  legal: boolean;
  problems: DeckProblem[];
  notes: DeckNote[];
  counts: DeckCounts;
};

export type DeckCheckInput = {
  format: FormatRules;
  deck: Deck;
  /** Limited only: every card the player opened or drafted (CR 100.2b). */
  pool?: DeckEntry[];
};

// ---------------------------------------------------------------------------------------
// The facts of one card, read from its front face and its Oracle text.

export type FrontFace = { words: Set<string>; subtypes: string[] };

/** The front face's supertypes and card types (lower case), and its subtypes. */
export function frontFace(card: CardFacts): FrontFace {
  const typeLine = isRecord(card) && typeof card.typeLine === "string" ? card.typeLine : "";
  const front = typeLine.split(" // ")[0] ?? "";
  const [left = "", right = ""] = front.split("—", 2);
  return {
    words: new Set(left.trim().toLowerCase().split(/\s+/)),
    subtypes: right.trim().toLowerCase().split(/\s+/).filter(Boolean),
  };
}

/** Whether a value has the shape of CardFacts, as every deck rule needs it. */
export function isCardFacts(value: unknown): value is CardFacts {
  if (!isRecord(value)) return false;
  const strings = (list: unknown) =>
    Array.isArray(list) && list.every((item) => typeof item === "string");
  return (
    typeof value.name === "string" &&
    value.name !== "" &&
    typeof value.typeLine === "string" &&
    typeof value.oracleText === "string" &&
    strings(value.faceNames) &&
    strings(value.colorIdentity) &&
    strings(value.keywords) &&
    isRecord(value.legalities)
  );
}

/** CR 205.4a: a basic land has the supertype Basic on its front face's type line (Wastes and Snow-Covered basics too). */
export function isBasicLand(card: CardFacts): boolean {
  if (!isCardFacts(card)) return false;
  const { words } = frontFace(card);
  return words.has("basic") && words.has("land");
}

const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
];

// "A deck can have any number of cards named Relentless Rats." / "… up to seven cards named Seven Dwarves."
const DECK_CAN_HAVE =
  /a deck can have (any number of|up to ([a-z]+|\d{1,3})) cards named ([^.\n]{1,150})\./i;

/**
 * How many copies of a card a deck may hold: any number of a basic land (CR 100.2a, 903.5b), what
 * the card's own Oracle text allows where it says so (CR 101.1), otherwise `usual` (4 in
 * constructed, 1 in Commander).
 */
export function copyLimit(card: CardFacts, usual = 4): number {
  const fallback = isCount(usual, 1) ? usual : 4;
  if (!isCardFacts(card)) return fallback;
  if (isBasicLand(card)) return Number.POSITIVE_INFINITY;
  const says = DECK_CAN_HAVE.exec(card.oracleText);
  if (says) {
    const named = says[3]!.trim().toLowerCase();
    const names = [card.name, ...card.faceNames].map((name) => name.toLowerCase());
    if (names.includes(named)) {
      if (says[2] === undefined) return Number.POSITIVE_INFINITY;
      const word = says[2].toLowerCase();
      const number = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word);
      if (number >= 1) return number;
    }
  }
  return fallback;
}

function legalityOf(card: CardFacts, key: string): Legality {
  const value = Object.hasOwn(card.legalities, key) ? card.legalities[key] : undefined;
  return (LEGALITIES as readonly unknown[]).includes(value) ? (value as Legality) : "not_legal";
}

function hasKeyword(card: CardFacts, pattern: RegExp): boolean {
  return card.keywords.some((keyword) => pattern.test(keyword.trim()));
}

function sum(entries: readonly DeckEntry[]): number {
  return entries.reduce((total, entry) => total + entry.count, 0);
}

/** The main deck, sideboard, commander and companion totals of a deck; entries that are not counts are left out. */
export function deckCounts(deck: Deck): DeckCounts {
  const record = asRecord(deck);
  const total = (list: unknown) =>
    Array.isArray(list)
      ? list.reduce(
          (n: number, entry: unknown) =>
            isRecord(entry) && isCount(entry.count, 1) ? n + (entry.count as number) : n,
          0,
        )
      : 0;
  return {
    main: total(record.main),
    sideboard: total(record.sideboard),
    commanders: total(record.commanders),
    companions: total(record.companions),
  };
}

// ---------------------------------------------------------------------------------------
// Input checks: a deck arrives from a form or a database row, not only from typed code.

const SECTIONS = ["main", "sideboard", "commanders", "companions"] as const;
type SectionName = (typeof SECTIONS)[number] | "pool";

function sectionName(section: SectionName): Message {
  switch (section) {
    case "main":
      return say("decks.sectionMain");
    case "sideboard":
      return say("decks.sectionSideboard");
    case "commanders":
      return say("decks.sectionCommanders");
    case "companions":
      return say("decks.sectionCompanions");
    default:
      return say("decks.sectionPool");
  }
}

function readEntries(section: SectionName, list: unknown): RuleResult<DeckEntry[]> {
  if (list === undefined || list === null) return ok([]);
  if (!Array.isArray(list))
    return fail(
      "INVALID_INPUT",
      say("decks.sectionNotList", { section: sectionName(section), value: showValue(list) }),
    );
  const entries: DeckEntry[] = [];
  for (const [index, entry] of (list as unknown[]).entries()) {
    if (!isRecord(entry) || !isCardFacts(entry.card))
      return fail(
        "INVALID_INPUT",
        say("decks.entryNoCard", { section: sectionName(section), entry: index + 1 }),
      );
    if (!isCount(entry.count, 1) || (entry.count as number) > MAX_CARD_COUNT)
      return fail(
        "INVALID_NUMBER",
        say("decks.entryBadCount", {
          section: sectionName(section),
          name: entry.card.name,
          value: showValue(entry.count),
          most: MAX_CARD_COUNT,
        }),
      );
    entries.push({ count: entry.count as number, card: entry.card });
  }
  return ok(entries);
}

/**
 * A deck as the rules read it, from input that may not match its type: each section a list of
 * entries with a card and a whole number of copies from 1 to MAX_CARD_COUNT; a missing section is empty.
 */
export function readDeck(deck: unknown): RuleResult<Deck> {
  if (!isRecord(deck)) return fail("INVALID_INPUT", say("decks.inputNotDeck"));
  const sections: Partial<Deck> = {};
  for (const section of SECTIONS) {
    const entries = readEntries(section, deck[section]);
    if (!entries.ok) return entries;
    sections[section] = entries.value;
  }
  return ok(sections as Deck);
}

function readFormat(format: unknown): RuleResult<FormatRules> {
  const invalid = fail("INVALID_FORMAT", say("decks.formatRulesInvalid"));
  if (!isRecord(format) || typeof format.key !== "string") return invalid;
  switch (format.kind) {
    case "constructed":
      return typeof format.legalityKey === "string" &&
        isCount(format.minMainDeck) &&
        isCount(format.maxSideboard) &&
        isCount(format.maxCopies, 1)
        ? ok(format as FormatRules)
        : invalid;
    case "limited":
      return isCount(format.minMainDeck) ? ok(format as FormatRules) : invalid;
    case "commander":
      return typeof format.legalityKey === "string" && isCount(format.deckSize, 1)
        ? ok(format as FormatRules)
        : invalid;
    default:
      return invalid;
  }
}

// ---------------------------------------------------------------------------------------
// Shared checks.

type Tally = { card: CardFacts; main: number; side: number };

/** Copies by English name (CR 100.2a, 903.5b): main deck and sideboard apart, in first-listed order. */
function tallyByName(main: readonly DeckEntry[], side: readonly DeckEntry[]): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  const add = (entry: DeckEntry, where: "main" | "side") => {
    const tally = tallies.get(entry.card.name) ?? { card: entry.card, main: 0, side: 0 };
    tally[where] += entry.count;
    tallies.set(entry.card.name, tally);
  };
  for (const entry of main) add(entry, "main");
  for (const entry of side) add(entry, "side");
  return tallies;
}

function problemOf(code: DeckProblemCode, rule: string, message: Message): DeckProblem {
  return { ...message, code, rule };
}

function noteOf(code: DeckNoteCode, rule: string, message: Message): DeckNote {
  return { ...message, code, rule };
}

/** CR 100.6: a card the format bans, or that is not legal in it, is refused outright. */
function legalityProblem(card: CardFacts, format: FormatRules, key: string): DeckProblem | null {
  const legality = legalityOf(card, key);
  const values = { name: card.name, format: formatName(format.key), rule: "CR 100.6" };
  if (legality === "banned") return problemOf("BANNED", "CR 100.6", say("decks.banned", values));
  if (legality === "not_legal")
    return problemOf("NOT_LEGAL", "CR 100.6", say("decks.notLegal", values));
  return null;
}

function tooManyCopies(tally: Tally, limit: number, rule: string): DeckProblem {
  return problemOf(
    "TOO_MANY_COPIES",
    rule,
    say("decks.tooManyCopies", {
      name: tally.card.name,
      main: tally.main,
      side: tally.side,
      limit,
      rule,
    }),
  );
}

/** CR 702.139a: one companion, a card with the companion ability; its condition is a judge's call. */
function companionChecks(
  companions: readonly DeckEntry[],
  problems: DeckProblem[],
  notes: DeckNote[],
): void {
  const count = sum(companions);
  if (count > 1)
    problems.push(
      problemOf(
        "TOO_MANY_COMPANIONS",
        "CR 702.139a",
        say("decks.tooManyCompanions", { count, rule: "CR 702.139a" }),
      ),
    );
  for (const { card } of companions) {
    if (!hasKeyword(card, /^companion$/i)) {
      problems.push(
        problemOf(
          "NOT_A_COMPANION",
          "CR 702.139a",
          say("decks.notACompanion", { name: card.name, rule: "CR 702.139a" }),
        ),
      );
      continue;
    }
    notes.push(
      noteOf(
        "COMPANION_CONDITION_UNCHECKED",
        "CR 702.139a",
        say("decks.companionCondition", { name: card.name, rule: "CR 702.139a" }),
      ),
    );
  }
}

function commandersNotInFormat(
  commanders: readonly DeckEntry[],
  format: FormatRules,
): DeckProblem[] {
  const count = sum(commanders);
  return count === 0
    ? []
    : [
        problemOf(
          "COMMANDER_NOT_IN_FORMAT",
          "CR 903.1",
          say("decks.commanderNotInFormat", {
            count,
            format: formatName(format.key),
            rule: "CR 903.1",
          }),
        ),
      ];
}

// ---------------------------------------------------------------------------------------
// Constructed (CR 100.2a, 100.4a; MTR 6.1).

function checkConstructed(
  format: Extract<FormatRules, { kind: "constructed" }>,
  deck: Deck,
  problems: DeckProblem[],
  notes: DeckNote[],
): void {
  const main = sum(deck.main);
  if (main < format.minMainDeck)
    problems.push(
      problemOf(
        "MAIN_DECK_TOO_SMALL",
        "CR 100.2a",
        say("decks.mainTooSmall", { count: main, least: format.minMainDeck, rule: "CR 100.2a" }),
      ),
    );
  // CR 702.139a: in a tournament the companion is one of the sideboard's cards.
  const sideboard = [...deck.sideboard, ...deck.companions];
  const side = sum(sideboard);
  if (side > format.maxSideboard)
    problems.push(
      problemOf(
        "SIDEBOARD_TOO_LARGE",
        "CR 100.4a",
        say("decks.sideboardTooLarge", {
          count: side,
          most: format.maxSideboard,
          rule: "CR 100.4a",
        }),
      ),
    );
  problems.push(...commandersNotInFormat(deck.commanders, format));
  for (const tally of tallyByName(deck.main, sideboard).values()) {
    const refused = legalityProblem(tally.card, format, format.legalityKey);
    if (refused) {
      problems.push(refused);
      continue;
    }
    const total = tally.main + tally.side;
    if (legalityOf(tally.card, format.legalityKey) === "restricted") {
      // CR 100.6; MTR 6.1: a restricted card may appear once in the deck and sideboard together.
      if (total > 1)
        problems.push(
          problemOf(
            "RESTRICTED",
            "CR 100.6",
            say("decks.restricted", {
              name: tally.card.name,
              main: tally.main,
              side: tally.side,
              format: formatName(format.key),
              rule: "CR 100.6",
            }),
          ),
        );
      continue;
    }
    const limit = copyLimit(tally.card, format.maxCopies);
    // CR 100.4a: the four-card limit counts the deck and sideboard together.
    if (total > limit)
      problems.push(tooManyCopies(tally, limit, tally.side > 0 ? "CR 100.4a" : "CR 100.2a"));
  }
  companionChecks(deck.companions, problems, notes);
}

// ---------------------------------------------------------------------------------------
// Limited (CR 100.2b; MTR 7.1, 7.2).

const ADDED_BASICS = ["plains", "island", "swamp", "mountain", "forest"];

/**
 * MTR 7.2: players may add any number of cards named Plains, Island, Swamp, Mountain or Forest —
 * not Snow-Covered basics nor Wastes, which count only as the pool has them.
 */
export function isAddableBasic(card: CardFacts): boolean {
  return isBasicLand(card) && ADDED_BASICS.includes(card.name.toLowerCase());
}

function checkLimited(
  format: Extract<FormatRules, { kind: "limited" }>,
  deck: Deck,
  pool: readonly DeckEntry[],
  problems: DeckProblem[],
  notes: DeckNote[],
): void {
  const main = sum(deck.main);
  if (main < format.minMainDeck)
    problems.push(
      problemOf(
        "MAIN_DECK_TOO_SMALL",
        "CR 100.2b",
        say("decks.mainTooSmall", { count: main, least: format.minMainDeck, rule: "CR 100.2b" }),
      ),
    );
  problems.push(...commandersNotInFormat(deck.commanders, format));
  const inPool = new Map<string, number>();
  for (const entry of pool)
    inPool.set(entry.card.name, (inPool.get(entry.card.name) ?? 0) + entry.count);
  const used = tallyByName(deck.main, [...deck.sideboard, ...deck.companions]);
  const rule = mtr("limitedCardUse");
  for (const tally of used.values()) {
    if (isAddableBasic(tally.card)) continue;
    const count = tally.main + tally.side;
    const opened = inPool.get(tally.card.name) ?? 0;
    if (count <= opened) continue;
    problems.push(
      opened === 0
        ? problemOf(
            "NOT_IN_POOL",
            rule,
            say("decks.notInPool", { name: tally.card.name, count, rule }),
          )
        : problemOf(
            "MORE_THAN_POOL",
            "CR 100.2b",
            say("decks.moreThanPool", { name: tally.card.name, count, opened, rule: "CR 100.2b" }),
          ),
    );
  }
  companionChecks(deck.companions, problems, notes);
}

// ---------------------------------------------------------------------------------------
// Commander (CR 903, 702.124).

type PartnerAbilities = {
  partner: boolean;
  /** "Partner—[text]" (CR 702.124i), lower case: "friends forever", "survivors", … */
  partnerText: string[];
  /** The names "partner with [name]" names (CR 702.124j), lower case. */
  partnerWith: string[];
  chooseBackground: boolean;
  doctorsCompanion: boolean;
};

/** The partner abilities of a card (CR 702.124a), from its keywords and its Oracle lines. */
function partnerAbilities(card: CardFacts): PartnerAbilities {
  const abilities: PartnerAbilities = {
    partner: false,
    partnerText: [],
    partnerWith: [],
    chooseBackground: hasKeyword(card, /^choose a background$/i),
    doctorsCompanion: hasKeyword(card, /^doctor['’]s companion$/i),
  };
  if (hasKeyword(card, /^friends forever$/i)) abilities.partnerText.push("friends forever");
  for (const raw of card.oracleText.split("\n")) {
    const line = raw
      .replace(/\([^)]*\)/g, "")
      .trim()
      .toLowerCase();
    const withName = /^partner with (.+)$/.exec(line);
    const withText = /^partner\s*[—–-]\s*(.+)$/.exec(line);
    if (withName) abilities.partnerWith.push(withName[1]!.trim());
    else if (withText) abilities.partnerText.push(withText[1]!.trim());
    else if (line === "partner") abilities.partner = true;
    else if (line === "friends forever") abilities.partnerText.push(line);
    else if (/^choose a background$/.test(line)) abilities.chooseBackground = true;
    else if (/^doctor['’]s companion$/.test(line)) abilities.doctorsCompanion = true;
  }
  // Scryfall lists "Partner" for every partner variant: it is plain partner only when no variant is printed.
  if (
    hasKeyword(card, /^partner$/i) &&
    abilities.partnerWith.length === 0 &&
    abilities.partnerText.length === 0
  )
    abilities.partner = true;
  return abilities;
}

function hasAnyPartner(a: PartnerAbilities): boolean {
  return (
    a.partner ||
    a.partnerText.length > 0 ||
    a.partnerWith.length > 0 ||
    a.chooseBackground ||
    a.doctorsCompanion
  );
}

/** CR 702.124k: a legendary Background enchantment card. */
function isBackground(card: CardFacts): boolean {
  const { words, subtypes } = frontFace(card);
  return words.has("legendary") && words.has("enchantment") && subtypes.includes("background");
}

/** CR 702.124m: a legendary Time Lord Doctor creature card with no other creature types. */
function isTimeLordDoctor(card: CardFacts): boolean {
  const { words, subtypes } = frontFace(card);
  const rest = subtypes.join(" ").replace("time lord", "").trim().split(/\s+/);
  return (
    words.has("legendary") &&
    words.has("creature") &&
    subtypes.join(" ").includes("time lord") &&
    rest.length === 1 &&
    rest[0] === "doctor"
  );
}

function namesOf(card: CardFacts): string[] {
  return [card.name, ...card.faceNames].map((name) => name.toLowerCase());
}

/**
 * Whether two cards may be commanders together (CR 702.124h–m), or the rule that says no. Each
 * partner ability pairs only with its own kind (CR 702.124f).
 */
function pairRule(a: CardFacts, b: CardFacts): string | null {
  const pa = partnerAbilities(a);
  const pb = partnerAbilities(b);
  if (a.name !== b.name) {
    if (pa.partner && pb.partner) return null;
    if (pa.partnerText.some((text) => pb.partnerText.includes(text))) return null;
    if (
      pa.partnerWith.some((name) => namesOf(b).includes(name)) &&
      pb.partnerWith.some((name) => namesOf(a).includes(name))
    )
      return null;
    if ((pa.chooseBackground && isBackground(b)) || (pb.chooseBackground && isBackground(a)))
      return null;
    if (
      (pa.doctorsCompanion && isTimeLordDoctor(b)) ||
      (pb.doctorsCompanion && isTimeLordDoctor(a))
    )
      return null;
  }
  if (pa.chooseBackground || pb.chooseBackground || isBackground(a) || isBackground(b))
    return "CR 702.124k";
  if (pa.doctorsCompanion || pb.doctorsCompanion) return "CR 702.124m";
  if (pa.partnerWith.length > 0 || pb.partnerWith.length > 0) return "CR 702.124j";
  if (pa.partnerText.length > 0 || pb.partnerText.length > 0) return "CR 702.124i";
  if (pa.partner || pb.partner) return "CR 702.124h";
  return hasAnyPartner(pa) || hasAnyPartner(pb) ? "CR 702.124f" : "CR 702.124a";
}

const CAN_BE_COMMANDER = /can be your commander/i;

/**
 * CR 903.3: a commander is a legendary creature or Vehicle card, or a legendary Spacecraft card
 * with a power/toughness box (front face); 903.3a: or a card that says it can be your commander.
 */
function commanderKind(card: CardFacts): "commander" | "spacecraft" | null {
  const { words, subtypes } = frontFace(card);
  if (CAN_BE_COMMANDER.test(card.oracleText)) return "commander";
  if (!words.has("legendary")) return null;
  if (words.has("creature") || subtypes.includes("vehicle")) return "commander";
  return subtypes.includes("spacecraft") ? "spacecraft" : null;
}

const COLORS = ["W", "U", "B", "R", "G"] as const;

function colorNames(identity: Iterable<string>): MessageValue {
  const colors = new Set([...identity].map((c) => c.toUpperCase()));
  const named = COLORS.filter((c) => colors.has(c)).map((c) => {
    switch (c) {
      case "W":
        return say("decks.white");
      case "U":
        return say("decks.blue");
      case "B":
        return say("decks.black");
      case "R":
        return say("decks.red");
      default:
        return say("decks.green");
    }
  });
  return named.length === 0 ? say("decks.colorless") : named;
}

function outsideIdentity(card: CardFacts, identity: ReadonlySet<string>): boolean {
  return card.colorIdentity.some((color) => !identity.has(color.toUpperCase()));
}

function checkCommander(
  format: Extract<FormatRules, { kind: "commander" }>,
  deck: Deck,
  problems: DeckProblem[],
  notes: DeckNote[],
): void {
  const commanders = deck.commanders.flatMap((entry) =>
    Array.from({ length: entry.count }, () => entry.card),
  );
  const key = format.legalityKey;

  if (commanders.length === 0)
    problems.push(
      problemOf("NO_COMMANDER", "CR 903.3", say("decks.noCommander", { rule: "CR 903.3" })),
    );
  else if (commanders.length > 2)
    problems.push(
      problemOf(
        "TOO_MANY_COMMANDERS",
        "CR 702.124g",
        say("decks.tooManyCommanders", { count: commanders.length, rule: "CR 702.124g" }),
      ),
    );

  const pair = commanders.length === 2 ? pairRule(commanders[0]!, commanders[1]!) : undefined;
  if (commanders.length === 2 && pair !== null)
    problems.push(
      problemOf(
        "COMMANDERS_NOT_A_PAIR",
        pair!,
        say("decks.notAPair", {
          first: commanders[0]!.name,
          second: commanders[1]!.name,
          rule: pair,
        }),
      ),
    );
  const seen = new Set<string>();
  for (const card of commanders) {
    if (seen.has(card.name)) continue;
    seen.add(card.name);
    const refused = legalityProblem(card, format, key);
    if (refused) problems.push(refused);
    // CR 702.124k: a Background is a commander only beside a commander that chooses one.
    if (isBackground(card) && commanders.length === 2 && pair === null) continue;
    const kind = commanderKind(card);
    if (kind === null) {
      const rule = isBackground(card) ? "CR 702.124k" : "CR 903.3";
      problems.push(
        problemOf("NOT_A_COMMANDER", rule, say("decks.notACommander", { name: card.name, rule })),
      );
    } else if (kind === "spacecraft")
      notes.push(
        noteOf(
          "SPACECRAFT_COMMANDER_UNCHECKED",
          "CR 903.3",
          say("decks.spacecraftCommander", { name: card.name, rule: "CR 903.3" }),
        ),
      );
  }

  // CR 903.5a, 702.124b: exactly 100 cards, the commanders included.
  const size = sum(deck.main) + commanders.length;
  if (size !== format.deckSize) {
    const rule = commanders.length === 2 ? "CR 702.124b" : "CR 903.5a";
    problems.push(
      problemOf(
        "DECK_SIZE",
        rule,
        say("decks.deckSize", {
          count: size,
          commanders: commanders.length,
          size: format.deckSize,
          rule,
        }),
      ),
    );
  }

  // CR 903.5e: a Commander deck has no sideboard.
  const side = sum(deck.sideboard);
  if (side > 0)
    problems.push(
      problemOf(
        "SIDEBOARD_NOT_USED",
        "CR 903.5e",
        say("decks.sideboardNotUsed", { count: side, rule: "CR 903.5e" }),
      ),
    );

  // CR 903.5b: other than basic lands (and cards that say otherwise), one of each English name.
  const tallies = tallyByName([...deck.commanders, ...deck.main], []);
  for (const tally of tallies.values()) {
    const inCommand = seen.has(tally.card.name);
    if (!inCommand) {
      const refused = legalityProblem(tally.card, format, key);
      if (refused) problems.push(refused);
    }
    const limit = copyLimit(tally.card, 1);
    if (tally.main > limit) problems.push(tooManyCopies(tally, limit, "CR 903.5b"));
  }

  // CR 903.4, 903.5c, 702.124c: every card within the commanders' combined color identity;
  // basic lands are not exempt.
  if (commanders.length > 0) {
    const identity = new Set(
      commanders.flatMap((card) => card.colorIdentity.map((c) => c.toUpperCase())),
    );
    for (const tally of tallies.values()) {
      if (seen.has(tally.card.name) || !outsideIdentity(tally.card, identity)) continue;
      problems.push(
        problemOf(
          "OUTSIDE_COLOR_IDENTITY",
          "CR 903.5c",
          say("decks.outsideIdentity", {
            name: tally.card.name,
            colors: colorNames(tally.card.colorIdentity),
            identity: colorNames(identity),
            rule: "CR 903.5c",
          }),
        ),
      );
    }
    // CR 903.11a: a companion brought in from outside the game stays within the identity and
    // shares no name with a card of the deck.
    for (const { card } of deck.companions) {
      if (outsideIdentity(card, identity))
        problems.push(
          problemOf(
            "OUTSIDE_COLOR_IDENTITY",
            "CR 903.11a",
            say("decks.outsideIdentity", {
              name: card.name,
              colors: colorNames(card.colorIdentity),
              identity: colorNames(identity),
              rule: "CR 903.11a",
            }),
          ),
        );
    }
  }
  for (const { card } of deck.companions) {
    if (tallies.has(card.name))
      problems.push(
        problemOf(
          "COMPANION_IN_DECK",
          "CR 903.11a",
          say("decks.companionInDeck", { name: card.name, rule: "CR 903.11a" }),
        ),
      );
    const refused = legalityProblem(card, format, key);
    if (refused) problems.push(refused);
  }
  companionChecks(deck.companions, problems, notes);
}

// ---------------------------------------------------------------------------------------

/**
 * Checks a deck against its format's deck-building rules. Answers INVALID_INPUT (or
 * INVALID_NUMBER for a count of 0, a negative, a fraction or more than MAX_CARD_COUNT) for input
 * that is not a deck; otherwise every problem found, with `legal` true when there is none.
 */
export function checkDeck(input: DeckCheckInput): RuleResult<DeckCheck> {
  if (!isRecord(input)) return fail("INVALID_INPUT", say("decks.inputNotDeck"));
  const format = readFormat(input.format);
  if (!format.ok) return format;
  const read = readDeck(input.deck);
  if (!read.ok) return read;
  const deck = read.value;
  const problems: DeckProblem[] = [];
  const notes: DeckNote[] = [];
  const rules = format.value;
  if (rules.kind === "constructed") checkConstructed(rules, deck, problems, notes);
  else if (rules.kind === "commander") checkCommander(rules, deck, problems, notes);
  else {
    if (input.pool === undefined || input.pool === null)
      return fail("INVALID_INPUT", say("decks.poolMissing", { format: formatName(rules.key) }));
    const pool = readEntries("pool", input.pool);
    if (!pool.ok) return pool;
    checkLimited(rules, deck, pool.value, problems, notes);
  }
  return ok({ legal: problems.length === 0, problems, notes, counts: deckCounts(deck) });
}
