"use client";
import { useActionState } from "react";
import { addTimeExtensionAction } from "@/lib/server/match/clock-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { TIME_EXTENSION_MINUTES } from "@/lib/rules/round-clock";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { ChangedMeanwhile, useOpenedVersion } from "./use-opened-version";

type Props = {
  tournamentId: string;
  matchId: string;
  tableNumber: number;
  /** Made by the server for this rendering: a double-clicked "Add" is recorded once. */
  idempotencyKey: string;
  /** MTR 2.6: how many extensions this table has on record as the page shows it. */
  extensionsSeen: number;
  /** Opened already: a judge came here from a call to give this table time. */
  isOpen?: boolean;
};

/** MTR 2.6: a judge gives this table more time (a deck check, a long ruling), with the reason. */
export function TimeExtensionForm({
  tournamentId,
  matchId,
  tableNumber,
  idempotencyKey,
  extensionsSeen,
  isOpen = false,
}: Props) {
  const [state, formAction] = useActionState(addTimeExtensionAction, IDLE_FORM);
  const values = state.status === "error" ? state.values : undefined;
  // A judge who starts on the form keeps the count they saw: another judge's extension since is refused, not doubled.
  const opened = useOpenedVersion(extensionsSeen, state);
  const isAddedMeanwhile = state.status === "error" && state.code === "CONFLICT";
  return (
    <details className="text-sm" open={isOpen || state.status === "error"}>
      <summary className="inline-flex min-h-6 cursor-pointer items-center text-xs text-slate-500">
        Add time
      </summary>
      <form
        action={formAction}
        className="mt-2 space-y-2"
        aria-label={`Time extension for table ${tableNumber}`}
        {...opened.startProps}
      >
        <ChangedMeanwhile isShown={opened.isChangedMeanwhile} what="table's time" />
        <input type="hidden" name="tournamentId" value={tournamentId} />
        <input type="hidden" name="matchId" value={matchId} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="extensionsSeen" value={opened.version} />
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
        {isAddedMeanwhile && (
          // A second delay at one table is legitimate: adding it is one deliberate press.
          <button
            type="submit"
            name="addAnyway"
            value="yes"
            className="rounded-md border border-brand-600 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            Add mine as well
          </button>
        )}
      </form>
    </details>
  );
}
