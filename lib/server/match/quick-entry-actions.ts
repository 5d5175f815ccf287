"use server";
import { revalidatePath } from "next/cache";
import { QuickEntrySchema } from "@/lib/schemas/quick-entry";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { isAllowed } from "@/lib/rules/permissions";
import { enterQuickResult } from "./quick-entry";
import { runMutation } from "@/lib/server/access/run-action";

/**
 * The round page's quick-entry bar ("12 2-1" and Enter): staff who may enter results save a
 * table's slip through the same result path as the form; "drop A/B" also needs players.manage.
 */
export async function quickEntryAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "results.enter" },
    schema: QuickEntrySchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const saved = await enterQuickResult(
        input,
        { source: "STAFF", staffId: seat.id, name: seat.name },
        { mayDrop: isAllowed(seat.role, "players.manage") },
      );
      if (saved.ok || saved.error.code === "CONFLICT")
        revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return saved;
    },
  });
  if (!result.ok) return toFormState(result, values);
  const { tableLabel, summary, isDuplicate, dropped, dropProblem } = result.value;
  const drops = dropped.length ? ` ${dropped.join(" and ")} dropped.` : "";
  const message = `Table ${tableLabel}: ${summary}${isDuplicate ? " (already recorded)" : ""}.${drops}${dropProblem ? ` ${dropProblem}` : ""}`;
  return { ...toFormState(result, values, message), values: { entry: values.entry ?? "" } };
}
