"use client";
import { useEffect, useRef } from "react";
import { recordEndOfMatchStepAction } from "@/lib/server/match/end-of-match-actions";
import { IDLE_FORM } from "@/lib/form-state";
import type { EndOfMatchPhase } from "@/lib/rules/end-of-match";
import { SubmitButton } from "./submit-button";
import { useKeptForm } from "./use-kept-form";
import { useOpenedVersion } from "./use-opened-version";

type Props = {
  tournamentId: string;
  matchId: string;
  /** How many steps the screen has seen: a tap against an older screen is refused, never counted twice. */
  sequence: number;
  /** Made by the server for this rendering: a double tap is recorded once. */
  idempotencyKey: string;
  phase: EndOfMatchPhase;
  gameInProgress: boolean;
  names: { A: string; B: string };
  /** The label of the turn that is being played ("Turn 0", "Additional turn 2 of 5"). */
  turnLabel: string | null;
  /** Two-Headed Giant: each side is a team with one shared life total (CR 810.4). */
  sharedLife?: boolean;
};

/**
 * The judge's taps (MTR 2.4): "Time", then one tap per turn end, then life totals in single
 * elimination. One form state for all of them, so a conflict message stays on screen while
 * the page shows the fresh state underneath it.
 */
export function EndOfMatchControls({
  tournamentId,
  matchId,
  sequence,
  idempotencyKey,
  phase,
  gameInProgress,
  names,
  turnLabel,
  sharedLife = false,
}: Props) {
  // Sent from onSubmit: a refused tap keeps what the judge chose (React resets a form after its action).
  const { state, formAction, onSubmit, isPending } = useKeptForm(
    recordEndOfMatchStepAction,
    IDLE_FORM,
  );
  // The step the judge started on: a tap meant for a turn another judge has ended is refused.
  const opened = useOpenedVersion(sequence, state);
  const box = useRef<HTMLDivElement>(null);
  // The pressed button is disabled while it sends, which drops the cursor to the page's top:
  // each answer puts it back on the next tap (or the step refused) and in view on a phone.
  useEffect(() => {
    if (state.status === "idle") return;
    const active = document.activeElement;
    if (active && active !== document.body && box.current?.contains(active)) return;
    const section = box.current?.closest("section") ?? box.current;
    const next = section?.querySelector<HTMLElement>(
      "button[type=submit]:not([disabled]), a[href]",
    );
    next?.focus({ preventScroll: true });
    next?.scrollIntoView({ block: "center" });
  }, [state]);
  const formProps = { action: formAction, onSubmit, ...opened.startProps };
  const hidden = (
    <>
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="matchId" value={matchId} />
      <input type="hidden" name="expectedSequence" value={opened.version} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
    </>
  );
  const big = "w-full py-4 text-lg";
  return (
    <div className="space-y-3" ref={box}>
      {state.status === "error" && state.message && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {state.message}
        </p>
      )}
      {phase === "playing" && (
        <form {...formProps} key={sequence} className="space-y-3" aria-label="Call time">
          {hidden}
          <input type="hidden" name="step" value="time-called" />
          <fieldset>
            <legend className="text-base text-slate-900">Whose turn is it?</legend>
            <div className="mt-1 grid grid-cols-2 gap-2">
              {(["A", "B"] as const).map((side) => (
                <label
                  key={side}
                  className="flex items-center gap-2 rounded-md border border-slate-300 px-3 py-3 text-base"
                >
                  <input
                    type="radio"
                    name="activeSide"
                    value={side}
                    required
                    defaultChecked={state.values?.activeSide === side}
                    className="size-5"
                  />
                  <span className="min-w-0 break-words">{names[side]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <label className="flex items-center gap-3 text-base">
            <input
              type="checkbox"
              name="gameInProgress"
              defaultChecked={state.values ? state.values.gameInProgress === "on" : gameInProgress}
              className="size-5"
            />
            A game is in progress
          </label>
          <label className="flex items-center gap-3 text-base">
            <input
              type="checkbox"
              name="activePlayerPassingTurn"
              defaultChecked={state.values?.activePlayerPassingTurn === "on"}
              className="size-5"
            />
            The active player had already passed the turn
          </label>
          <details
            className="text-sm text-slate-700"
            open={Boolean(state.fieldErrors?.overrideReason)}
          >
            <summary className="min-h-11 cursor-pointer py-2">
              The hall&apos;s clock says time, the app&apos;s does not?
            </summary>
            <label className="block">
              Why time is called now (kept in the history)
              <input
                name="overrideReason"
                maxLength={200}
                defaultValue={state.values?.overrideReason ?? ""}
                className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-2 text-base"
              />
            </label>
          </details>
          <SubmitButton className={big} pendingLabel="Calling time…" isPending={isPending}>
            Time
          </SubmitButton>
        </form>
      )}
      {(phase === "finishing-turn" || phase === "additional-turns") && (
        <form {...formProps} key={sequence} className="space-y-3" aria-label="End the turn">
          {hidden}
          <input type="hidden" name="step" value="turn-ended" />
          <SubmitButton className={big} pendingLabel="Saving…" isPending={isPending}>
            {turnLabel ? `${turnLabel} ended` : "Turn ended"}
          </SubmitButton>
          <label className="flex items-center gap-3 text-sm text-slate-600">
            <input type="checkbox" name="extraTurn" className="size-5" />
            It was an extra turn from an effect (it counts, MTR 2.4)
          </label>
        </form>
      )}
      {(phase === "awaiting-life-totals" || (phase === "life-total-rule" && gameInProgress)) && (
        <form {...formProps} key={sequence} className="space-y-3" aria-label="Life totals">
          {hidden}
          <input type="hidden" name="step" value="life-totals" />
          <div className="grid grid-cols-2 gap-3">
            {(["A", "B"] as const).map((side) => (
              <label key={side} className="flex flex-col text-sm text-slate-700">
                {names[side]}&apos;s {sharedLife ? "team life (shared)" : "life"}
                <input
                  name={`life${side}`}
                  type="number"
                  inputMode="numeric"
                  step={1}
                  required
                  defaultValue={state.values?.[`life${side}`] ?? ""}
                  className="mt-1 rounded-md border border-slate-300 px-3 py-3 text-lg text-slate-900"
                />
              </label>
            ))}
          </div>
          <SubmitButton className={big} pendingLabel="Saving…" isPending={isPending}>
            {phase === "life-total-rule" ? "Life totals changed: enter them" : "Enter life totals"}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
