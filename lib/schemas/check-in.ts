import { z } from "zod";
import { scopedId } from "./ids";
import { TournamentIdSchema } from "./tournament";
import { personNameSchema } from "./person-name";
import { formNumber } from "./form-number";
import {
  cleanName,
  MAX_PHONE_REGISTRATION_CAP,
  MAX_REGISTRATION_CAP,
  type PhoneSelection,
} from "@/lib/rules/registration";

/** The phone form's one-time key: the same form sent twice is one registration. */
const RequestKeySchema = z
  .string({ error: "Reload the page and try again." })
  .trim()
  .min(8, "Reload the page and try again.")
  .max(100, "Reload the page and try again.");

const NOT_FROM_THE_SCREEN =
  "This registration link does not come from the check-in screen. Scan the QR code on the screen at the venue, or register at the desk.";

/**
 * Someone registers themselves from the check-in page: a plain one-line name, 80 characters at
 * most, and the token of the check-in screen's QR code (whether it is one is the server's to say).
 */
export const SelfRegisterSchema = z.object({
  tournamentId: TournamentIdSchema,
  name: personNameSchema("Enter your name.").transform(cleanName),
  requestKey: RequestKeySchema,
  token: z.string({ error: NOT_FROM_THE_SCREEN }).trim().max(40, NOT_FROM_THE_SCREEN).optional(),
});
export type SelfRegisterInput = z.infer<typeof SelfRegisterSchema>;

/** A registered player checks in with the code from their phone or slip. */
export const CheckInWithCodeSchema = z.object({
  tournamentId: TournamentIdSchema,
  code: z
    .string({ error: "Enter your player code." })
    .trim()
    .min(1, "Enter your player code.")
    .max(40, "A player code has 12 letters and digits."),
});

/** Open registration (a checkbox: sent only when ticked) and the optional cap (blank: no cap). */
export const RegistrationSettingsSchema = z.object({
  tournamentId: TournamentIdSchema,
  openRegistration: z.preprocess(
    (value) => value === "on" || value === "true" || value === true,
    z.boolean(),
  ),
  registrationCap: formNumber(
    z
      .number({ error: "The most players must be a whole number, or blank for no cap." })
      .int("The most players must be a whole number, or blank for no cap.")
      .min(2, "The most players must be at least 2, or blank for no cap.")
      .max(MAX_REGISTRATION_CAP, `The most players must be ${MAX_REGISTRATION_CAP} or fewer.`)
      .nullable()
      .default(null),
  ),
  phoneRegistrationCap: formNumber(
    z
      .number({
        error: "Enter how many registrations from phones the event takes, as a whole number.",
      })
      .int("Registrations from phones must be a whole number.")
      .min(
        1,
        "Registrations from phones must be at least 1; to stop them, untick Open registration.",
      )
      .max(
        MAX_PHONE_REGISTRATION_CAP,
        `Registrations from phones must be ${MAX_PHONE_REGISTRATION_CAP} or fewer.`,
      ),
  ),
});

/** Staff mark a player as arrived (no phone), or take a check-in back. */
export const SetCheckedInSchema = z.object({
  tournamentId: TournamentIdSchema,
  registrationId: scopedId("registration", z.string().trim().min(1)),
  isCheckedIn: z
    .enum(["true", "false"], { error: "Say whether the player is here." })
    .transform((value) => value === "true"),
});

/** The no-shows the organizer was shown and confirmed, as one field of ids separated by commas. */
export const DropNoShowsSchema = z.object({
  tournamentId: TournamentIdSchema,
  noShowIds: scopedId(
    "listedEntry",
    z
      .string()
      .max(100_000)
      .transform((ids) =>
        ids
          .split(",")
          .map((id) => id.trim())
          .filter((id) => id !== ""),
      )
      .refine(
        (ids) => ids.length > 0,
        "Nobody to drop: everyone still in the event has checked in.",
      ),
  ),
});

/** A network's tag as stored (lib/server/infra/network-tag.ts), or "unknown" for registrations whose network was not known. */
const NetworkSchema = z
  .string()
  .trim()
  .regex(
    /^(?:[0-9A-Z]{16}|unknown)$/,
    "Reload the page: that group of registrations is not known.",
  );

/**
 * Registrations from phones staff remove in one step: one network's, or every one since a moment
 * (milliseconds since 1970), limited to the entries they were shown, as one field of ids separated by commas.
 */
export const RemovePhoneRegistrationsSchema = z
  .object({
    tournamentId: TournamentIdSchema,
    network: NetworkSchema.optional(),
    since: formNumber(
      z
        .number({ error: "Choose from when to remove registrations." })
        .int("Choose from when to remove registrations.")
        .min(0, "Choose from when to remove registrations."),
    ).optional(),
    entryIds: scopedId(
      "listedEntry",
      z
        .string()
        .max(
          200_000,
          "Too many registrations at once: reload the page and remove them in smaller groups.",
        )
        .transform((ids) =>
          ids
            .split(",")
            .map((id) => id.trim())
            .filter((id) => id !== ""),
        )
        .refine(
          (ids) => ids.length > 0,
          "No registrations to remove: reload the page to see the latest.",
        ),
    ),
  })
  .refine((input) => (input.network === undefined) !== (input.since === undefined), {
    message: "Choose one group: a network, or a time.",
    path: ["network"],
  })
  .transform(({ tournamentId, network, since, entryIds }) => {
    const selection: PhoneSelection =
      network !== undefined
        ? { kind: "network", network: network === "unknown" ? null : network }
        : { kind: "since", sinceMs: since ?? 0 };
    return { tournamentId, entryIds, selection };
  });
