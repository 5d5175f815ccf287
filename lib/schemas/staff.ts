import { z } from "zod";
import { scopedId } from "./ids";
import { TournamentIdSchema } from "./tournament";
import { HIDDEN_CHARACTERS } from "./person-name";

export const EmailSchema = z
  .string({ error: "Enter an email address." })
  .trim()
  .toLowerCase()
  .min(1, "Enter an email address.")
  .max(254, "That email address is too long.")
  .email("Enter a valid email address, like judge@example.com.");

/** The owner invites staff with a role (the organizer role is the owner's alone); the email says whom the link was for. */
export const InviteStaffSchema = z.object({
  tournamentId: TournamentIdSchema,
  email: EmailSchema,
  name: z
    .string()
    .trim()
    .max(80, "Keep the name to 80 characters or fewer.")
    .refine(
      (name) => !HIDDEN_CHARACTERS.test(name),
      "The name has invisible or control characters (a line break, a direction mark): type it again as plain text.",
    )
    .default(""),
  role: z.enum(["HEAD_JUDGE", "JUDGE", "SCOREKEEPER"], {
    error: "Choose a role: head judge, judge or scorekeeper.",
  }),
});
export type InviteStaffInput = z.infer<typeof InviteStaffSchema>;

export const RemoveStaffSchema = z.object({
  tournamentId: TournamentIdSchema,
  staffId: scopedId("staff", z.string().trim().min(1, "Choose a staff member.")),
});
export type RemoveStaffInput = z.infer<typeof RemoveStaffSchema>;

/** The organizer makes a new link for a pending invitation (the old one stops working). */
export const ReissueInvitationSchema = z.object({
  tournamentId: TournamentIdSchema,
  staffId: scopedId("staff", z.string().trim().min(1, "Choose an invitation.")),
});
export type ReissueInvitationInput = z.infer<typeof ReissueInvitationSchema>;

/** Whoever holds an invitation link's secret accepts it while signed in. */
export const AcceptInvitationSchema = z.object({
  token: z
    .string()
    .trim()
    .min(20, "This invitation link is not complete: open the whole link.")
    .max(200, "This invitation link is not valid."),
});

export const PublishTournamentSchema = z.object({
  tournamentId: TournamentIdSchema,
  publish: z.preprocess(
    (value) => value === "true" || value === "on" || value === true,
    z.boolean(),
  ),
});

export const DeleteTournamentSchema = z.object({
  tournamentId: TournamentIdSchema,
  // Typed by the organizer: deleting is confirmed by the tournament's name.
  confirmName: z.string().trim().min(1, "Type the tournament's name to confirm."),
});
