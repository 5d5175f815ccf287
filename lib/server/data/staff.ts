import "server-only";
import { cache } from "react";
import { prisma } from "../db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import type { StaffRole } from "@/lib/rules/permissions";
import type { InviteStaffInput, RemoveStaffInput } from "@/lib/schemas/staff";

/** The account acting, as the wrapper established it from the session. */
export type Actor = { userId: string; name: string; email: string };

/** Links invitations sent to this email before the account existed. */
export async function linkStaffInvitations(userId: string, email: string): Promise<void> {
  await prisma.staffMember.updateMany({ where: { email: email.toLowerCase(), userId: null }, data: { userId } });
}

/**
 * Tournaments made before accounts existed have no owner: the first account ever created takes
 * them over (the person who ran the app before sign-in existed), as their organizer.
 */
export async function adoptOwnerlessTournaments(userId: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    if ((await tx.user.count()) !== 1) return;
    const ownerless = await tx.tournament.findMany({ where: { ownerId: null }, select: { id: true } });
    if (ownerless.length === 0) return;
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { name: true, email: true } });
    await tx.tournament.updateMany({ where: { id: { in: ownerless.map(({ id }) => id) } }, data: { ownerId: userId } });
    await tx.staffMember.createMany({
      data: ownerless.map(({ id }) => ({ tournamentId: id, userId, name: user.name, email: user.email, role: "ORGANIZER" as const })),
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

export async function listStaff(tournamentId: string) {
  return prisma.staffMember.findMany({
    where: { tournamentId, removedAt: null },
    orderBy: [{ role: "asc" }, { createdAt: "asc" }],
    select: { id: true, name: true, email: true, role: true, userId: true, user: { select: { name: true } } },
  });
}

/** The owner invites a staff member by email; an existing account is linked at once. */
export async function inviteStaff(input: InviteStaffInput): Promise<ActionResult<{ id: string; isLinked: boolean }>> {
  const existing = await prisma.staffMember.findFirst({ where: { tournamentId: input.tournamentId, email: input.email, removedAt: null } });
  if (existing) return failure("DUPLICATE", `${input.email} is already on this tournament's staff.`, { email: ["Already on the staff."] });
  const user = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true, name: true } });
  const member = await prisma.staffMember.create({
    data: { tournamentId: input.tournamentId, email: input.email, role: input.role, name: input.name || user?.name || input.email, userId: user?.id ?? null },
    select: { id: true },
  });
  return success({ id: member.id, isLinked: Boolean(user) });
}

export async function removeStaff(input: RemoveStaffInput): Promise<ActionResult<{ id: string }>> {
  const member = await prisma.staffMember.findFirst({ where: { id: input.staffId, tournamentId: input.tournamentId, removedAt: null } });
  if (!member) return failure("NOT_FOUND", "That staff member is not on this tournament's staff.");
  if (member.role === "ORGANIZER") return failure("FORBIDDEN", "The organizer cannot be removed from their own tournament.");
  // Kept, not deleted: history rows name who acted.
  await prisma.staffMember.update({ where: { id: member.id }, data: { removedAt: new Date() } });
  return success({ id: member.id });
}
