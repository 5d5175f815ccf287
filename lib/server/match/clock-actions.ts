"use server";
import { revalidatePath } from "next/cache";
import { AddTimeExtensionSchema } from "@/lib/schemas/time-extension";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { addTimeExtension } from "./time-extensions";
import { runMutation } from "@/lib/server/access/run-action";

/** MTR 2.6: a judge gives one table more time; recorded in the judge's name. */
export async function addTimeExtensionAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "judging.act" },
    schema: AddTimeExtensionSchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const added = await addTimeExtension(input, { staffId: seat.id });
      if (added.ok) revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return added;
    },
  });
  if (!result.ok) return toFormState(result, values);
  const { tableLabel, minutes, totalMinutes } = result.value;
  return {
    status: "success",
    message: `Table ${tableLabel}: ${minutes} minute${minutes === 1 ? "" : "s"} added${totalMinutes !== minutes ? ` (${totalMinutes} in all)` : ""}.`,
  };
}
