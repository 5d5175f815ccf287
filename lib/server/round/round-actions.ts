"use server";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import {
  EnterPairingsSchema,
  PairRoundSchema,
  StartRoundSchema,
  SwapPlayersSchema,
} from "@/lib/schemas/round";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { enterRoundPairings, pairNextSwissRound, startRound, swapPlayers } from "./rounds";
import { runMutation } from "@/lib/server/access/run-action";

export async function pairNextRoundAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "rounds.manage" },
    schema: PairRoundSchema,
    input: values,
    run: async (_input, { tournamentId }) => {
      const paired = await pairNextSwissRound(tournamentId);
      return paired.ok
        ? { ok: true, value: { tournamentId, roundNumber: paired.value.roundNumber } }
        : paired;
    },
  });
  if (!result.ok) return toFormState(result, values);
  revalidatePath(`/tournaments/${result.value.tournamentId}`);
  redirect(`/tournaments/${result.value.tournamentId}/rounds/${result.value.roundNumber}`);
}

/** The next round's pairings as entered elsewhere: written with the swap's warnings, then the round page opens and shows them until the round starts. */
export async function enterPairingsAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "rounds.manage" },
    schema: EnterPairingsSchema,
    input: values,
    run: async (input, { tournamentId, actor, seat }) => {
      const entered = await enterRoundPairings(input, { userId: actor.userId, name: seat.name });
      return entered.ok ? { ok: true, value: { tournamentId, ...entered.value } } : entered;
    },
  });
  if (!result.ok) return toFormState(result, values);
  revalidatePath(`/tournaments/${result.value.tournamentId}`, "layout");
  redirect(`/tournaments/${result.value.tournamentId}/rounds/${result.value.roundNumber}`);
}

export async function swapPlayersAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "rounds.manage" },
    schema: SwapPlayersSchema,
    input: values,
    run: async (input, { tournamentId, actor, seat }) => {
      const swapped = await swapPlayers(input, { userId: actor.userId, name: seat.name });
      if (swapped.ok) revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return swapped;
    },
  });
  if (!result.ok) return toFormState(result, values);
  const warnings = result.value.warnings.map((warning) => warning.message);
  return warnings.length
    ? { status: "success", message: `Swapped. Check: ${warnings.join(" ")}`, isWarning: true }
    : { status: "success", message: "Swapped." };
}

export async function startRoundAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "rounds.manage" },
    schema: StartRoundSchema,
    input: values,
    run: async ({ roundNumber }, { tournamentId }) => {
      const started = await startRound(tournamentId, roundNumber);
      if (started.ok) revalidatePath(`/tournaments/${tournamentId}`, "layout");
      return started;
    },
  });
  return toFormState(result, values, "Round started.");
}
