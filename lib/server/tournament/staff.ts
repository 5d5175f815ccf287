import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { cache } from "react";
import { prisma } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import type { StaffRole } from "@/lib/rules/permissions";
import type {
  InviteStaffInput,
  ReissueInvitationInput,
  RemoveStaffInput,
} from "@/lib/schemas/staff";

/** The account acting, as the wrapper established it from the session. */
export type Actor = { userId: string; name: string; email: string };

/**
 * Tournaments made before accounts existed have no owner: the first account ever created takes
 * them over (the person who ran the app before sign-in existed), as their organizer.
 */
export async function adoptOwnerlessTournaments(userId: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    if ((await tx.user.count()) !== 1) return;
    const ownerless = await tx.tournament.findMany({
      where: { ownerId: null },
      select: { id: true },
    });
    if (ownerless.length === 0) return;
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { name: true, email: true },
    });
    await tx.tournament.updateMany({
      where: { id: { in: ownerless.map(({ id }) => id) } },
      data: { ownerId: userId },
    });
    await tx.staffMember.createMany({
      data: ownerless.map(({ id }) => ({
        tournamentId: id,
        userId,
        name: user.name,
        email: user.email,
        role: "ORGANIZER" as const,
      })),
    });
  });
}

/** The account's staff seat in a tournament (the owner's is ORGANIZER), or null for anyone else. */
export const getStaffSeat = cache(async (tournamentId: string, userId: string | undefined) => {
  if (!userId) return null;
  const seat = await prisma.staffMember.findFirst({
    where: { tournamentId, userId, removedAt: null },
    orderBy: { createdAt: "asc" },
    select: { id: true, role: true, name: true },
  });
  return seat as { id: string; role: StaffRole; name: string } | null;
});

export async function hasAnyAccount(): Promise<boolean> {
  return (await prisma.user.count()) > 0;
}

/** The staff and pending invitations (with whether their link still works; the link itself is never kept). */
export async function listStaff(tournamentId: string, now = new Date()) {
  const rows = await prisma.staffMember.findMany({
    where: { tournamentId, removedAt: null },
    orderBy: [{ role: "asc" }, { createdAt: "asc" }],
    select: {
      id: true,
      name: true,
      email: true,
      role: true,
      userId: true,
      inviteExpiresAt: true,
      inviteTokenHash: true,
    },
  });
  return rows.map(({ inviteTokenHash, inviteExpiresAt, ...member }) => ({
    ...member,
    isPending: member.userId === null,
    linkExpiresAt:
      inviteTokenHash !== null && inviteExpiresAt !== null && inviteExpiresAt > now
        ? inviteExpiresAt
        : null,
  }));
}

// ---- Invitations: accepted only through a secret link ----------------------------------------

/** How long an invitation link may be used; the organizer can make a new one at any time. */
export const INVITATION_DAYS = 7;

function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function newInvitationToken(now: Date): {
  token: string;
  inviteTokenHash: string;
  inviteExpiresAt: Date;
} {
  const token = randomBytes(32).toString("base64url");
  return {
    token,
    inviteTokenHash: hashInvitationToken(token),
    inviteExpiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 3600_000),
  };
}

export type InvitationLink = { id: string; token: string; expiresAt: Date };

/**
 * The owner invites a staff member: a pending seat and a secret link to send them (shown once).
 * Whoever opens the link signed in may accept it; an account with the invited email gets
 * nothing by that alone, because nobody has proven they own an email here.
 */
export async function inviteStaff(
  input: InviteStaffInput,
  now = new Date(),
): Promise<ActionResult<InvitationLink>> {
  const existing = await prisma.staffMember.findFirst({
    where: { tournamentId: input.tournamentId, email: input.email, removedAt: null },
  });
  if (existing)
    return failure(
      "DUPLICATE",
      `${input.email} is already on this tournament's staff or invited.`,
      { email: ["Already on the staff or invited."] },
    );
  const { token, inviteTokenHash, inviteExpiresAt } = newInvitationToken(now);
  const member = await prisma.staffMember.create({
    data: {
      tournamentId: input.tournamentId,
      email: input.email,
      role: input.role,
      name: input.name,
      inviteTokenHash,
      inviteExpiresAt,
    },
    select: { id: true },
  });
  return success({ id: member.id, token, expiresAt: inviteExpiresAt });
}

/** A new link for a pending invitation: the previous link stops working. */
export async function reissueStaffInvitation(
  input: ReissueInvitationInput,
  now = new Date(),
): Promise<ActionResult<InvitationLink>> {
  const { token, inviteTokenHash, inviteExpiresAt } = newInvitationToken(now);
  const updated = await prisma.staffMember.updateMany({
    where: { id: input.staffId, tournamentId: input.tournamentId, removedAt: null, userId: null },
    data: { inviteTokenHash, inviteExpiresAt },
  });
  if (updated.count === 0)
    return failure("NOT_FOUND", "That invitation was accepted or withdrawn already.");
  return success({ id: input.staffId, token, expiresAt: inviteExpiresAt });
}

export type InvitationView = {
  tournamentId: string;
  tournamentName: string;
  role: StaffRole;
  invitedEmail: string;
};

type InvitationRow = {
  id: string;
  tournamentId: string;
  role: StaffRole;
  name: string;
  email: string;
  userId: string | null;
  removedAt: Date | null;
  inviteExpiresAt: Date | null;
  tournament: { name: string; deletedAt: Date | null };
};

async function findInvitation(token: string): Promise<InvitationRow | null> {
  if (token.length < 20 || token.length > 200) return null;
  const row = await prisma.staffMember.findUnique({
    where: { inviteTokenHash: hashInvitationToken(token) },
    select: {
      id: true,
      tournamentId: true,
      role: true,
      name: true,
      email: true,
      userId: true,
      removedAt: true,
      inviteExpiresAt: true,
      tournament: { select: { name: true, deletedAt: true } },
    },
  });
  return row as InvitationRow | null;
}

/** Why an invitation cannot be accepted, as the person holding its link should read it; null when it can. */
function refusalOf(
  row: InvitationRow | null,
  userId: string | undefined,
  now: Date,
): ActionResult<never> | null {
  if (!row || row.tournament.deletedAt) {
    return failure(
      "NOT_FOUND",
      "This invitation link is not valid. The organizer may have made a newer link: ask them for the current one.",
    );
  }
  if (row.removedAt) return failure("NOT_FOUND", "This invitation was withdrawn by the organizer.");
  if (row.userId !== null) {
    return row.userId === userId
      ? null
      : failure(
          "CONFLICT",
          "This invitation has already been accepted. Ask the organizer for an invitation of your own.",
        );
  }
  if (!row.inviteExpiresAt || row.inviteExpiresAt <= now)
    return failure(
      "NOT_FOUND",
      "This invitation link has expired. Ask the organizer for a new link.",
    );
  return null;
}

/** What an invitation link offers, or why it cannot be used (for the /invite page). */
export async function getInvitation(
  token: string,
  userId: string | undefined,
  now = new Date(),
): Promise<ActionResult<InvitationView & { isAccepted: boolean }>> {
  const row = await findInvitation(token);
  const refusal = refusalOf(row, userId, now);
  if (refusal) return refusal;
  return success({
    tournamentId: row!.tournamentId,
    tournamentName: row!.tournament.name,
    role: row!.role,
    invitedEmail: row!.email,
    isAccepted: row!.userId !== null,
  });
}

/**
 * The signed-in account takes the seat an invitation link offers: once, before it expires,
 * unless it was withdrawn or replaced by a newer link, and not by someone already on the staff.
 */
export async function acceptStaffInvitation(
  token: string,
  actor: Actor,
  now = new Date(),
): Promise<ActionResult<{ tournamentId: string }>> {
  const row = await findInvitation(token);
  const refusal = refusalOf(row, actor.userId, now);
  if (refusal) return refusal;
  const invitation = row!;
  if (invitation.userId === actor.userId) return success({ tournamentId: invitation.tournamentId });
  const seat = await prisma.staffMember.findFirst({
    where: { tournamentId: invitation.tournamentId, userId: actor.userId, removedAt: null },
    select: { id: true },
  });
  if (seat) return failure("DUPLICATE", "You are already on this tournament's staff.");
  // Conditional on the row still being pending: two people opening one link cannot both take it.
  const taken = await prisma.staffMember.updateMany({
    where: {
      id: invitation.id,
      userId: null,
      removedAt: null,
      inviteTokenHash: hashInvitationToken(token),
      inviteExpiresAt: { gt: now },
    },
    data: { userId: actor.userId, email: actor.email, name: invitation.name.trim() || actor.name },
  });
  if (taken.count === 0)
    return failure(
      "CONFLICT",
      "This invitation has already been accepted. Ask the organizer for an invitation of your own.",
    );
  return success({ tournamentId: invitation.tournamentId });
}

/** Removes a seat, or withdraws a pending invitation (its link then says so). */
export async function removeStaff(
  input: RemoveStaffInput,
): Promise<ActionResult<{ id: string; wasInvitation: boolean }>> {
  const member = await prisma.staffMember.findFirst({
    where: { id: input.staffId, tournamentId: input.tournamentId, removedAt: null },
  });
  if (!member) return failure("NOT_FOUND", "That staff member is not on this tournament's staff.");
  if (member.role === "ORGANIZER")
    return failure("FORBIDDEN", "The organizer cannot be removed from their own tournament.");
  // Kept, not deleted: history rows name who acted.
  await prisma.staffMember.update({ where: { id: member.id }, data: { removedAt: new Date() } });
  return success({ id: member.id, wasInvitation: member.userId === null });
}
