// Registered decklists at Competitive REL (MTR 2.7 Deck Registration): who may change a list and
// when, who may see it, what a submitted list is checked against, and who has no legal list.
//
//   DL1  A player submits and changes their own list until the event's decklist deadline, and never
//        after round 1 is paired (MTR 2.7: Constructed lists are in before the event).
//   DL2  Afterwards the list is final for the player: only staff change it, each time with a reason
//        (IPG 3.4 Decklist Problem: a judge alters a list when applying a fix). Staff entering a
//        paper list while players may still change theirs need none.
//   DL3  An event with no decklist format takes no lists at all.
//   DL4  A list is private to its player and the staff (MTR 2.7: decklists are not public during a
//        tournament) until the organizer publishes every list, or the top cut's, and never while
//        players may still change their own lists.
//   DL5  In Limited the registered list is the card pool: the main deck and the sideboard together
//        (MTR 7.1), so a card is "in the pool" when the list names it.
//   DL6  In a team event each member registers the deck they play: one list per seat (MTR 2.7), and
//        a team has its decks registered only when every member's list is legal.
//
// Nothing here reads a clock: the caller passes `now` (milliseconds since the epoch).

import type { CardFacts } from "./card-facts";
import {
  checkDeck,
  type Deck,
  type DeckCheck,
  type DeckEntry,
  type DeckProblem,
  formatRulesFor,
  isCardFacts,
} from "./deck-legality";
import type { DecklistEntry, ParsedDecklist } from "./decklist-text";
import { IPG_DECKLIST_PROBLEM, mtr } from "./edition";
import {
  asRecord,
  fail,
  isCount,
  isRecord,
  type Message,
  ok,
  type RuleResult,
  say,
  showValue,
} from "./result";

/** DL4: which lists the organizer has published. */
export const DECKLIST_PUBLICATIONS = ["NONE", "ALL", "TOP_CUT"] as const;
export type DecklistPublication = (typeof DECKLIST_PUBLICATIONS)[number];

/** The longest reason staff give for a change, and the longest archetype name. */
export const DECKLIST_REASON_MAX = 500;
export const ARCHETYPE_MAX = 60;

/** What the event says about its decklists, and how far it is. */
export type DecklistWindow = {
  /** A key of DECK_FORMATS, or null when the event takes no decklists. */
  deckFormat: string | null;
  /** The decklist deadline in ms, or null for none set. */
  deadline: number | null;
  isRoundOnePaired: boolean;
};

function readWindow(input: unknown): RuleResult<DecklistWindow & { now: number }> {
  const record = asRecord(input);
  const { deckFormat, deadline, isRoundOnePaired, now } = record;
  if (!isRecord(input) || typeof isRoundOnePaired !== "boolean")
    return fail("INVALID_INPUT", say("decklists.windowInput"));
  if (deckFormat !== null && typeof deckFormat !== "string")
    return fail(
      "INVALID_FORMAT",
      say("decklists.formatNotText", { format: showValue(deckFormat) }),
    );
  if (!isCount(now) || (deadline !== null && !isCount(deadline)))
    return fail(
      "INVALID_NUMBER",
      say("decklists.timesNotNumbers", { now: showValue(now), deadline: showValue(deadline) }),
    );
  return ok({
    deckFormat: deckFormat as string | null,
    deadline: deadline as number | null,
    isRoundOnePaired,
    now: now as number,
  });
}

/** DL1: whether players may still submit and change their own lists. Garbage is a closed window. */
export function isPlayerWindowOpen(input: DecklistWindow & { now: number }): boolean {
  const window = readWindow(input);
  if (!window.ok || window.value.deckFormat === null) return false;
  const { deadline, isRoundOnePaired, now } = window.value;
  // Round 1 paired closes it even before a later deadline: nobody changes a deck mid-event.
  return !isRoundOnePaired && (deadline === null || now < deadline);
}

export type DecklistChangeInput = DecklistWindow & {
  by: "player" | "staff";
  now: number;
  /** Staff's reason for the change; required once players may no longer change their list. */
  reason?: string;
};

/**
 * DL1–DL3: whether this change may be made now. Answers whether it comes after players' lists are
 * final (a late change, which staff give a reason for); refuses DECKLISTS_OFF, DEADLINE_PASSED for
 * a player, CORRECTION_REASON_REQUIRED for staff without a reason.
 */
export function checkDecklistChange(input: DecklistChangeInput): RuleResult<{ isLate: boolean }> {
  const window = readWindow(input);
  if (!window.ok) return window;
  const by = asRecord(input).by;
  if (by !== "player" && by !== "staff")
    return fail("INVALID_INPUT", say("decklists.whoChanges", { by: showValue(by) }));
  const { deckFormat } = window.value;
  if (deckFormat === null)
    return fail("DECKLISTS_OFF", say("decklists.off"), mtr("deckRegistration"));
  const format = formatRulesFor(deckFormat);
  if (!format.ok) return format;
  const isLate = !isPlayerWindowOpen(window.value);
  if (!isLate) return ok({ isLate });
  if (by === "player")
    return fail(
      "DEADLINE_PASSED",
      window.value.isRoundOnePaired
        ? say("decklists.finalSinceRoundOne")
        : say("decklists.deadlinePassed"),
      mtr("deckRegistration"),
    );
  const reason = asRecord(input).reason;
  if (typeof reason !== "string" || reason.trim() === "")
    return fail(
      "CORRECTION_REASON_REQUIRED",
      say("decklists.reasonRequired", { rule: IPG_DECKLIST_PROBLEM.section }),
      IPG_DECKLIST_PROBLEM.section,
    );
  return ok({ isLate });
}

/** A player's own versions of one list, at most: a list is not a scratchpad, and its history is kept whole. */
export const PLAYER_LIST_VERSIONS_MAX = 50;

/** DL1: whether a player who sent `sent` versions of a list may send one more (staff always may). */
export function checkPlayerListVersions(sent: number): RuleResult<true> {
  if (!isCount(sent))
    return fail("INVALID_INPUT", say("decklists.versionInput", { version: showValue(sent) }));
  if (sent >= PLAYER_LIST_VERSIONS_MAX)
    return fail(
      "TOO_MANY_CHANGES",
      say("decklists.tooManyVersions", { most: PLAYER_LIST_VERSIONS_MAX }),
      mtr("deckRegistration"),
    );
  return ok(true);
}

/** Who asks to see a list: the event's staff, a player signed in with their code, or anyone. */
export type DecklistViewer = "staff" | { player: string } | "public";

/** DL4: whether this viewer may see this player's list. Anything unreadable is a no. */
export function mayViewDecklist(input: {
  viewer: DecklistViewer;
  owner: string;
  publication: DecklistPublication;
  ownerInTopCut: boolean;
  /** Players may no longer change their own lists (DL1): until then nobody else sees one. */
  areListsFinal: boolean;
}): boolean {
  const { viewer, owner, publication, ownerInTopCut, areListsFinal } = asRecord(input);
  if (viewer === "staff") return true;
  const isOwner =
    isRecord(viewer) &&
    typeof viewer.player === "string" &&
    typeof owner === "string" &&
    viewer.player === owner;
  if (isOwner) return true;
  if (viewer !== "public" && !(isRecord(viewer) && typeof viewer.player === "string")) return false;
  // A published list a player could still answer by changing their own is not shown yet (DL4).
  if (areListsFinal !== true) return false;
  if (publication === "ALL") return true;
  return publication === "TOP_CUT" && ownerInTopCut === true;
}

/** What the overview says of a player's list. */
export type DecklistStanding = "none" | "illegal" | "legal";

/** MTR 2.7: a list checked as another format than the event's now is not legal until checked again. */
export function decklistStanding(
  list: { isLegal: boolean; format?: string } | null | undefined,
  eventFormat?: string | null,
): DecklistStanding {
  if (!isRecord(list)) return "none";
  const isStale =
    typeof eventFormat === "string" &&
    typeof list.format === "string" &&
    list.format !== eventFormat;
  return list.isLegal === true && !isStale ? "legal" : "illegal";
}

/** DL6: the seat a list belongs to: a member's seat of a team of `teamSize`, or 0 for a player alone. */
export function decklistSeat(input: { teamSize: number; seat: number }): RuleResult<number> {
  const { teamSize, seat } = asRecord(input);
  if (!isCount(teamSize) || (teamSize as number) < 1)
    return fail("INVALID_INPUT", say("decklists.teamSizeInput", { size: showValue(teamSize) }));
  const size = teamSize as number;
  if (!isCount(seat) || (seat as number) >= size)
    return fail(
      "NO_SUCH_SEAT",
      say("decklists.noSuchSeat", {
        isTeam: size > 1,
        size,
        last: String.fromCharCode(64 + size),
        seat: showValue(seat),
      }),
      mtr("deckRegistration"),
    );
  return ok(seat as number);
}

/** DL6: a team's decks, as the drop step counts them: legal only when every member's list is. */
export function teamDecklistStanding(members: readonly DecklistStanding[]): DecklistStanding {
  const standings = Array.isArray(members) ? members : [];
  if (standings.length === 0 || standings.includes("none")) return "none";
  return standings.every((standing) => standing === "legal") ? "legal" : "illegal";
}

/** DL6: an entry's decks as one standing: each seat's list (seat 0 for a player alone), as checked now. */
export function entryDecklistStanding(input: {
  teamSize: number;
  eventFormat: string | null;
  lists: readonly { seat: number; isLegal: boolean; format?: string }[];
}): DecklistStanding {
  const { teamSize, eventFormat, lists } = asRecord(input);
  const rows = Array.isArray(lists) ? (lists as unknown[]).filter(isRecord) : [];
  const seats = isCount(teamSize, 1) ? (teamSize as number) : 1;
  const format = typeof eventFormat === "string" ? eventFormat : null;
  return teamDecklistStanding(
    Array.from({ length: seats }, (_, seat) =>
      decklistStanding(
        rows.find((list) => list.seat === seat) as { isLegal: boolean; format?: string },
        format,
      ),
    ),
  );
}

/**
 * MTR 2.10, before round 1 only: the players still in the event without a legal list, whom the
 * organizer may drop in one confirmed step. Refused ROUND_ONE_PAIRED once round 1 is paired
 * (from then on each player drops as usual).
 */
export function playersWithoutLegalList(input: {
  roundsPaired: number;
  entries: readonly { id: string; isDropped: boolean; standing: DecklistStanding }[];
}): RuleResult<string[]> {
  const { roundsPaired, entries } = asRecord(input);
  if (!isCount(roundsPaired) || !Array.isArray(entries))
    return fail("INVALID_INPUT", say("decklists.dropInput"));
  if ((roundsPaired as number) > 0)
    return fail("ROUND_ONE_PAIRED", say("decklists.dropAfterRoundOne"), mtr("dropping"));
  return ok(
    (entries as unknown[])
      .filter(isRecord)
      .filter(
        (entry) =>
          typeof entry.id === "string" && entry.isDropped !== true && entry.standing !== "legal",
      )
      .map((entry) => entry.id as string),
  );
}

// ---------------------------------------------------------------------------------------
// A pasted list against the card database.

/** The names a parsed list asks the card database for, each once, in the order they first appear. */
export function decklistNames(parsed: ParsedDecklist): string[] {
  const names = new Map<string, string>();
  for (const entry of sectionsOf(parsed).flatMap(([, entries]) => entries))
    if (!names.has(entry.name.toLowerCase())) names.set(entry.name.toLowerCase(), entry.name);
  return [...names.values()];
}

const SECTION_NAMES = ["main", "sideboard", "commanders", "companions"] as const;
export type DecklistSection = (typeof SECTION_NAMES)[number];

function sectionsOf(parsed: unknown): [DecklistSection, DecklistEntry[]][] {
  const record = asRecord(parsed);
  return SECTION_NAMES.map((section) => {
    const list = record[section];
    const entries = Array.isArray(list)
      ? (list as unknown[]).filter(
          (entry): entry is DecklistEntry =>
            isRecord(entry) &&
            typeof entry.name === "string" &&
            isCount(entry.count, 1) &&
            Array.isArray(entry.lines),
        )
      : [];
    return [section, entries];
  });
}

/** A name the card database does not know: where the list names it, and the closest names. */
export type UnknownCard = {
  name: string;
  lines: number[];
  suggestions: string[];
  message: Message;
};

/** Each name the card database did not know, once, with every line naming it, in line order. */
export function unknownCards(
  parsed: ParsedDecklist,
  answers: Readonly<Record<string, { card: CardFacts } | { suggestions: readonly string[] }>>,
): UnknownCard[] {
  const found = new Map<string, Omit<UnknownCard, "message">>();
  const known = asRecord(answers);
  for (const [, entries] of sectionsOf(parsed)) {
    for (const entry of entries) {
      const key = entry.name.toLowerCase();
      const answer = asRecord(Object.hasOwn(known, key) ? known[key] : null);
      if (isCardFacts(answer.card)) continue;
      const lines = entry.lines.filter((line) => isCount(line, 1));
      const seen = found.get(key);
      if (seen) {
        seen.lines.push(...lines);
        continue;
      }
      const suggestions = Array.isArray(answer.suggestions)
        ? (answer.suggestions as unknown[]).filter((name) => typeof name === "string")
        : [];
      found.set(key, { name: entry.name, lines, suggestions });
    }
  }
  return [...found.values()]
    .map((card) => {
      const lines = [...new Set(card.lines)].sort((a, b) => a - b);
      const message = say("decklists.unknownCard", {
        several: lines.length > 1,
        lines,
        name: card.name,
        hasSuggestions: card.suggestions.length > 0,
        suggestions: card.suggestions,
      });
      return { ...card, lines, message };
    })
    .sort((a, b) => (a.lines[0] ?? 0) - (b.lines[0] ?? 0));
}

/** A card as a stored list keeps it: the Oracle name and the card's Oracle id. */
export type StoredCard = { count: number; name: string; oracleId: string };
export type StoredEntries = Record<DecklistSection, StoredCard[]>;

/**
 * The deck a parsed list names, each name replaced by its card (`cards` by lower-cased name as
 * typed); lines naming the same card in a section (by Oracle id) are one entry. INVALID_INPUT when a
 * name has no card: unknownCards says which.
 */
export function deckOfDecklist(
  parsed: ParsedDecklist,
  cards: Readonly<Record<string, CardFacts>>,
): RuleResult<Deck> {
  const known = asRecord(cards);
  const deck: Deck = { main: [], sideboard: [], commanders: [], companions: [] };
  for (const [section, entries] of sectionsOf(parsed)) {
    const byId = new Map<string, DeckEntry>();
    for (const entry of entries) {
      const key = entry.name.toLowerCase();
      const card = Object.hasOwn(known, key) ? known[key] : undefined;
      if (!isCardFacts(card))
        return fail("INVALID_INPUT", say("decklists.nameNotResolved", { name: entry.name }));
      const id = typeof card.oracleId === "string" ? card.oracleId : card.name;
      const same = byId.get(id);
      if (same) same.count += entry.count;
      else {
        const added = { count: entry.count, card };
        byId.set(id, added);
        deck[section].push(added);
      }
    }
  }
  return ok(deck);
}

/** The deck as stored and exported: counts, Oracle names and Oracle ids, section by section. */
export function storedEntries(deck: Deck): StoredEntries {
  const record = asRecord(deck);
  const stored = { main: [], sideboard: [], commanders: [], companions: [] } as StoredEntries;
  for (const section of SECTION_NAMES) {
    const list = record[section];
    if (!Array.isArray(list)) continue;
    for (const entry of list as unknown[]) {
      if (!isRecord(entry) || !isCount(entry.count, 1) || !isCardFacts(entry.card)) continue;
      stored[section].push({
        count: entry.count as number,
        name: entry.card.name,
        oracleId: typeof entry.card.oracleId === "string" ? entry.card.oracleId : "",
      });
    }
  }
  return stored;
}

/**
 * Checks a registered deck against the event's format (lib/rules/deck-legality.ts). DL5: in
 * Limited the pool is the list itself, main deck, sideboard and companion together (MTR 7.1).
 */
export function checkRegisteredDeck(input: {
  deckFormat: string;
  deck: Deck;
}): RuleResult<DeckCheck> {
  const { deckFormat, deck } = asRecord(input);
  const format = formatRulesFor(deckFormat);
  if (!format.ok) return format;
  if (format.value.kind !== "limited")
    return checkDeck({ format: format.value, deck: deck as Deck });
  const sections = asRecord(deck);
  const pool = ["main", "sideboard", "companions"].flatMap((section) =>
    Array.isArray(sections[section]) ? (sections[section] as DeckEntry[]) : [],
  );
  return checkDeck({ format: format.value, deck: deck as Deck, pool });
}

// ---------------------------------------------------------------------------------------
// A team's decks together (MTR 8.4 Unified Deck Construction).

/** CR 205.4a: the cards with the basic supertype, by English name: the basic lands. */
const BASIC_NAMES = new Set(
  ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"].flatMap((name) => [
    name.toLowerCase(),
    `snow-covered ${name.toLowerCase()}`,
  ]),
);

/** A team member's registered list, as the unified rule compares it. */
export type TeamList = { seat: number; member: string; entries: StoredEntries };

/**
 * MTR 8.4: in a team Constructed event (every member's deck of the event's one format) no two
 * decks of a team hold the same card, basic lands aside, sideboards included. Each list gets a
 * problem per card it shares, naming the teammate; an empty answer for a player alone, Limited
 * or Commander.
 */
export function unifiedDeckProblems(input: {
  deckFormat: string;
  teamSize: number;
  lists: readonly TeamList[];
}): { seat: number; problems: DeckProblem[] }[] {
  const { deckFormat, teamSize, lists } = asRecord(input);
  const format = formatRulesFor(deckFormat);
  const rows = Array.isArray(lists) ? (lists as unknown[]).filter(isRecord) : [];
  if (!format.ok || format.value.kind !== "constructed" || !isCount(teamSize, 2)) return [];
  const cardsOf = (entries: unknown) => {
    const sections = isRecord(entries) ? entries : {};
    const ids = new Map<string, string>();
    for (const section of ["main", "sideboard", "companions", "commanders"]) {
      const cards = Array.isArray(sections[section]) ? (sections[section] as unknown[]) : [];
      for (const card of cards.filter(isRecord))
        if (
          typeof card.oracleId === "string" &&
          typeof card.name === "string" &&
          !BASIC_NAMES.has(card.name.toLowerCase())
        )
          ids.set(card.oracleId, card.name);
    }
    return ids;
  };
  const teamLists = rows.map((row) => ({
    seat: typeof row.seat === "number" ? row.seat : -1,
    member: typeof row.member === "string" ? row.member : showValue(row.member),
    cards: cardsOf(row.entries),
  }));
  return teamLists.map((list) => ({
    seat: list.seat,
    problems: teamLists
      .filter((other) => other.seat !== list.seat)
      .flatMap((other) =>
        [...list.cards]
          .filter(([oracleId]) => other.cards.has(oracleId))
          .map(([, name]) => ({
            ...say("decks.sharedWithTeammate", { name, teammate: other.member, rule: "MTR 8.4" }),
            code: "SHARED_WITH_TEAMMATE" as const,
            rule: "MTR 8.4",
          })),
      ),
  }));
}

// ---------------------------------------------------------------------------------------
// The metagame: how many of the visible lists play each archetype.

export type MetagameShare = {
  /** The archetype as first written; "unnamed" for lists without one. */
  archetype: string;
  isUnnamed: boolean;
  count: number;
};

/** Lists per archetype (names alike but for case and spaces are one), most played first. */
export function metagameOf(archetypes: readonly string[]): MetagameShare[] {
  const shares = new Map<string, MetagameShare>();
  for (const raw of Array.isArray(archetypes) ? (archetypes as unknown[]) : []) {
    const name = typeof raw === "string" ? raw.replace(/\s+/g, " ").trim() : "";
    const key = name === "" ? "" : `=${name.toLowerCase()}`;
    const share = shares.get(key) ?? {
      archetype: name === "" ? "unnamed" : name,
      isUnnamed: name === "",
      count: 0,
    };
    share.count += 1;
    shares.set(key, share);
  }
  return [...shares.values()].sort(
    (a, b) =>
      b.count - a.count ||
      Number(a.isUnnamed) - Number(b.isUnnamed) ||
      a.archetype.localeCompare(b.archetype, "en"),
  );
}
