import { z } from "zod";
import { scopedId } from "./ids";
import { hasHiddenCharacters } from "@/lib/rules/registration";
import { podEventSettings } from "@/lib/rules/pod-event";
import { formNumber, numberFromText } from "./form-number";
import { render } from "@/lib/messages/render";
import { DECK_FORMATS, formatName } from "@/lib/rules/deck-legality";
import { DECKLIST_PUBLICATIONS } from "@/lib/rules/decklists";

export const TournamentIdSchema = scopedId(
  "tournament",
  z.string().trim().min(1, "A tournament id is required."),
);

const wholeMessage = (name: string) => `${name} must be a whole number.`;
const gamesToWin = z
  .number({ error: wholeMessage("Games to win") })
  .int(wholeMessage("Games to win"))
  .min(1, "A match needs at least one game to win.")
  .max(3, "Best-of-five is the longest match supported.");
const roundMinutes = z
  .number({ error: wholeMessage("Round minutes") })
  .int(wholeMessage("Round minutes"))
  .min(10, "Rounds last at least 10 minutes.")
  .max(240, "Rounds last at most 240 minutes.");
const plannedRounds = z
  .number({ error: wholeMessage("Planned rounds") })
  .int(wholeMessage("Planned rounds"))
  .min(1, "Plan at least one round.")
  .max(20, "At most 20 Swiss rounds.");

/** MTR 3.1: the players the Swiss standings send to the playoff; none is no cut. */
export const PLANNED_CUTS = [4, 8, 16] as const;
const CUT_MESSAGE = "The top cut is none, 4, 8 or 16 players.";
const plannedCut = z
  .number({ error: CUT_MESSAGE })
  .int(CUT_MESSAGE)
  .refine((cut) => (PLANNED_CUTS as readonly number[]).includes(cut), CUT_MESSAGE);

/**
 * Who plays on each side: one player; a Two-Headed Giant team of two sharing turns and a life total;
 * or a team whose members each play their own match (team Constructed, Team Sealed / Trios).
 */
/** The most characters a tournament's name has. */
export const TOURNAMENT_NAME_MAX = 100;

const TournamentNameSchema = z
  .string()
  .trim()
  .min(1, "Give the tournament a name.")
  .max(TOURNAMENT_NAME_MAX, `Keep the name to ${TOURNAMENT_NAME_MAX} characters or fewer.`)
  .refine(
    (name) => !hasHiddenCharacters(name),
    "The name has invisible or control characters (a line break, a direction mark): type it again as plain text.",
  );

export const TEAM_FORMATS = ["INDIVIDUAL", "TWO_HEADED_GIANT", "TEAM_MATCHES"] as const;

/** The create form's one choice of who plays on each side, as a team format and a team size. */
export const TEAM_SETUPS = {
  INDIVIDUAL: { teamFormat: "INDIVIDUAL", teamSize: 1 },
  TWO_HEADED_GIANT: { teamFormat: "TWO_HEADED_GIANT", teamSize: 2 },
  TEAMS_OF_THREE: { teamFormat: "TEAM_MATCHES", teamSize: 3 },
  TEAMS_OF_TWO: { teamFormat: "TEAM_MATCHES", teamSize: 2 },
} as const;

export const CreateTournamentSchema = z
  .object({
    name: TournamentNameSchema,
    format: z.string().trim().max(60, "Keep the format to 60 characters or fewer.").default(""),
    // MTR 2.1: games needed to win a match (1 = best-of-one, 2 = best-of-three, 3 = best-of-five).
    gamesToWin: formNumber(gamesToWin.default(2)),
    roundMinutes: formNumber(roundMinutes.default(50)),
    teamFormat: z
      .enum(TEAM_FORMATS, {
        error: "Choose who plays on each side: one player, or a Two-Headed Giant team.",
      })
      .optional(),
    teamSetup: z
      .enum(Object.keys(TEAM_SETUPS) as [keyof typeof TEAM_SETUPS], {
        error:
          "Choose who plays on each side: one player, a Two-Headed Giant team, or a team of two or three.",
      })
      .optional(),
    // Players per team: 1 alone, 2 for Two-Headed Giant, 2 or 3 where each member plays their own match.
    teamSize: formNumber(
      z.number({ error: "The team size is 1, 2 or 3." }).int().min(1).max(3).optional(),
    ),
    plannedRounds: formNumber(plannedRounds.optional()),
    // "none" (or an empty field) plans no cut.
    plannedCut: z.preprocess(
      (value) => (value === "none" ? null : numberFromText(value)),
      plannedCut
        .nullable()
        .optional()
        .transform((cut) => cut ?? null),
    ),
    // CR 100.6a: two-player matches, or multiplayer pods (Commander) with their own settings (lib/rules/pod-event.ts).
    structure: z
      .enum(["TWO_PLAYER", "PODS"], { error: "Choose two-player matches or multiplayer pods." })
      .default("TWO_PLAYER"),
    podSize: formNumber(z.number({ error: "Pods are of 3 or 4 players." }).int().optional()),
    podPointsWin: formNumber(z.number({ error: "Points are whole numbers." }).int().optional()),
    podPointsDraw: formNumber(z.number({ error: "Points are whole numbers." }).int().optional()),
    podPointsLoss: formNumber(z.number({ error: "Points are whole numbers." }).int().optional()),
    podAdditionalTurns: formNumber(
      z.number({ error: "Additional turns are a whole number." }).int().optional(),
    ),
  })
  .transform(({ teamSetup, ...input }, context) => {
    if (input.structure === "PODS") {
      const settings = podEventSettings({
        podSize: input.podSize,
        pointsWin: input.podPointsWin,
        pointsDraw: input.podPointsDraw,
        pointsLoss: input.podPointsLoss,
        additionalTurns: input.podAdditionalTurns,
      });
      if (!settings.ok) {
        context.addIssue({ code: "custom", path: ["podSize"], message: render(settings.error) });
        return z.NEVER;
      }
      if ((teamSetup ?? "INDIVIDUAL") !== "INDIVIDUAL" || (input.teamSize ?? 1) !== 1) {
        context.addIssue({
          code: "custom",
          path: ["teamSetup"],
          message: "Pods are of single players; team pods are not run here.",
        });
        return z.NEVER;
      }
      return { ...input, teamFormat: "INDIVIDUAL" as const, teamSize: 1, pods: settings.value };
    }
    const setup = teamSetup ? TEAM_SETUPS[teamSetup] : undefined;
    const teamFormat =
      setup?.teamFormat ??
      input.teamFormat ??
      (input.teamSize !== undefined && input.teamSize > 1 ? "TEAM_MATCHES" : "INDIVIDUAL");
    const teamSize =
      setup?.teamSize ??
      input.teamSize ??
      (teamFormat === "INDIVIDUAL" ? 1 : teamFormat === "TWO_HEADED_GIANT" ? 2 : 3);
    const fits =
      teamFormat === "INDIVIDUAL"
        ? teamSize === 1
        : teamFormat === "TWO_HEADED_GIANT"
          ? teamSize === 2
          : teamSize > 1;
    if (!fits) {
      context.addIssue({
        code: "custom",
        path: ["teamSize"],
        message:
          teamFormat === "TWO_HEADED_GIANT"
            ? "A Two-Headed Giant team is two players."
            : "A team is 2 or 3 players; one player alone is an individual event.",
      });
      return z.NEVER;
    }
    return { ...input, teamFormat, teamSize, pods: null };
  });
export type CreateTournamentInput = z.infer<typeof CreateTournamentSchema>;

const optionalNumber = (schema: z.ZodType<number>) => formNumber(schema.optional());
/** An empty field means "not set" (null); a missing one (a disabled input) means "unchanged". */
const clearableNumber = (schema: z.ZodType<number>) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : numberFromText(value)),
    schema.nullable().optional(),
  );

const DECK_FORMAT_MESSAGE = `Choose the decklist format: ${DECK_FORMATS.map((key) => render(formatName(key))).join(", ")}; or none, for an event without decklists.`;

/** MTR 2.7: the format decklists are checked against, by key; "" or "none" is an event without decklists. */
export const DeckFormatSchema = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  const key = value.trim().toLowerCase();
  return key === "" || key === "none" ? null : key;
}, z.enum(DECK_FORMATS, { error: DECK_FORMAT_MESSAGE }).nullable());

const DEADLINE_MESSAGE =
  "The decklist deadline is a date and time with its time zone, as 2026-12-05T09:30:00+01:00; leave it empty for none.";

/**
 * When players' lists become final: an instant with its zone (the form converts the organizer's
 * local time), as milliseconds; "" is none (until round 1 is paired).
 */
export const DecklistDeadlineSchema = z.preprocess(
  (value) => {
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
    return typeof value === "string" && value.trim() === "" ? null : value;
  },
  z.iso
    .datetime({ offset: true, error: DEADLINE_MESSAGE })
    .transform((text) => Date.parse(text))
    .nullable(),
);

/** MTR 2.7: which decklists are public: none, all, or the top cut's. */
export const DecklistPublicationSchema = z.enum(DECKLIST_PUBLICATIONS, {
  error: "Choose which decklists are public: none, all, or the top cut's.",
});

const unsetWhenEmpty = (value: unknown) => (value === "" ? undefined : value);

/**
 * The settings form. A field missing from the input is left as it is: the form does
 * not send the settings that can no longer change (lib/rules/settings.ts says which).
 * `expectedVersion` is the tournament's version the form was shown (its last change, in ms).
 */
export const UpdateTournamentSettingsSchema = z.object({
  tournamentId: TournamentIdSchema,
  expectedVersion: formNumber(
    z
      .number({ error: "The form is missing the tournament's version: reload the page." })
      .int()
      .min(0),
  ),
  name: TournamentNameSchema.optional(),
  format: z.string().trim().max(60, "Keep the format to 60 characters or fewer.").optional(),
  gamesToWin: optionalNumber(gamesToWin),
  roundMinutes: optionalNumber(roundMinutes),
  plannedRounds: clearableNumber(plannedRounds),
  plannedCut: clearableNumber(plannedCut),
  percentageFloor: optionalNumber(
    z
      .number({ error: "The floor is a number between 0 and 0.5." })
      .min(0, "The floor is between 0 and 0.5.")
      .max(0.5, "The floor is between 0 and 0.5."),
  ),
  byeCountsInOwnPercentages: z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value),
    z.boolean().optional(),
  ),
  deckFormat: DeckFormatSchema.optional(),
  decklistDeadline: DecklistDeadlineSchema.optional(),
  decklistPublication: z.preprocess(unsetWhenEmpty, DecklistPublicationSchema.optional()),
});
export type UpdateTournamentSettingsInput = z.infer<typeof UpdateTournamentSettingsSchema>;

/** Finishing a Swiss-only event after its last round. */
export const FinishEventSchema = z.object({ tournamentId: TournamentIdSchema });

/** Reopening a finished event while nothing builds on its final standings. */
export const ReopenEventSchema = z.object({ tournamentId: TournamentIdSchema });

/** `?q=&page=` of the tournament list. */
export const TOURNAMENT_LIST_PAGE_SIZE = 20;
