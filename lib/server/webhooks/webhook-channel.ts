import "server-only";
import { prisma } from "@/lib/server/infra/db";
import type { Channel } from "@/lib/server/announcements/announcement";
import { webhookBody } from "./webhook-payloads";
import { sendWebhook, type WebhookMessage } from "./webhook-send";

/** Webhooks as a channel of the outbox: one delivery per active endpoint that asked for the kind. */
export const webhookChannel: Channel = {
  name: "webhook",
  async plan(announcement) {
    const endpoints = await prisma.webhookEndpoint.findMany({
      where: {
        tournamentId: announcement.tournamentId,
        active: true,
        kinds: { has: announcement.kind },
      },
      select: { id: true },
    });
    if (endpoints.length === 0) return [];
    // One body for every endpoint, fixed now: a retry sends the same bytes with the same id.
    const message: WebhookMessage = {
      messageId: `msg_${announcement.id}`,
      body: JSON.stringify(await webhookBody(announcement)),
    };
    return endpoints.map((endpoint) => ({ targetId: endpoint.id, payload: message }));
  },
  async audienceIn(tournamentIds) {
    const rows = await prisma.webhookEndpoint.findMany({
      where: { tournamentId: { in: [...tournamentIds] }, active: true },
      select: { tournamentId: true },
      distinct: ["tournamentId"],
    });
    return new Set(rows.map((row) => row.tournamentId));
  },
  async send(targetId, payload) {
    const endpoint = await prisma.webhookEndpoint.findUnique({
      where: { id: targetId },
      select: { url: true, secret: true, active: true },
    });
    if (!endpoint?.active)
      return { kind: "gone", status: null, detail: "The endpoint was disabled." };
    return sendWebhook(endpoint.url, endpoint.secret, payload as WebhookMessage);
  },
  async forget(targetId) {
    await prisma.webhookEndpoint.updateMany({
      where: { id: targetId, active: true },
      data: {
        active: false,
        disabledReason: "turned off: the receiver answered 410 Gone, or its address is refused",
      },
    });
  },
};
