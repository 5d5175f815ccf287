import { z } from "zod";
import { scopedId } from "./ids";
import { formNumber } from "./form-number";
import { TournamentIdSchema } from "./tournament";

const roundMessage = "Rounds are numbered 1 to 100.";
export const RoundNumberSchema = formNumber(
  z
    .number({ error: roundMessage })
    .int(roundMessage)
    .min(1, "Rounds are numbered from 1.")
    .max(100, "No event has that many rounds."),
);

export const PairRoundSchema = z.object({ tournamentId: TournamentIdSchema });

/** The next round's exact pairings, typed or pasted from another tool (lib/rules/pasted-pairings.ts reads them). */
export const EnterPairingsSchema = z.object({
  tournamentId: TournamentIdSchema,
  pairings: z
    .string({ error: "Paste the round's pairings." })
    .max(200_000, "Paste at most 1,000 tables at a time.")
    .refine((text) => text.trim() !== "", "Paste the round's pairings, one table per line."),
});

export const StartRoundSchema = z.object({
  tournamentId: TournamentIdSchema,
  roundNumber: RoundNumberSchema,
});

/** Swap two players' seats before the round starts (either may hold the bye). */
export const SwapPlayersSchema = z.object({
  tournamentId: TournamentIdSchema,
  roundNumber: RoundNumberSchema,
  playerId: scopedId("registration", z.string().trim().min(1, "Choose the first player.")),
  otherPlayerId: scopedId(
    "registration",
    z.string().trim().min(1, "Choose the player to swap with."),
  ),
});
export type SwapPlayersInput = z.infer<typeof SwapPlayersSchema>;

/** The `[number]` of a round's address, or null when it cannot name a round (the page answers "not found"). */
export function roundNumberFromParam(text: string): number | null {
  const parsed = RoundNumberSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
}
