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
  return typeof name === "string" ? name.normalize("NFC").replace(/\p{Cf}/gu, "").replace(/\s+/gu, " ").trim() : "";
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

/**
 * A pasted list of names, one per line, read against the names already registered: each line is
 * a name to register, or says why it is skipped (empty, too long, twice in the list, already
 * registered). Blank lines at the very start and end are left out.
 */
export function readRegistrationList(text: string, registeredNames: readonly string[]): RuleResult<ListLine[]> {
  if (typeof text !== "string") return fail("INVALID_INPUT", `The list must be text, not ${showValue(text)}.`);
  const registered = new Set((Array.isArray(registeredNames) ? registeredNames : []).map(nameKey));
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  while (lines.length > 0 && cleanName(lines.at(-1)!) === "") lines.pop();
  let first = 0;
  while (first < lines.length && cleanName(lines[first]!) === "") first++;
  if (lines.length - first > MAX_LIST_LINES) return fail("INVALID_INPUT", `Paste at most ${MAX_LIST_LINES} names at a time (this list has ${lines.length - first} lines).`);
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
 * (recorded 0-2 each, the late-entry setting; docs/rules.md "Late entries").
 */
export function lateEntryNote(firstRound: number, lossGames: number = DEFAULT_STANDINGS_SETTINGS.lateEntryLossGames): string | null {
  if (!isCount(firstRound, 1) || firstRound === 1) return null;
  const missed = firstRound - 1;
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
