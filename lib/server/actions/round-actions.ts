"use server";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { PairRoundSchema, StartRoundSchema, SwapPlayersSchema } from "@/lib/schemas/round";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { pairNextSwissRound, startRound, swapPlayers } from "../data/rounds";
import { runAction } from "./run-action";

export async function pairNextRoundAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runAction(PairRoundSchema, values, ({ tournamentId }) => pairNextSwissRound(tournamentId));
  if (!result.ok) return toFormState(result, values);
  revalidatePath(`/tournaments/${values.tournamentId}`);
  redirect(`/tournaments/${values.tournamentId}/rounds/${result.data.roundNumber}`);
}

export async function swapPlayersAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runAction(SwapPlayersSchema, values, (input) => swapPlayers(input, "Organizer"));
  if (!result.ok) return toFormState(result, values);
  revalidatePath(`/tournaments/${values.tournamentId}`, "layout");
  const warnings = result.data.warnings.map((warning) => warning.message);
  return { status: "success", message: warnings.length ? `Swapped. Check: ${warnings.join(" ")}` : "Swapped." };
}

export async function startRoundAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runAction(StartRoundSchema, values, ({ tournamentId, roundNumber }) => startRound(tournamentId, roundNumber));
  if (result.ok) revalidatePath(`/tournaments/${values.tournamentId}`, "layout");
  return toFormState(result, values, "Round started.");
}
