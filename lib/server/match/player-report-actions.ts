"use server";
import { revalidatePath } from "next/cache";
import { toFormState, type FormState } from "@/lib/form-state";
import { formDataToObject } from "@/lib/schemas/parse";
import { DropSelfSchema, PlayerReportSchema, SettleMatchSchema } from "@/lib/schemas/player-code";
import { runMutation } from "@/lib/server/access/run-action";
import { dropSelf, submitPlayerReport } from "./player-reports";
import { reportMatchResult } from "./results";

/** The player's pages and the tournament's pages show the result or the drop at once. */
function refreshAfter(tournamentId: string) {
  revalidatePath("/play/me");
  revalidatePath(`/tournaments/${tournamentId}`, "layout");
}

/** A player reports their own current match, or confirms the opponent's report (the same slip sent back). */
export async function reportOwnResultAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { player: "report" },
    schema: PlayerReportSchema,
    input: values,
    run: async (input, { player, tournamentId }) => {
      const reported = await submitPlayerReport(input, player);
      if (reported.ok || reported.error.code === "CONFLICT") refreshAfter(tournamentId);
      return reported;
    },
  });
  return toFormState(result, values, result.ok ? result.value.message : undefined);
}

/** MTR 2.10: a player drops themselves, after a confirm step. */
export async function dropSelfAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { player: "drop" },
    schema: DropSelfSchema,
    input: values,
    run: async (_input, { player, tournamentId }) => {
      const dropped = await dropSelf(player);
      if (dropped.ok) refreshAfter(tournamentId);
      return dropped;
    },
  });
  return toFormState(
    result,
    values,
    result.ok
      ? result.value.droppedAfterRound === 0
        ? "You have left the event."
        : `You have dropped: you will not be paired after round ${result.value.droppedAfterRound}.`
      : undefined,
  );
}

/** Staff settle a match from the round's queue: recorded through the staff result path, with the reason, in their name. */
export async function settleMatchAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "disputes.resolve" },
    schema: SettleMatchSchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const settled = await reportMatchResult(
        { ...input, note: `Settled: ${input.note}` },
        { source: "STAFF", staffId: seat.id, name: seat.name, settlesDispute: true },
      );
      if (settled.ok || settled.error.code === "CONFLICT") refreshAfter(tournamentId);
      return settled;
    },
  });
  return toFormState(result, values, "Settled. The result is final.");
}
