"use client";
import { useActionState, useState } from "react";
import { registerPlayersAction } from "@/lib/server/actions/player-actions";
import { readRegistrationList } from "@/lib/rules/registration";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

/**
 * Paste the entrants, one name per line: a preview says line by line what will be registered
 * and why any line will be skipped (the same rule the server applies), then one click registers
 * every valid name together.
 */
export function RegisterPlayerListForm({ tournamentId, registeredNames }: { tournamentId: string; registeredNames: string[] }) {
  const [text, setText] = useState("");
  // Stays open after registering, so the message saying what was skipped is read.
  const [isOpen, setIsOpen] = useState(false);
  const [state, formAction] = useActionState(async (previous: Parameters<typeof registerPlayersAction>[0], formData: FormData) => {
    const next = await registerPlayersAction(previous, formData);
    if (next.status === "success") setText("");
    return next;
  }, IDLE_FORM);
  const read = readRegistrationList(text, registeredNames);
  const lines = read.ok ? read.value : [];
  const valid = lines.filter((line) => line.status === "valid").length;
  return (
    <details className="mt-3 rounded-md border border-slate-200 p-3" open={isOpen} onToggle={(event) => setIsOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium text-brand-700">Paste a list of players</summary>
      <form action={formAction} className="mt-3 space-y-2" noValidate>
        <input type="hidden" name="tournamentId" value={tournamentId} />
        <label htmlFor="player-list" className="block text-sm font-medium text-slate-700">
          One name per line
        </label>
        <textarea
          id="player-list"
          name="names"
          rows={6}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="player-list-preview"
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-base"
        />
        <div id="player-list-preview" aria-live="polite">
          {!read.ok && <p className="text-sm text-red-700">{read.error.message}</p>}
          {lines.length > 0 && (
            <ol aria-label="Preview" className="max-h-60 space-y-0.5 overflow-y-auto text-sm">
              {lines.map((line) =>
                line.status === "valid" ? (
                  <li key={line.line} className="text-slate-800">
                    <span className="mr-2 inline-block w-8 text-right text-xs tabular-nums text-slate-500">{line.line}</span>
                    {line.name}
                  </li>
                ) : (
                  <li key={line.line} className="text-red-700">
                    <span className="mr-2 inline-block w-8 text-right text-xs tabular-nums text-slate-500">{line.line}</span>
                    {line.message} Skipped.
                  </li>
                ),
              )}
            </ol>
          )}
        </div>
        <SubmitButton pendingLabel="Registering…">{valid === 0 ? "Register players" : valid === 1 ? "Register 1 player" : `Register ${valid} players`}</SubmitButton>
        <FormMessage state={state} />
      </form>
    </details>
  );
}
