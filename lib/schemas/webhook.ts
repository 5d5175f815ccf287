import { z } from "zod";
import { ANNOUNCEMENT_KINDS } from "@/lib/server/announcements/announcement";
import { scopedId } from "./ids";

const TournamentId = scopedId("tournament", z.string().trim().min(1).max(100));
const EndpointId = scopedId(
  "webhookEndpoint",
  z.string({ error: "Choose a webhook." }).trim().min(1, "Choose a webhook.").max(100),
);

/** A form's checkboxes arrive as one value or several under the same name. */
const kindList = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(z.enum(ANNOUNCEMENT_KINDS, { error: "Choose events from the list." }))
    .min(1, "Choose at least one event to send."),
);

/** A new webhook endpoint: where to send and which events. */
export const CreateWebhookSchema = z.object({
  tournamentId: TournamentId,
  url: z
    .string({ error: "Enter the address to send to." })
    .trim()
    .min(1, "Enter the address to send to, such as https://example.org/hooks.")
    .max(2000, "Keep the address to 2,000 characters or fewer."),
  kinds: kindList,
});
export type CreateWebhookInput = z.infer<typeof CreateWebhookSchema>;

/** An endpoint turned on or off (its deliveries are kept). */
export const SetWebhookActiveSchema = z.object({
  tournamentId: TournamentId,
  endpointId: EndpointId,
  active: z.enum(["true", "false"], { error: "Choose on or off." }).transform((v) => v === "true"),
});
export type SetWebhookActiveInput = z.infer<typeof SetWebhookActiveSchema>;

/** A signed test message to one endpoint, sent now. */
export const PingWebhookSchema = z.object({
  tournamentId: TournamentId,
  endpointId: EndpointId,
});
export type PingWebhookInput = z.infer<typeof PingWebhookSchema>;

/** An endpoint deleted, with its deliveries. */
export const DeleteWebhookSchema = PingWebhookSchema;
export type DeleteWebhookInput = z.infer<typeof DeleteWebhookSchema>;

/** An endpoint given a new signing secret (the old one stops working at once). */
export const RotateWebhookSecretSchema = PingWebhookSchema;
export type RotateWebhookSecretInput = z.infer<typeof RotateWebhookSecretSchema>;
