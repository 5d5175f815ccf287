"use client";
import { useActionState, useState, type ReactNode } from "react";
import { IDLE_FORM, type FormState } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

export type PreviewLine = { line: number; isValid: boolean; content: ReactNode };
export type ListPreview = { error: string | null; lines: PreviewLine[] };

type PastedListFormProps = {
  tournamentId: string;
  /** The field the list is sent in, which also names the textarea and its preview. */
  field: string;
  summary: string;
  label: ReactNode;
  /** The rules' reading of the list as typed: the server reads it the same way. */
  preview: (text: string) => ListPreview;
  /** "players" or "teams": the button says how many will be registered. */
  noun: { one: string; many: string };
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
};

/**
 * Paste a list, one entry per line: a preview says line by line what will be registered and why a
 * line will be skipped, then one click registers every valid line together.
 */
export function PastedListForm({
  tournamentId,
  field,
  summary,
  label,
  preview,
  noun,
  action,
}: PastedListFormProps) {
  const [text, setText] = useState("");
  // Stays open after registering, so the message saying what was skipped is read.
  const [isOpen, setIsOpen] = useState(false);
  const [state, formAction] = useActionState(async (previous: FormState, formData: FormData) => {
    const next = await action(previous, formData);
    if (next.status === "success") setText("");
    return next;
  }, IDLE_FORM);
  const read = preview(text);
  const valid = read.lines.filter((line) => line.isValid).length;
  const id = `${field}-list`;
  return (
    <details
      className="mt-3 rounded-md border border-slate-200 p-3"
      open={isOpen}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer text-sm font-medium text-brand-700">{summary}</summary>
      <form action={formAction} className="mt-3 space-y-2" noValidate>
        <input type="hidden" name="tournamentId" value={tournamentId} />
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <textarea
          id={id}
          name={field}
          rows={6}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-preview`}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-base"
        />
        <div id={`${id}-preview`} aria-live="polite">
          {read.error && <p className="text-sm text-red-700">{read.error}</p>}
          {read.lines.length > 0 && (
            <ol aria-label="Preview" className="max-h-60 space-y-0.5 overflow-y-auto text-sm">
              {read.lines.map((line) => (
                <li key={line.line} className={line.isValid ? "text-slate-800" : "text-red-700"}>
                  <span className="mr-2 inline-block w-8 text-right text-xs tabular-nums text-slate-500">
                    {line.line}
                  </span>
                  {line.content}
                  {!line.isValid && " Skipped."}
                </li>
              ))}
            </ol>
          )}
        </div>
        <SubmitButton pendingLabel="Registering…">
          {valid === 0
            ? `Register ${noun.many}`
            : valid === 1
              ? `Register 1 ${noun.one}`
              : `Register ${valid} ${noun.many}`}
        </SubmitButton>
        <FormMessage state={state} />
      </form>
    </details>
  );
}
