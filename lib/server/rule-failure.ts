import "server-only";
import { failure, type ActionResult, type ErrorCode } from "@/lib/action-result";
import type { RuleError, RuleErrorCode } from "@/lib/rules/result";

/**
 * The one table from a rule's refusal to the error a request answers with (and so, through
 * lib/server/http.ts, its HTTP status): the same refusal answers the same way for a match, a team
 * seat and a pod. A code not listed answers with the command's own fallback, which says what kind
 * of input was refused (a result, a form field).
 */
const ERROR_OF_RULE: Partial<Record<RuleErrorCode, ErrorCode>> = {
  // MTR 2.5: a recorded result changes only by a staff correction.
  MATCH_COMPLETE: "MATCH_CONFIRMED",
  // A player's phone sent more reports than a match or pod takes.
  TOO_MANY_REPORTS: "RATE_LIMITED",
  // Someone acting on a contest they do not play in.
  NOT_IN_MATCH: "FORBIDDEN",
  // MTR 2.5: the players' reports disagree; only the settle path records anything.
  MATCH_DISPUTED: "DISPUTED",
  CORRECTION_REASON_REQUIRED: "VALIDATION",
  // MTR 2.5: what a correction would change is not there to change.
  MATCH_NOT_RECORDED: "VALIDATION",
  NOTHING_TO_CORRECT: "VALIDATION",
  RESULT_MOVED_ON: "VALIDATION",
  EVENT_COMPLETE: "EVENT_COMPLETE",
  REGISTRATION_CLOSED: "REGISTRATION_CLOSED",
  DUPLICATE_PLAYER: "DUPLICATE_PLAYER",
};

/** The error code a rule's refusal answers with. */
export function errorCodeOfRule(code: RuleErrorCode, fallback: ErrorCode): ErrorCode {
  return ERROR_OF_RULE[code] ?? fallback;
}

/** A rule's refusal as the request's failure; `words` renders ids in its message (a pod's players by name). */
export function ruleFailure<T = never>(
  error: Pick<RuleError, "code" | "message">,
  fallback: ErrorCode,
  words: (message: string) => string = (message) => message,
): ActionResult<T> {
  return failure(errorCodeOfRule(error.code, fallback), words(error.message));
}
