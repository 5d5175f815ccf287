import { z } from "zod";

/** Form fields arrive as text: an empty field is missing, never a silent 0. */
const blankAsMissing = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const gameCount = (label: string) =>
  z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: `Enter ${label.toLowerCase()}.` })
      .int(`${label} must be a whole number.`)
      .min(0, `${label} cannot be negative.`)
      .max(9, `${label} is too large.`),
  );

const MatchVersionSchema = z.preprocess(
  blankAsMissing,
  z.coerce.number({ error: "The form is missing the match version; reload the page." }).int().min(0).max(1_000_000),
);

export const SideSchema = z.enum(["A", "B"]);

/** A result slip as players fill it in (MTR 2.1): game wins of each side and drawn games. */
export const ReportMatchResultSchema = z.object({
  matchId: z.string().trim().min(1, "Choose a match."),
  winsA: gameCount("Games won by the first player"),
  winsB: gameCount("Games won by the second player"),
  draws: z.preprocess((value) => blankAsMissing(value) ?? 0, gameCount("Drawn games")),
  // The version of the match the reporter saw: a newer stored version means a concurrent edit.
  expectedVersion: MatchVersionSchema,
  // Generated once per form submission so a retried request is not recorded twice.
  idempotencyKey: z.string().trim().min(8, "A request key is required.").max(100),
  concededBy: z.preprocess((value) => (value === "" ? undefined : value), SideSchema.optional()),
  intentionalDraw: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()).default(false),
  // Required by the rules when staff correct a confirmed result (kept in the history).
  note: z.string().trim().max(500, "Keep the reason under 500 characters.").default(""),
});
export type ReportMatchResultInput = z.infer<typeof ReportMatchResultSchema>;

export const ClearMatchResultSchema = z.object({
  matchId: z.string().trim().min(1, "Choose a match."),
  expectedVersion: MatchVersionSchema,
  note: z.string().trim().min(1, "Say why the result is cleared; it is kept in the history.").max(500),
});
export type ClearMatchResultInput = z.infer<typeof ClearMatchResultSchema>;
