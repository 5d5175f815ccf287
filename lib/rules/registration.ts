// Registration: how an entrant's name is written and compared, reading a pasted list of names,
// the order players are listed in, what a late entry is told, and when an entry may be removed.

import { mtr } from "./edition";
import { DEFAULT_STANDINGS_SETTINGS } from "./standings";
import { type RuleError, type RuleResult, fail, isCount, ok, showValue } from "./result";

export const MAX_NAME_LENGTH = 80;
/** A pasted list is read a line at a time; a venue's whole field fits easily. */
export const MAX_LIST_LINES = 1000;

/**
 * Invisible formatting characters (zero-width space and joiners, soft hyphen, byte-order mark,
 * direction marks: Unicode category Cf) are dropped, and any run of space-like characters
 * becomes one space, so a pasted name cannot register a look-alike of someone already entered.
 */
export function cleanName(name: string): string {
  return typeof name === "string" ? name.normalize("NFC").replace(/\p{Cf}/gu, "").replace(/\s+/gu, " ").replace(/\p{Cc}/gu, "").trim() : "";
}

/** Invisible, direction-changing and control characters (Unicode Cf, Cc): a name with them could pass for another in the history. */
export const HIDDEN_CHARACTERS = /[\p{Cf}\p{Cc}]/u;

/** Whether a name as typed or imported holds such characters (forms and imports refuse it). */
export function hasHiddenCharacters(name: string): boolean {
  return typeof name === "string" && HIDDEN_CHARACTERS.test(name);
}

/** Two entrants may not share a name once case and spacing are ignored. */
export function nameKey(name: string): string {
  return cleanName(name).toLocaleLowerCase("en");
}

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

/** Players are listed by name as people read names (Ångström near Anders, Émile near Emma), not by character code. */
export function compareNames(a: string, b: string): number {
  const [x, y] = [typeof a === "string" ? a : "", typeof b === "string" ? b : ""];
  // Names equal to the collator (case or accents only) still get one fixed order.
  return collator.compare(x, y) || (x < y ? -1 : x > y ? 1 : 0);
}

export type ListLine =
  | { line: number; text: string; status: "valid"; name: string }
  | { line: number; text: string; status: "blank" | "duplicate" | "too-long" | "registered"; message: string };

/** A pasted list's lines (blank lines at either end dropped, numbers kept as pasted), at most MAX_LIST_LINES of them. */
export function pastedLines(text: string, what: string): RuleResult<{ lines: string[]; first: number }> {
  if (typeof text !== "string") return fail("INVALID_INPUT", `The list must be text, not ${showValue(text)}.`);
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  while (lines.length > 0 && cleanName(lines.at(-1)!) === "") lines.pop();
  let first = 0;
  while (first < lines.length && cleanName(lines[first]!) === "") first++;
  if (lines.length - first > MAX_LIST_LINES) return fail("INVALID_INPUT", `Paste at most ${MAX_LIST_LINES} ${what} at a time (this list has ${lines.length - first} lines).`);
  return ok({ lines, first });
}

/**
 * A pasted list of names, one per line, read against the names already registered: each line is
 * a name to register, or says why it is skipped (empty, too long, twice in the list, already
 * registered). Blank lines at the very start and end are left out.
 */
export function readRegistrationList(text: string, registeredNames: readonly string[]): RuleResult<ListLine[]> {
  const registered = new Set((Array.isArray(registeredNames) ? registeredNames : []).map(nameKey));
  const pasted = pastedLines(text, "names");
  if (!pasted.ok) return pasted;
  const { lines, first } = pasted.value;
  const seen = new Map<string, number>();
  const read: ListLine[] = [];
  for (let index = first; index < lines.length; index++) {
    const textLine = lines[index]!;
    const line = index + 1;
    const name = cleanName(textLine);
    const key = nameKey(name);
    if (name === "") read.push({ line, text: textLine, status: "blank", message: `Line ${line} is empty.` });
    else if (name.length > MAX_NAME_LENGTH) read.push({ line, text: textLine, status: "too-long", message: `Line ${line}: keep the name to ${MAX_NAME_LENGTH} characters or fewer (it has ${name.length}).` });
    else if (registered.has(key)) read.push({ line, text: textLine, status: "registered", message: `Line ${line}: ${name} is already registered.` });
    else if (seen.has(key)) read.push({ line, text: textLine, status: "duplicate", message: `Line ${line}: ${name} is already on line ${seen.get(key)}.` });
    else {
      seen.set(key, line);
      read.push({ line, text: textLine, status: "valid", name });
    }
  }
  return ok(read);
}

/**
 * What a late entry is told when added: the rounds already paired count as match losses
 * (recorded 0-2 each, the late-entry setting; docs/rules.md "Late entries"), or, as the organizer
 * chose, are not counted.
 */
export function lateEntryNote(firstRound: number, lossGames: number = DEFAULT_STANDINGS_SETTINGS.lateEntryLossGames, missedRoundsAsLosses = true): string | null {
  if (!isCount(firstRound, 1) || firstRound === 1) return null;
  const missed = firstRound - 1;
  if (missedRoundsAsLosses === false) return `They join in round ${firstRound}: the ${missed === 1 ? "round" : `${missed} rounds`} they missed ${missed === 1 ? "is" : "are"} not counted in their standings.`;
  const games = isCount(lossGames) ? lossGames : DEFAULT_STANDINGS_SETTINGS.lateEntryLossGames;
  return `They join in round ${firstRound}: the ${missed === 1 ? "round" : `${missed} rounds`} they missed ${missed === 1 ? "counts" : "count"} as ${missed === 1 ? "a match loss" : "match losses"} (0-${games}${missed === 1 ? "" : " each"}).`;
}

/**
 * An entry may be taken back (a typo, a duplicate, someone who never came) only before round 1
 * is paired; after that the player has taken part and leaves by dropping (MTR 2.10).
 */
export function checkEntryRemoval(input: { roundsPaired: number; name: string }): { ok: false; error: RuleError } | null {
  if (typeof input !== "object" || input === null || !isCount(input.roundsPaired)) return fail("INVALID_INPUT", "How many rounds are paired must be a whole number.");
  if (input.roundsPaired === 0) return null;
  return fail("ENTRY_NOT_REMOVABLE", `Round 1 is paired, so ${typeof input.name === "string" ? input.name : "the player"} has taken part: drop them instead (${mtr("dropping")}); they keep their results.`, mtr("dropping"));
}

// ---- Registering from a phone, the waitlist and check-in, before round 1 ---------------------
//
// No Magic Tournament Rules section sets caps, waitlists or check-in: they are the organizer's
// logistics (MTR 1.6 Tournament Organizer). The rules below are this app's policy, said to the
// player in plain words; dropping a no-show is a drop like any other (MTR 2.10).

/** The most players a cap may name: far beyond any venue, small enough to stay a sane number. */
export const MAX_REGISTRATION_CAP = 4096;

export type SelfRegistrationState = {
  isOpen: boolean;
  roundsPaired: number;
  isEventComplete: boolean;
  /** Entrants in the event who have not dropped. */
  activePlayers: number;
  /** The organizer's cap, or null for none. */
  cap: number | null;
  /** People waiting on the waitlist (not yet promoted). */
  waitlisted: number;
};

export type Placement = { placement: "registered" } | { placement: "waitlisted"; position: number };

function hasCap(cap: unknown): cap is number {
  return isCount(cap, 1);
}

/**
 * Where someone who registers themselves goes (MTR 1.6: the organizer's policy): into the event
 * while registration is open, round 1 is not paired and a spot is free; onto the end of the
 * waitlist once the cap is reached, or while others are already waiting (first come, first served).
 */
export function placeSelfRegistration(input: SelfRegistrationState): RuleResult<Placement> {
  if (typeof input !== "object" || input === null) return fail("INVALID_INPUT", `The registration state must be a record, not ${showValue(input)}.`);
  const { roundsPaired, activePlayers, waitlisted, cap } = input;
  if (!isCount(roundsPaired) || !isCount(activePlayers) || !isCount(waitlisted) || (cap !== null && !hasCap(cap))) {
    return fail("INVALID_NUMBER", "Rounds paired, players, the waitlist and the cap must be whole numbers.");
  }
  if (input.isEventComplete === true) return fail("REGISTRATION_CLOSED", "The event is over; registration is closed.", mtr("organizer"));
  if (roundsPaired > 0) return fail("REGISTRATION_CLOSED", "Round 1 has been paired, so registering from a phone is closed. Ask the organizer at the desk to enter you late.", mtr("organizer"));
  if (input.isOpen !== true) return fail("REGISTRATION_CLOSED", "The organizer has not opened registration from phones. Ask at the desk to be registered.", mtr("organizer"));
  const isFull = cap !== null && activePlayers >= cap;
  if (!isFull && waitlisted === 0) return ok({ placement: "registered" });
  return ok({ placement: "waitlisted", position: waitlisted + 1 });
}

/**
 * How many people at the front of the waitlist get in now: as many as there are free spots
 * under the cap (all of them once the cap is lifted), and only before round 1 is paired; later
 * the organizer enters late players by hand.
 */
export function waitlistPromotions(input: { roundsPaired: number; cap: number | null; activePlayers: number; waitlisted: number }): number {
  if (typeof input !== "object" || input === null) return 0;
  const { roundsPaired, cap, activePlayers, waitlisted } = input;
  if (!isCount(roundsPaired) || roundsPaired > 0 || !isCount(activePlayers) || !isCount(waitlisted)) return 0;
  if (cap === null) return waitlisted;
  if (!hasCap(cap)) return 0;
  return Math.max(0, Math.min(waitlisted, cap - activePlayers));
}

/**
 * Whether a registered player may check in now: only before round 1 is paired (afterwards being
 * paired is what counts), and not after they were dropped (a no-show asks the organizer, who can
 * undo the drop). Checking in twice is no error: the first time stands.
 */
export function checkCheckIn(input: { roundsPaired: number; isDropped: boolean; name: string }): { ok: false; error: RuleError } | null {
  if (typeof input !== "object" || input === null || !isCount(input.roundsPaired)) return fail("INVALID_INPUT", "How many rounds are paired must be a whole number.");
  const name = typeof input.name === "string" ? input.name : "This player";
  if (input.roundsPaired > 0) return fail("CHECK_IN_CLOSED", `Round 1 has been paired: check-in is over. ${name}, look for your table on the pairings.`, mtr("organizer"));
  if (input.isDropped === true) return fail("CHECK_IN_CLOSED", `${name} was dropped before round 1. Ask the organizer at the desk: they can undo it (${mtr("dropping")}).`, mtr("dropping"));
  return null;
}

export type CheckInEntry = { id: string; isCheckedIn: boolean; isDropped: boolean };

/**
 * The no-shows: entrants still in the event who have not checked in. They are dropped in one step
 * before round 1 is paired (MTR 2.10, each with its history row), and only once check-in is in use
 * (someone has checked in): otherwise the step would drop the whole field.
 */
export function noShowsToDrop(input: { roundsPaired: number; entries: readonly CheckInEntry[] }): RuleResult<string[]> {
  if (typeof input !== "object" || input === null || !isCount(input.roundsPaired) || !Array.isArray(input.entries)) {
    return fail("INVALID_INPUT", "The no-show check needs the rounds paired and the list of entrants.");
  }
  if (input.roundsPaired > 0) return fail("CHECK_IN_CLOSED", "Round 1 has been paired: no-shows are no longer dropped in one step. Drop a player who left from their row instead.", mtr("dropping"));
  const entries = input.entries.filter((entry): entry is CheckInEntry => typeof entry === "object" && entry !== null && typeof entry.id === "string");
  const active = entries.filter((entry) => entry.isDropped !== true);
  if (!active.some((entry) => entry.isCheckedIn === true)) {
    return fail("NOBODY_CHECKED_IN", "Nobody has checked in yet, so every player would count as a no-show. Let players check in first.", mtr("organizer"));
  }
  return ok(active.filter((entry) => entry.isCheckedIn !== true).map((entry) => entry.id));
}
