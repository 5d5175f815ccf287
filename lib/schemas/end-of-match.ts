import { z } from "zod";
import { formNumber } from "./form-number";
import { MatchIdSchema } from "./match-result";
import { TournamentIdSchema } from "./tournament";

const checkbox = z.preprocess(
  (value) => value === "on" || value === "true" || value === true,
  z.boolean(),
);
const lifeMessage = "Enter each life total as a whole number (it may be 0 or below).";
const life = formNumber(
  z
    .number({ error: lifeMessage })
    .int(lifeMessage)
    .min(-1_000_000, lifeMessage)
    .max(1_000_000, lifeMessage),
);
const sequenceMessage = "The screen is missing its step count; reload the page.";
const expectedSequence = formNumber(
  z.number({ error: sequenceMessage }).int(sequenceMessage).min(0, sequenceMessage),
);

/**
 * One tap of the judge's end-of-match screen (MTR 2.4). `expectedSequence` is how many steps
 * the judge's screen had seen: a step taken against an older screen is a conflict, never a
 * second turn.
 */
export const RecordEndOfMatchStepSchema = z.discriminatedUnion("step", [
  z.object({
    step: z.literal("time-called"),
    tournamentId: TournamentIdSchema,
    matchId: MatchIdSchema,
    expectedSequence,
    idempotencyKey: z
      .string()
      .trim()
      .min(8, "Reload the page and try again.")
      .max(100, "Reload the page and try again."),
    gameInProgress: checkbox,
    activePlayerPassingTurn: checkbox,
    /** Whose turn it was when time was called, so the screen names the player of each turn. */
    activeSide: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z.enum(["A", "B"], { error: "Say whose turn it is." }).optional(),
    ),
    /** Why time is called before this table's clock in the app runs out (the hall's clock says so), kept in the history. */
    overrideReason: z
      .string({ error: "The reason must be text." })
      .trim()
      .max(200, "Keep the reason to 200 characters or fewer.")
      .optional(),
  }),
  z.object({
    step: z.literal("turn-ended"),
    tournamentId: TournamentIdSchema,
    matchId: MatchIdSchema,
    expectedSequence,
    idempotencyKey: z
      .string()
      .trim()
      .min(8, "Reload the page and try again.")
      .max(100, "Reload the page and try again."),
    extraTurn: checkbox,
  }),
  z.object({
    step: z.literal("life-totals"),
    tournamentId: TournamentIdSchema,
    matchId: MatchIdSchema,
    expectedSequence,
    idempotencyKey: z
      .string()
      .trim()
      .min(8, "Reload the page and try again.")
      .max(100, "Reload the page and try again."),
    lifeA: life,
    lifeB: life,
  }),
]);
export type RecordEndOfMatchStepInput = z.infer<typeof RecordEndOfMatchStepSchema>;
