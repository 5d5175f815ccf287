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
