"use client";
import { useEffect, useState } from "react";

/** "2026-12-05T09:30" in this browser's zone, as a datetime-local input shows it. */
function localInputValue(ms: number): string {
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The decklist deadline in the organizer's own time, sent as an instant (ISO with its zone): the
 * server never guesses the venue's zone. Untouched, it sends the deadline on record.
 */
export function DecklistDeadlineField({
  deadline,
  disabled,
  error,
  hint,
}: {
  deadline: number | null;
  disabled: boolean;
  error?: string[];
  hint?: string;
}) {
  const [local, setLocal] = useState("");
  const [sent, setSent] = useState(deadline === null ? "" : new Date(deadline).toISOString());
  // The zone is known only in the browser: the field fills in after hydration.
  useEffect(() => {
    if (deadline !== null) setLocal(localInputValue(deadline));
  }, [deadline]);
  return (
    <label className="block text-sm">
      <span className="font-medium text-slate-700">Decklist deadline</span>
      <input
        type="datetime-local"
        value={local}
        disabled={disabled}
        onChange={(event) => {
          const value = event.target.value;
          setLocal(value);
          const ms = value === "" ? Number.NaN : new Date(value).getTime();
          setSent(Number.isNaN(ms) ? "" : new Date(ms).toISOString());
        }}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm disabled:bg-slate-50 sm:text-sm"
      />
      {!disabled && <input type="hidden" name="decklistDeadline" value={sent} />}
      <span className="mt-1 block text-xs text-slate-500">
        {hint ?? "Your time · empty: lists are final when round 1 is paired"}
      </span>
      {error && <span className="mt-1 block text-xs text-red-600">{error.join(" ")}</span>}
    </label>
  );
}
