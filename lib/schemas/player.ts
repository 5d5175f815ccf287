import { z } from "zod";
import { TournamentIdSchema } from "./tournament";

export const PlayerNameSchema = z
  .string()
  .trim()
  .min(1, "Enter the player's name.")
  .max(80, "Keep the name under 80 characters.");

export const RegisterPlayerSchema = z.object({
  tournamentId: TournamentIdSchema,
  name: PlayerNameSchema,
});
export type RegisterPlayerInput = z.infer<typeof RegisterPlayerSchema>;

export const DropPlayerSchema = z.object({
  tournamentId: TournamentIdSchema,
  registrationId: z.string().min(1),
});
export type DropPlayerInput = z.infer<typeof DropPlayerSchema>;

/** Two entrants may not share a name once case and spacing are ignored. */
export function nameKey(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
}
