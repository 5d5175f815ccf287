// Deck checks (MTR 2.8 Deck Checks): which tables of a round judges check, what a check found,
// and the infraction a problem goes on to (IPG 3.4 Decklist Problem, IPG 3.5 Deck Problem, whose
// usual penalties are the penalty module's list, never repeated here). Pure: the caller hands in
// the random source.

import { mtr } from "./edition";
import { COMMON_INFRACTIONS, type PenaltyKind } from "./penalty";
import {
  checkRecord,
  fail,
  isCount,
  isRecord,
  type Message,
  ok,
  type RuleResult,
  say,
  showValue,
} from "./result";

export const DECK_CHECK_OUTCOMES = ["PASSED", "DECKLIST_PROBLEM", "DECK_PROBLEM"] as const;
export type DeckCheckOutcome = (typeof DECK_CHECK_OUTCOMES)[number];
export type DeckCheckProblem = Exclude<DeckCheckOutcome, "PASSED">;

/** The longest note a check keeps (the penalty it goes on to keeps the same note). */
export const DECK_CHECK_NOTE_MAX = 500;

export const DECK_CHECK_OUTCOME_LABELS: Readonly<Record<DeckCheckOutcome, Message>> = {
  PASSED: say("deckChecks.passed"),
  DECKLIST_PROBLEM: say("deckChecks.decklistProblem"),
  DECK_PROBLEM: say("deckChecks.deckProblem"),
};

// IPG 3.4: the list is illegal or not what the player meant to play; IPG 3.5: the deck is not the list.
const SECTION_OF_PROBLEM: Readonly<Record<DeckCheckProblem, string>> = {
  DECKLIST_PROBLEM: "IPG 3.4",
  DECK_PROBLEM: "IPG 3.5",
};

export function isDeckCheckOutcome(value: unknown): value is DeckCheckOutcome {
  return (DECK_CHECK_OUTCOMES as readonly unknown[]).includes(value);
}

export function isDeckCheckProblem(value: unknown): value is DeckCheckProblem {
  return isDeckCheckOutcome(value) && value !== "PASSED";
}

function unknownOutcome(outcome: unknown) {
  return fail(
    "INVALID_INPUT",
    say("deckChecks.unknownOutcome", {
      outcome: showValue(outcome),
      outcomes: DECK_CHECK_OUTCOMES.map((each) => DECK_CHECK_OUTCOME_LABELS[each]),
    }),
    mtr("deckChecks"),
  );
}

export type DeckCheckInfraction = { name: Message; section: string; penalty: PenaltyKind };

/** IPG 3.4 / 3.5: the infraction a problem found by a check is, with its usual penalty. */
export function deckCheckInfraction(outcome: unknown): RuleResult<DeckCheckInfraction> {
  if (!isDeckCheckOutcome(outcome)) return unknownOutcome(outcome);
  if (outcome === "PASSED")
    return fail("NO_INFRACTION", say("deckChecks.passedHasNoPenalty"), mtr("deckChecks"));
  const section = SECTION_OF_PROBLEM[outcome];
  const infraction = COMMON_INFRACTIONS.find((item) => item.section === section);
  if (!infraction) return unknownOutcome(outcome);
  return ok({ name: infraction.name, section, penalty: infraction.penalty });
}

export type DeckCheckEntry = {
  outcome: DeckCheckOutcome;
  note: string;
  /** The players at the checked table (a match's two sides, a pod's seats). */
  players: readonly string[];
  registrationId: string;
  isBye: boolean;
};

/**
 * What a judge records for one player's deck: the outcome, and for a problem what was found.
 * Errors: INVALID_INPUT (unknown outcome, note not text or too long), BYE, NOT_IN_MATCH (the player
 * is not at that table), DECK_CHECK_NOTE_REQUIRED.
 */
export function checkDeckCheckEntry(
  entry: DeckCheckEntry,
): RuleResult<{ outcome: DeckCheckOutcome; note: string }> {
  const shape = checkRecord(say("deckChecks.theCheck"), entry);
  if (shape) return shape;
  if (!isDeckCheckOutcome(entry.outcome)) return unknownOutcome(entry.outcome);
  const note = entry.note ?? "";
  if (typeof note !== "string" || note.length > DECK_CHECK_NOTE_MAX)
    return fail(
      "INVALID_INPUT",
      say("deckChecks.noteTooLong", { max: DECK_CHECK_NOTE_MAX }),
      mtr("deckChecks"),
    );
  // MTR 2.8: a check is of a deck brought to a table to play; a bye has no table and no opponent.
  if (entry.isBye === true) return fail("BYE", say("deckChecks.byeHasNoTable"), mtr("deckChecks"));
  const players = Array.isArray(entry.players) ? entry.players : [];
  if (typeof entry.registrationId !== "string" || !players.includes(entry.registrationId))
    return fail("NOT_IN_MATCH", say("deckChecks.playerNotAtTable"), mtr("deckChecks"));
  const trimmed = note.trim();
  // IPG 3.4 / 3.5: the penalty and any appeal rest on what the judge found, so a problem says it.
  if (entry.outcome !== "PASSED" && trimmed === "")
    return fail(
      "DECK_CHECK_NOTE_REQUIRED",
      say("deckChecks.sayWhatWasFound", { outcome: DECK_CHECK_OUTCOME_LABELS[entry.outcome] }),
      SECTION_OF_PROBLEM[entry.outcome],
    );
  return ok({ outcome: entry.outcome, note: trimmed });
}

/** One table of the round, as the choice sees it. */
export type DeckCheckTable = {
  tableNumber: number;
  matchOrPodId: string;
  players: readonly string[];
  /** A game or the result is recorded: the players have drawn their opening hands. */
  hasResult: boolean;
  isBye?: boolean;
};

export type PickedTable = {
  tableNumber: number;
  matchOrPodId: string;
  players: string[];
  /** Its players whose decks were checked before in this event. */
  checkedBefore: string[];
  /** Every player at it was checked before: chosen only because fewer-checked tables ran out. */
  isRecheck: boolean;
};

export type PickTablesInput = {
  tables: readonly DeckCheckTable[];
  /** Registrations whose decks were already checked in this event. */
  checkedPlayers: ReadonlySet<string> | readonly string[];
  count: number;
  /** A number in [0, 1), as Math.random gives. */
  random: () => number;
};

function isTable(value: unknown): value is DeckCheckTable {
  return (
    isRecord(value) &&
    isCount(value.tableNumber) &&
    typeof value.matchOrPodId === "string" &&
    value.matchOrPodId !== "" &&
    Array.isArray(value.players) &&
    value.players.every((player) => typeof player === "string") &&
    typeof value.hasResult === "boolean" &&
    (value.isBye === undefined || typeof value.isBye === "boolean")
  );
}

/** The tier of a table whose players were all checked before: after every other. */
const ALL_CHECKED = Number.MAX_SAFE_INTEGER;

/** An index in [0, length) from the random source; a value outside [0, 1) counts as 0. */
function randomIndex(random: () => number, length: number): number {
  const value = random();
  const unit = typeof value === "number" && value >= 0 && value < 1 ? value : 0;
  return Math.min(length - 1, Math.floor(unit * length));
}

/**
 * MTR 2.8: the tables judges check this round, chosen at random. Errors: INVALID_INPUT,
 * INVALID_NUMBER (count not a whole number of at least 1), NOT_ENOUGH_TABLES (more than can be
 * checked); `available` is how many could be.
 */
export function pickTablesForDeckCheck(
  input: PickTablesInput,
): RuleResult<{ tables: PickedTable[]; available: number }> {
  const shape = checkRecord(say("deckChecks.theChoice"), input);
  if (shape) return shape;
  const { tables, count, random } = input;
  if (typeof random !== "function")
    return fail("INVALID_INPUT", say("deckChecks.randomSourceMissing"));
  if (!isCount(count, 1))
    return fail(
      "INVALID_NUMBER",
      say("deckChecks.countAtLeastOne", { count: showValue(count) }),
      mtr("deckChecks"),
    );
  if (!Array.isArray(tables))
    return fail("INVALID_INPUT", say("deckChecks.tablesList", { value: showValue(tables) }));
  const checkedInput: unknown = input.checkedPlayers;
  const checkedList =
    checkedInput instanceof Set
      ? [...checkedInput]
      : Array.isArray(checkedInput)
        ? checkedInput
        : null;
  if (checkedList === null || !checkedList.every((id) => typeof id === "string"))
    return fail(
      "INVALID_INPUT",
      say("deckChecks.checkedPlayersList", { value: showValue(checkedInput) }),
    );
  const checked = new Set<string>(checkedList);
  const seen = new Set<string>();
  for (const [index, table] of (tables as readonly unknown[]).entries()) {
    if (!isTable(table))
      return fail("INVALID_INPUT", say("deckChecks.tableShape", { number: index + 1 }));
    if (seen.has(table.matchOrPodId))
      return fail("INVALID_INPUT", say("deckChecks.tableTwice", { number: index + 1 }));
    seen.add(table.matchOrPodId);
  }
  // MTR 2.8: no full check once opening hands are drawn, so checks are chosen before or at the
  // start of a round: a table with a game or result recorded has played, and a bye has no table.
  const eligible = (tables as readonly DeckCheckTable[]).filter(
    (table) => table.isBye !== true && table.players.length >= 2 && !table.hasResult,
  );
  if (count > eligible.length)
    return fail(
      "NOT_ENOUGH_TABLES",
      say("deckChecks.notEnoughTables", { count, available: eligible.length }),
      mtr("deckChecks"),
    );
  // MTR 2.8 (a tenth of the decks over the event): tables with fewer players already checked come
  // first, so checks spread over the field; a table all checked comes last, since re-checking is allowed.
  const tiers = new Map<number, PickedTable[]>();
  for (const table of eligible) {
    const checkedBefore = table.players.filter((player) => checked.has(player));
    const tier = checkedBefore.length === table.players.length ? ALL_CHECKED : checkedBefore.length;
    const picked: PickedTable = {
      tableNumber: table.tableNumber,
      matchOrPodId: table.matchOrPodId,
      players: [...table.players],
      checkedBefore,
      isRecheck: tier === ALL_CHECKED,
    };
    tiers.set(tier, [...(tiers.get(tier) ?? []), picked]);
  }
  const chosen: PickedTable[] = [];
  for (const tier of [...tiers.keys()].sort((a, b) => a - b)) {
    const group = tiers.get(tier) ?? [];
    while (group.length > 0 && chosen.length < count) {
      const [table] = group.splice(randomIndex(random, group.length), 1);
      if (table) chosen.push(table);
    }
  }
  chosen.sort(
    (a, b) => a.tableNumber - b.tableNumber || (a.matchOrPodId < b.matchOrPodId ? -1 : 1),
  );
  return ok({ tables: chosen, available: eligible.length });
}
