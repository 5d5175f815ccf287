import { z } from "zod";
import { scopedId } from "./ids";
import { formNumber, numberFromText } from "./form-number";
import { DECK_CHECK_NOTE_MAX, DECK_CHECK_OUTCOMES } from "@/lib/rules/deck-checks";
import { PENALTY_KINDS } from "@/lib/rules/penalty";
import { MatchIdSchema } from "./match-result";
import { RecordPenaltySchema } from "./penalty";
import { PodIdSchema } from "./pod";
import { RoundNumberSchema } from "./round";
import { TournamentIdSchema } from "./tournament";

// biome-ignore lint/suspicious/noControlCharactersInRegex: it refuses control characters
const storable = (text: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);

const countMessage = "Ask for 1 to 50 tables.";

const IdempotencyKeySchema = z
  .string({ error: "Reload the page and try again." })
  .trim()
  .min(8, "Reload the page and try again.")
  .max(100, "Reload the page and try again.")
  .refine(storable, "Reload the page and try again.");

export const DeckCheckIdSchema = scopedId(
  "deckCheck",
  z
    .string({ error: "Choose a deck check." })
    .trim()
    .min(1, "Choose a deck check.")
    .max(100, "That is not a deck check."),
);

const note = z
  .string({ error: "The note must be text." })
  .trim()
  .max(DECK_CHECK_NOTE_MAX, `Keep the note to ${DECK_CHECK_NOTE_MAX} characters or fewer.`)
  .refine(storable, "The note contains characters that cannot be stored.")
  .optional()
  .default("");

/** MTR 2.8: a judge asks for some tables of a round to check, chosen at random; nothing is saved. */
export const ChooseDeckCheckTablesSchema = z.object({
  tournamentId: TournamentIdSchema,
  roundNumber: RoundNumberSchema,
  count: formNumber(
    z.number({ error: countMessage }).int(countMessage).min(1, countMessage).max(50, countMessage),
  ),
});
export type ChooseDeckCheckTablesInput = z.infer<typeof ChooseDeckCheckTablesSchema>;

/**
 * A judge records one player's deck check at a match or, in a pod event, a pod (the data layer
 * refuses naming neither or both): what was found, a note, and the earlier record it corrects.
 */
export const RecordDeckCheckSchema = z.object({
  tournamentId: TournamentIdSchema,
  matchId: MatchIdSchema.optional(),
  podId: PodIdSchema.optional(),
  registrationId: scopedId(
    "registration",
    z
      .string({ error: "Say whose deck was checked." })
      .trim()
      .min(1, "Say whose deck was checked.")
      .max(100, "Say whose deck was checked."),
  ),
  outcome: z.enum(DECK_CHECK_OUTCOMES, {
    error: "Choose what the check found: passed, a Decklist Problem or a Deck Problem.",
  }),
  note,
  /** The version of the player's decklist the deck was counted against, when the page knows it. */
  decklistVersion: z.preprocess(
    numberFromText,
    z
      .number({ error: "The decklist version must be a whole number." })
      .int("The decklist version must be a whole number.")
      .min(1, "The decklist version must be a whole number.")
      .max(1_000_000, "The decklist version must be a whole number.")
      .optional(),
  ),
  replacesId: z.preprocess(
    (value) => (value === "" ? undefined : value),
    DeckCheckIdSchema.optional(),
  ),
  idempotencyKey: IdempotencyKeySchema,
});
export type RecordDeckCheckInput = z.infer<typeof RecordDeckCheckSchema>;

/**
 * A judge goes on from a check's problem to a penalty (IPG 3.4, 3.5): the infraction is the
 * check's; the penalty is its usual one unless the judge chose another. The match version, game,
 * note and key are read as for any penalty.
 */
export const PenaltyFromDeckCheckSchema = RecordPenaltySchema.pick({
  tournamentId: true,
  expectedVersion: true,
  idempotencyKey: true,
  note: true,
  gameNumber: true,
}).extend({
  deckCheckId: DeckCheckIdSchema,
  kind: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .enum(PENALTY_KINDS, {
        error: "Choose the penalty: Warning, Game Loss, Match Loss or Disqualification.",
      })
      .optional(),
  ),
});
export type PenaltyFromDeckCheckInput = z.infer<typeof PenaltyFromDeckCheckSchema>;
