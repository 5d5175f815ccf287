"use server";
import { revalidatePath } from "next/cache";
import { RecordGameSchema, RestartGameSchema, TakeBackGameSchema } from "@/lib/schemas/game";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { isAllowed } from "@/lib/rules/permissions";
import { recordGame } from "./record-game";
import { takeBackLastGame } from "./take-back-game";
import { restartGame } from "./restart-game";
import { runMutation } from "@/lib/server/access/run-action";

/**
 * Staff record the next game of a match, with the "results.enter" permission; naming a
 * chooser other than the one MTR 2.2 names also takes a judge ("judging.act") and a reason.
 */
export async function recordGameAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "results.enter" },
    schema: RecordGameSchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const recorded = await recordGame(
        input,
        { staffId: seat.id, name: seat.name },
        { mayOverrideChooser: isAllowed(seat.role, "judging.act") },
      );
      // Re-render with the match's current version after a save or a conflict alike.
      if (recorded.ok || recorded.error.code === "CONFLICT")
        revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return recorded;
    },
  });
  const setAside =
    result.ok && result.value.setAsideReportBy
      ? " A player's report waiting for the opponent to confirm was set aside by it (see the history)."
      : "";
  const message = !result.ok
    ? undefined
    : result.value.status === "decided"
      ? `Game ${result.value.number} recorded. The match is decided.${setAside}`
      : `Game ${result.value.number} recorded.${setAside}`;
  return toFormState(result, values, message);
}

/**
 * Staff take back the last recorded game of a match (recorded in error), with the same
 * "results.enter" permission as recording it, and a reason kept in the history.
 */
export async function takeBackGameAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "results.enter" },
    schema: TakeBackGameSchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const taken = await takeBackLastGame(input, { staffId: seat.id, name: seat.name });
      if (taken.ok || taken.error.code === "CONFLICT")
        revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return taken;
    },
  });
  return toFormState(
    result,
    values,
    result.ok
      ? `Game ${result.value.number} taken back. Record it again as it was played.`
      : undefined,
  );
}

/** CR 104.6: staff record that the game under way restarted (Karn Liberated), with the "results.enter" permission. */
export async function restartGameAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "results.enter" },
    schema: RestartGameSchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const restarted = await restartGame(input, { staffId: seat.id, name: seat.name });
      if (restarted.ok || restarted.error.code === "CONFLICT")
        revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return restarted;
    },
  });
  return toFormState(
    result,
    values,
    result.ok
      ? `Game ${result.value.number} restarted: it is played again, and the player who restarted it plays first.`
      : undefined,
  );
}
