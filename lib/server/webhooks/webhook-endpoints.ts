import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { prisma } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import type { Actor } from "@/lib/server/tournament/staff";
import type {
  CreateWebhookInput,
  PingWebhookInput,
  SetWebhookActiveInput,
} from "@/lib/schemas/webhook";
import { refuseWebhookUrl } from "./webhook-address";
import { sendWebhook } from "./webhook-send";

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

/** Sends a signed `webhook.ping` now and says what the receiver answered. */
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
  const body = JSON.stringify({
    type: "webhook.ping",
    timestamp: new Date().toISOString(),
    data: { tournament: { id: input.tournamentId }, endpointId: endpoint.id },
  });
  const outcome = await sendWebhook(endpoint.url, endpoint.secret, {
    messageId: `msg_ping_${randomUUID()}`,
    body,
  });
  if (outcome.kind === "sent") return success({ status: outcome.status, detail: "" });
  const answered = outcome.status === null ? "no answer" : `HTTP ${outcome.status}`;
  return failure("CONFLICT", `The test message was not accepted (${answered}): ${outcome.detail}`);
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
  return Promise.all(
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
          announcement: { select: { kind: true } },
        },
      }),
    })),
  );
}
export type WebhookEndpointView = Awaited<ReturnType<typeof listWebhookEndpoints>>[number];
