import { z } from "zod";
import { PairingSchema, PodSchema, PodStandingSchema, StandingSchema } from "@/lib/schemas/api-v1";

// The bodies webhooks carry (docs/webhooks.md), documented in the OpenAPI `webhooks` section
// and checked against what the worker sends (lib/server/announcements/announcements.test.ts).

const Tournament = z.strictObject({ id: z.string(), name: z.string() });
const Round = z
  .strictObject({
    number: z.number().int(),
    title: z.string().describe('"Round 3", "Quarterfinals", "Final pod".'),
  })
  .meta({ id: "WebhookRound" });

const envelope = <K extends string, D extends z.ZodType>(type: K, data: D, id: string) =>
  z
    .strictObject({
      type: z.literal(type),
      timestamp: z.string().describe("When it happened (ISO 8601, UTC)."),
      data,
    })
    .meta({ id });

const Contest = z.strictObject({
  tournament: Tournament,
  round: Round.nullable(),
  match: PairingSchema.optional().describe("Two-player events: the match and its result."),
  summary: z
    .string()
    .nullable()
    .optional()
    .describe('The result as a scoreboard line: "Ana 2-1 Ben".'),
  pod: PodSchema.nullable().optional().describe("Pod events (CR 100.6a): the pod."),
});

const Standings = z.strictObject({
  tournament: Tournament,
  round: Round.optional().describe("The round whose results changed the standings."),
  standings: z
    .array(z.union([StandingSchema, PodStandingSchema]))
    .describe("The top 16 rows; the rest at standingsUrl."),
  standingsUrl: z
    .url()
    .describe("The standings in the API: an absolute address, from PUBLIC_URL when set."),
});

const JudgeCall = z.strictObject({
  tournament: Tournament,
  judgeCall: z.strictObject({
    id: z.string(),
    table: z.number().int(),
    isPod: z.boolean(),
    calledBy: z.string(),
    calledAt: z.string(),
    claimedBy: z.string().nullable(),
    claimedAt: z.string().nullable(),
  }),
});

/** Each webhook's body by its type (Standard Webhooks: `type`, `timestamp`, `data`). */
export const WEBHOOK_BODIES = {
  "round.paired": envelope(
    "round.paired",
    z.strictObject({
      tournament: Tournament,
      round: Round,
      pairings: z.array(PairingSchema).optional().describe("Two-player events, by table."),
      pods: z.array(PodSchema).optional().describe("Pod events, by table."),
    }),
    "RoundPairedWebhook",
  ),
  "result.recorded": envelope("result.recorded", Contest, "ResultRecordedWebhook"),
  "standings.changed": envelope("standings.changed", Standings, "StandingsChangedWebhook"),
  "event.finished": envelope("event.finished", Standings, "EventFinishedWebhook"),
  "time.called": envelope("time.called", Contest, "TimeCalledWebhook"),
  "judge_call.opened": envelope("judge_call.opened", JudgeCall, "JudgeCallOpenedWebhook"),
  "judge_call.claimed": envelope("judge_call.claimed", JudgeCall, "JudgeCallClaimedWebhook"),
} as const;

const SUMMARIES: Record<keyof typeof WEBHOOK_BODIES, string> = {
  "round.paired": "A round was paired",
  "result.recorded": "A result was recorded or corrected",
  "standings.changed": "The standings changed",
  "event.finished": "The event finished",
  "time.called": "Time was called at a table",
  "judge_call.opened": "A player called a judge",
  "judge_call.claimed": "A judge took a call",
};

export const WEBHOOK_DESCRIPTION =
  "Sent to each webhook endpoint the organizer added (staff & settings) for the events it chose, " +
  "signed per Standard Webhooks: verify `webhook-signature` (HMAC-SHA256 of " +
  "`{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's `whsec_` secret) and refuse old " +
  "timestamps. A retry has the same `webhook-id` and body. Answer 2xx within 10 seconds; 410 " +
  "turns the endpoint off; anything else is retried after 10 s, 1 min, 5 min, 30 min, 2 h and " +
  "6 h. See docs/webhooks.md.";

const HEADER = (description: string) => ({
  required: true,
  description,
  schema: { type: "string" },
});

/** The OpenAPI 3.1 `webhooks` section, with `toSchema` turning a zod schema into a document schema. */
export function openApiWebhooks(toSchema: (schema: z.ZodType) => Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(WEBHOOK_BODIES).map(([type, schema]) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(".", "_")}`,
          summary: SUMMARIES[type as keyof typeof WEBHOOK_BODIES],
          description: WEBHOOK_DESCRIPTION,
          tags: ["Webhooks"],
          parameters: [
            {
              name: "webhook-id",
              in: "header",
              ...HEADER("The message's id, the same on every retry: deduplicate by it."),
            },
            {
              name: "webhook-timestamp",
              in: "header",
              ...HEADER("Seconds since 1970 when this attempt was signed."),
            },
            {
              name: "webhook-signature",
              in: "header",
              ...HEADER("`v1,` and the base64 HMAC-SHA256 signature (space-separated if several)."),
            },
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: toSchema(schema) } },
          },
          responses: {
            "200": { description: "Received (any 2xx)." },
            "410": { description: "Gone: stop sending (the endpoint is turned off)." },
          },
        },
      },
    ]),
  );
}
