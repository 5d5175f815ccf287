import { z } from "zod";
import { formNumber } from "./form-number";
import { TIME_EXTENSION_MINUTES } from "@/lib/rules/round-clock";
import { MatchIdSchema } from "./match-result";
import { TournamentIdSchema } from "./tournament";

const { min, max } = TIME_EXTENSION_MINUTES;
const minutesMessage = `Give the extension in whole minutes, from ${min} to ${max}.`;

/** MTR 2.6: a judge gives one match extra time (a long ruling, a deck check), with the reason. */
export const AddTimeExtensionSchema = z.object({
  tournamentId: TournamentIdSchema,
  matchId: MatchIdSchema,
  minutes: formNumber(
    z
      .number({ error: minutesMessage })
      .int(minutesMessage)
      .min(min, minutesMessage)
      .max(max, minutesMessage),
  ),
  reason: z
    .string({ error: "Say why the match gets more time (for example: deck check)." })
    .trim()
    .min(1, "Say why the match gets more time (for example: deck check).")
    .max(200, "Keep the reason to 200 characters or fewer.")
    .refine(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: it refuses control characters
      (text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text),
      "The reason contains characters that cannot be stored.",
    ),
  /** MTR 2.6: how many extensions the table had when the form was opened; another judge's since is refused as stale. */
  extensionsSeen: formNumber(
    z
      .number({ error: "Reload the page and give the time again." })
      .int("Reload the page and give the time again.")
      .min(0, "Reload the page and give the time again."),
  ),
  /** The judge read that time was added meanwhile and adds theirs too (a second delay). */
  addAnyway: z
    .enum(["yes", ""], { error: "Reload the page and give the time again." })
    .optional()
    .transform((value) => value === "yes"),
  /** Generated once per form: a retried submission is recorded once. */
  idempotencyKey: z
    .string()
    .trim()
    .min(8, "Reload the page and try again.")
    .max(100, "Reload the page and try again."),
});
export type AddTimeExtensionInput = z.infer<typeof AddTimeExtensionSchema>;
