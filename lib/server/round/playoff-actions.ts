"use server";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { StartPlayoffSchema } from "@/lib/schemas/playoff";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { startPlayoff } from "./playoffs";
import { runMutation } from "@/lib/server/access/run-action";

export async function startPlayoffAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "rounds.manage" },
    schema: StartPlayoffSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const started = await startPlayoff(input);
      return started.ok ? { ok: true, value: { tournamentId } } : started;
    },
  });
  if (!result.ok) return toFormState(result, values);
  revalidatePath(`/tournaments/${result.value.tournamentId}`, "layout");
  redirect(`/tournaments/${result.value.tournamentId}/playoff`);
}
