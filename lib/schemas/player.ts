import { z } from "zod";
import { scopedId } from "./ids";
import { TournamentIdSchema } from "./tournament";
import { cleanName, MAX_NAME_LENGTH } from "@/lib/rules/registration";

/** Control characters other than spaces and line breaks: nothing anyone types, and the database refuses a NUL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: it refuses control characters
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const PlayerNameSchema = z
  .string()
  .refine(
    (name) => !CONTROL_CHARACTERS.test(name),
    "The name has a control character (such as a NUL): type it again as plain text.",
  )
  .transform(cleanName)
  .pipe(
    z
      .string()
      .min(1, "Enter the player's name.")
      .max(MAX_NAME_LENGTH, `Keep the name to ${MAX_NAME_LENGTH} characters or fewer.`),
  );

/** A late entry's missed rounds: match losses (the default), or not counted at all; the organizer chooses. */
const MissedRoundsSchema = z
  .enum(["losses", "not-counted"], { error: "Choose whether the rounds missed count as losses." })
  .default("losses")
  .transform((value) => value === "losses");

export const RegisterPlayerSchema = z.object({
  tournamentId: TournamentIdSchema,
  name: PlayerNameSchema,
  missedRounds: MissedRoundsSchema,
});
export type RegisterPlayerInput = z.infer<typeof RegisterPlayerSchema>;

export const DropPlayerSchema = z.object({
  tournamentId: TournamentIdSchema,
  registrationId: scopedId("registration", z.string().min(1)),
});
export type DropPlayerInput = z.infer<typeof DropPlayerSchema>;

/** A pasted list of names, one per line (lib/rules/registration.ts reads it line by line). */
export const RegisterPlayersSchema = z.object({
  tournamentId: TournamentIdSchema,
  names: z
    .string()
    .max(100_000, "Paste at most 1,000 names at a time.")
    .refine((names) => names.trim() !== "", "Paste at least one name."),
  missedRounds: MissedRoundsSchema,
});
export type RegisterPlayersInput = z.infer<typeof RegisterPlayersSchema>;

export const RenamePlayerSchema = z.object({
  tournamentId: TournamentIdSchema,
  registrationId: scopedId("registration", z.string().min(1)),
  name: PlayerNameSchema,
});
export type RenamePlayerInput = z.infer<typeof RenamePlayerSchema>;
