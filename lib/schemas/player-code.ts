import { z } from "zod";
import { scopedId } from "./ids";
import { ReportMatchResultSchema } from "./match-result";
import { TournamentIdSchema } from "./tournament";
import { formNumber } from "./form-number";

// What players send from their phones, and what staff send about players' codes.

/** The code as typed; lib/rules/player-code.ts normalizes it (case, spaces, dashes) and says what is wrong. */
export const SignInWithCodeSchema = z.object({
  code: z
    .string({ error: "Type the code from your player slip." })
    .max(100, "That is too long for a player code."),
});
export type SignInWithCodeInput = z.infer<typeof SignInWithCodeSchema>;

/** A player's report of their own match: the staff slip without the staff's correction note. */
export const PlayerReportSchema = ReportMatchResultSchema.omit({ note: true });
export type PlayerReportInput = z.infer<typeof PlayerReportSchema>;

/** A player drops themselves: nothing to say but that they mean it. */
export const DropSelfSchema = z.object({
  // The drop button sends its player; for a player's own code that must be themselves.
  registrationId: scopedId("registration", z.string().trim()).optional(),
  confirm: z.literal("yes", { error: "Tick the box to confirm you are leaving the event." }),
});

export const ReissuePlayerCodeSchema = z.object({
  tournamentId: TournamentIdSchema,
  registrationId: scopedId("registration", z.string().trim().min(1, "Choose a player.")),
  /** A team member's own code (their seat, 0 = A); absent for the entry's code. */
  seat: formNumber(z.number({ error: "A seat is 0, 1 or 2." }).int().min(0).max(2).optional()),
});

/** Staff settle a match from the queue: the result, and the reason kept in the history. */
export const SettleMatchSchema = ReportMatchResultSchema.extend({
  note: z
    .string({ error: "Say how the result was settled; it is kept in the history." })
    .trim()
    .min(1, "Say how the result was settled; it is kept in the history.")
    .max(500, "Keep the reason to 500 characters or fewer."),
});
export type SettleMatchInput = z.infer<typeof SettleMatchSchema>;
