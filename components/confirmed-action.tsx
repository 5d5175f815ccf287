"use client";
import { useActionState, useEffect, useId, useRef, useState } from "react";
import { IDLE_FORM, type FormState } from "@/lib/form-state";

type Action = (previous: FormState, formData: FormData) => Promise<FormState>;

const LINK =
  "min-h-11 min-w-11 rounded px-2 py-1 text-xs text-slate-500 hover:bg-slate-100 sm:min-h-0 sm:min-w-0";
const BUTTON =
  "inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium text-white disabled:opacity-60";

/**
 * A staff action that needs a second, explicit step: the first tap says what will happen, the
 * second does it. The question takes the keyboard focus, Escape or Cancel gives it back.
 */
export function ConfirmedAction({
  action,
  fields,
  label,
  triggerLabel = label,
  confirmLabel,
  consequence,
  tone = "danger",
  variant = "inline",
  triggerClassName,
  onDone,
}: {
  action: Action;
  /** The hidden fields the action reads (the ids it acts on). */
  fields: Record<string, string>;
  label: string;
  /** The trigger's accessible name when the label alone is ambiguous (it names the player). */
  triggerLabel?: string;
  confirmLabel: string;
  consequence: string;
  tone?: "danger" | "neutral" | "done";
  /** A link-sized action in a list row, or the card's own button. */
  variant?: "inline" | "block";
  /** The trigger's look where the row's other actions are buttons. */
  triggerClassName?: string;
  /** Told each answer of the action (a secret to show elsewhere on the page). */
  onDone?: (state: FormState) => void;
}) {
  const [state, formAction, isPending] = useActionState(action, IDLE_FORM);
  const [isAsking, setIsAsking] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const question = useRef<HTMLFormElement>(null);
  const hasAsked = useRef(false);
  const consequenceId = useId();
  const onDoneNow = useRef(onDone);
  onDoneNow.current = onDone;
  useEffect(() => {
    if (state.status !== "idle") onDoneNow.current?.(state);
  }, [state]);
  useEffect(() => {
    if (isAsking) question.current?.focus();
    else if (hasAsked.current) trigger.current?.focus();
    hasAsked.current = isAsking;
  }, [isAsking]);
  const colors = {
    danger: "bg-red-700 hover:bg-red-800",
    neutral: "bg-brand-600 hover:bg-brand-700",
    done: "bg-emerald-700 hover:bg-emerald-800",
  }[tone];
  if (!isAsking) {
    return (
      <span className={`flex flex-col ${variant === "inline" ? "items-end" : "items-start"}`}>
        <button
          ref={trigger}
          type="button"
          onClick={() => setIsAsking(true)}
          disabled={isPending}
          aria-label={triggerLabel}
          className={
            triggerClassName ??
            (variant === "inline"
              ? `${LINK} ${tone === "danger" ? "hover:text-red-700" : "hover:text-brand-700"}`
              : `${BUTTON} ${colors}`)
          }
        >
          {label}
        </button>
        {state.status === "error" && (
          <span role="alert" className="text-xs text-red-600">
            {state.message}
          </span>
        )}
      </span>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: the form itself is the named group
    <form
      ref={question}
      action={formAction}
      onSubmit={() => setIsAsking(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape") setIsAsking(false);
      }}
      tabIndex={-1}
      className={`rounded-md border border-slate-200 bg-slate-50 p-2 text-xs ${variant === "inline" ? "w-full basis-full sm:max-w-xs" : "text-sm"}`}
      role="group"
      aria-label={confirmLabel}
      aria-describedby={consequenceId}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p id={consequenceId} className="text-slate-700">
        {consequence}
      </p>
      <span className="mt-2 flex gap-2">
        <button
          type="submit"
          disabled={isPending}
          className={`min-h-11 rounded px-3 font-medium text-white sm:min-h-8 ${colors}`}
        >
          {confirmLabel}
        </button>
        <button
          type="button"
          onClick={() => setIsAsking(false)}
          className="min-h-11 rounded px-3 text-slate-600 hover:bg-slate-200 sm:min-h-8"
        >
          Cancel
        </button>
      </span>
    </form>
  );
}
