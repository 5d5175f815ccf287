"use server";
import { revalidatePath } from "next/cache";
import { RecordEndOfMatchStepSchema } from "@/lib/schemas/end-of-match";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { recordEndOfMatchStep } from "./end-of-match";
import { runMutation } from "@/lib/server/access/run-action";

/** MTR 2.4: one tap of the judge's end-of-match screen (time, a turn ending, life totals), in the judge's name. */
export async function recordEndOfMatchStepAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "judging.act" },
    schema: RecordEndOfMatchStepSchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const recorded = await recordEndOfMatchStep(input, { staffId: seat.id, name: seat.name });
      // A conflict also refreshes the page, so the judge sees the fresh state at once.
      revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return recorded;
    },
  });
  if (!result.ok) return toFormState(result, values);
  return { status: "success", message: result.value.view.summary.message };
}
