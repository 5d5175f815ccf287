import { z } from "zod";
import { formNumber } from "./form-number";
import { TournamentIdSchema } from "./tournament";

export const StartPlayoffSchema = z.object({
  tournamentId: TournamentIdSchema,
  // A bracket is a top 4, 8 or 16; a pod event's cut a top 4, 10 or 16 (lib/pairings/pod-bracket.ts).
  cutSize: formNumber(
    z.union([z.literal(4), z.literal(8), z.literal(10), z.literal(16)], {
      error: "The cut is a top 4, 8 or 16 (a pod event: 4, 10 or 16).",
    }),
  ),
  // MTR 2.1: the playoff is its own portion of the event with its own games to win.
  gamesToWin: formNumber(
    z
      .number({ error: "Choose the games needed to win a playoff match." })
      .int()
      .min(1)
      .max(3, "Best-of-five is the longest match supported.")
      .default(2),
  ),
});
export type StartPlayoffInput = z.infer<typeof StartPlayoffSchema>;
