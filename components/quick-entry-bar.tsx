"use client";
import { useActionState, useEffect, useRef, useState } from "react";
import { quickEntryAction } from "@/lib/server/match/quick-entry-actions";
import { IDLE_FORM, type FormState } from "@/lib/form-state";
import { quickEntryExamples } from "@/lib/rules/quick-entry";

/** A request key without crypto.randomUUID, which a venue laptop served over plain HTTP lacks. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** `isPlayoff`: single elimination, where a match cannot be drawn and nobody drops mid-bracket, so "ID" and "drop" are not offered. */
/** `roundStatus`: when it changes (the round was started) and the button pressed is gone, the cursor comes here. */
/** `nextTable`: the next outstanding table as typed, "12" or a team table's seat "12A". `hasSeats`: team tables, typed with their seat (MTR 8.2). */
/** `gamesToWin`: the round's match length (MTR 2.1), which its examples follow. */
type Props = {
  tournamentId: string;
  roundNumber: number;
  initialKey: string;
  nextTable: number | string | null;
  isPlayoff?: boolean;
  roundStatus?: string;
  hasSeats?: boolean;
  gamesToWin?: number;
};

/**
 * Type a table and its slip, press Enter: "12 2-1", "7 0-2-1", "3 ID", "5 2-0 drop B",
 * "9 conc A". Saved through the same rules and result path as the row's form; the bar clears on
 * success, keeps the line on error, and the cursor always comes back to it.
 */
export function QuickEntryBar({
  tournamentId,
  roundNumber,
  initialKey,
  nextTable,
  isPlayoff = false,
  roundStatus,
  hasSeats = false,
  gamesToWin = 2,
}: Props) {
  const example = quickEntryExamples(gamesToWin);
  const [text, setText] = useState("");
  // One key per line typed: Enter pressed twice on the same line is saved once.
  const [key, setKey] = useState(initialKey);
  const [log, setLog] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const [state, formAction, isPending] = useActionState(
    async (previous: FormState, formData: FormData) => {
      const next = await quickEntryAction(previous, formData);
      if (next.status === "success") {
        setText("");
        setKey(newKey());
        if (next.message) setLog((entries) => [next.message!, ...entries].slice(0, 5));
      }
      return next;
    },
    IDLE_FORM,
  );

  // The cursor starts in the bar where there is a keyboard (a fine pointer); a phone's keyboard
  // does not pop up over the page as it opens.
  useEffect(() => {
    if (window.matchMedia("(pointer: fine)").matches) input.current?.focus();
  }, []);
  useEffect(() => {
    if (state.status !== "idle") input.current?.focus();
  }, [state]);
  const seenRoundStatus = useRef(roundStatus);
  useEffect(() => {
    if (seenRoundStatus.current === roundStatus) return;
    seenRoundStatus.current = roundStatus;
    if (!document.activeElement || document.activeElement === document.body) input.current?.focus();
  }, [roundStatus]);

  const isError = state.status === "error";
  return (
    <form action={formAction} aria-label="Quick entry" className="space-y-2 print:hidden">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="roundNumber" value={roundNumber} />
      <input type="hidden" name="idempotencyKey" value={key} />
      <label className="block text-sm font-medium text-slate-700" htmlFor="quick-entry">
        Quick entry <span className="font-normal text-slate-500">— table and slip, then Enter</span>
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id="quick-entry"
          name="entry"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setKey(newKey());
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="send"
          maxLength={60}
          placeholder={`${nextTable ?? (hasSeats ? "12A" : "12")} ${example.win}`}
          aria-invalid={isError || undefined}
          aria-describedby="quick-entry-help quick-entry-message"
          className={`min-h-11 min-w-0 flex-1 rounded-md border px-3 py-2 font-mono text-base ${isError ? "border-red-400" : "border-slate-300"}`}
        />
        <button
          type="submit"
          disabled={isPending}
          className="min-h-11 rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {isPending ? "Saving…" : "Enter"}
        </button>
      </div>
      <p id="quick-entry-help" className="text-xs text-slate-500">
        {hasSeats ? (
          <>
            <kbd>12A {example.win}</kbd> (seat A of table 12)
          </>
        ) : (
          <kbd>12 {example.win}</kbd>
        )}{" "}
        · <kbd>7 {example.drawn}</kbd> (drawn games third) ·{" "}
        {!isPlayoff && (
          <>
            <kbd>3 ID</kbd> (intentional draw) ·{" "}
          </>
        )}
        <kbd>9 conc A</kbd> (A conceded) ·{" "}
        {!isPlayoff && (
          <>
            <kbd>5 {example.sweep} drop B</kbd> ·{" "}
          </>
        )}
        end with <kbd>!</kbd> to confirm an unusual slip. A is the first-listed player.
      </p>
      <div id="quick-entry-message" aria-live="polite">
        {state.status !== "idle" && state.message && (
          <p
            role={isError ? "alert" : "status"}
            className={`rounded-md px-3 py-2 text-sm ${isError ? "bg-red-50 text-red-700" : "bg-emerald-50 text-emerald-800"}`}
          >
            {state.message}
          </p>
        )}
      </div>
      {log.length > 1 && (
        <ol aria-label="Entered just now" className="space-y-0.5 text-xs text-slate-500">
          {log.slice(1).map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: plain text lines; messages may repeat
            <li key={`${index}-${entry}`}>{entry}</li>
          ))}
        </ol>
      )}
    </form>
  );
}
