"use client";
import { useActionState, useMemo, useState } from "react";
import { submitOwnDecklistAction } from "@/lib/server/decklists/decklist-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { render } from "@/lib/messages/render";
import { parseDecklist } from "@/lib/rules/decklist-text";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

const field =
  "mt-1 block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm";

type Reading = { counts: string | null; problem: string | null; isTooLong: boolean };

/** What the list reads as, while it is typed: the counts, or the first lines it cannot read (MTR 2.7). */
function readAsTyped(text: string, isCommander: boolean): Reading {
  if (text.trim() === "") return { counts: null, problem: null, isTooLong: false };
  // Commander lists have no sideboard: a blank line there is only a blank line, as on the server.
  const parsed = parseDecklist(text, { blankLineStartsSideboard: !isCommander });
  if (!parsed.ok) {
    const first = parsed.error.problems
      .slice(0, 3)
      .map((problem) => `line ${problem.line}: ${render(problem)}`)
      .join("; ");
    return {
      counts: null,
      problem: first ? `Cannot read ${first}` : render(parsed.error),
      isTooLong: parsed.error.code === "DECKLIST_TOO_LONG",
    };
  }
  const total = (section: { count: number }[]) =>
    section.reduce((sum, each) => sum + each.count, 0);
  const { main, sideboard, commanders, companions } = parsed.value;
  const parts = [
    ...(commanders.length > 0 ? [`Commander ${total(commanders)}`] : []),
    `Main deck ${total(main)}`,
    ...(isCommander && sideboard.length === 0 ? [] : [`Sideboard ${total(sideboard)}`]),
    ...(companions.length > 0 ? [`Companion ${total(companions)}`] : []),
  ];
  return { counts: parts.join(" · "), problem: null, isTooLong: false };
}

/** A player's own list, pasted on their phone: MTGO, Arena or "4 Card Name" lines, with a Sideboard section. */
export function DecklistForm({
  seat,
  isCommander,
  version,
  text,
  archetype,
  idempotencyKey,
}: {
  /** The team member's seat whose deck this is (0 for a player alone). */
  seat: number;
  /** The event checks lists as Commander (CR 903): a commander section, no sideboard. */
  isCommander: boolean;
  /** The list's version this page shows; null before the first list. */
  version: number | null;
  text: string;
  archetype: string;
  idempotencyKey: string;
}) {
  const [state, formAction] = useActionState(submitOwnDecklistAction, IDLE_FORM);
  const kept = state.status === "error" ? (state.values ?? {}) : {};
  const [typed, setTyped] = useState(kept.text ?? text);
  const reading = useMemo(() => readAsTyped(typed, isCommander), [typed, isCommander]);
  const [isHeldBack, setHeldBack] = useState(false);
  const errors = state.fieldErrors ?? {};
  return (
    <form
      action={formAction}
      className="space-y-3"
      aria-label="Your decklist"
      noValidate
      onSubmit={(event) => {
        // A paste far past a list's limits is never sent: the server could only refuse it.
        setHeldBack(reading.isTooLong);
        if (reading.isTooLong) event.preventDefault();
      }}
    >
      <input type="hidden" name="seat" value={seat} />
      <input type="hidden" name="expectedVersion" value={version ?? ""} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Your list</span>
        <span className="block text-xs text-slate-500">
          {isCommander ? (
            <>
              Paste it from MTGO, Arena or Moxfield, or type one card a line as &quot;1 Sol
              Ring&quot;; put your commander after a line &quot;Commander&quot;.
            </>
          ) : (
            <>
              Paste it from MTGO, Arena or Moxfield, or type one card a line as &quot;4 Lightning
              Bolt&quot;; put the sideboard after a line &quot;Sideboard&quot;.
            </>
          )}
        </span>
        <textarea
          name="text"
          rows={14}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          className={`${field} font-mono text-sm`}
        />
      </label>
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="decklist-reading">
        {reading.problem ? <span className="text-red-700">{reading.problem}</span> : reading.counts}
      </p>
      {isHeldBack && reading.isTooLong && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          Not sent: the list is too long to be a decklist. Paste only the list.
        </p>
      )}
      {errors.text && (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          <ul className="space-y-1" aria-label="What to fix">
            {errors.text.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
          <p className="mt-1">Nothing was saved: fix the list and save it again.</p>
        </div>
      )}
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Deck name</span>
        <span className="ml-1 text-xs text-slate-500">(optional, e.g. Mono-Red Aggro)</span>
        <input
          name="archetype"
          defaultValue={kept.archetype ?? archetype}
          maxLength={60}
          autoComplete="off"
          className={field}
        />
      </label>
      {!errors.text && <FormMessage state={state} />}
      <SubmitButton pendingLabel="Checking…">Save my list</SubmitButton>
    </form>
  );
}
