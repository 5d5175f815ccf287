import "server-only";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import {
  checkPhoneRegistrationRemoval,
  phoneRegistrationsByNetwork,
  selectPhoneRegistrations,
  type PhoneSelection,
} from "@/lib/rules/registration";
import { networkLabel } from "@/lib/server/infra/network-tag";
import { accessAllows, type TournamentAccess } from "@/lib/server/access/tournament-access";
import { lockTournament } from "@/lib/server/contest/tournament-lock";
import { takeBackEntry, type DropActor } from "@/lib/server/registration/registrations";
import { promoteFromWaitlist } from "@/lib/server/registration/waitlist";
import { render } from "@/lib/messages/render";

/**
 * Registrations from phones as staff review them before round 1, by the network each came from
 * (a short label of a keyed hash: no address is stored or shown), and their removal in one
 * confirmed step when a flood of made-up names came in.
 */

export type PhoneRegistrationEntry = {
  /** The registration's id, or the waitlist entry's while it waits. */
  id: string;
  name: string;
  placement: "registered" | "waiting";
  /** When they registered from their phone (for a promoted entry: when they joined the waitlist). */
  registeredAt: number;
  isCheckedIn: boolean;
  isDropped: boolean;
  /** A drop is history: removing this entry leaves it in the list, dropped. */
  hasDropHistory: boolean;
  network: string | null;
};

export type PhoneRegistrationGroup = {
  network: string | null;
  label: string;
  count: number;
  checkedIn: number;
  firstAt: number;
  lastAt: number;
  entries: PhoneRegistrationEntry[];
};

export type PhoneRegistrations = {
  count: number;
  cap: number;
  roundsPaired: number;
  /** Every registration from a phone, in the order they came. */
  entries: PhoneRegistrationEntry[];
  /** The same, by network, the largest group first. */
  groups: PhoneRegistrationGroup[];
};

type Db = Pick<Transaction, "registration" | "waitlistEntry">;

async function loadPhoneEntries(
  db: Db,
  tournamentId: string,
): Promise<(PhoneRegistrationEntry & { playerId: string | null })[]> {
  const [registrations, waitlist] = await Promise.all([
    db.registration.findMany({
      where: { tournamentId, selfRegistrationKey: { not: null } },
      select: {
        id: true,
        displayName: true,
        playerId: true,
        createdAt: true,
        checkedInAt: true,
        droppedAfterRound: true,
        selfRegistrationNetwork: true,
        _count: { select: { dropChanges: true } },
      },
    }),
    db.waitlistEntry.findMany({
      where: { tournamentId },
      select: {
        id: true,
        displayName: true,
        createdAt: true,
        promotedAt: true,
        registrationId: true,
        requestNetwork: true,
      },
    }),
  ]);
  const joinedWaitlistAt = new Map(
    waitlist.flatMap((entry) =>
      entry.registrationId ? [[entry.registrationId, entry.createdAt.getTime()] as const] : [],
    ),
  );
  return [
    ...registrations.map((registration) => ({
      id: registration.id,
      name: registration.displayName,
      placement: "registered" as const,
      registeredAt: joinedWaitlistAt.get(registration.id) ?? registration.createdAt.getTime(),
      isCheckedIn: registration.checkedInAt !== null,
      isDropped: registration.droppedAfterRound !== null,
      network: registration.selfRegistrationNetwork,
      playerId: registration.playerId,
      hasDropHistory: registration._count.dropChanges > 0,
    })),
    ...waitlist
      .filter((entry) => entry.promotedAt === null)
      .map((entry) => ({
        id: entry.id,
        name: entry.displayName,
        placement: "waiting" as const,
        registeredAt: entry.createdAt.getTime(),
        isCheckedIn: false,
        isDropped: false,
        network: entry.requestNetwork,
        playerId: null,
        hasDropHistory: false,
      })),
  ].sort((a, b) => a.registeredAt - b.registeredAt || (a.id < b.id ? -1 : 1));
}

/** Staff only: every registration from a phone, and the same by network, with the event's limit. */
export async function getPhoneRegistrations(
  access: TournamentAccess,
): Promise<PhoneRegistrations | null> {
  if (!accessAllows(access, "staff.view")) return null;
  const { tournamentId } = access;
  const [tournament, roundsPaired, loaded] = await Promise.all([
    prisma.tournament.findFirst({
      where: { id: tournamentId, deletedAt: null },
      select: { phoneRegistrationCap: true },
    }),
    prisma.round.count({ where: { tournamentId } }),
    loadPhoneEntries(prisma, tournamentId),
  ]);
  if (!tournament) return null;
  const entries = loaded.map(({ playerId: _playerId, ...entry }) => entry);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const groups = phoneRegistrationsByNetwork(entries).map((group) => {
    const members = group.ids.map((id) => byId.get(id)!);
    return {
      network: group.network,
      label: networkLabel(group.network),
      count: members.length,
      checkedIn: members.filter((entry) => entry.isCheckedIn).length,
      firstAt: group.firstAt,
      lastAt: group.lastAt,
      entries: members,
    };
  });
  return {
    count: entries.length,
    cap: tournament.phoneRegistrationCap,
    roundsPaired,
    entries,
    groups,
  };
}

export type PhoneRemoval = {
  /** Entries taken back: out of the player list or off the waitlist, their codes no longer work. */
  removed: number;
  /** Entries whose history holds a drop: they stay in the list, dropped (MTR 2.10). */
  keptDropped: string[];
  /** Who got in from the waitlist in the spots freed. */
  promoted: string[];
};

/**
 * Removes, in one step before round 1 is paired, the registrations from phones of the group staff
 * chose (one network, or every one since a moment) that they were shown and confirmed
 * (`entryIds`): one that came in since, or of another group or event, is left alone. An entry is
 * taken back as removing one player is (lib/server/registration/registrations.ts removeRegistration); one
 * whose history holds a drop stays, dropped, with that history. Spots freed go to the waitlist.
 */
export async function removePhoneRegistrations(
  input: { tournamentId: string; selection: PhoneSelection; entryIds: string[] },
  actor: DropActor,
): Promise<ActionResult<PhoneRemoval>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const roundsPaired = await tx.round.count({ where: { tournamentId: input.tournamentId } });
    const refused = checkPhoneRegistrationRemoval({ roundsPaired });
    if (refused) return failure("CONFLICT", render(refused.error));
    const entries = await loadPhoneEntries(tx, input.tournamentId);
    const selected = selectPhoneRegistrations(entries, input.selection);
    if (!selected.ok) return failure("VALIDATION", render(selected.error));
    const chosen = new Set(selected.value);
    const confirmed = new Set(input.entryIds);
    const removing = entries.filter((entry) => chosen.has(entry.id) && confirmed.has(entry.id));
    let removed = 0;
    const keptDropped: string[] = [];
    for (const entry of removing) {
      if (entry.placement === "waiting") {
        await tx.waitlistEntry.delete({ where: { id: entry.id } });
        removed++;
      } else if (entry.hasDropHistory) {
        // A drop is history: the entry stays, and is dropped again if that drop was undone.
        if (!entry.isDropped) {
          await tx.registration.update({ where: { id: entry.id }, data: { droppedAfterRound: 0 } });
          await tx.dropChange.create({
            data: {
              registrationId: entry.id,
              kind: "DROPPED",
              afterRound: 0,
              staffId: actor.staffId,
              actorName: actor.name,
            },
          });
        }
        keptDropped.push(entry.name);
      } else {
        await takeBackEntry(tx, { id: entry.id, playerId: entry.playerId! });
        removed++;
      }
    }
    const promoted = await promoteFromWaitlist(tx, input.tournamentId);
    return success({ removed, keptDropped, promoted });
  });
}
