"use client";
import { useState } from "react";
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

/** Said in a form whose match or pod changed while it was open, before its user sends it. */
export function ChangedMeanwhile({ isShown, what }: { isShown: boolean; what: string }) {
  if (!isShown) return null;
  return (
    <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
      This {what} was changed by someone else while you had this form open. Look at the change
      first: sent as it is, this form is refused.
    </p>
  );
}
