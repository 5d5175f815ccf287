"use server";
import { revalidatePath } from "next/cache";
import { DropPlayerSchema, RegisterPlayerSchema } from "@/lib/schemas/player";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { dropPlayer, registerPlayer } from "../data/registrations";
import { runMutation } from "./run-action";

export async function registerPlayerAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: RegisterPlayerSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const registered = await registerPlayer(input);
      if (registered.ok) revalidatePath(`/tournaments/${tournamentId}`);
      return registered;
    },
  });
  // Keep the tournament id but clear the name after a success, ready for the next player.
  return toFormState(result, values, result.ok ? `${values.name?.trim()} is registered.` : undefined);
}

export async function dropPlayerAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.manage" },
    schema: DropPlayerSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const dropped = await dropPlayer(input);
      if (dropped.ok) revalidatePath(`/tournaments/${tournamentId}`);
      return dropped;
    },
  });
  return toFormState(result, values, "Dropped.");
}
