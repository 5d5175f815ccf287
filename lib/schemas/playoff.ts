import { z } from "zod";
import { formNumber } from "./form-number";
import { TournamentIdSchema } from "./tournament";

export const StartPlayoffSchema = z.object({
  tournamentId: TournamentIdSchema,
  cutSize: formNumber(z.union([z.literal(4), z.literal(8), z.literal(16)], { error: "The cut is a top 4, top 8 or top 16." })),
  // MTR 2.1: the playoff is its own portion of the event with its own games to win.
  gamesToWin: formNumber(z.number({ error: "Choose the games needed to win a playoff match." }).int().min(1).max(3, "Best-of-five is the longest match supported.").default(2)),
});
export type StartPlayoffInput = z.infer<typeof StartPlayoffSchema>;
