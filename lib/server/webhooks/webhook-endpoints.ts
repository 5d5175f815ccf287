import "server-only";
import { randomBytes } from "node:crypto";
import { prisma } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import type { Actor } from "@/lib/server/tournament/staff";
import type {
  CreateWebhookInput,
  DeleteWebhookInput,
  PingWebhookInput,
  RotateWebhookSecretInput,
  SetWebhookActiveInput,
} from "@/lib/schemas/webhook";
import { refuseWebhookUrl } from "@/lib/server/infra/outbound-address";
import { deliverySubjects } from "./delivery-subjects";
import { sendWebhook } from "./webhook-send";

/** The kind of the announcement a test message is listed under (never planned by the worker). */
export const PING_KIND = "webhook.ping";

/** Deliveries shown per endpoint on the settings page. */
export const DELIVERIES_SHOWN = 10;

/** A new signing secret in the Standard Webhooks form: "whsec_" and base64 of 32 random bytes. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** Adds an endpoint after checking where its address leads; the secret is returned this once. */
export async function createWebhookEndpoint(
  input: CreateWebhookInput,
  actor: Actor,
): Promise<ActionResult<{ id: string; secret: string }>> {
  const refusal = await refuseWebhookUrl(input.url);
  if (refusal) return failure("VALIDATION", refusal, { url: [refusal] });
  const secret = newSecret();
  const created = await prisma.webhookEndpoint.create({
    data: {
      tournamentId: input.tournamentId,
      url: input.url,
      secret,
      kinds: [...new Set(input.kinds)],
      createdById: actor.userId,
      createdByName: actor.name,
    },
    select: { id: true },
  });
  return success({ id: created.id, secret });
}

/** Turns an endpoint on or off; turning it on checks its address again. */
export async function setWebhookEndpointActive(
  input: SetWebhookActiveInput,
): Promise<ActionResult<null>> {
  const endpoint = await prisma.webhookEndpoint.findFirst({
    where: { id: input.endpointId, tournamentId: input.tournamentId },
    select: { url: true },
  });
  if (!endpoint) return failure("NOT_FOUND", "That webhook does not exist.");
  if (input.active) {
    const refusal = await refuseWebhookUrl(endpoint.url);
    if (refusal) return failure("VALIDATION", refusal);
  }
  await prisma.webhookEndpoint.update({
    where: { id: input.endpointId },
    data: { active: input.active, disabledReason: "" },
  });
  return success(null);
}

/**
 * Sends a signed `webhook.ping` now, lists it with the endpoint's deliveries (planned already,
 * so the worker neither plans nor retries it) and says what the receiver answered.
 */
export async function pingWebhookEndpoint(
  input: PingWebhookInput,
): Promise<ActionResult<{ status: number | null; detail: string }>> {
  const endpoint = await prisma.webhookEndpoint.findFirst({
    where: { id: input.endpointId, tournamentId: input.tournamentId },
    select: { id: true, url: true, secret: true },
  });
  if (!endpoint) return failure("NOT_FOUND", "That webhook does not exist.");
  const refusal = await refuseWebhookUrl(endpoint.url);
  if (refusal) return failure("VALIDATION", refusal);
  const now = new Date();
  const announcement = await prisma.announcement.create({
    data: {
      tournamentId: input.tournamentId,
      kind: PING_KIND,
      subjectId: endpoint.id,
      plannedAt: now,
      createdAt: now,
    },
    select: { id: true },
  });
  const message = {
    messageId: `msg_${announcement.id}`,
    body: JSON.stringify({
      type: PING_KIND,
      timestamp: now.toISOString(),
      data: { tournament: { id: input.tournamentId }, endpointId: endpoint.id },
    }),
  };
  const outcome = await sendWebhook(endpoint.url, endpoint.secret, message);
  const isSent = outcome.kind === "sent";
  await prisma.delivery.create({
    data: {
      announcementId: announcement.id,
      channel: "webhook",
      targetId: endpoint.id,
      payload: message,
      status: isSent ? "SENT" : "FAILED",
      attempts: 1,
      lastAttemptAt: now,
      lastStatusCode: outcome.status,
      lastError: isSent ? "" : outcome.detail,
    },
  });
  if (isSent) return success({ status: outcome.status, detail: "" });
  // The detail names the HTTP answer, or says in words why there was none.
  return failure("CONFLICT", `The test message was not accepted: ${outcome.detail}`);
}

/** Gives an endpoint a new signing secret: what is sent from now on, retries included, is signed with it. */
export async function rotateWebhookSecret(
  input: RotateWebhookSecretInput,
): Promise<ActionResult<{ id: string; secret: string }>> {
  const secret = newSecret();
  const changed = await prisma.webhookEndpoint.updateMany({
    where: { id: input.endpointId, tournamentId: input.tournamentId },
    data: { secret },
  });
  if (changed.count === 0) return failure("NOT_FOUND", "That webhook does not exist.");
  return success({ id: input.endpointId, secret });
}

/**
 * Deletes an endpoint and its deliveries: they are outbox rows kept only to show the organizer
 * how sending goes, not tournament history, and with no endpoint they would show nowhere.
 */
export async function deleteWebhookEndpoint(
  input: DeleteWebhookInput,
): Promise<ActionResult<null>> {
  const deleted = await prisma.$transaction(async (tx) => {
    const gone = await tx.webhookEndpoint.deleteMany({
      where: { id: input.endpointId, tournamentId: input.tournamentId },
    });
    if (gone.count === 0) return 0;
    await tx.delivery.deleteMany({ where: { channel: "webhook", targetId: input.endpointId } });
    // Its test messages' announcements were its alone.
    await tx.announcement.deleteMany({
      where: { tournamentId: input.tournamentId, kind: PING_KIND, subjectId: input.endpointId },
    });
    return gone.count;
  });
  if (deleted === 0) return failure("NOT_FOUND", "That webhook does not exist.");
  return success(null);
}

/** The settings page's webhooks: each endpoint (never its secret) with its latest deliveries. */
export async function listWebhookEndpoints(tournamentId: string) {
  const endpoints = await prisma.webhookEndpoint.findMany({
    where: { tournamentId },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      url: true,
      kinds: true,
      active: true,
      disabledReason: true,
      createdByName: true,
      createdAt: true,
    },
  });
  const withDeliveries = await Promise.all(
    endpoints.map(async (endpoint) => ({
      ...endpoint,
      deliveries: await prisma.delivery.findMany({
        where: { channel: "webhook", targetId: endpoint.id },
        orderBy: { createdAt: "desc" },
        take: DELIVERIES_SHOWN,
        select: {
          id: true,
          status: true,
          attempts: true,
          lastStatusCode: true,
          lastError: true,
          lastAttemptAt: true,
          nextAttemptAt: true,
          createdAt: true,
          announcement: { select: { id: true, kind: true, subjectId: true } },
        },
      }),
    })),
  );
  const subjects = await deliverySubjects(
    tournamentId,
    withDeliveries.flatMap((endpoint) => endpoint.deliveries.map((each) => each.announcement)),
  );
  return withDeliveries.map((endpoint) => ({
    ...endpoint,
    deliveries: endpoint.deliveries.map(({ announcement, ...delivery }) => ({
      ...delivery,
      subject: subjects.get(announcement.id) ?? {
        kind: announcement.kind,
        round: null,
        table: null,
        names: [],
      },
    })),
  }));
}
export type WebhookEndpointView = Awaited<ReturnType<typeof listWebhookEndpoints>>[number];
