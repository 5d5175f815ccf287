"use server";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { createTournament } from "../data/tournaments";
import { loadDemoEvent } from "../data/demo";
import { runAction } from "./run-action";

export async function createTournamentAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runAction(CreateTournamentSchema, values, createTournament);
  if (!result.ok) return toFormState(result, values);
  revalidatePath("/");
  redirect(`/tournaments/${result.data.id}`);
}

export async function loadDemoEventAction(): Promise<void> {
  const { tournamentId } = await loadDemoEvent();
  revalidatePath("/");
  redirect(`/tournaments/${tournamentId}/standings`);
}
