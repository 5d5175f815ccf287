import "server-only";
import { render, type Names } from "@/lib/messages/render";
import { failure, type ActionResult, type ErrorCode } from "@/lib/action-result";
import type { RuleError, RuleErrorCode } from "@/lib/rules/result";

/**
 * The one table from a rule's refusal to the error a request answers with (and below, from that
 * error to its HTTP status): the same refusal answers the same way for a match, a team
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
  TEAM_NAME_TAKEN: "DUPLICATE_PLAYER",
  // A team's members are fixed once it has played.
  TEAM_FIXED: "CONFLICT",
  TOO_MANY_FROM_NETWORK: "RATE_LIMITED",
  // MTR 2.7 decklists; the one-step drop of players without a legal list comes before round 1 (MTR 2.10).
  DECKLISTS_OFF: "DECKLISTS_OFF",
  DEADLINE_PASSED: "DEADLINE_PASSED",
  DECKLIST_TOO_LONG: "DECKLIST_TOO_LONG",
  UNREADABLE_DECKLIST: "UNREADABLE_DECKLIST",
  ROUND_ONE_PAIRED: "ROUND_STARTED",
};

/** The error code a rule's refusal answers with. */
export function errorCodeOfRule(code: RuleErrorCode, fallback: ErrorCode): ErrorCode {
  return ERROR_OF_RULE[code] ?? fallback;
}

/**
 * A rule's refusal as the request's failure, its message rendered with the names the caller knows
 * (a pod's players, a match's sides); `field` names the form field it is about.
 */
export function ruleFailure<T = never>(
  error: RuleError,
  fallback: ErrorCode,
  names: Names = {},
  field?: string,
): ActionResult<T> {
  const message = render(error, names);
  const code = errorCodeOfRule(error.code, fallback);
  return failure(code, message, field === undefined ? undefined : { [field]: [message] });
}

/** Every error code's HTTP status, for every route: the API, the legacy result route and the socket answers. */
const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  INVALID_RESULT: 422,
  NOT_FOUND: 404,
  DUPLICATE_PLAYER: 409,
  DUPLICATE: 409,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  CONFLICT: 409,
  MATCH_CONFIRMED: 409,
  DISPUTED: 409,
  ROUND_NOT_COMPLETE: 409,
  NOT_ENOUGH_PLAYERS: 409,
  REGISTRATION_CLOSED: 409,
  ROUND_STARTED: 409,
  PLAYOFF_NOT_READY: 409,
  EVENT_COMPLETE: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  METHOD_NOT_ALLOWED: 405,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_USE: 409,
  UNAVAILABLE: 503,
  DISK_FULL: 507,
  IMPORT_RUNNING: 409,
  CARD_FILE_INVALID: 422,
  DOWNLOAD_FAILED: 502,
  CANCELLED: 409,
  DECKLISTS_OFF: 409,
  DEADLINE_PASSED: 409,
  UNKNOWN_CARDS: 422,
  DECKLIST_TOO_LONG: 413,
  UNREADABLE_DECKLIST: 422,
  NO_CARD_DATABASE: 409,
  INTERNAL: 500,
};

export function httpStatusFor(code: ErrorCode): number {
  return STATUS[code];
}
