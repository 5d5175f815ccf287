import { z } from "zod";
import { scopedId } from "./ids";
import { numberFromText } from "./form-number";
import { TournamentIdSchema } from "./tournament";

// Two readers of the same result slip: the staff form (every field arrives as text, unknown
// fields such as tournamentId are ignored) and the JSON API (numbers must be JSON numbers,
// unknown fields are refused). Both say in a sentence which field is wrong and why, never the
// library's wording; the API names the field by its JSON key so a client can find it.

/** Control characters other than tab and line breaks: PostgreSQL refuses NUL, and none belong in a result. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: it refuses control characters
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Ids are made by the database (cuid); anything else cannot name a match. */
export const MATCH_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const MatchIdSchema = scopedId(
  "match",
  z
    .string({ error: "Choose a match." })
    .trim()
    .min(1, "Choose a match.")
    .regex(MATCH_ID_PATTERN, "That match does not exist."),
);

export const SideSchema = z.enum(["A", "B"]);

/** Games won or drawn (MTR 2.1): a whole number from 0 to 9. */
const gameCount = (name: string, missing: string) => {
  const invalid = `${name} must be a whole number from 0 to 9.`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? missing : invalid) })
    .int(invalid)
    .min(0, invalid)
    .max(9, invalid);
};

const MAX_MATCH_VERSION = 1_000_000;
/** The version of the match the reporter saw: a newer stored version means a concurrent edit. */
const matchVersion = (name: string, missing: string) => {
  const invalid = `${name} is not a valid match version (a whole number from 0 to ${MAX_MATCH_VERSION.toLocaleString("en")}); reload the match and try again.`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? missing : invalid) })
    .int(invalid)
    .min(0, invalid)
    .max(MAX_MATCH_VERSION, invalid);
};

/** Generated once per form submission so a retried request is not recorded twice. */
const requestKey = (name: string, missing: string) => {
  const invalid = `${name} must be 8 to 100 characters without control characters.`;
  return (
    z
      .string({ error: (issue) => (issue.input === undefined ? missing : invalid) })
      .trim()
      .min(8, invalid)
      .max(100, invalid)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: it refuses control characters
      .refine((key) => !/[\u0000-\u001f\u007f]/.test(key), invalid)
  );
};

const conceded = (name: string) =>
  z.enum(["A", "B"], {
    error: `${name} must be "A" or "B" (the side that conceded), or left out.`,
  });

/** Required by the rules when staff correct a confirmed result (kept in the history). */
const reason = (messages: { notText: string; tooLong: string; control: string }) =>
  z
    .string({ error: messages.notText })
    .trim()
    .max(500, messages.tooLong)
    .refine((text) => !CONTROL_CHARACTERS.test(text), messages.control);

const FORM_REASON = {
  notText: "The reason must be text.",
  tooLong: "Keep the reason to 500 characters or fewer.",
  control: "The reason cannot contain control characters.",
};

/** A result slip as players fill it in (MTR 2.1): game wins of each side and drawn games. */
export const ReportMatchResultSchema = z.object({
  matchId: MatchIdSchema,
  winsA: z.preprocess(
    numberFromText,
    gameCount("Games won by the first player", "Enter the games won by the first player."),
  ),
  winsB: z.preprocess(
    numberFromText,
    gameCount("Games won by the second player", "Enter the games won by the second player."),
  ),
  draws: z.preprocess(
    (value) => numberFromText(value) ?? 0,
    gameCount("Drawn games", "Enter the drawn games."),
  ),
  expectedVersion: z.preprocess(
    numberFromText,
    matchVersion(
      "The form's match version",
      "The form is missing the match version; reload the page.",
    ),
  ),
  idempotencyKey: requestKey(
    "The form's request key",
    "The form is missing its request key; reload the page.",
  ),
  concededBy: z.preprocess(
    (value) => (value === "" ? undefined : value),
    conceded("Who conceded").optional(),
  ),
  intentionalDraw: z
    .preprocess((value) => value === "on" || value === "true" || value === true, z.boolean())
    .default(false),
  /** Ruling F (MTR 2.1): the reporter has checked a slip with two or more drawn games. */
  confirmUnusual: z
    .preprocess((value) => value === "on" || value === "true" || value === true, z.boolean())
    .optional(),
  note: reason(FORM_REASON).default(""),
});
export type ReportMatchResultInput = z.infer<typeof ReportMatchResultSchema>;

/** The JSON API's fields, in the order its messages list them. */
export const REPORT_MATCH_RESULT_JSON_FIELDS = [
  "winsA",
  "winsB",
  "draws",
  "expectedVersion",
  "idempotencyKey",
  "concededBy",
  "intentionalDraw",
  "confirmUnusual",
  "note",
] as const;

function unknownFieldMessage(keys: readonly PropertyKey[]): string {
  const [first] = keys;
  return `${JSON.stringify(String(first))} is not a field of a match result; send only ${REPORT_MATCH_RESULT_JSON_FIELDS.join(", ")} (the match is named in the address).`;
}

/**
 * The body of POST /api/matches/[id]/result: a JSON object whose numbers are JSON numbers
 * (not strings), with no fields besides these (a typo must not be silently ignored). The
 * match comes from the address, so matchId is not a body field.
 */
export const ReportMatchResultJsonSchema = z.strictObject(
  {
    winsA: gameCount(
      "winsA (games won by the first player)",
      "winsA (games won by the first player) is missing.",
    ),
    winsB: gameCount(
      "winsB (games won by the second player)",
      "winsB (games won by the second player) is missing.",
    ),
    draws: gameCount("draws (drawn games)", "draws (drawn games) is missing.").default(0),
    expectedVersion: matchVersion(
      "expectedVersion",
      "expectedVersion (the match version you last read) is missing.",
    ),
    idempotencyKey: requestKey(
      "idempotencyKey",
      "idempotencyKey (a key unique to this submission) is missing.",
    ),
    concededBy: conceded("concededBy").optional(),
    intentionalDraw: z
      .boolean({ error: "intentionalDraw must be true or false, or left out." })
      .default(false),
    confirmUnusual: z
      .boolean({ error: "confirmUnusual must be true or false, or left out." })
      .optional(),
    note: reason({
      notText: "note must be text, or left out.",
      tooLong: "Keep the note to 500 characters or fewer.",
      control: "note cannot contain control characters.",
    }).default(""),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? unknownFieldMessage(issue.keys) : undefined,
  },
);

export const ClearMatchResultSchema = z.object({
  matchId: MatchIdSchema,
  expectedVersion: z.preprocess(
    numberFromText,
    matchVersion(
      "The form's match version",
      "The form is missing the match version; reload the page.",
    ),
  ),
  note: reason({
    ...FORM_REASON,
    notText: "Say why the result is cleared; it is kept in the history.",
  }).pipe(z.string().min(1, "Say why the result is cleared; it is kept in the history.")),
});
export type ClearMatchResultInput = z.infer<typeof ClearMatchResultSchema>;

/** MTR 2.5: staff record the result the match's facts decided (one tap), so the players can no longer concede or draw. */
export const RecordDecidedResultSchema = ReportMatchResultSchema.pick({
  matchId: true,
  expectedVersion: true,
  idempotencyKey: true,
});
export type RecordDecidedResultInput = z.infer<typeof RecordDecidedResultSchema>;

/** Every decided match of one round recorded at once. */
export const RecordDecidedResultsOfRoundSchema = z.object({
  tournamentId: TournamentIdSchema,
  roundNumber: z.preprocess(
    numberFromText,
    z
      .number({ error: "Choose a round." })
      .int("Choose a round.")
      .min(1, "Choose a round.")
      .max(1000, "Choose a round."),
  ),
});
export type RecordDecidedResultsOfRoundInput = z.infer<typeof RecordDecidedResultsOfRoundSchema>;
