"use client";
import { useCallback, useState } from "react";
import type { FormState } from "@/lib/form-state";

/**
 * The version a form sends: the page's, until its user starts on the form (focus or a change),
 * then the one it was opened on, so a save over someone else's newer change is refused as stale
 * (MTR 2.5), never applied. Any answer lets it follow the page again: its user has seen it now.
 */
export function useOpenedVersion(current: number, answer: FormState) {
  const [opened, setOpened] = useState<number | null>(null);
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    setOpened(null);
  }
  const onStart = () => {
    if (opened === null) setOpened(current);
  };
  return {
    version: opened ?? current,
    isChangedMeanwhile: opened !== null && opened !== current,
    /** For the form element: focus and change events bubble to it from every field. */
    startProps: { onFocus: onStart, onChange: onStart },
  };
}

/**
 * What a form shows: the page's facts, until its user starts on it, then the facts it was opened
 * with, kept through refusals until it is saved or its user lets go, so a game typed while another
 * tab records that very game is neither cleared nor moved on to the next game (MTR 2.5).
 */
export function useHeldWhileTyping<T extends { version: number }>(live: T) {
  const [held, setHeld] = useState<T | null>(null);
  const letGo = useCallback(() => setHeld(null), []);
  return {
    shown: held ?? live,
    isChangedMeanwhile: held !== null && held.version !== live.version,
    start: () => setHeld((current) => current ?? live),
    letGo,
  };
}

/** Said in a form whose match or pod changed while it was open, before its user sends it. */
export function ChangedMeanwhile({
  isShown,
  what,
  onShowCurrent,
}: {
  isShown: boolean;
  what: string;
  /** Lets go of what was typed and shows the record as it is now. */
  onShowCurrent?: () => void;
}) {
  if (!isShown) return null;
  return (
    <div role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p>
        This {what} was changed by someone else while you had this form open. Look at the change
        first: sent as it is, this form is refused.
      </p>
      {onShowCurrent && (
        <button
          type="button"
          onClick={onShowCurrent}
          className="mt-2 min-h-11 rounded-md border border-amber-300 bg-white px-3 text-sm font-medium text-amber-900"
        >
          Show the {what} as it is now
        </button>
      )}
    </div>
  );
}
