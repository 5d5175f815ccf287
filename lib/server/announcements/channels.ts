import "server-only";
import type { Channel } from "./announcement";
import { webhookChannel } from "@/lib/server/webhooks/webhook-channel";
import { pushChannel } from "@/lib/server/push/push-channel";

/** Every channel the outbox worker plans and sends for. */
export const CHANNELS: readonly Channel[] = [webhookChannel, pushChannel];
