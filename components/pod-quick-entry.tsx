"use client";
import { useActionState, useEffect, useRef } from "react";
import { podQuickEntryAction } from "@/lib/server/pod/pod-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";

/** Quick entry for pods (CR 100.6a): "7 win 3", "7 draw", "7 time", then Enter; each line is its own write. */
export function PodQuickEntry({
  tournamentId,
  roundNumber,
}: {
  tournamentId: string;
  roundNumber: number;
}) {
  const [state, formAction, isPending] = useActionState(podQuickEntryAction, IDLE_FORM);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // The form resets after each submit: a refused line comes back to be fixed, not retyped.
    if (input.current)
      input.current.value = state.status === "error" ? String(state.values?.entry ?? "") : "";
    input.current?.focus();
  }, [state]);
  return (
    <form
      aria-label="Quick entry"
      className="mb-4 space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3"
      action={(data) => {
        // One key per line typed: a double Enter records it once, the next line is a new write.
        data.set("idempotencyKey", crypto.randomUUID());
        formAction(data);
      }}
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="roundNumber" value={roundNumber} />
      <label className="block text-sm text-slate-700" htmlFor="pod-quick-entry">
        Quick entry — pod and result, then Enter
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id="pod-quick-entry"
          name="entry"
          autoComplete="off"
          placeholder="7 win 3"
          className="min-h-11 min-w-0 flex-1 rounded-md border-2 border-slate-800 px-3 font-mono text-base"
          aria-describedby="pod-quick-entry-help"
        />
        <button
          type="submit"
          disabled={isPending}
          className="min-h-11 rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
        >
          Enter
        </button>
      </div>
      <p id="pod-quick-entry-help" className="text-xs text-slate-600">
        <code>7 win 3</code> (seat 3 won pod 7) · <code>7 draw</code> (an agreed draw) ·{" "}
        <code>7 time</code> (a draw at time)
      </p>
      <FormMessage state={state} />
    </form>
  );
}
