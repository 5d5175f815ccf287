import "server-only";
import { cache } from "react";
import { canViewTournament, isAllowed, type Permission } from "@/lib/rules/permissions";
import { getTournamentSummary } from "./data/tournaments";
import { getStaffSeat } from "./data/staff";
import { getSignedInActor } from "./session";

/**
 * Who is looking at a tournament page, read once per request: the signed-in account (if any),
 * their staff seat there, whether they may see the tournament at all, and what they may do.
 * Pages use it to hide what the viewer cannot use; the mutation wrapper checks again on submit.
 * Route handlers pass their request's headers.
 */
export const getTournamentViewer = cache(async (tournamentId: string, requestHeaders?: Headers) => {
  const [tournament, actor] = await Promise.all([getTournamentSummary(tournamentId), getSignedInActor(requestHeaders)]);
  const seat = tournament ? await getStaffSeat(tournamentId, actor?.userId) : null;
  const canView = tournament ? canViewTournament(tournament, seat?.role) : false;
  return {
    tournament,
    actor,
    seat,
    canView,
    isStaff: isAllowed(seat?.role, "staff.view"),
    can: (permission: Permission) => isAllowed(seat?.role, permission),
  };
});
export type TournamentViewer = Awaited<ReturnType<typeof getTournamentViewer>>;
