import { z } from "zod";
import { ARCHETYPE_MAX, DECKLIST_REASON_MAX } from "@/lib/rules/decklists";
import { SEAT_LETTERS } from "@/lib/rules/teams";
import { formNumber } from "./form-number";
import { scopedId } from "./ids";
import { TournamentIdSchema } from "./tournament";

// biome-ignore lint/suspicious/noControlCharactersInRegex: it refuses control characters
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Far past any decklist: the parser refuses a paste over its own limits (DECKLIST_TOO_LONG, with
 * the numbers), so this only keeps a runaway paste out of memory.
 */
const TEXT_MAX = 200_000;

const RegistrationIdSchema = scopedId(
  "registration",
  z.string({ error: "Choose a player." }).trim().min(1, "Choose a player.").max(100),
);

/** A decklist as pasted text: the rules' reader refuses what is not a list (lib/rules/decklist-text.ts). */
export const DecklistTextSchema = z
  .string({ error: "Paste the decklist as text." })
  .max(TEXT_MAX, "This is far too long for a decklist: paste only the list.")
  .refine(
    (text) => !CONTROL_CHARACTERS.test(text),
    "The list has characters that cannot be stored: paste it again as plain text.",
  );

/** The deck's name (its archetype), "" for none. */
export const ArchetypeSchema = z
  .string({ error: "The deck's name must be text." })
  .trim()
  .max(ARCHETYPE_MAX, `Keep the deck's name to ${ARCHETYPE_MAX} characters or fewer.`)
  .refine((name) => !CONTROL_CHARACTERS.test(name), "The deck's name has hidden characters.")
  .refine((name) => !/[\r\n]/.test(name), "The deck's name is one line.")
  .optional()
  .default("");

/** Staff's reason for a change once lists are final (IPG 3.4); "" for none. */
export const DecklistReasonSchema = z
  .string({ error: "The reason must be text." })
  .trim()
  .max(DECKLIST_REASON_MAX, `Keep the reason to ${DECKLIST_REASON_MAX} characters or fewer.`)
  .refine((reason) => !CONTROL_CHARACTERS.test(reason), "The reason has hidden characters.")
  .optional()
  .default("");

const decklistFields = {
  text: DecklistTextSchema,
  archetype: ArchetypeSchema,
  /** The list's version the form was shown; empty or missing when it showed no list yet. */
  expectedVersion: z.preprocess(
    (value) =>
      value === undefined || (typeof value === "string" && value.trim() === "") ? null : value,
    formNumber(
      z
        .number({ error: "The form's decklist version is not valid: reload the page." })
        .int("The form's decklist version is not valid: reload the page.")
        .min(1, "The form's decklist version is not valid: reload the page.")
        .nullable(),
    ),
  ),
  /** DL6: the team member whose deck it is (0 = seat A); left out for a player alone. */
  seat: z.preprocess(
    (value) => (value === undefined || value === "" ? 0 : value),
    formNumber(
      z
        .number({ error: "Choose whose deck this is: seat A, B or C." })
        .int("Choose whose deck this is: seat A, B or C.")
        .min(0, "Choose whose deck this is: seat A, B or C.")
        .max(SEAT_LETTERS.length - 1, "Choose whose deck this is: seat A, B or C."),
    ),
  ),
  /** Generated once per form: a retried submit is one change. */
  idempotencyKey: z
    .string({ error: "The form is missing its request key; reload the page." })
    .trim()
    .min(8, "The form is missing its request key; reload the page.")
    .max(100, "The form's request key is not valid; reload the page."),
};

/** A player submits or changes their own list with their code (MTR 2.7). */
export const SubmitOwnDecklistSchema = z.object({
  // The form sends its player; for a player's own code that must be themselves.
  registrationId: RegistrationIdSchema.optional(),
  ...decklistFields,
});
export type SubmitOwnDecklistInput = z.infer<typeof SubmitOwnDecklistSchema>;

/** Staff enter a paper list or change a player's list; once lists are final, with a reason (IPG 3.4). */
export const EnterDecklistSchema = z.object({
  tournamentId: TournamentIdSchema,
  registrationId: RegistrationIdSchema,
  ...decklistFields,
  reason: DecklistReasonSchema,
});
export type EnterDecklistInput = z.infer<typeof EnterDecklistSchema>;

/**
 * MTR 2.10: the organizer drops, in one confirmed step before round 1, the players without a
 * legal list they were shown (comma-separated; one registered or fixed since is skipped).
 */
export const DropWithoutDecklistSchema = z.object({
  tournamentId: TournamentIdSchema,
  registrationIds: scopedId(
    "listedEntry",
    z
      .union([z.string().max(100_000), z.array(z.string().max(100)).max(5_000)], {
        error: "Choose the players to drop.",
      })
      .transform((ids) =>
        (Array.isArray(ids) ? ids : ids.split(","))
          .map((id) => id.trim())
          .filter((id) => id !== ""),
      ),
  ),
  idempotencyKey: decklistFields.idempotencyKey,
});
export type DropWithoutDecklistInput = z.infer<typeof DropWithoutDecklistSchema>;

/** Staff check every list of the event again (after a format change or a new card database). */
export const RecheckDecklistsSchema = z.object({ tournamentId: TournamentIdSchema });

/** A team member's seat in an address (`?seat=1`, 0 = A): 0 when absent, null when it names none. */
export function seatFromParam(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text === "") return 0;
  return /^[0-9]$/.test(text) ? Number(text) : null;
}
