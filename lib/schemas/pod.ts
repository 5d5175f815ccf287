import { z } from "zod";
import { scopedId } from "./ids";
import { formNumber } from "./form-number";
import { TournamentIdSchema } from "./tournament";
import { RoundNumberSchema } from "./round";
import { parsePodQuickEntry } from "@/lib/rules/quick-entry";
import { POD_LEAVE_REASONS, type PodOutcome } from "@/lib/rules/pod-game";
import { render } from "@/lib/messages/render";

export const PodIdSchema = scopedId("pod", z.string().trim().min(1, "Choose the pod."));
const IdempotencyKeySchema = z
  .string()
  .trim()
  .min(8, "Reload the page and try again.")
  .max(100, "Reload the page and try again.");
const podOutcomeFields = {
  outcome: z.enum(["win", "agreed-draw", "draw-at-time"], {
    error: "Choose a win, an agreed draw or a draw at time.",
  }),
  winnerId: scopedId("podSeat", z.string().trim()).optional(),
};

/** The pod version a form was rendered with: a write from an older one is refused as stale. */
const PodVersionSchema = formNumber(
  z.number({ error: "The form is missing the pod's version: reload the page." }).int().min(0),
);

/** A win names its winner (104.2a); the two draws name nobody. */
function toPodOutcome<
  T extends { outcome: "win" | "agreed-draw" | "draw-at-time"; winnerId?: string | undefined },
>({ outcome, winnerId, ...rest }: T, context: z.RefinementCtx) {
  if (outcome === "win" && !winnerId) {
    context.addIssue({ code: "custom", path: ["winnerId"], message: "Choose who won the pod." });
    return z.NEVER;
  }
  const chosen: PodOutcome =
    outcome === "win" ? { kind: "win", winnerId: winnerId! } : { kind: outcome };
  return { ...(rest as Omit<T, "outcome" | "winnerId">), outcome: chosen };
}

/**
 * A finished pod's result as staff enter it (CR 100.6a): a winner (104.2a), an intentional draw of
 * every player still in the game (104.4i), or a draw at time.
 */
const recordPodOutcomeFields = {
  tournamentId: TournamentIdSchema,
  podId: PodIdSchema,
  expectedVersion: PodVersionSchema,
  ...podOutcomeFields,
};
export const RecordPodOutcomeSchema = z
  .object({ ...recordPodOutcomeFields, idempotencyKey: IdempotencyKeySchema })
  .transform(toPodOutcome);

/** The same outcome sent to the HTTP API, whose Idempotency-Key header stands for the form's key. */
export const RecordPodOutcomeByApiSchema = z.object(recordPodOutcomeFields).transform(toPodOutcome);

/** A judge at a pod's table runs the end of the round: time is called, then each turn after it ends. */
export const RecordPodClockSchema = z.object({
  tournamentId: TournamentIdSchema,
  podId: PodIdSchema,
  expectedVersion: PodVersionSchema,
  idempotencyKey: IdempotencyKeySchema,
  fact: z.enum(["time-called", "turn-ended"], { error: "Call time or end the turn." }),
});

/**
 * Players leave the pod's game at the same moment (CR 104.3), by their own loss, a concession, or a
 * Game Loss or Match Loss penalty; every player still in leaving at once is a draw (104.4a). The
 * form sends the players as one comma-separated field.
 */
export const RecordPodDepartureSchema = z.object({
  tournamentId: TournamentIdSchema,
  podId: PodIdSchema,
  expectedVersion: PodVersionSchema,
  idempotencyKey: IdempotencyKeySchema,
  playerIds: scopedId(
    "registration",
    z
      .string({ error: "Choose the player who left." })
      .transform((value) => [
        ...new Set(
          value
            .split(",")
            .map((id) => id.trim())
            .filter((id) => id !== ""),
        ),
      ])
      .pipe(
        z
          .array(z.string().max(64))
          .min(1, "Choose the player who left.")
          .max(5, "A pod seats at most 5 players."),
      ),
  ),
  reason: z.enum(POD_LEAVE_REASONS, { error: "Choose why the player left the game." }),
});

/** CR 104.2b a player wins by an effect; 104.4b a mandatory loop, 104.4c an effect: the game is a draw. */
export const POD_ENDINGS = ["WON_BY_EFFECT", "DRAW_LOOP", "DRAW_CARD_EFFECT"] as const;

/** A judge records a pod's game ended by an effect or a loop; the result is recorded with it. */
export const RecordPodEndingSchema = z
  .object({
    tournamentId: TournamentIdSchema,
    podId: PodIdSchema,
    expectedVersion: PodVersionSchema,
    idempotencyKey: IdempotencyKeySchema,
    ending: z.enum(POD_ENDINGS, { error: "Choose how the game ended." }),
    playerId: scopedId("podSeat", z.string().trim().max(64)).optional(),
  })
  .superRefine((input, context) => {
    if (input.ending === "WON_BY_EFFECT" && !input.playerId)
      context.addIssue({
        code: "custom",
        path: ["playerId"],
        message: "Choose the player the effect says wins.",
      });
  });

/** A staff correction of a recorded pod's result: the right outcome and why it changes. */
export const CorrectPodResultSchema = z
  .object({
    tournamentId: TournamentIdSchema,
    podId: PodIdSchema,
    expectedVersion: PodVersionSchema,
    idempotencyKey: IdempotencyKeySchema,
    reason: z
      .string({ error: "Say why the result changes." })
      .trim()
      .min(3, "Say why the result changes (at least 3 characters).")
      .max(500, "Keep the reason to 500 characters."),
    ...podOutcomeFields,
  })
  .transform(toPodOutcome);

/** A player's report of their own pod's result from their phone; the pod's other players confirm it. */
export const PlayerPodReportSchema = z
  .object({ podId: PodIdSchema, idempotencyKey: IdempotencyKeySchema, ...podOutcomeFields })
  .transform(toPodOutcome);
export type PlayerPodReportInput = z.infer<typeof PlayerPodReportSchema>;

export type RecordPodOutcomeInput = z.infer<typeof RecordPodOutcomeSchema>;

/** A pod's result typed on the round page: "7 win 3", "7 draw", "7 time" (lib/rules/quick-entry.ts). */
export const PodQuickEntrySchema = z
  .object({
    tournamentId: TournamentIdSchema,
    roundNumber: RoundNumberSchema,
    entry: z.string(),
    idempotencyKey: IdempotencyKeySchema,
  })
  .transform(({ entry, ...input }, context) => {
    const parsed = parsePodQuickEntry(entry);
    if (!parsed.ok) {
      context.addIssue({ code: "custom", path: ["entry"], message: render(parsed.error) });
      return z.NEVER;
    }
    return { ...input, entry: parsed.value };
  });

/** Staff record the result a pod's own facts decided (the last player in won, or all lost at once), MTR 2.5. */
export const RecordPodDecidedSchema = z.object({
  tournamentId: TournamentIdSchema,
  podId: PodIdSchema,
  expectedVersion: PodVersionSchema,
  idempotencyKey: IdempotencyKeySchema,
});
