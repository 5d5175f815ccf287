import "server-only";
import { createHash } from "node:crypto";
import { prisma } from "@/lib/server/infra/db";
import { success, type ActionResult } from "@/lib/action-result";
import type { PushSubscriptionInput } from "@/lib/schemas/push";
import { vapidKeys } from "./vapid";

/** Who a phone's notifications are for: a player signed in with their code, or a staff seat. */
export type PushOwner =
  | { tournamentId: string; registrationId: string; seat: number | null }
  | { tournamentId: string; staffId: string };

/** The owner as one value: a browser holds one subscription row per owner. */
function ownerKeyOf(owner: PushOwner): string {
  return "staffId" in owner
    ? `staff:${owner.staffId}`
    : `player:${owner.registrationId}:${owner.seat ?? ""}`;
}

function ownerColumns(owner: PushOwner) {
  const ownerKey = ownerKeyOf(owner);
  return "staffId" in owner
    ? {
        tournamentId: owner.tournamentId,
        staffId: owner.staffId,
        registrationId: null,
        seat: null,
        ownerKey,
      }
    : {
        tournamentId: owner.tournamentId,
        registrationId: owner.registrationId,
        seat: owner.seat,
        staffId: null,
        ownerKey,
      };
}

/**
 * Keeps this phone's subscription for `owner`, beside any it holds for others: a browser turned
 * on for a player and a judge seat, or at two events, receives for each until each turns off.
 */
export async function savePushSubscription(
  input: PushSubscriptionInput,
  owner: PushOwner,
): Promise<ActionResult<{ id: string }>> {
  const keys = { p256dh: input.p256dh, auth: input.auth, ...ownerColumns(owner) };
  const saved = await prisma.pushSubscription.upsert({
    where: { endpoint_ownerKey: { endpoint: input.endpoint, ownerKey: keys.ownerKey } },
    create: { endpoint: input.endpoint, ...keys },
    update: keys,
    select: { id: true },
  });
  return success(saved);
}

/**
 * Turns this phone's notifications off: its subscription is deleted (a subscription is a
 * delivery address, not history). Only its owner's; another's endpoint deletes nothing.
 */
export async function deletePushSubscription(
  endpoint: string,
  owner: PushOwner,
): Promise<ActionResult<{ deleted: number }>> {
  const { count } = await prisma.pushSubscription.deleteMany({
    where: { endpoint, ownerKey: ownerKeyOf(owner) },
  });
  return success({ deleted: count });
}

/** A push service said the subscription is gone for good (404/410): forget its address for every owner. */
export async function forgetPushSubscription(id: string): Promise<void> {
  const row = await prisma.pushSubscription.findUnique({
    where: { id },
    select: { endpoint: true },
  });
  await prisma.pushSubscription.deleteMany({
    where: row ? { endpoint: row.endpoint } : { id },
  });
}

/** SHA-256 (base64url) of an endpoint: a page tells its phone whether it is subscribed without echoing addresses. */
export function endpointHash(endpoint: string): string {
  return createHash("sha256").update(endpoint).digest("base64url");
}

/** The hashed endpoints of `owner`'s phones, so a page can tell whether this phone is one of them. */
export async function subscribedEndpointHashes(owner: PushOwner): Promise<string[]> {
  const rows = await prisma.pushSubscription.findMany({
    where:
      "staffId" in owner
        ? { staffId: owner.staffId }
        : { registrationId: owner.registrationId, seat: owner.seat },
    select: { endpoint: true },
  });
  return rows.map((row) => endpointHash(row.endpoint));
}

/** What a page's notification control needs: the server's public key, and which phones are subscribed. */
export async function pushControlFor(
  owner: PushOwner,
): Promise<{ publicKey: string; subscribedHashes: string[] }> {
  const [keys, subscribedHashes] = await Promise.all([
    vapidKeys(),
    subscribedEndpointHashes(owner),
  ]);
  return { publicKey: keys.publicKey, subscribedHashes };
}
