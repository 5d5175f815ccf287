"use client";
import { useActionState } from "react";
import { callJudgeAction } from "@/lib/server/judge-calls/judge-call-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { JUDGE_CALL_NOTE_MAX } from "@/lib/rules/judge-calls";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

/** Where a player calls a judge to: their match's table, or their pod in a pod event (CR 100.6a). */
export type CallPlace =
  | { matchId: string; tableLabel: string }
  | { podId: string; tableLabel: string };

/** The player's "Call a judge" button: their table is the match's or the pod's; a short note is optional. */
export function CallJudgeForm({
  place,
  idempotencyKey,
}: {
  place: CallPlace;
  idempotencyKey: string;
}) {
  const [state, formAction] = useActionState(callJudgeAction, IDLE_FORM);
  const values = state.status === "error" ? state.values : undefined;
  return (
    <form action={formAction} className="space-y-3" aria-label="Call a judge">
      {"podId" in place ? (
        <input type="hidden" name="podId" value={place.podId} />
      ) : (
        <input type="hidden" name="matchId" value={place.matchId} />
      )}
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <p className="text-sm text-slate-600">
        A judge comes to{" "}
        <span className="font-semibold text-slate-900">
          {"podId" in place ? "pod" : "table"} {place.tableLabel}
        </span>
        . Raise your hand too, so they find you quickly.
      </p>
      <label className="block text-sm text-slate-700">
        What is it about? <span className="text-slate-500">(optional)</span>
        <input
          name="note"
          maxLength={JUDGE_CALL_NOTE_MAX}
          defaultValue={values?.note ?? ""}
          placeholder="Rules question"
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900"
        />
      </label>
      <SubmitButton pendingLabel="Calling…" className="min-h-12 w-full text-base">
        Call a judge
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
