"use client";
import { useActionState, useEffect, useRef, useState } from "react";
import {
  claimJudgeCallAction,
  resolveJudgeCallAction,
} from "@/lib/server/judge-calls/judge-call-actions";
import { IDLE_FORM } from "@/lib/form-state";
import {
  FOLLOW_UP_LABELS,
  JUDGE_CALL_FOLLOW_UPS,
  JUDGE_CALL_NOTE_MAX,
  formatWaiting,
} from "@/lib/rules/judge-calls";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { render } from "@/lib/messages/render";

/** A call's ids; a pod's call (CR 100.6a) names its pod instead of a match. */
type CallIds = {
  tournamentId: string;
  matchId: string | null;
  podId: string | null;
  callId: string;
  tableNumber: number;
};

function HiddenIds({ tournamentId, matchId, podId, callId }: CallIds) {
  return (
    <>
      <input type="hidden" name="tournamentId" value={tournamentId} />
      {matchId && <input type="hidden" name="matchId" value={matchId} />}
      {podId && <input type="hidden" name="podId" value={podId} />}
      <input type="hidden" name="callId" value={callId} />
    </>
  );
}

/** "table 12", or "pod 3" for a pod's call. */
function placeOf({ podId, tableNumber }: CallIds): string {
  return `${podId ? "pod" : "table"} ${tableNumber}`;
}

/** "Take this call": one judge wins; the other is told who has it. */
export function ClaimJudgeCallForm(props: CallIds) {
  const [state, formAction] = useActionState(claimJudgeCallAction, IDLE_FORM);
  return (
    <form
      action={formAction}
      className="space-y-2"
      aria-label={`Take the call at ${placeOf(props)}`}
    >
      <HiddenIds {...props} />
      <SubmitButton pendingLabel="Taking…" className="min-h-11 w-full sm:w-auto">
        Take this call
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}

/** Closes the call, and optionally goes straight on to a penalty, a time extension or the time screen for this match. */
export function ResolveJudgeCallForm(props: CallIds) {
  const [state, formAction] = useActionState(resolveJudgeCallAction, IDLE_FORM);
  const values = state.status === "error" ? state.values : undefined;
  return (
    <form
      action={formAction}
      className="space-y-3"
      aria-label={`Resolve the call at ${placeOf(props)}`}
    >
      <HiddenIds {...props} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Then</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {JUDGE_CALL_FOLLOW_UPS.map((followUp) => (
            <label
              key={followUp}
              className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="followUp"
                value={followUp}
                defaultChecked={(values?.followUp ?? "NONE") === followUp}
                className="size-4"
              />
              {render(FOLLOW_UP_LABELS[followUp])}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block text-sm text-slate-700">
        What happened <span className="text-slate-500">(optional)</span>
        <input
          name="resolution"
          maxLength={JUDGE_CALL_NOTE_MAX}
          defaultValue={values?.resolution ?? ""}
          placeholder="Ruling given"
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900"
        />
      </label>
      <SubmitButton pendingLabel="Resolving…" className="min-h-11 w-full sm:w-auto">
        Resolve
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}

/** How long a call has waited, on the server's clock (the phone's own clock may be off), updated every 15 s. */
export function WaitingTime({ calledAt, serverNow }: { calledAt: number; serverNow: number }) {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const offset = serverNow - Date.now();
    const tick = () => setNow(Date.now() + offset);
    tick();
    const timer = setInterval(tick, 15_000);
    return () => clearInterval(timer);
  }, [serverNow]);
  const waited = now - calledAt;
  return (
    <span className={waited >= 5 * 60_000 ? "font-semibold text-red-800" : "text-slate-700"}>
      {render(formatWaiting(waited))}
    </span>
  );
}

/**
 * Says a new call out loud to screen readers (and shows it, and buzzes a phone that can): the calls
 * present when the page opened are not new; one that appears with a live refresh is.
 */
export function NewCallAnnouncer({ calls }: { calls: { id: string; tableNumber: number }[] }) {
  const seen = useRef<Set<string> | null>(null);
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (seen.current === null) {
      seen.current = new Set(calls.map((call) => call.id));
      return;
    }
    const fresh = calls.filter((call) => !seen.current!.has(call.id));
    for (const call of fresh) seen.current.add(call.id);
    if (fresh.length === 0) return;
    const tables = fresh.map((call) => call.tableNumber).sort((a, b) => a - b);
    setMessage(
      tables.length === 1
        ? `New judge call: table ${tables[0]}.`
        : `New judge calls: tables ${tables.join(", ")}.`,
    );
    navigator.vibrate?.(200);
  }, [calls]);
  return (
    <p
      role="status"
      aria-live="polite"
      className={
        message ? "rounded-md bg-amber-100 px-3 py-2 text-sm font-medium text-amber-950" : "sr-only"
      }
      data-testid="new-call-announcement"
    >
      {message}
    </p>
  );
}
