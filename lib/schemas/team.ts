import { z } from "zod";
import { scopedId } from "./ids";
import { TournamentIdSchema } from "./tournament";
import { PlayerNameSchema } from "./player";
import { cleanName, MAX_NAME_LENGTH } from "@/lib/rules/registration";

export const TeamNameSchema = z
  .string()
  .transform(cleanName)
  .pipe(
    z
      .string()
      .min(1, "Enter the team's name.")
      .max(MAX_NAME_LENGTH, `Keep the team's name to ${MAX_NAME_LENGTH} characters or fewer.`),
  );

/** A team as the form sends it: its name and one player per seat (seat C only in three-player teams). */
export const RegisterTeamSchema = z
  .object({
    tournamentId: TournamentIdSchema,
    name: TeamNameSchema,
    memberA: PlayerNameSchema,
    memberB: PlayerNameSchema,
    memberC: z.string().optional(),
  })
  .transform(({ memberA, memberB, memberC, ...team }) => {
    const third = cleanName(memberC ?? "");
    return { ...team, members: third === "" ? [memberA, memberB] : [memberA, memberB, third] };
  });
export type RegisterTeamInput = z.infer<typeof RegisterTeamSchema>;

/** A pasted list of teams, one per line: "Team name: Ana, Ben, Cleo" (lib/rules/team-list.ts reads it). */
export const RegisterTeamsSchema = z.object({
  tournamentId: TournamentIdSchema,
  teams: z
    .string()
    .max(200_000, "Paste at most 1,000 teams at a time.")
    .refine((teams) => teams.trim() !== "", "Paste at least one team."),
});
export type RegisterTeamsInput = z.infer<typeof RegisterTeamsSchema>;

/**
 * One seat of a team (MTR 8.2): a new player before the team's first round ("replace"), or the
 * same player's name corrected at any time ("correct").
 */
export const ReplaceTeamMemberSchema = z.object({
  change: z
    .enum(["replace", "correct"], {
      error: "Choose whether a new player takes the seat or the name is corrected.",
    })
    .default("replace"),
  tournamentId: TournamentIdSchema,
  registrationId: scopedId("registration", z.string().trim().min(1, "Choose the team.")),
  seat: z
    .enum(["A", "B", "C"], { error: "Choose the seat: A, B or C." })
    .transform((letter) => "ABC".indexOf(letter)),
  name: PlayerNameSchema,
});
export type ReplaceTeamMemberInput = z.infer<typeof ReplaceTeamMemberSchema>;
