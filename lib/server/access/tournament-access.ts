import "server-only";
import { cache } from "react";
import {
  canViewTournament,
  isAllowed,
  type Permission,
  type StaffRole,
} from "@/lib/rules/permissions";
import { getTournamentSummary } from "@/lib/server/tournament/tournaments";
import { getStaffSeat } from "@/lib/server/tournament/staff";

declare const grantedHere: unique symbol;

/**
 * Proof that the one reading may see this tournament: the reads a page or route shows take it
 * instead of a bare id, so no page can show a hidden or deleted tournament's rows by forgetting a check.
 * Only this module makes one (the brand cannot be written elsewhere without a cast).
 */
export type TournamentAccess = {
  readonly tournamentId: string;
  /** The reader's staff role there, or null for the public. */
  readonly role: StaffRole | null;
  readonly [grantedHere]: true;
};

function grant(tournamentId: string, role: StaffRole | null): TournamentAccess {
  return { tournamentId, role } as TournamentAccess;
}

/**
 * Whether an account (or an anonymous visitor, `userId` undefined) may read a tournament: a deleted
 * one nobody may, one in preparation only its staff (MTR roles as in lib/rules/permissions.ts).
 * Read once per request however many components ask.
 */
export const getTournamentAccess = cache(
  async (tournamentId: string, userId: string | undefined): Promise<TournamentAccess | null> => {
    const [tournament, seat] = await Promise.all([
      getTournamentSummary(tournamentId),
      getStaffSeat(tournamentId, userId),
    ]);
    if (!tournament || !canViewTournament(tournament, seat?.role)) return null;
    return grant(tournamentId, (seat?.role as StaffRole | undefined) ?? null);
  },
);

/** Whether the reader holds a staff permission there: staff-only reads refuse anyone else themselves. */
export function accessAllows(access: TournamentAccess, permission: Permission): boolean {
  return isAllowed(access.role, permission);
}

/**
 * Access for reads the server authorized another way (a player's code for their own match) and for
 * scripts, benchmarks and tests. Pages and routes never use it: a test keeps it out of app/ and components/.
 */
export function trustedTournamentAccess(tournamentId: string): TournamentAccess {
  return grant(tournamentId, "ORGANIZER");
}
