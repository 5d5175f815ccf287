import { acceptStaffInvitation, inviteStaff } from "../lib/server/tournament/staff";
import type { StaffRole } from "../lib/rules/permissions";
import type { TestAccount } from "./accounts";

/** Puts an account on a tournament's staff as the organizer and the invitee would: an invitation, then its link accepted. */
export async function addStaff(
  tournamentId: string,
  account: TestAccount,
  role: Exclude<StaffRole, "ORGANIZER">,
  name = "",
): Promise<string> {
  const invited = await inviteStaff({ tournamentId, email: account.email, name, role });
  if (!invited.ok) throw new Error(invited.error.message);
  const accepted = await acceptStaffInvitation(invited.value.token, {
    userId: account.userId,
    name: account.name,
    email: account.email,
  });
  if (!accepted.ok) throw new Error(accepted.error.message);
  return invited.value.id;
}
