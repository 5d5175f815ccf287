"use server";
import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { success } from "@/lib/action-result";
import { toFormState, type FormState } from "@/lib/form-state";
import { formDataToObject } from "@/lib/schemas/parse";
import {
  DropSelfSchema,
  PlayerReportSchema,
  ReissuePlayerCodeSchema,
  SettleMatchSchema,
  SignInWithCodeSchema,
} from "@/lib/schemas/player-code";
import { clientAddressOf } from "@/lib/server/infra/client-address";
import { reissuePlayerCode, signInWithPlayerCode } from "./player-codes";
import { dropSelf, submitPlayerReport } from "@/lib/server/match/player-reports";
import { reportMatchResult } from "@/lib/server/match/results";
import { setPlayerSessionCookie, signOutPlayer } from "./player-session";
import { runMutation } from "@/lib/server/access/run-action";

/** A player types their code on /play: success signs this phone in and opens their match. */
export async function signInWithCodeAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const requestHeaders = await headers();
  const result = await runMutation({
    access: "anyone",
    schema: SignInWithCodeSchema,
    input: values,
    run: async (input) => {
      const signedIn = await signInWithPlayerCode(input.code, clientAddressOf(requestHeaders));
      if (signedIn.ok) await setPlayerSessionCookie(signedIn.value.token, signedIn.value.expiresAt);
      return signedIn;
    },
  });
  if (!result.ok) return toFormState(result, values);
  redirect("/play/me");
}

export async function signOutPlayerAction(): Promise<void> {
  const result = await runMutation({
    access: "anyone",
    schema: z.object({}),
    input: {},
    run: async () => success(await signOutPlayer()),
  });
  if (!result.ok) throw new Error(result.error.message);
  redirect("/play");
}

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

/** Staff give a player a new code: the old one stops working and signs its phones out. */
export async function reissuePlayerCodeAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "players.codes" },
    schema: ReissuePlayerCodeSchema,
    input: values,
    run: async (input, { tournamentId }) => {
      const reissued = await reissuePlayerCode(input);
      if (reissued.ok) revalidatePath(`/tournaments/${tournamentId}/codes`);
      return reissued;
    },
  });
  return toFormState(
    result,
    values,
    result.ok ? `New code: ${result.value.code}. The old code no longer works.` : undefined,
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
