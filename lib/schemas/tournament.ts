import { z } from "zod";

export const TournamentIdSchema = z.string().trim().min(1, "A tournament id is required.");

export const CreateTournamentSchema = z.object({
  name: z.string().trim().min(1, "Give the tournament a name.").max(100, "Keep the name to 100 characters or fewer."),
  format: z.string().trim().max(60, "Keep the format to 60 characters or fewer.").default(""),
  // MTR 2.1: games needed to win a match (1 = best-of-one, 2 = best-of-three, 3 = best-of-five).
  gamesToWin: z.coerce.number().int().min(1, "A match needs at least one game to win.").max(3, "Best-of-five is the longest match supported.").default(2),
  roundMinutes: z.coerce.number().int().min(10, "Rounds last at least 10 minutes.").max(240, "Rounds last at most 240 minutes.").default(50),
  // 1 for individual events, 2 for Two-Headed Giant, 3 for team Constructed.
  teamSize: z.coerce.number().int().min(1).max(3).default(1),
  plannedRounds: z.preprocess(
    (value) => (value === "" || value === undefined ? undefined : value),
    z.coerce.number().int().min(1, "Plan at least one round.").max(20, "At most 20 Swiss rounds.").optional(),
  ),
});
export type CreateTournamentInput = z.infer<typeof CreateTournamentSchema>;

const optionalNumber = (schema: z.ZodType<number>) => z.preprocess((value) => (value === "" || value === undefined ? undefined : value), schema.optional());
/** An empty field means "not set" (null); a missing one (a disabled input) means "unchanged". */
const clearableNumber = (schema: z.ZodType<number>) =>
  z.preprocess((value) => (value === "" ? null : value), z.union([z.null(), schema]).optional());

/**
 * The settings form (issue 11). A field missing from the input is left as it is: the form does
 * not send the settings that can no longer change (lib/rules/settings.ts says which).
 * `expectedVersion` is the tournament's version the form was shown (its last change, in ms).
 */
export const UpdateTournamentSettingsSchema = z.object({
  tournamentId: TournamentIdSchema,
  expectedVersion: z.coerce.number({ error: "The form is missing the tournament's version: reload the page." }).int().min(0),
  name: CreateTournamentSchema.shape.name.optional(),
  format: z.string().trim().max(60, "Keep the format to 60 characters or fewer.").optional(),
  gamesToWin: optionalNumber(z.coerce.number().int().min(1, "A match needs at least one game to win.").max(3, "Best-of-five is the longest match supported.")),
  roundMinutes: optionalNumber(z.coerce.number().int().min(10, "Rounds last at least 10 minutes.").max(240, "Rounds last at most 240 minutes.")),
  plannedRounds: clearableNumber(z.coerce.number().int().min(1, "Plan at least one round.").max(20, "At most 20 Swiss rounds.")),
  percentageFloor: optionalNumber(z.coerce.number().min(0, "The floor is between 0 and 0.5.").max(0.5, "The floor is between 0 and 0.5.")),
  byeCountsInOwnPercentages: z.preprocess((value) => (value === "true" ? true : value === "false" ? false : value), z.boolean().optional()),
});
export type UpdateTournamentSettingsInput = z.infer<typeof UpdateTournamentSettingsSchema>;

/** Finishing a Swiss-only event after its last round (issue 11). */
export const FinishEventSchema = z.object({ tournamentId: TournamentIdSchema });

/** `?q=&page=` of the tournament list. */
export const TOURNAMENT_LIST_PAGE_SIZE = 20;
