"use client";
import { useActionState } from "react";
import { addTimeExtensionAction } from "@/lib/server/match/clock-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { TIME_EXTENSION_MINUTES } from "@/lib/rules/round-clock";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

type Props = {
  tournamentId: string;
  matchId: string;
  tableNumber: number;
  /** Made by the server for this rendering: a double-clicked "Add" is recorded once. */
  idempotencyKey: string;
  /** Opened already: a judge came here from a call to give this table time. */
  isOpen?: boolean;
};

/** MTR 2.6: a judge gives this table more time (a deck check, a long ruling), with the reason. */
export function TimeExtensionForm({
  tournamentId,
  matchId,
  tableNumber,
  idempotencyKey,
  isOpen = false,
}: Props) {
  const [state, formAction] = useActionState(addTimeExtensionAction, IDLE_FORM);
  const values = state.status === "error" ? state.values : undefined;
  return (
    <details className="text-sm" open={isOpen || state.status === "error"}>
      <summary className="inline-flex min-h-6 cursor-pointer items-center text-xs text-slate-500">
        Add time
      </summary>
      <form
        action={formAction}
        className="mt-2 space-y-2"
        aria-label={`Time extension for table ${tableNumber}`}
      >
        <input type="hidden" name="tournamentId" value={tournamentId} />
        <input type="hidden" name="matchId" value={matchId} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col text-xs text-slate-600">
            Minutes
            <input
              name="minutes"
              type="number"
              inputMode="numeric"
              min={TIME_EXTENSION_MINUTES.min}
              max={TIME_EXTENSION_MINUTES.max}
              step={1}
              required
              defaultValue={values?.minutes ?? ""}
              className="mt-1 w-20 rounded-md border border-slate-300 px-2 py-1.5 text-sm text-slate-900"
            />
          </label>
          <label className="flex min-w-40 flex-1 flex-col text-xs text-slate-600">
            Reason
            <input
              name="reason"
              required
              maxLength={200}
              placeholder="Deck check"
              defaultValue={values?.reason ?? ""}
              className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm text-slate-900"
            />
          </label>
          <SubmitButton className="px-3" pendingLabel="Adding…">
            Add time
          </SubmitButton>
        </div>
        <FormMessage state={state} />
      </form>
    </details>
  );
}
