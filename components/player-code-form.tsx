"use client";
import { useActionState } from "react";
import { signInWithCodeAction } from "@/lib/server/check-in/player-code-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

/** A player types the code from their player slip (case, spaces and dashes do not matter). */
export function PlayerCodeForm({
  initialCode = "",
  initialError,
}: {
  initialCode?: string;
  initialError?: string;
}) {
  const [state, formAction] = useActionState(
    signInWithCodeAction,
    initialError ? { status: "error" as const, message: initialError } : IDLE_FORM,
  );
  return (
    <form action={formAction} className="space-y-3">
      <label className="block text-sm font-medium text-slate-700">
        Your player code
        <input
          name="code"
          defaultValue={state.values?.code ?? initialCode}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="K7QX-M4PD-9TRW"
          aria-invalid={state.status === "error" || undefined}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-3 text-center font-mono text-xl tracking-widest uppercase"
        />
      </label>
      <SubmitButton pendingLabel="Checking…" className="w-full py-3 text-base">
        Open my match
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
