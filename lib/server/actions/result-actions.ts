"use server";
import { revalidatePath } from "next/cache";
import { ReportMatchResultSchema } from "@/lib/schemas/match-result";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { reportMatchResult } from "../data/results";
import { runAction } from "./run-action";

/** Staff result entry (organizer or scorekeeper); recorded as confirmed. */
export async function reportMatchResultAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runAction(ReportMatchResultSchema, values, (input) =>
    reportMatchResult(input, { source: "STAFF", name: "Organizer" }),
  );
  if (result.ok && values.tournamentId) revalidatePath(`/tournaments/${values.tournamentId}`, "layout");
  return toFormState(result, values, result.ok ? "Result saved." : undefined);
}
