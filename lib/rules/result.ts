// The shared vocabulary of the rules engine: sides, typed results and typed errors.
//
// Every public function in lib/rules is total: it returns either a value or a RuleError
// that names what is impossible, as a message key the edge renders from lib/messages. Nothing throws, for
// any input at all — including input that does not match the TypeScript types, as arrives
// from JSON, a form or a database row (totality.test.ts feeds every export garbage).

/** The two sides of a pairing. A is the first-listed player (or team) of the pairing. */
export type Side = "A" | "B";

export const SIDES = ["A", "B"] as const satisfies readonly Side[];

export function otherSide(side: Side): Side {
  return side === "A" ? "B" : "A";
}

/** A value per side, e.g. match points { A: 3, B: 0 }. */
export type PerSide<T> = { A: T; B: T };

export const RULE_ERROR_CODES = [
  // input that is not what the function takes: not an object, a missing side, slip or
  // member, a flag that is not true/false, a side that is not "A" or "B"
  "INVALID_INPUT",
  // an event whose type this engine does not know (match facts, end-of-match procedure)
  "UNKNOWN_EVENT",
  // numbers and settings
  "INVALID_NUMBER",
  "INVALID_FORMAT",
  "INVALID_SETTING",
  // a single game (CR 104)
  "CONFLICTING_FACTS",
  "NO_GAME_RESULT",
  "LIFE_TOTALS_EQUAL",
  "LIFE_TOTALS_MISSING",
  "INVALID_TEAM",
  // a match (MTR 2.1, 2.5)
  "TOO_MANY_GAME_WINS",
  "GAME_AFTER_MATCH_DECIDED",
  "MATCH_ALREADY_DECIDED",
  "DRAW_IN_SINGLE_ELIMINATION",
  // MTR 2.10: the event is over; there is nothing left to drop from.
  "EVENT_COMPLETE",
  // MTR 2.10: a playoff match's loser is out and its winner plays on, so neither drops with the result.
  "DROP_IN_SINGLE_ELIMINATION",
  "CONCESSION_CONFLICT",
  "REPORTS_DISAGREE",
  "MATCH_DISPUTED",
  "MATCH_NOT_DECIDED",
  "NOTHING_TO_CORRECT",
  "NOT_STARTING_PLAYER",
  // MTR 2.2: game 1 restarted before it was recorded, and who won the die roll was not said
  "DIE_ROLL_WINNER_MISSING",
  // MTR 2.5: a result others were already built on (the cut seeded, the next pod seated) no longer changes
  "RESULT_MOVED_ON",
  "TOO_MANY_REPORTS",
  "MATCH_COMPLETE",
  "CORRECTION_REASON_REQUIRED",
  "SLIP_CONTRADICTS_GAMES",
  // a recorded game a judge may not take back (a penalty's game, one time was called after, …)
  "GAME_NOT_REMOVABLE",
  // MTR 2.1 allows any number of drawn games, but more than one is questioned before it is saved
  "UNUSUAL_DRAWS",
  // a quick-entry slip that ends a match before anyone won it ("1 0-0" in best-of-three), confirmed with "!"
  "UNUSUAL_SLIP",
  // a quick-entry line ("12 2-1") that cannot be read
  "UNREADABLE_ENTRY",
  // play/draw (MTR 2.2)
  "NO_HIGHER_RANKED_PLAYER",
  // end of match (MTR 2.4, 2.6)
  "GAME_STARTED_AFTER_TIME",
  "TIME_ALREADY_CALLED",
  "TIME_NOT_CALLED",
  "GAME_IN_PROGRESS",
  "NO_GAME_IN_PROGRESS",
  "NOT_AWAITING_LIFE_TOTALS",
  "ADDITIONAL_TURNS_OVER",
  "GAME_CONTRADICTS_END_OF_MATCH",
  "TIME_NOT_REACHED",
  // standings (MTR 3.1, Appendix C)
  "SAME_PLAYER_BOTH_SIDES",
  "UNKNOWN_PLAYER",
  "DUPLICATE_PLAYER",
  "PLAYER_PAIRED_TWICE",
  "MATCH_AFTER_DROP",
  "MATCH_BEFORE_ENTRY",
  "DROP_BEFORE_ENTRY",
  // MTR 2.10: undoing a drop — the player has not dropped, or a round was paired without them
  "NOT_DROPPED",
  "DROP_NOT_UNDOABLE",
  // an entry is removed only before round 1 is paired; afterwards the player drops
  "ENTRY_NOT_REMOVABLE",
  // registering from a phone and checking in, before round 1 (MTR 1.6: the organizer's logistics)
  "REGISTRATION_CLOSED",
  "CHECK_IN_CLOSED",
  "NOBODY_CHECKED_IN",
  // registering from a phone: no link from the venue's check-in screen, one it never showed or one
  // too old; the event's limit on registrations from phones reached; too many from one network
  "REGISTRATION_LINK_MISSING",
  "REGISTRATION_LINK_INVALID",
  "REGISTRATION_LINK_EXPIRED",
  "PHONE_REGISTRATIONS_FULL",
  "TOO_MANY_FROM_NETWORK",
  // penalties (IPG 1.2, CR 104.3k)
  "UNKNOWN_PENALTY",
  "BYE",
  "NOT_IN_MATCH",
  "GAME_NUMBER",
  "SLIP_ONLY",
  // multiplayer pods (CR 104 multiplayer, 100.6a): a pod that is not 3–5 distinct players, a player
  // who already left the game, an intentional draw not every remaining player agreed to (104.4i)
  "INVALID_POD",
  "PLAYER_ALREADY_LEFT",
  "DRAW_NOT_AGREED",
  // team events (MTR 8.2): a seat taken twice, a player already on another team of the tournament,
  // a team match counted in standings before every seat match is recorded
  "DUPLICATE_SEAT",
  "PLAYER_ON_ANOTHER_TEAM",
  "TEAM_NAME_TAKEN",
  "MATCH_NOT_RECORDED",
  "TEAM_FIXED",
  // the event's course and settings
  "NOT_NEXT_STEP",
  "SETTING_LOCKED",
  // reopening a finished event: it is not finished, or something already builds on how it ended
  "EVENT_NOT_COMPLETE",
  "EVENT_NOT_REOPENABLE",
  // a pasted decklist: longer than any real one, or lines that are not "count name"
  "DECKLIST_TOO_LONG",
  "UNREADABLE_DECKLIST",
  // deck checks (MTR 2.8): more tables asked for than can be checked, a problem recorded without
  // saying what was found, a penalty asked of a check that passed
  "NOT_ENOUGH_TABLES",
  "DECK_CHECK_NOTE_REQUIRED",
  "NO_INFRACTION",
  // MTR 2.7: the event takes no decklists; a player's list is final (the deadline passed, or round 1
  // is paired without one); the step that drops players without a legal list comes before round 1 only
  "DECKLISTS_OFF",
  "DEADLINE_PASSED",
  "ROUND_ONE_PAIRED",
  "NO_SUCH_SEAT",
  "TOO_MANY_CHANGES",
] as const;

export type RuleErrorCode = (typeof RULE_ERROR_CODES)[number];

/** What a message names: text, a number, a player by id, a side of a match, or another message. */
export type MessageValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | { player: string }
  | { side: Side }
  | Message
  | readonly MessageValue[];

/** A sentence by its key in the message catalogue (lib/messages), with the values it names. */
export type Message = { key: string; values?: Readonly<Record<string, MessageValue>> };

export function say(key: string, values?: Record<string, MessageValue>): Message {
  return values === undefined ? { key } : { key, values };
}

/** Player A or player B, rendered with the player's name where the edge knows it. */
export function sideOf(side: Side): { side: Side } {
  return { side };
}

/** A player by registration id, rendered with their name where the edge knows it. */
export function playerOf(id: string): { player: string } {
  return { player: id };
}

/** An impossible input: a code for programs, a message for people, and the rule that decides it. */
export type RuleError = Message & {
  code: RuleErrorCode;
  /** The rule that makes the input impossible, e.g. "MTR 2.1" or "104.3a". */
  rule?: string;
};

/** The one result shape of the code base: rules, pairings, the data layer and every action. */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export type RuleResult<T> = Result<T, RuleError>;

export function ok<T>(value: T): RuleResult<T> {
  return { ok: true, value };
}

export function fail(
  code: RuleErrorCode,
  message: Message,
  rule?: string,
): { ok: false; error: RuleError } {
  const error: RuleError = { code, ...message };
  return rule === undefined ? { ok: false, error } : { ok: false, error: { ...error, rule } };
}

/** The same failure under another code or rule, its message kept. */
export function refail(
  error: RuleError,
  code?: RuleErrorCode,
  rule?: string,
): { ok: false; error: RuleError } {
  if (!isMessage(error)) return fail("INVALID_INPUT", say("result.theInput"));
  const message = error.values === undefined ? { key: error.key } : { ...error };
  return fail(code ?? error.code, message, rule ?? error.rule);
}

/** A whole number of at least `min` (default 0). NaN, Infinity, fractions and non-numbers are not. */
export function isCount(value: unknown, min: unknown = 0): boolean {
  return Number.isSafeInteger(value) && typeof min === "number" && (value as number) >= min;
}

/**
 * Checks that each named value is a whole number of at least `min`; returns the first failure.
 * Every value is required: a missing one (undefined) is INVALID_NUMBER like any other
 * non-number. `what` names the value for the organizer, e.g. "Player A's game wins".
 */
export function checkCounts(
  values: readonly (readonly [what: Message, value: number | undefined])[],
  min = 0,
): { ok: false; error: RuleError } | null {
  if (!Array.isArray(values))
    return fail("INVALID_INPUT", say("result.valuesCheckList", { values: showValue(values) }));
  const least = typeof min === "number" && Number.isFinite(min) ? min : 0;
  for (const entry of values as unknown[]) {
    const [what, value] = Array.isArray(entry) ? (entry as unknown[]) : [undefined, entry];
    if (!isCount(value, least)) {
      return fail(
        "INVALID_NUMBER",
        say("result.wholeNumberLeast", {
          what: isMessage(what) ? what : say("result.aCount"),
          least,
          value: showValue(value),
        }),
      );
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// Guards for input that may not match its type (JSON, forms, database rows).

/** A plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The object itself, or an empty one for anything that is not an object: reading from it never throws. */
export function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** The number itself, or NaN for anything that is not a number: arithmetic on it never throws. */
export function asNumber(value: unknown): number {
  return typeof value === "number" ? value : Number.NaN;
}

export function isSide(value: unknown): value is Side {
  return value === "A" || value === "B";
}

/**
 * A short, safe rendering of any value for an error message: never throws (not for objects
 * without a prototype or with a broken toString) and never runs long.
 */
export function showValue(value: unknown): string | Message {
  switch (typeof value) {
    case "number":
    case "boolean":
    case "bigint":
    case "undefined":
      return String(value);
    case "string":
      return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
    case "symbol":
      return say("result.aSymbol");
    case "function":
      return say("result.aFunction");
    default:
      if (value === null) return "null";
      return Array.isArray(value) ? say("result.aList") : say("result.anObject");
  }
}

/** The same value as plain text for a key or a path: anything not a primitive as its JSON shape. */
export function showPlain(value: unknown): string {
  const shown = showValue(value);
  if (typeof shown === "string") return shown;
  if (typeof value === "symbol" || typeof value === "function") return typeof value;
  return Array.isArray(value) ? "[…]" : "{…}";
}

/**
 * A value that must be a record: null when it is one, otherwise INVALID_INPUT naming `what`
 * ("Side A's facts", "The result slip").
 */
export function checkRecord(what: Message, value: unknown): { ok: false; error: RuleError } | null {
  return isRecord(value)
    ? null
    : fail(
        "INVALID_INPUT",
        say("result.givenObject", { what: label(what), value: showValue(value) }),
      );
}

function label(what: unknown): Message {
  return isMessage(what) ? what : say("result.theInput");
}

/** A message (a catalogue key with its values), as opposed to any other value. */
export function isMessage(value: unknown): value is Message {
  return isRecord(value) && typeof value.key === "string";
}

/** Optional yes/no facts: each must be true, false or absent (undefined or null, as a database row has it). */
export function checkFlags(
  what: Message,
  record: Record<string, unknown>,
  keys: readonly string[],
): { ok: false; error: RuleError } | null {
  const r = asRecord(record);
  for (const key of Array.isArray(keys) ? keys : []) {
    if (typeof key !== "string") continue;
    const v = r[key];
    if (v !== undefined && v !== null && typeof v !== "boolean") {
      return fail(
        "INVALID_INPUT",
        say("result.trueFalse", { what: label(what), key, value: showValue(v) }),
      );
    }
  }
  return null;
}
