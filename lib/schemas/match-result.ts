import { z } from "zod";

const gameCount = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} cannot be negative.`)
    .max(9, `${label} is too large.`);

export const SideSchema = z.enum(["A", "B"]);

/** A result slip as players fill it in (MTR 2.1): game wins of each side and drawn games. */
export const ReportMatchResultSchema = z.object({
  matchId: z.string().trim().min(1, "Choose a match."),
  winsA: gameCount("Games won by the first player"),
  winsB: gameCount("Games won by the second player"),
  draws: gameCount("Drawn games").default(0),
  // The version of the match the reporter saw: a newer stored version means a concurrent edit.
  expectedVersion: z.coerce.number().int().min(0),
  // Generated once per form submission so a retried request is not recorded twice.
  idempotencyKey: z.string().trim().min(8, "A request key is required.").max(100),
  concededBy: z.preprocess((value) => (value === "" ? undefined : value), SideSchema.optional()),
  intentionalDraw: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()).default(false),
  note: z.string().trim().max(500).default(""),
});
export type ReportMatchResultInput = z.infer<typeof ReportMatchResultSchema>;
