import { z } from "zod";
import { TournamentIdSchema } from "./tournament";
import { personNameSchema } from "./person-name";
import { formNumber } from "./form-number";
import { cleanName, MAX_REGISTRATION_CAP } from "@/lib/rules/registration";

/** The phone form's one-time key: the same form sent twice is one registration. */
const RequestKeySchema = z.string({ error: "Reload the page and try again." }).trim().min(8, "Reload the page and try again.").max(100, "Reload the page and try again.");

/** Someone registers themselves from the check-in page: a plain one-line name, 80 characters at most. */
export const SelfRegisterSchema = z.object({
  tournamentId: TournamentIdSchema,
  name: personNameSchema("Enter your name.").transform(cleanName),
  requestKey: RequestKeySchema,
});
export type SelfRegisterInput = z.infer<typeof SelfRegisterSchema>;

/** A registered player checks in with the code from their phone or slip. */
export const CheckInWithCodeSchema = z.object({
  tournamentId: TournamentIdSchema,
  code: z.string({ error: "Enter your player code." }).trim().min(1, "Enter your player code.").max(40, "A player code has 12 letters and digits."),
});

/** Open registration (a checkbox: sent only when ticked) and the optional cap (blank: no cap). */
export const RegistrationSettingsSchema = z.object({
  tournamentId: TournamentIdSchema,
  openRegistration: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  registrationCap: formNumber(
    z
      .number({ error: "The most players must be a whole number, or blank for no cap." })
      .int("The most players must be a whole number, or blank for no cap.")
      .min(2, "The most players must be at least 2, or blank for no cap.")
      .max(MAX_REGISTRATION_CAP, `The most players must be ${MAX_REGISTRATION_CAP} or fewer.`)
      .nullable()
      .default(null),
  ),
});

/** Staff mark a player as arrived (no phone), or take a check-in back. */
export const SetCheckedInSchema = z.object({
  tournamentId: TournamentIdSchema,
  registrationId: z.string().trim().min(1),
  isCheckedIn: z.enum(["true", "false"], { error: "Say whether the player is here." }).transform((value) => value === "true"),
});

/** The no-shows the organizer was shown and confirmed, as one field of ids separated by commas. */
export const DropNoShowsSchema = z.object({
  tournamentId: TournamentIdSchema,
  noShowIds: z
    .string()
    .max(100_000)
    .transform((ids) => ids.split(",").map((id) => id.trim()).filter((id) => id !== ""))
    .refine((ids) => ids.length > 0, "Nobody to drop: everyone still in the event has checked in."),
});
