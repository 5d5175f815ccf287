import "server-only";
import type { Channel } from "./announcement";
import { webhookChannel } from "@/lib/server/webhooks/webhook-channel";

/** Every channel the outbox worker plans and sends for; Web Push joins here. */
export const CHANNELS: readonly Channel[] = [webhookChannel];
