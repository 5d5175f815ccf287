"use server";
import { revalidatePath } from "next/cache";
import {
  CorrectPodResultSchema,
  PlayerPodReportSchema,
  PodQuickEntrySchema,
  RecordPodClockSchema,
  RecordPodDecidedSchema,
  RecordPodDepartureSchema,
  RecordPodEndingSchema,
  RecordPodOutcomeSchema,
} from "@/lib/schemas/pod";
import type { PodGameEvent } from "@/lib/rules/pod-game";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import {
  correctPodResult,
  enterPodQuickResult,
  recordPodFact,
  recordPodOutcome,
  recordPodResult,
  reportPodResult,
} from "./pod-commands";
import { runMutation } from "@/lib/server/access/run-action";

/** Staff record a finished pod (CR 100.6a): a win, an agreed draw or a draw at time. */
export async function recordPodOutcomeAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "results.enter" },
    schema: RecordPodOutcomeSchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const recorded = await recordPodOutcome(input, { staffId: seat.id, name: seat.name });
      if (recorded.ok) revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return recorded;
    },
  });
  return toFormState(
    result,
    values,
    result.ok ? (result.value.isDuplicate ? "Already recorded." : "Result recorded.") : undefined,
  );
}

/** A pod's result typed on the round page ("7 win 3"); the form keeps the last line's answer. */
export async function podQuickEntryAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "results.enter" },
    schema: PodQuickEntrySchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const entered = await enterPodQuickResult(input, { staffId: seat.id, name: seat.name });
      if (entered.ok) revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return entered;
    },
  });
  if (!result.ok) return toFormState(result, values);
  return {
    status: "success",
    message: `Pod ${result.value.pod}: ${result.value.summary}${result.value.isDuplicate ? " (already recorded)" : ""}.`,
  };
}

/** A player reports their own pod's result from their phone, or confirms the report already sent by a pod-mate. */
export async function reportOwnPodAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { player: "report-pod" },
    schema: PlayerPodReportSchema,
    input: values,
    run: async (input, { player, tournamentId }) => {
      const reported = await reportPodResult({ ...input, tournamentId }, player);
      if (reported.ok) {
        revalidatePath("/play/me");
        revalidatePath(`/tournaments/${tournamentId}`, "layout");
      }
      return reported;
    },
  });
  return toFormState(result, values, result.ok ? result.value.message : undefined);
}

/** A judge calls time at a pod, or ends a turn after time (the community addenda's end of round). */
export async function recordPodClockAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "judging.act" },
    schema: RecordPodClockSchema,
    input: values,
    run: async ({ fact, ...input }, { tournamentId, seat }) => {
      const recorded = await recordPodFact(
        { ...input, fact: { type: fact } },
        { staffId: seat.id, name: seat.name },
      );
      if (recorded.ok) revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return recorded;
    },
  });
  return toFormState(
    result,
    values,
    result.ok
      ? result.value.isDuplicate
        ? "Already recorded."
        : values.fact === "time-called"
          ? "Time called."
          : "Turn ended."
      : undefined,
  );
}

/** A judge records a player leaving a pod's game: how they lost (CR 104.3), or a Game Loss or Match Loss penalty. */
export async function recordPodDepartureAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "judging.act" },
    schema: RecordPodDepartureSchema,
    input: values,
    run: async ({ playerIds, reason, ...input }, { tournamentId, seat }) => {
      // CR 104.3: players who leave at the same moment are one fact; all who were still in at once is a draw (104.4a).
      const departures = playerIds.map((player) => ({ player, reason }));
      const recorded = await recordPodFact(
        { ...input, fact: { type: "left", departures } },
        { staffId: seat.id, name: seat.name },
      );
      if (recorded.ok) revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return recorded;
    },
  });
  return toFormState(
    result,
    values,
    result.ok
      ? result.value.game.phase === "decided"
        ? "Recorded: the game is over, record its result."
        : "Recorded."
      : undefined,
  );
}

/** Staff correct a recorded pod's result, with a reason; the facts it replaces are kept. */
export async function correctPodResultAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "results.enter" },
    schema: CorrectPodResultSchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const corrected = await correctPodResult(input, { staffId: seat.id, name: seat.name });
      if (corrected.ok) revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return corrected;
    },
  });
  if (!result.ok) return toFormState(result, values);
  if (result.value.isDuplicate) return { status: "success", message: "Already corrected." };
  return result.value.laterRoundsPaired
    ? {
        status: "success",
        message:
          "Result corrected. A later round was already paired from the old result: its pairings stay as they are.",
        isWarning: true,
      }
    : { status: "success", message: "Result corrected." };
}

/** A judge records a pod's game ended by an effect (CR 104.2b) or a draw by a loop or an effect (104.4b, 104.4c): the result is recorded with it. */
export async function recordPodEndingAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "judging.act" },
    schema: RecordPodEndingSchema,
    input: values,
    run: async ({ ending, playerId, ...input }, { tournamentId, seat }) => {
      const fact: PodGameEvent =
        ending === "WON_BY_EFFECT"
          ? { type: "won-by-effect", player: playerId! }
          : { type: "draw", reason: ending };
      const recorded = await recordPodFact(
        { ...input, fact, record: true },
        { staffId: seat.id, name: seat.name },
      );
      if (recorded.ok) revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return recorded;
    },
  });
  return toFormState(
    result,
    values,
    result.ok ? (result.value.isDuplicate ? "Already recorded." : "Result recorded.") : undefined,
  );
}

/** Staff record the result the pod's own facts decided (MTR 2.5: a result counts once recorded). */
export async function recordPodDecidedAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "results.enter" },
    schema: RecordPodDecidedSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const recorded = await recordPodResult(input);
      if (recorded.ok) revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return recorded;
    },
  });
  return toFormState(
    result,
    values,
    result.ok
      ? result.value.isDuplicate
        ? "Result already recorded."
        : "Result recorded."
      : undefined,
  );
}
