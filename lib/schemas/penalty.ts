import { z } from "zod";
import { scopedId } from "./ids";
import { numberFromText } from "./form-number";
import { PENALTY_KINDS } from "@/lib/rules/penalty";
import { ReportMatchResultSchema } from "./match-result";
import { TournamentIdSchema } from "./tournament";

// biome-ignore lint/suspicious/noControlCharactersInRegex: it refuses control characters
const noControl = (text: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);

/**
 * A judge's penalty on a match (IPG): the player, the infraction (one of the common
 * IPG infractions, or written out), the penalty, and the game it is for (empty: the game under
 * way or, between games, the next one). The match, version, request key and note are read as
 * for a result slip.
 */
export const RecordPenaltySchema = ReportMatchResultSchema.pick({
  matchId: true,
  expectedVersion: true,
  idempotencyKey: true,
  note: true,
}).extend({
  tournamentId: TournamentIdSchema,
  registrationId: scopedId(
    "registration",
    z
      .string({ error: "Say which player the penalty is for." })
      .trim()
      .min(1, "Say which player the penalty is for.")
      .max(100, "Say which player the penalty is for."),
  ),
  kind: z.enum(PENALTY_KINDS, {
    error: "Choose the penalty: Warning, Game Loss, Match Loss or Disqualification.",
  }),
  infraction: z
    .string({ error: "Name the infraction." })
    .trim()
    .min(1, "Name the infraction (choose one, or write it out).")
    .max(120, "Keep the infraction to 120 characters or fewer.")
    .refine(noControl, "The infraction contains characters that cannot be stored."),
  gameNumber: z.preprocess(
    (value) => numberFromText(value) ?? null,
    z
      .number({ error: "The game number must be a whole number from 1 to 9." })
      .int("The game number must be a whole number from 1 to 9.")
      .min(1, "The game number must be a whole number from 1 to 9.")
      .max(9, "The game number must be a whole number from 1 to 9.")
      .nullable(),
  ),
});
export type RecordPenaltyInput = z.infer<typeof RecordPenaltySchema>;
