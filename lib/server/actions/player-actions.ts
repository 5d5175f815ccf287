"use server";
import { revalidatePath } from "next/cache";
import { DropPlayerSchema, RegisterPlayerSchema } from "@/lib/schemas/player";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { dropPlayer, registerPlayer } from "../data/registrations";
import { runAction } from "./run-action";

export async function registerPlayerAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runAction(RegisterPlayerSchema, values, registerPlayer);
  if (result.ok) revalidatePath(`/tournaments/${values.tournamentId}`);
  // Keep the tournament id but clear the name after a success, ready for the next player.
  return toFormState(result, values, result.ok ? `${values.name?.trim()} is registered.` : undefined);
}

export async function dropPlayerAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runAction(DropPlayerSchema, values, dropPlayer);
  if (result.ok) revalidatePath(`/tournaments/${values.tournamentId}`);
  return toFormState(result, values, "Dropped.");
}
