"use server";
import { revalidatePath } from "next/cache";
import {
  ClearMatchResultSchema,
  RecordDecidedResultSchema,
  RecordDecidedResultsOfRoundSchema,
  ReportMatchResultSchema,
} from "@/lib/schemas/match-result";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import type { ActionResult } from "@/lib/action-result";
import { reportMatchResult } from "./results";
import { clearMatchResult } from "./clear-result";
import { recordDecidedResult, recordDecidedResultsOfRound } from "./record-result";
import { slipToString } from "@/lib/rules/match";
import { runMutation } from "@/lib/server/access/run-action";

/**
 * After a save, and after a conflict too: the form must be re-rendered with the match's
 * current version, or every retry would meet the same conflict.
 */
function refreshRound<T>(result: ActionResult<T>, tournamentId: string): ActionResult<T> {
  if (result.ok || result.error.code === "CONFLICT")
    revalidatePath(`/tournaments/${tournamentId}`, "layout");
  return result;
}

/** Staff result entry (any staff role that may enter results); recorded as confirmed, in the staff member's name. */
export async function reportMatchResultAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "results.enter" },
    schema: ReportMatchResultSchema,
    input: values,
    run: async (input, { tournamentId, seat }) =>
      refreshRound(
        await reportMatchResult(input, { source: "STAFF", staffId: seat.id, name: seat.name }),
        tournamentId,
      ),
  });
  const message = !result.ok
    ? undefined
    : result.value.isDuplicate && result.value.isCurrent === false
      ? "This form was already saved earlier; the result has been changed since. The current result is shown."
      : result.value.laterRoundsPaired
        ? "Result saved. Later rounds were already paired with the previous result; standings use the new one."
        : "Result saved.";
  return toFormState(result, values, message);
}

export async function clearMatchResultAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "results.enter" },
    schema: ClearMatchResultSchema,
    input: values,
    run: async (input, { tournamentId, seat }) =>
      refreshRound(
        await clearMatchResult(input, { staffId: seat.id, name: seat.name }),
        tournamentId,
      ),
  });
  return toFormState(result, values, "Result cleared.");
}

/** MTR 2.5: staff record the result the match's facts decided (one tap); the players can then no longer concede or draw. */
export async function recordDecidedResultAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "results.enter" },
    schema: RecordDecidedResultSchema,
    input: values,
    run: async (input, { tournamentId, seat }) =>
      refreshRound(
        await recordDecidedResult(input, { staffId: seat.id, name: seat.name }),
        tournamentId,
      ),
  });
  return toFormState(
    result,
    values,
    result.ok ? `Result recorded: ${slipToString(result.value.slip)}.` : undefined,
  );
}

/** MTR 2.5: every match of the round its facts decided, recorded at once. */
export async function recordDecidedResultsOfRoundAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "results.enter" },
    schema: RecordDecidedResultsOfRoundSchema,
    input: values,
    run: async (input, { tournamentId, seat }) =>
      refreshRound(
        await recordDecidedResultsOfRound(input, { staffId: seat.id, name: seat.name }),
        tournamentId,
      ),
  });
  const message = !result.ok
    ? undefined
    : `${result.value.recorded === 1 ? "1 result" : `${result.value.recorded} results`} recorded.${result.value.skipped > 0 ? ` ${result.value.skipped} changed meanwhile and were left as they are: review them.` : ""}`;
  return toFormState(result, values, message);
}
