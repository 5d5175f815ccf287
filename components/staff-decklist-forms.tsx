"use client";
import { useActionState, useState } from "react";
import {
  enterDecklistAction,
  recheckDecklistsAction,
} from "@/lib/server/decklists/decklist-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { DECKLIST_MAX_CHARACTERS } from "@/lib/rules/decklist-text";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

const field =
  "mt-1 block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm";

/** Staff type a paper list or change a player's list; once lists are final, with the reason (IPG 3.4). */
export function EnterDecklistForm({
  tournamentId,
  registrationId,
  seat,
  version,
  text,
  archetype,
  needsReason,
  idempotencyKey,
}: {
  tournamentId: string;
  registrationId: string;
  /** The team member's seat whose deck this is (0 for a player alone). */
  seat: number;
  version: number | null;
  text: string;
  archetype: string;
  /** Lists are final: a change is a correction, and its reason is kept in the history. */
  needsReason: boolean;
  idempotencyKey: string;
}) {
  const [state, formAction] = useActionState(enterDecklistAction, IDLE_FORM);
  const [isHeldBack, setHeldBack] = useState(false);
  const kept = state.status === "error" ? (state.values ?? {}) : {};
  const errors = state.fieldErrors ?? {};
  return (
    <form
      action={formAction}
      className="space-y-3"
      aria-label="Enter the list"
      noValidate
      onSubmit={(event) => {
        // A paste far past a list's limits is never sent: the server could only refuse it.
        const typed = new FormData(event.currentTarget).get("text");
        const isTooLong =
          typeof typed === "string" &&
          typed.replace(/\r\n?/g, "\n").length > DECKLIST_MAX_CHARACTERS;
        setHeldBack(isTooLong);
        if (isTooLong) event.preventDefault();
      }}
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="registrationId" value={registrationId} />
      <input type="hidden" name="seat" value={seat} />
      <input type="hidden" name="expectedVersion" value={version ?? ""} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <label className="block text-sm">
        <span className="font-medium text-slate-700">List</span>
        <span className="block text-xs text-slate-500">
          One card a line as &quot;4 Lightning Bolt&quot;; the sideboard after a line
          &quot;Sideboard&quot;.
        </span>
        <textarea
          name="text"
          rows={16}
          defaultValue={kept.text ?? text}
          spellCheck={false}
          className={`${field} font-mono text-sm`}
        />
      </label>
      {isHeldBack && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          Not sent: a decklist is at most {DECKLIST_MAX_CHARACTERS.toLocaleString("en")} characters.
          Paste only the list.
        </p>
      )}
      {errors.text && (
        <ul
          role="alert"
          aria-label="What to fix"
          className="space-y-1 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          {errors.text.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Deck name</span>
        <input
          name="archetype"
          defaultValue={kept.archetype ?? archetype}
          maxLength={60}
          className={field}
        />
      </label>
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Reason{needsReason ? "" : " (optional)"}</span>
        {needsReason && (
          <span className="block text-xs text-slate-500">
            Lists are final: say why it changes (kept in its history).
          </span>
        )}
        <input name="reason" defaultValue={kept.reason} maxLength={500} className={field} />
        {errors.reason && (
          <span role="alert" className="mt-1 block text-xs text-red-700">
            {errors.reason.join(" ")}
          </span>
        )}
      </label>
      {!errors.text && !errors.reason && <FormMessage state={state} />}
      <SubmitButton pendingLabel="Checking…">Save the list</SubmitButton>
    </form>
  );
}

/** Every list checked again against the card data now in use and the event's format. */
export function RecheckDecklistsForm({ tournamentId }: { tournamentId: string }) {
  const [state, formAction] = useActionState(recheckDecklistsAction, IDLE_FORM);
  return (
    <form action={formAction} className="space-y-2" aria-label="Check every list again">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <FormMessage state={state} />
      <SubmitButton pendingLabel="Checking…" className="bg-slate-700 hover:bg-slate-800">
        Check every list again
      </SubmitButton>
    </form>
  );
}
