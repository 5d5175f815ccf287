// The shared vocabulary of the rules engine: sides, typed results and typed errors.
//
// Every public function in lib/rules is total: it returns either a value or a RuleError
// that names what is impossible, in a sentence an organizer can read. Nothing throws for
// an input a user can type.

/** The two sides of a pairing. A is the first-listed player (or team) of the pairing. */
export type Side = "A" | "B";

export const SIDES = ["A", "B"] as const satisfies readonly Side[];

export function otherSide(side: Side): Side {
  return side === "A" ? "B" : "A";
}

/** A value per side, e.g. match points { A: 3, B: 0 }. */
export type PerSide<T> = { A: T; B: T };

export const RULE_ERROR_CODES = [
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
  "CONCESSION_CONFLICT",
  "REPORTS_DISAGREE",
  "MATCH_COMPLETE",
  "CORRECTION_REASON_REQUIRED",
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
  // standings (MTR 3.1, Appendix C)
  "SAME_PLAYER_BOTH_SIDES",
  "UNKNOWN_PLAYER",
  "DUPLICATE_PLAYER",
  "PLAYER_PAIRED_TWICE",
  "MATCH_AFTER_DROP",
  "MATCH_BEFORE_ENTRY",
] as const;

export type RuleErrorCode = (typeof RULE_ERROR_CODES)[number];

export type RuleError = {
  code: RuleErrorCode;
  /** A complete sentence fit to show an organizer. */
  message: string;
  /** The rule that makes the input impossible, e.g. "MTR 2.1" or "104.3a". */
  rule?: string;
};

export type RuleResult<T> = { ok: true; value: T } | { ok: false; error: RuleError };

export function ok<T>(value: T): RuleResult<T> {
  return { ok: true, value };
}

export function fail(code: RuleErrorCode, message: string, rule?: string): { ok: false; error: RuleError } {
  return rule === undefined ? { ok: false, error: { code, message } } : { ok: false, error: { code, message, rule } };
}

/** A whole number of at least `min` (default 0). NaN, Infinity and fractions are not. */
export function isCount(value: number, min = 0): boolean {
  return Number.isInteger(value) && value >= min;
}

/**
 * Checks that each named value is a whole number of at least `min`; returns the first failure.
 * `what` names the value for the organizer, e.g. "Player A's game wins".
 */
export function checkCounts(
  values: readonly (readonly [what: string, value: number | undefined])[],
  min = 0,
): { ok: false; error: RuleError } | null {
  for (const [what, value] of values) {
    if (value !== undefined && !isCount(value, min)) {
      return fail("INVALID_NUMBER", `${what} must be a whole number of at least ${min}, not ${String(value)}.`);
    }
  }
  return null;
}
