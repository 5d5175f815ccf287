import { z } from "zod";
import { scopedId } from "./ids";
import { JUDGE_CALL_FOLLOW_UPS, JUDGE_CALL_NOTE_MAX } from "@/lib/rules/judge-calls";
import { MatchIdSchema } from "./match-result";
import { PodIdSchema } from "./pod";
import { TournamentIdSchema } from "./tournament";

// biome-ignore lint/suspicious/noControlCharactersInRegex: it refuses control characters
const storable = (text: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);

const note = (what: string) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .max(
      JUDGE_CALL_NOTE_MAX,
      `Keep ${what.toLowerCase()} to ${JUDGE_CALL_NOTE_MAX} characters or fewer.`,
    )
    .refine(storable, `${what} contains characters that cannot be stored.`)
    .optional()
    .default("");

const IdempotencyKeySchema = z
  .string()
  .trim()
  .min(8, "Reload the page and try again.")
  .max(100, "Reload the page and try again.");
const JudgeCallIdSchema = scopedId(
  "judgeCall",
  z
    .string({ error: "Choose a judge call." })
    .trim()
    .min(1, "Choose a judge call.")
    .max(100, "That is not a judge call."),
);

/** The table a call is to: a match, or in a pod event the pod (CR 100.6a); the data layer refuses a call naming neither or both. */
const callPlace = { matchId: MatchIdSchema.optional(), podId: PodIdSchema.optional() };

/** A player calls a judge to their own current match or pod (the table comes from it, not the form). */
export const CallJudgeSchema = z.object({
  ...callPlace,
  note: note("The note"),
  /** Generated once per page: a retried tap is one call. */
  idempotencyKey: IdempotencyKeySchema,
});
export type CallJudgeInput = z.infer<typeof CallJudgeSchema>;

/** A judge takes a call from the queue. */
export const ClaimJudgeCallSchema = z.object({
  tournamentId: TournamentIdSchema,
  ...callPlace,
  callId: JudgeCallIdSchema,
});
export type ClaimJudgeCallInput = z.infer<typeof ClaimJudgeCallSchema>;

/** A judge closes a call, saying what happened and what they go on to do at that table. */
export const ResolveJudgeCallSchema = ClaimJudgeCallSchema.extend({
  followUp: z
    .enum(JUDGE_CALL_FOLLOW_UPS, { error: "Choose what happens next." })
    .optional()
    .default("NONE"),
  resolution: note("What happened"),
});
export type ResolveJudgeCallInput = z.infer<typeof ResolveJudgeCallSchema>;
