import "server-only";
import { teamFormatRules } from "@/lib/rules/teams";
import type { TeamFormat } from "@/lib/generated/prisma/enums";
import { prisma } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { ruleFailure } from "@/lib/server/infra/errors";
import {
  checkCheckIn,
  checkPhoneRegistration,
  nameKey,
  noShowsToDrop,
  PHONE_REGISTRATION_NETWORK_WINDOW_MINUTES,
  placeSelfRegistration,
} from "@/lib/rules/registration";
import { formatPlayerCode, normalizePlayerCode } from "@/lib/rules/player-code";
import { accessAllows, type TournamentAccess } from "@/lib/server/access/tournament-access";
import { lockTournament } from "@/lib/server/contest/tournament-lock";
import { isUniqueViolation } from "@/lib/server/infra/prisma-errors";
import { endPlayerSession, newPlayerCode, signInWithPlayerCode } from "./player-codes";
import { checkRegistrationToken } from "./registration-token";
import { networkTagOf } from "@/lib/server/infra/network-tag";
import { promoteFromWaitlist } from "@/lib/server/registration/waitlist";
import type { DropActor } from "@/lib/server/registration/registrations";
import { render } from "@/lib/messages/render";

/**
 * Registering from a phone and checking in, before round 1 (the check-in QR code). Who may go
 * where is decided in lib/rules/registration.ts; here it is read and written under the
 * tournament's lock, so two people taking the last spot at once are placed one after the other.
 */

export type SelfRegistration =
  | { placement: "registered"; name: string; code: string }
  | { placement: "waitlisted"; name: string; code: string; position: number };

/** `token`: the check-in screen's registration token, from the QR code's link (lib/server/check-in/registration-token.ts). */
export type SelfRegistrationInput = {
  tournamentId: string;
  name: string;
  requestKey: string;
  token?: string;
};

/** MTR 8.2: a team registers with its players in their seats, which a phone's one-name form cannot say. */
function registersTeams(tournament: { teamFormat: TeamFormat; teamSize: number }): boolean {
  const rules = teamFormatRules(tournament.teamFormat, tournament.teamSize);
  return !rules.ok || rules.value.entrant === "team";
}

const TEAMS_REGISTER_AT_THE_DESK =
  "Teams register at the desk with a player in each seat; registering from a phone is for individual events.";

/**
 * Someone registers themselves from their phone: into the event, or onto the waitlist once the
 * cap is reached; either way they get their player code. The same form sent twice (a double tap,
 * a retry after a lost answer) gets the same entry back, not a second one or an error.
 * It takes the check-in screen's current token (someone at the venue scanned it), and stays
 * within the event's limit on registrations from phones and one network's share of the last
 * minutes (lib/rules/registration.ts); whoever is refused is sent to the desk.
 */
export async function registerSelf(
  input: SelfRegistrationInput,
  address: string | undefined,
  now = new Date(),
): Promise<ActionResult<SelfRegistration>> {
  // Checked before anything is read: a request without the screen's token costs one HMAC.
  const link = checkRegistrationToken(input.tournamentId, input.token, now);
  if (link) return failure("REGISTRATION_CLOSED", render(link.error));
  const key = nameKey(input.name);
  const network = networkTagOf(address);
  try {
    return await prisma.$transaction(async (tx) => {
      // Only a published tournament takes players from phones: a hidden one does not exist for them.
      const tournament = await tx.tournament.findFirst({
        where: { id: input.tournamentId, deletedAt: null, publishedAt: { not: null } },
        select: {
          status: true,
          teamFormat: true,
          teamSize: true,
          openRegistration: true,
          registrationCap: true,
          phoneRegistrationCap: true,
          phases: { where: { kind: "SINGLE_ELIMINATION" }, select: { id: true } },
        },
      });
      if (!tournament) return failure("NOT_FOUND", "That tournament does not exist.");
      if (registersTeams(tournament))
        return failure("REGISTRATION_CLOSED", TEAMS_REGISTER_AT_THE_DESK);
      await lockTournament(tx, input.tournamentId);
      const replay = await replaySelfRegistration(tx, input);
      if (replay) return success(replay);
      await promoteFromWaitlist(tx, input.tournamentId);
      const [roundsPaired, activePlayers, waitlisted] = await Promise.all([
        tx.round.count({ where: { tournamentId: input.tournamentId } }),
        tx.registration.count({
          where: { tournamentId: input.tournamentId, droppedAfterRound: null },
        }),
        tx.waitlistEntry.count({ where: { tournamentId: input.tournamentId, promotedAt: null } }),
      ]);
      const placed = placeSelfRegistration({
        isOpen: tournament.openRegistration,
        roundsPaired,
        isEventComplete: tournament.status === "COMPLETE" || tournament.phases.length > 0,
        activePlayers,
        cap: tournament.registrationCap,
        waitlisted,
      });
      if (!placed.ok) return failure("REGISTRATION_CLOSED", render(placed.error));
      const limited = await checkPhoneLimits(tx, {
        tournamentId: input.tournamentId,
        phoneCap: tournament.phoneRegistrationCap,
        waitlisted,
        network,
        now,
      });
      if (limited) return limited;
      const [registered, waiting] = await Promise.all([
        tx.registration.findUnique({
          where: { tournamentId_nameKey: { tournamentId: input.tournamentId, nameKey: key } },
          select: { id: true },
        }),
        tx.waitlistEntry.findFirst({
          where: { tournamentId: input.tournamentId, nameKey: key, promotedAt: null },
          select: { id: true },
        }),
      ]);
      if (registered || waiting)
        return nameTaken(input.name, waiting ? "on the waitlist" : "registered");
      const code = newPlayerCode();
      if (placed.value.placement === "registered") {
        const player = await tx.player.create({ data: { name: input.name }, select: { id: true } });
        await tx.registration.create({
          data: {
            tournamentId: input.tournamentId,
            playerId: player.id,
            displayName: input.name,
            nameKey: key,
            firstRound: 1,
            code,
            selfRegistrationKey: input.requestKey,
            selfRegistrationNetwork: network,
          },
        });
        return success({
          placement: "registered" as const,
          name: input.name,
          code: formatPlayerCode(code),
        });
      }
      await tx.waitlistEntry.create({
        data: {
          tournamentId: input.tournamentId,
          displayName: input.name,
          nameKey: key,
          code,
          requestKey: input.requestKey,
          requestNetwork: network,
        },
      });
      return success({
        placement: "waitlisted" as const,
        name: input.name,
        code: formatPlayerCode(code),
        position: placed.value.position,
      });
    });
  } catch (error) {
    // The unique indexes decide what the lock already orders: a name taken, a key already used.
    if (isUniqueViolation(error)) return nameTaken(input.name, "registered");
    throw error;
  }
}

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/** Registrations from phones the event holds: in it (dropped ones too) and waiting. */
async function countFromPhones(
  db: Pick<Tx, "registration">,
  tournamentId: string,
  waitlisted: number,
): Promise<number> {
  return (
    waitlisted +
    (await db.registration.count({ where: { tournamentId, selfRegistrationKey: { not: null } } }))
  );
}

/** The event's limit on registrations from phones and the network's share, read under the tournament's lock. */
async function checkPhoneLimits(
  tx: Tx,
  input: {
    tournamentId: string;
    phoneCap: number;
    waitlisted: number;
    network: string | null;
    now: Date;
  },
): Promise<ActionResult<never> | null> {
  const since = new Date(input.now.getTime() - PHONE_REGISTRATION_NETWORK_WINDOW_MINUTES * 60_000);
  const [fromPhones, registeredFromNetwork, waitingFromNetwork] = await Promise.all([
    countFromPhones(tx, input.tournamentId, input.waitlisted),
    tx.registration.findMany({
      where: {
        tournamentId: input.tournamentId,
        selfRegistrationKey: { not: null },
        selfRegistrationNetwork: input.network,
        createdAt: { gt: since },
      },
      select: { createdAt: true },
    }),
    tx.waitlistEntry.findMany({
      where: {
        tournamentId: input.tournamentId,
        promotedAt: null,
        requestNetwork: input.network,
        createdAt: { gt: since },
      },
      select: { createdAt: true },
    }),
  ]);
  const refused = checkPhoneRegistration({
    fromPhones,
    phoneCap: input.phoneCap,
    fromNetworkAt: [...registeredFromNetwork, ...waitingFromNetwork].map((row) =>
      row.createdAt.getTime(),
    ),
    nowMs: input.now.getTime(),
  });
  if (!refused) return null;
  return ruleFailure(refused.error, "REGISTRATION_CLOSED");
}

async function replaySelfRegistration(
  tx: Tx,
  input: SelfRegistrationInput,
): Promise<SelfRegistration | null> {
  const registration = await tx.registration.findFirst({
    where: { selfRegistrationKey: input.requestKey, tournamentId: input.tournamentId },
    select: { displayName: true, code: true },
  });
  if (registration?.code)
    return {
      placement: "registered",
      name: registration.displayName,
      code: formatPlayerCode(registration.code),
    };
  const entry = await tx.waitlistEntry.findFirst({
    where: { requestKey: input.requestKey, tournamentId: input.tournamentId },
    select: { displayName: true, code: true, promotedAt: true, createdAt: true, id: true },
  });
  if (!entry) return null;
  if (entry.promotedAt)
    return { placement: "registered", name: entry.displayName, code: formatPlayerCode(entry.code) };
  return {
    placement: "waitlisted",
    name: entry.displayName,
    code: formatPlayerCode(entry.code),
    position: await waitlistPosition(tx, input.tournamentId, entry),
  };
}

async function waitlistPosition(
  tx: Pick<Tx, "waitlistEntry">,
  tournamentId: string,
  entry: { id: string; createdAt: Date },
): Promise<number> {
  const ahead = await tx.waitlistEntry.count({
    where: {
      tournamentId,
      promotedAt: null,
      OR: [
        { createdAt: { lt: entry.createdAt } },
        { createdAt: entry.createdAt, id: { lt: entry.id } },
      ],
    },
  });
  return ahead + 1;
}

function nameTaken(name: string, where: "registered" | "on the waitlist"): ActionResult<never> {
  const message =
    where === "registered"
      ? `${name} is already registered. If that is you, check in with your code; if not, add your last name or an initial to tell you apart.`
      : `${name} is already on the waitlist. If that is you, you are already waiting; if not, add your last name or an initial to tell you apart.`;
  return failure("DUPLICATE_PLAYER", message, { name: [message] });
}

export type CheckInAnswer =
  | {
      status: "checked-in";
      name: string;
      wasAlready: boolean;
      session: { token: string; expiresAt: Date };
    }
  | { status: "waitlisted"; name: string; position: number };

/**
 * A registered player checks in with their code (before round 1), which also signs their phone in
 * for their match page. A code still on the waitlist is told its place. Wrong codes count against
 * the address exactly as on /play (lib/server/check-in/player-codes.ts).
 */
export async function checkInWithCode(
  input: { tournamentId: string; code: string },
  address: string | undefined,
  now = new Date(),
): Promise<ActionResult<CheckInAnswer>> {
  const normalized = normalizePlayerCode(input.code);
  if (!normalized.ok)
    return failure("VALIDATION", render(normalized.message), {
      code: [render(normalized.message)],
    });
  const waiting = await prisma.waitlistEntry.findFirst({
    where: { code: normalized.code, tournamentId: input.tournamentId, promotedAt: null },
    select: { id: true, displayName: true, createdAt: true },
  });
  if (waiting)
    return success({
      status: "waitlisted",
      name: waiting.displayName,
      position: await waitlistPosition(prisma, input.tournamentId, waiting),
    });
  const signedIn = await signInWithPlayerCode(input.code, address, now);
  if (!signedIn.ok) return signedIn;
  // A refused check-in signs no phone in: the session just opened for it is ended again.
  if (signedIn.value.tournamentId !== input.tournamentId) {
    await endPlayerSession(signedIn.value.token);
    const message = "That code is for another event. Check the event name on your player slip.";
    return failure("NOT_FOUND", message, { code: [message] });
  }
  const checked = await markCheckedIn(input.tournamentId, signedIn.value.registrationId, now);
  if (!checked.ok) {
    await endPlayerSession(signedIn.value.token);
    return checked;
  }
  return success({
    status: "checked-in",
    name: checked.value.name,
    wasAlready: checked.value.wasAlready,
    session: { token: signedIn.value.token, expiresAt: signedIn.value.expiresAt },
  });
}

async function markCheckedIn(
  tournamentId: string,
  registrationId: string,
  now: Date,
): Promise<ActionResult<{ name: string; wasAlready: boolean }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, tournamentId);
    const registration = await tx.registration.findFirst({
      where: { id: registrationId, tournamentId },
      select: { displayName: true, checkedInAt: true, droppedAfterRound: true },
    });
    if (!registration)
      return failure("NOT_FOUND", "That player is not registered in this tournament.");
    const roundsPaired = await tx.round.count({ where: { tournamentId } });
    const refused = checkCheckIn({
      roundsPaired,
      isDropped: registration.droppedAfterRound !== null,
      name: registration.displayName,
    });
    if (refused) return failure("CONFLICT", render(refused.error));
    if (registration.checkedInAt)
      return success({ name: registration.displayName, wasAlready: true });
    await tx.registration.update({ where: { id: registrationId }, data: { checkedInAt: now } });
    return success({ name: registration.displayName, wasAlready: false });
  });
}

/** Staff check a player in (no phone) or take a check-in back (tapped by mistake), before round 1. */
export async function setCheckedIn(
  input: { tournamentId: string; registrationId: string; isCheckedIn: boolean },
  now = new Date(),
): Promise<ActionResult<{ name: string; isCheckedIn: boolean }>> {
  if (input.isCheckedIn) {
    const checked = await markCheckedIn(input.tournamentId, input.registrationId, now);
    return checked.ok ? success({ name: checked.value.name, isCheckedIn: true }) : checked;
  }
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const registration = await tx.registration.findFirst({
      where: { id: input.registrationId, tournamentId: input.tournamentId },
      select: { displayName: true },
    });
    if (!registration)
      return failure("NOT_FOUND", "That player is not registered in this tournament.");
    const roundsPaired = await tx.round.count({ where: { tournamentId: input.tournamentId } });
    if (roundsPaired > 0) return failure("CONFLICT", "Round 1 has been paired: check-in is over.");
    await tx.registration.update({
      where: { id: input.registrationId },
      data: { checkedInAt: null },
    });
    return success({ name: registration.displayName, isCheckedIn: false });
  });
}

/**
 * Drops, in one step before round 1 is paired, the no-shows the organizer was shown and confirmed
 * (`registrationIds`): each gets a drop history row like any other drop (MTR 2.10). Someone who
 * checked in since, or registered since and so was not shown, is left alone; sent again, it drops
 * nobody twice. Spots freed go to the waitlist, in order.
 */
export async function dropNoShows(
  input: { tournamentId: string; registrationIds: string[] },
  actor: DropActor,
): Promise<ActionResult<{ dropped: string[]; promoted: string[] }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    const [roundsPaired, entries] = await Promise.all([
      tx.round.count({ where: { tournamentId: input.tournamentId } }),
      tx.registration.findMany({
        where: { tournamentId: input.tournamentId },
        select: { id: true, displayName: true, checkedInAt: true, droppedAfterRound: true },
      }),
    ]);
    const noShows = noShowsToDrop({
      roundsPaired,
      entries: entries.map((entry) => ({
        id: entry.id,
        isCheckedIn: entry.checkedInAt !== null,
        isDropped: entry.droppedAfterRound !== null,
      })),
    });
    if (!noShows.ok) return failure("CONFLICT", render(noShows.error));
    const confirmed = new Set(input.registrationIds);
    const dropping = entries.filter(
      (entry) => noShows.value.includes(entry.id) && confirmed.has(entry.id),
    );
    for (const entry of dropping) {
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
    const promoted = await promoteFromWaitlist(tx, input.tournamentId);
    return success({ dropped: dropping.map((entry) => entry.displayName), promoted });
  });
}

/**
 * The organizer opens or closes registration from phones, sets the cap and the limit on
 * registrations from phones (left as it is when not given); spots a higher cap frees go to the waitlist.
 */
export async function updateRegistrationSettings(input: {
  tournamentId: string;
  openRegistration: boolean;
  registrationCap: number | null;
  phoneRegistrationCap?: number;
}): Promise<ActionResult<{ promoted: string[] }>> {
  return prisma.$transaction(async (tx) => {
    await lockTournament(tx, input.tournamentId);
    if (input.openRegistration) {
      const tournament = await tx.tournament.findFirst({
        where: { id: input.tournamentId, deletedAt: null },
        select: { teamFormat: true, teamSize: true },
      });
      if (tournament && registersTeams(tournament))
        return failure("VALIDATION", TEAMS_REGISTER_AT_THE_DESK, {
          openRegistration: [TEAMS_REGISTER_AT_THE_DESK],
        });
    }
    const updated = await tx.tournament.updateMany({
      where: { id: input.tournamentId, deletedAt: null },
      data: {
        openRegistration: input.openRegistration,
        registrationCap: input.registrationCap,
        phoneRegistrationCap: input.phoneRegistrationCap,
      },
    });
    if (updated.count === 0) return failure("NOT_FOUND", "That tournament does not exist.");
    return success({ promoted: await promoteFromWaitlist(tx, input.tournamentId) });
  });
}

export type CheckInOverview = {
  isOpen: boolean;
  cap: number | null;
  /** Registrations from phones the event holds, and the organizer's limit on them. */
  fromPhones: number;
  phoneCap: number;
  isPublished: boolean;
  roundsPaired: number;
  activePlayers: number;
  checkedIn: number;
  /** Staff only: who is in, and who waits, in order. */
  players: { registrationId: string; name: string; isCheckedIn: boolean }[] | null;
  waitlist: { name: string; position: number }[] | null;
  waitlisted: number;
};

/** Check-in at a glance: counts for anyone who may see the tournament; names for its staff. */
export async function getCheckInOverview(
  access: TournamentAccess,
): Promise<CheckInOverview | null> {
  const { tournamentId } = access;
  const [tournament, roundsPaired, registrations, waiting, fromPhonesInEvent] = await Promise.all([
    prisma.tournament.findFirst({
      where: { id: tournamentId, deletedAt: null },
      select: {
        openRegistration: true,
        registrationCap: true,
        phoneRegistrationCap: true,
        publishedAt: true,
      },
    }),
    prisma.round.count({ where: { tournamentId } }),
    prisma.registration.findMany({
      where: { tournamentId, droppedAfterRound: null },
      select: { id: true, displayName: true, checkedInAt: true },
    }),
    prisma.waitlistEntry.findMany({
      where: { tournamentId, promotedAt: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { displayName: true },
    }),
    countFromPhones(prisma, tournamentId, 0),
  ]);
  if (!tournament) return null;
  const isStaff = accessAllows(access, "staff.view");
  return {
    isOpen: tournament.openRegistration,
    cap: tournament.registrationCap,
    fromPhones: fromPhonesInEvent + waiting.length,
    phoneCap: tournament.phoneRegistrationCap,
    isPublished: tournament.publishedAt !== null,
    roundsPaired,
    activePlayers: registrations.length,
    checkedIn: registrations.filter((registration) => registration.checkedInAt !== null).length,
    players: isStaff
      ? registrations.map((registration) => ({
          registrationId: registration.id,
          name: registration.displayName,
          isCheckedIn: registration.checkedInAt !== null,
        }))
      : null,
    waitlist: isStaff
      ? waiting.map((entry, index) => ({ name: entry.displayName, position: index + 1 }))
      : null,
    waitlisted: waiting.length,
  };
}
