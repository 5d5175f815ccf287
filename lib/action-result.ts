import type { Result } from "@/lib/rules/result";

/**
 * The one result shape every server action, data-layer write and API route returns.
 * Expected failures carry a code the UI can act on and a sentence it can show.
 */
export type ErrorCode =
  | "VALIDATION"
  | "NOT_FOUND"
  | "DUPLICATE_PLAYER"
  | "DUPLICATE"
  // Who acts: not signed in; signed in but their role does not allow it; too many attempts.
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "RATE_LIMITED"
  | "CONFLICT"
  | "MATCH_CONFIRMED"
  // The players' reports disagree: only the settle path may record a result.
  | "DISPUTED"
  | "INVALID_RESULT"
  | "ROUND_NOT_COMPLETE"
  | "NOT_ENOUGH_PLAYERS"
  | "REGISTRATION_CLOSED"
  | "ROUND_STARTED"
  | "PLAYOFF_NOT_READY"
  | "EVENT_COMPLETE"
  // HTTP API only: the request itself, before any field is read.
  | "UNSUPPORTED_MEDIA_TYPE"
  | "PAYLOAD_TOO_LARGE"
  | "METHOD_NOT_ALLOWED"
  // An Idempotency-Key already used for a different request; or its first request is still running.
  | "IDEMPOTENCY_KEY_REUSED"
  | "IDEMPOTENCY_KEY_IN_USE"
  // The database was unreachable, restarting or too busy: nothing happened; send it again.
  | "UNAVAILABLE"
  // The database's disk is full: nothing was saved, and nothing will be until someone frees space.
  | "DISK_FULL"
  // The card database: another import is running; the card file is not Scryfall's card JSON;
  // Scryfall could not be reached or answered something else; the import was stopped.
  | "IMPORT_RUNNING"
  | "CARD_FILE_INVALID"
  | "DOWNLOAD_FAILED"
  | "CANCELLED"
  // Decklists (MTR 2.7): the event takes none; a player's list is final (staff can still change it);
  // names no card has (each with its line and the closest names); a paste longer than any decklist;
  // lines that are not "count name"; no card database to check a list against yet.
  | "DECKLISTS_OFF"
  | "DEADLINE_PASSED"
  | "UNKNOWN_CARDS"
  | "DECKLIST_TOO_LONG"
  | "UNREADABLE_DECKLIST"
  | "NO_CARD_DATABASE"
  | "INTERNAL";

export type ActionError = {
  code: ErrorCode;
  message: string;
  fieldErrors?: Record<string, string[]>;
  /** With UNAVAILABLE: when to send the same request again (HTTP Retry-After). */
  retryAfterSeconds?: number;
  /** UNKNOWN_CARDS: each name the card database does not know, with its lines and the closest names. */
  unknownCards?: { name: string; lines: number[]; suggestions: string[]; message: string }[];
  /** UNREADABLE_DECKLIST: every line that could not be read. */
  lineProblems?: { line: number; text: string; message: string }[];
};

export type ActionResult<T> = Result<T, ActionError>;

export function success<T>(data: T): ActionResult<T> {
  return { ok: true, value: data };
}

export function failure<T = never>(
  code: ErrorCode,
  message: string,
  fieldErrors?: Record<string, string[]>,
): ActionResult<T> {
  return { ok: false, error: fieldErrors ? { code, message, fieldErrors } : { code, message } };
}

/** The database's disk is full: the write was refused whole; staff must get the operator to free space. */
export function diskFull<T = never>(): ActionResult<T> {
  return failure(
    "DISK_FULL",
    "The server's disk is full, so nothing was saved. Tell the organizer or whoever runs the server: they must free space on its disk, then you can enter this again.",
  );
}

/** The database could not take the request now; the same request may be sent again as it is. */
export function unavailable<T = never>(retryAfterSeconds = 2): ActionResult<T> {
  return {
    ok: false,
    error: {
      code: "UNAVAILABLE",
      message: `The server is busy or its database is restarting. Try again in ${retryAfterSeconds} seconds: what you entered is kept, and a result sent twice is recorded once.`,
      retryAfterSeconds,
    },
  };
}

/** The one error body of every HTTP answer, the older routes and /api/v1 alike. */
export function errorBody({ code, message, fieldErrors, unknownCards, lineProblems }: ActionError) {
  return {
    error: {
      code,
      message,
      ...(fieldErrors ? { fields: fieldErrors } : {}),
      ...(unknownCards ? { unknownCards } : {}),
      ...(lineProblems ? { lineProblems } : {}),
    },
  };
}
