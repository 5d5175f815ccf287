"use server";
import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { success } from "@/lib/action-result";
import { toFormState, type FormState } from "@/lib/form-state";
import { formDataToObject } from "@/lib/schemas/parse";
import { ReissuePlayerCodeSchema, SignInWithCodeSchema } from "@/lib/schemas/player-code";
import { clientAddressOf } from "@/lib/server/infra/client-address";
import { reissuePlayerCode, signInWithPlayerCode } from "./player-codes";
import { setPlayerSessionCookie, signOutPlayer } from "./player-session";
import { runMutation } from "@/lib/server/access/run-action";
import { turnOffPlayerPushAction } from "@/lib/server/push/push-actions";

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

export async function signOutPlayerAction(formData?: FormData): Promise<void> {
  const endpoint = formData?.get("pushEndpoint");
  if (typeof endpoint === "string" && endpoint !== "") await turnOffThisPhone(endpoint);
  const result = await runMutation({
    access: "anyone",
    schema: z.object({}),
    input: {},
    run: async () => success(await signOutPlayer()),
  });
  if (!result.ok) throw new Error(result.error.message);
  redirect("/play");
}

/** The signing-out player's notifications stop on this phone; a failure here never keeps them signed in. */
async function turnOffThisPhone(endpoint: string): Promise<void> {
  const form = new FormData();
  form.set("endpoint", endpoint);
  await turnOffPlayerPushAction({ status: "idle" }, form).catch(() => undefined);
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
