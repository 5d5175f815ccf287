"use server";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { TournamentIdSchema } from "@/lib/schemas/tournament";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { pairNextSwissRound } from "../data/rounds";
import { runAction } from "./run-action";

const PairRoundSchema = z.object({ tournamentId: TournamentIdSchema });

export async function pairNextRoundAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runAction(PairRoundSchema, values, ({ tournamentId }) => pairNextSwissRound(tournamentId));
  if (!result.ok) return toFormState(result, values);
  revalidatePath(`/tournaments/${values.tournamentId}`);
  redirect(`/tournaments/${values.tournamentId}/rounds/${result.data.roundNumber}`);
}
