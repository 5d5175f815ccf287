"use server";
import { revalidatePath } from "next/cache";
import { RecordPenaltySchema } from "@/lib/schemas/penalty";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { recordPenalty } from "./penalties";
import { runMutation } from "@/lib/server/access/run-action";

/**
 * A judge gives a penalty on a match (IPG), with the "judging.act" permission, in the
 * judge's own name. The form's infraction is one of the common IPG infractions, or "other" with
 * the infraction written out.
 */
export async function recordPenaltyAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  if (values.infraction === "other" || values.infraction === undefined)
    values.infraction = values.otherInfraction ?? "";
  const result = await runMutation({
    access: { permission: "judging.act" },
    schema: RecordPenaltySchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const recorded = await recordPenalty(input, { staffId: seat.id, name: seat.name });
      // Re-render with the match's current version after a save or a conflict alike.
      if (recorded.ok || recorded.error.code === "CONFLICT")
        revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return recorded;
    },
  });
  return toFormState(result, values, result.ok ? result.value.summary : undefined);
}
