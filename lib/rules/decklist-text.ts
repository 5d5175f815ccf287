// Reading a pasted decklist into counted names, section by section: the plain text players copy
// from Magic Online (.txt), MTG Arena exports, Moxfield and hand-typed lists. Each line is read on
// its own shape. Names are returned as typed (trimmed); matching them to cards is the server's job.
//
//   4 Lightning Bolt                 plain / MTGO; "4x Lightning Bolt" and "4 x Lightning Bolt" too
//   (a blank line)                   after the main deck: the sideboard follows (MTGO)
//   Sideboard / SB: / SB: 2 Duress   the sideboard, as a header or one line (MWS)
//   Deck, Commander, Companion       Arena headers; "About" and "Name …" are left out
//   1 Fire // Ice (MH2) 290 *F*      Arena/Moxfield: set code, collector number and foil dropped
//   1 Atraxa, Praetors' Voice *CMDR* Moxfield: a commander wherever it stands
//   # note, // note                  comments; "Fire // Ice" is a name, not a comment

import { type Message, type Result, type RuleError, say, showValue } from "./result";

/** One card name of a section, with its copies added up over every line that names it. */
export type DecklistEntry = { count: number; name: string; lines: number[] };

export type ParsedDecklist = {
  main: DecklistEntry[];
  sideboard: DecklistEntry[];
  commanders: DecklistEntry[];
  companions: DecklistEntry[];
  /** Headers, comments and other lines that name no card, kept so the player can see them. */
  ignored: { line: number; text: string }[];
};

export type DecklistProblemCode =
  | "NO_COUNT"
  | "NO_NAME"
  | "COUNT_ZERO"
  | "COUNT_TOO_LARGE"
  | "NAME_TOO_LONG";

/** A line that could not be read: its number, its text and why. */
export type DecklistProblem = Message & { code: DecklistProblemCode; line: number; text: string };

/** Why a list was refused; for unreadable lines, every such line, not only the first. */
export type DecklistError = RuleError & { problems: DecklistProblem[] };

export type DecklistResult = Result<ParsedDecklist, DecklistError>;

function refuse(
  code: RuleError["code"],
  message: Message,
  problems: DecklistProblem[] = [],
): { ok: false; error: DecklistError } {
  return { ok: false, error: { ...message, code, problems } };
}

export type DecklistOptions = {
  /**
   * Whether a blank line after the main deck starts the sideboard, as in Magic Online's .txt. A
   * list that has a Sideboard header or SB: lines never needs it; Commander lists pass false.
   */
  blankLineStartsSideboard?: boolean;
};

// The longest real pastes are a 100-card Commander list of singletons (about 110 lines with
// headers, some 4,500 characters with Arena set codes) and a six-booster sealed pool of 84–90 cards
// one a line: 400 lines and 20,000 characters is several times either, and anything past it is
// not a decklist.
export const DECKLIST_MAX_CHARACTERS = 20_000;
export const DECKLIST_MAX_LINES = 400;
/** More copies than this on one line is a typo (40 Relentless Rats is a real deck; 400 is not). */
export const MAX_CARD_COUNT = 250;
/** The longest Oracle names run to about 140 characters ("Our Market Research Shows …"). */
export const MAX_CARD_NAME_LENGTH = 150;

type Section = "main" | "sideboard" | "commanders" | "companions" | "about" | "skip";

const SECTIONS: readonly [RegExp, Section][] = [
  [/^(deck|main|main ?deck|main ?board)$/i, "main"],
  [/^(sideboard|side ?board|side|sb)$/i, "sideboard"],
  [/^commanders?$/i, "commanders"],
  [/^companions?$/i, "companions"],
  [/^about$/i, "about"],
  [/^(maybe ?board|considering|tokens?)$/i, "skip"],
];

// Card-type headings of sites' text exports ("Creatures (20)") name no card and change no section.
const TYPE_HEADING =
  /^(creatures?|planeswalkers?|instants?|sorcery|sorceries|artifacts?|enchantments?|lands?|battles?|spells?|others?)$/i;

/** The section a header line names ("Sideboard", "Deck:", "Commander (1)"), or null for none. */
function sectionOf(text: string): Section | null {
  const bare = text
    .replace(/\s*\(\d{1,4}\)\s*$/, "")
    .replace(/\s*:$/, "")
    .trim();
  for (const [pattern, section] of SECTIONS) if (pattern.test(bare)) return section;
  return null;
}

function isTypeHeading(text: string): boolean {
  return TYPE_HEADING.test(
    text
      .replace(/\s*\(\d{1,4}\)\s*$/, "")
      .replace(/\s*:$/, "")
      .trim(),
  );
}

const COMMENT = /^(?:#|\/\/)\s*(.*)$/;
const SB_PREFIX = /^sb:\s*(.*)$/i;
const CARD_LINE = /^(\d+)\s*x?\s+(\S.*)$/i;
const COUNT_ONLY = /^\d+\s*x?$/i;
const MARKER = /\s*\*(f|e|foil|etched|cmdr)\*$/i;
// Arena and Moxfield: " (M11) 149", " (PLST) LRW-256", " (MH2)" at the end of the line.
const SET_AND_NUMBER = /\s+\([a-z0-9]{2,6}\)(?:\s+[^\s()]{1,12})?$/i;

/** A card line's name without its printing: set code, collector number and foil or commander marks. */
function cleanName(raw: string): { name: string; commander: boolean } {
  let name = raw;
  let commander = false;
  for (let pass = 0; pass < 6; pass++) {
    const before = name;
    const marker = MARKER.exec(name);
    if (marker) {
      if (marker[1]!.toLowerCase() === "cmdr") commander = true;
      name = name.slice(0, marker.index);
    }
    name = name.replace(SET_AND_NUMBER, "");
    if (name === before) break;
  }
  return { name: name.replace(/\s+/g, " ").trim(), commander };
}

/** The text as shown in a message: short enough for a phone, never the whole paste. */
function shortText(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

function problem(
  code: DecklistProblemCode,
  line: number,
  text: string,
  message: Message,
): DecklistProblem {
  return { ...message, code, line, text };
}

type Read = { count: number; name: string; commander: boolean } | DecklistProblem;

/** One "count name" line, or why it is not one. */
function readCardLine(text: string, line: number): Read {
  const shown = shortText(text);
  const match = CARD_LINE.exec(text);
  if (!match) {
    if (COUNT_ONLY.test(text))
      return problem("NO_NAME", line, text, say("decks.lineNoName", { line, text: shown }));
    return problem("NO_COUNT", line, text, say("decks.lineNoCount", { line, text: shown }));
  }
  const digits = match[1]!.replace(/^0+(?=\d)/, "");
  const count = digits.length > 6 ? Number.POSITIVE_INFINITY : Number(digits);
  if (count === 0)
    return problem("COUNT_ZERO", line, text, say("decks.lineCountZero", { line, text: shown }));
  if (count > MAX_CARD_COUNT)
    return problem(
      "COUNT_TOO_LARGE",
      line,
      text,
      say("decks.lineCountTooLarge", { line, text: shown, most: MAX_CARD_COUNT }),
    );
  const { name, commander } = cleanName(match[2]!);
  if (name === "")
    return problem("NO_NAME", line, text, say("decks.lineNoName", { line, text: shown }));
  if (name.length > MAX_CARD_NAME_LENGTH)
    return problem(
      "NAME_TOO_LONG",
      line,
      text,
      say("decks.lineNameTooLong", { line, most: MAX_CARD_NAME_LENGTH, length: name.length }),
    );
  return { count, name, commander };
}

/** The same name twice in a section adds up; every line that names it is kept. */
class SectionList {
  readonly entries: DecklistEntry[] = [];
  private readonly byName = new Map<string, DecklistEntry>();

  add(count: number, name: string, line: number): void {
    const key = name.toLowerCase();
    const entry = this.byName.get(key);
    if (entry) {
      entry.count += count;
      entry.lines.push(line);
      return;
    }
    const created = { count, name, lines: [line] };
    this.byName.set(key, created);
    this.entries.push(created);
  }
}

/**
 * A pasted decklist, read line by line into main deck, sideboard, commanders and companions.
 * Refused whole when it is longer than any decklist (DECKLIST_TOO_LONG) or when a line that
 * should name cards cannot be read (UNREADABLE_DECKLIST, with every such line in `problems`).
 */
export function parseDecklist(text: unknown, options: DecklistOptions = {}): DecklistResult {
  if (typeof text !== "string")
    return refuse("INVALID_INPUT", say("decks.listText", { text: showValue(text) }));
  // A browser sends a text area's line breaks as CRLF: a break counts as one character, as typed.
  const normalized = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const lines = normalized.split("\n").map((raw) => raw.replace(/[\t\u00a0]/g, " ").trim());
  const filled = lines.filter((line) => line !== "").length;
  if (normalized.length > DECKLIST_MAX_CHARACTERS || filled > DECKLIST_MAX_LINES)
    return refuse(
      "DECKLIST_TOO_LONG",
      say("decks.listTooLong", {
        characters: normalized.length,
        lines: filled,
        maxCharacters: DECKLIST_MAX_CHARACTERS,
        maxLines: DECKLIST_MAX_LINES,
      }),
    );

  const blankStartsSideboard =
    options?.blankLineStartsSideboard !== false &&
    !lines.some((line) => {
      const comment = COMMENT.exec(line);
      return SB_PREFIX.test(line) || sectionOf(comment ? comment[1]! : line) === "sideboard";
    });

  const lists = {
    main: new SectionList(),
    sideboard: new SectionList(),
    commanders: new SectionList(),
    companions: new SectionList(),
  };
  const ignored: ParsedDecklist["ignored"] = [];
  const problems: DecklistProblem[] = [];
  let section: Section = "main";

  lines.forEach((text, index) => {
    const line = index + 1;
    if (text === "") {
      // MTGO: a blank line after the main deck starts the sideboard; one after an Arena
      // Commander, Companion or About section returns to the deck.
      if (section === "main" && lists.main.entries.length > 0 && blankStartsSideboard)
        section = "sideboard";
      else if (
        (section === "commanders" && lists.commanders.entries.length > 0) ||
        (section === "companions" && lists.companions.entries.length > 0) ||
        section === "about"
      )
        section = "main";
      return;
    }
    const comment = COMMENT.exec(text);
    const header = sectionOf(comment ? comment[1]! : text);
    if (header !== null) {
      section = header;
      ignored.push({ line, text });
      return;
    }
    if (comment || section === "about" || section === "skip" || isTypeHeading(text)) {
      ignored.push({ line, text });
      return;
    }
    const sb = SB_PREFIX.exec(text);
    const read = readCardLine(sb ? sb[1]! : text, line);
    if ("code" in read) {
      problems.push({ ...read, text });
      return;
    }
    const into: Exclude<Section, "about" | "skip"> = read.commander
      ? "commanders"
      : sb
        ? "sideboard"
        : section;
    lists[into].add(read.count, read.name, line);
  });

  if (problems.length > 0) {
    const { key, values } = problems[0]!;
    const first: Message = values === undefined ? { key } : { key, values };
    return refuse(
      "UNREADABLE_DECKLIST",
      say("decks.linesNotRead", { count: problems.length, first }),
      problems,
    );
  }
  return {
    ok: true,
    value: {
      main: lists.main.entries,
      sideboard: lists.sideboard.entries,
      commanders: lists.commanders.entries,
      companions: lists.companions.entries,
      ignored,
    },
  };
}
