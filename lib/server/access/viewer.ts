import "server-only";
import { cache } from "react";
import { notFound } from "next/navigation";
import { isAllowed, type Permission } from "@/lib/rules/permissions";
import { getTournamentSummary } from "@/lib/server/tournament/tournaments";
import { getStaffSeat } from "@/lib/server/tournament/staff";
import { getTournamentAccess, type TournamentAccess } from "./tournament-access";
import { getSignedInActor } from "./session";

/**
 * Who is looking at a tournament page, read once per request: the signed-in account (if any),
 * their staff seat there, whether they may see the tournament at all (`access`, which every read
 * of its data takes), and what they may do. Staff of a deleted tournament hold no powers there.
 * Pages use it to hide what the viewer cannot use; the mutation wrapper checks again on submit.
 * Route handlers pass their request's headers.
 */
export const getTournamentViewer = cache(async (tournamentId: string, requestHeaders?: Headers) => {
  const actor = await getSignedInActor(requestHeaders);
  const [tournament, seat, access] = await Promise.all([
    getTournamentSummary(tournamentId),
    getStaffSeat(tournamentId, actor?.userId),
    getTournamentAccess(tournamentId, actor?.userId),
  ]);
  const role = access ? seat?.role : undefined;
  return {
    tournament: access ? tournament : null,
    actor,
    seat: access ? seat : null,
    access,
    canView: access !== null,
    isStaff: isAllowed(role, "staff.view"),
    can: (permission: Permission) => isAllowed(role, permission),
  };
});
export type TournamentViewer = Awaited<ReturnType<typeof getTournamentViewer>>;

/**
 * The viewer of a page that shows the tournament: a tournament they may not see answers 404 here,
 * before any of its data is read, since a layout's notFound() does not stop its page from rendering.
 */
export async function requireTournamentViewer(tournamentId: string): Promise<
  TournamentViewer & {
    access: TournamentAccess;
    tournament: NonNullable<TournamentViewer["tournament"]>;
  }
> {
  const viewer = await getTournamentViewer(tournamentId);
  if (!viewer.access || !viewer.tournament) notFound();
  return viewer as TournamentViewer & {
    access: TournamentAccess;
    tournament: NonNullable<TournamentViewer["tournament"]>;
  };
}
