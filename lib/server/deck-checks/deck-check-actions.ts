"use server";
import { revalidatePath } from "next/cache";
import { toFormState, type FormState } from "@/lib/form-state";
import { render } from "@/lib/messages/render";
import { DECK_CHECK_OUTCOME_LABELS } from "@/lib/rules/deck-checks";
import { PenaltyFromDeckCheckSchema, RecordDeckCheckSchema } from "@/lib/schemas/deck-check";
import { formDataToObject } from "@/lib/schemas/parse";
import { runMutation } from "@/lib/server/access/run-action";
import { penaltyFromDeckCheck, recordDeckCheck } from "./deck-checks";

/**
 * A judge records one player's deck check (MTR 2.8), or corrects an earlier record of it, with
 * the "judging.act" permission and in the judge's own name.
 */
export async function recordDeckCheckAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "judging.act" },
    schema: RecordDeckCheckSchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const recorded = await recordDeckCheck(input, { staffId: seat.id, name: seat.name });
      if (recorded.ok) revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return recorded;
    },
  });
  if (!result.ok) return toFormState(result, values);
  const { check } = result.value;
  return toFormState(
    result,
    values,
    `${check.playerName}'s deck check at table ${check.tableNumber}: ${render(DECK_CHECK_OUTCOME_LABELS[check.outcome])}.`,
  );
}

/**
 * A judge goes on from a deck check's problem to a penalty (IPG 3.4, 3.5), with the
 * "judging.act" permission; the penalty is written as every penalty is, and linked to the check.
 */
export async function penaltyFromDeckCheckAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "judging.act" },
    schema: PenaltyFromDeckCheckSchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const given = await penaltyFromDeckCheck(input, { staffId: seat.id, name: seat.name });
      if (given.ok || given.error.code === "CONFLICT")
        revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return given;
    },
  });
  return toFormState(result, values, result.ok ? result.value.summary : undefined);
}
