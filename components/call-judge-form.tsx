"use client";
import { useActionState } from "react";
import { callJudgeAction } from "@/lib/server/judge-calls/judge-call-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { JUDGE_CALL_NOTE_MAX } from "@/lib/rules/judge-calls";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

/** The player's "Call a judge" button: their table is the match's; a short note is optional. */
export function CallJudgeForm({
  matchId,
  tableLabel,
  idempotencyKey,
}: {
  matchId: string;
  tableLabel: string;
  idempotencyKey: string;
}) {
  const [state, formAction] = useActionState(callJudgeAction, IDLE_FORM);
  const values = state.status === "error" ? state.values : undefined;
  return (
    <form action={formAction} className="space-y-3" aria-label="Call a judge">
      <input type="hidden" name="matchId" value={matchId} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <p className="text-sm text-slate-600">
        A judge comes to <span className="font-semibold text-slate-900">table {tableLabel}</span>.
        Raise your hand too, so they find you quickly.
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
