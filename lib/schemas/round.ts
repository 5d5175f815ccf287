import { z } from "zod";
import { TournamentIdSchema } from "./tournament";

export const RoundNumberSchema = z.coerce.number().int().min(1, "Rounds are numbered from 1.").max(100, "No event has that many rounds.");

export const PairRoundSchema = z.object({ tournamentId: TournamentIdSchema });

export const StartRoundSchema = z.object({ tournamentId: TournamentIdSchema, roundNumber: RoundNumberSchema });

/** Swap two players' seats before the round starts (either may hold the bye). */
export const SwapPlayersSchema = z.object({
  tournamentId: TournamentIdSchema,
  roundNumber: RoundNumberSchema,
  playerId: z.string().trim().min(1, "Choose the first player."),
  otherPlayerId: z.string().trim().min(1, "Choose the player to swap with."),
});
export type SwapPlayersInput = z.infer<typeof SwapPlayersSchema>;
