"use client";
import { useActionState, useState } from "react";
import { registerPlayersAction } from "@/lib/server/actions/player-actions";
import { readRegistrationList } from "@/lib/rules/registration";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { PastedListPreview } from "./pasted-list-preview";

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
        <PastedListPreview
          id="player-list-preview"
          error={read.ok ? null : read.error.message}
          lines={lines.map((line) => ({ line: line.line, isValid: line.status === "valid", content: line.status === "valid" ? line.name : line.message }))}
        />
        <SubmitButton pendingLabel="Registering…">{valid === 0 ? "Register players" : valid === 1 ? "Register 1 player" : `Register ${valid} players`}</SubmitButton>
        <FormMessage state={state} />
      </form>
    </details>
  );
}
