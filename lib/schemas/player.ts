import { z } from "zod";
import { TournamentIdSchema } from "./tournament";

/**
 * Invisible formatting characters (zero-width space and joiners, soft hyphen, byte-order mark,
 * direction marks: Unicode category Cf) are dropped, and any run of space-like characters
 * (no-break, thin, ideographic spaces, tabs) becomes one space, so a pasted name cannot register
 * a look-alike of someone already entered (issue 11).
 */
export function cleanName(name: string): string {
  return name.normalize("NFC").replace(/\p{Cf}/gu, "").replace(/\s+/gu, " ").trim();
}

export const PlayerNameSchema = z
  .string()
  .transform(cleanName)
  .pipe(z.string().min(1, "Enter the player's name.").max(80, "Keep the name to 80 characters or fewer."));

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
  return cleanName(name).toLocaleLowerCase("en");
}
