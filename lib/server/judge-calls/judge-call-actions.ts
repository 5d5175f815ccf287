"use server";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import {
  CallJudgeSchema,
  ClaimJudgeCallSchema,
  ResolveJudgeCallSchema,
} from "@/lib/schemas/judge-call";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import type { JudgeCallFollowUp } from "@/lib/rules/judge-calls";
import { callJudge, claimJudgeCall, resolveJudgeCall, type JudgeCallView } from "./judge-calls";
import { runMutation } from "@/lib/server/access/run-action";

function refreshAfter(tournamentId: string) {
  revalidatePath("/play/me");
  revalidatePath(`/tournaments/${tournamentId}`, "layout");
}

/** Where a call is to, in the players' words: "table 12", or "pod 3" in a pod event (CR 100.6a). */
function placeOf(call: JudgeCallView): string {
  return call.podId ? `pod ${call.tableNumber}` : `table ${call.tableNumber}`;
}

/** A player calls a judge to their own current match or pod; a second tap shows the call already open. */
export async function callJudgeAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { player: "call-judge" },
    schema: CallJudgeSchema,
    input: values,
    run: async (input, { player, tournamentId }) => {
      const called = await callJudge(input, player);
      if (called.ok) refreshAfter(tournamentId);
      return called;
    },
  });
  if (!result.ok) return toFormState(result, values);
  const { call, isNew } = result.value;
  return toFormState(
    result,
    values,
    isNew
      ? `A judge has been called to ${placeOf(call)}.`
      : `Your call for ${placeOf(call)} is still open: a judge is on the way.`,
  );
}

/** A judge takes a call from the queue; if another judge took it first, they are named. */
export async function claimJudgeCallAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "judging.act" },
    schema: ClaimJudgeCallSchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const claimed = await claimJudgeCall(input, {
        staffId: seat.id,
        role: seat.role,
        name: seat.name,
      });
      refreshAfter(tournamentId);
      return claimed;
    },
  });
  return toFormState(
    result,
    values,
    result.ok ? `You have ${placeOf(result.value.call)}'s call.` : undefined,
  );
}

/** A judge closes a call and, if they chose one, goes straight to the penalty, time extension or time screen of that match. */
export async function resolveJudgeCallAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "judging.act" },
    schema: ResolveJudgeCallSchema,
    input: values,
    run: async (input, { tournamentId, seat }) => {
      const resolved = await resolveJudgeCall(input, {
        staffId: seat.id,
        role: seat.role,
        name: seat.name,
      });
      refreshAfter(tournamentId);
      return resolved.ok
        ? { ok: true as const, value: { ...resolved.value, tournamentId } }
        : resolved;
    },
  });
  if (!result.ok) return toFormState(result, values);
  const { call, tournamentId } = result.value;
  const next = followUpPath(tournamentId, call, call.followUp ?? "NONE");
  if (next) redirect(next);
  return toFormState(
    result,
    values,
    `${call.podId ? "Pod" : "Table"} ${call.tableNumber}'s call is resolved.`,
  );
}

/** The existing page where the judge continues, with the match chosen. */
function followUpPath(
  tournamentId: string,
  call: JudgeCallView,
  followUp: JudgeCallFollowUp,
): string | null {
  const base = `/tournaments/${encodeURIComponent(tournamentId)}`;
  // CR 100.6a: a pod's penalties, end of round and result are all at its place on the round page.
  if (!call.matchId)
    return followUp === "NONE"
      ? null
      : `${base}/rounds/${call.roundNumber}#table-${call.tableNumber}`;
  if (followUp === "PENALTY") return `${base}/matches/${encodeURIComponent(call.matchId)}#penalty`;
  if (followUp === "TIME_EXTENSION")
    return `${base}/rounds/${call.roundNumber}?extend=${encodeURIComponent(call.matchId)}#table-${call.tableNumber}`;
  if (followUp === "TIME_SCREEN") return `${base}/matches/${encodeURIComponent(call.matchId)}/time`;
  return null;
}
