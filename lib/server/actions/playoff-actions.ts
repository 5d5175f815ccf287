"use server";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { StartPlayoffSchema } from "@/lib/schemas/playoff";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { startPlayoff } from "../data/playoffs";
import { runAction } from "./run-action";

export async function startPlayoffAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runAction(StartPlayoffSchema, values, startPlayoff);
  if (!result.ok) return toFormState(result, values);
  revalidatePath(`/tournaments/${values.tournamentId}`, "layout");
  redirect(`/tournaments/${values.tournamentId}/playoff`);
}
