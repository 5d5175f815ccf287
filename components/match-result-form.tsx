"use client";
import { useActionState, useEffect, useRef, useState } from "react";
import { clearMatchResultAction, reportMatchResultAction } from "@/lib/server/match/result-actions";
import { IDLE_FORM, type FormState } from "@/lib/form-state";
import { useKeptForm } from "./use-kept-form";
import type { MatchFormat, SlipContext } from "@/lib/rules/match";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { quickSlips } from "./quick-slips";
import { describePreview, type SlipText } from "./result-preview";

type Props = {
  tournamentId: string;
  /**
   * Made by the server for this rendering of the form (so hydration matches): a retried or
   * double-clicked save is recorded once, and after a save the re-rendered page brings a fresh
   * key, so a spent key is never sent for a different request.
   */
  idempotencyKey: string;
  match: {
    id: string;
    version: number;
    winsA: number | null;
    winsB: number | null;
    draws: number | null;
    /** MTR 2.5: how the recorded result ended, so the row reads as it happened. */
    concededBy?: "A" | "B" | null;
    intentionalDraw?: boolean;
  };
  nameA: string;
  nameB: string;
  format: MatchFormat;
  /** The sides are teams (Two-Headed Giant): named in full, not by a first name. */
  sidesAreTeams?: boolean;
  /** MTR 2.5: its facts decided it but nobody recorded it yet: shown without the ✓ of a result in. */
  isDecidedNotRecorded?: boolean;
};

/** Staff result entry for one match, with instant feedback from the same rules the server applies. */
const slipOf = (match: Props["match"]): SlipText => ({
  winsA: String(match.winsA ?? ""),
  winsB: String(match.winsB ?? ""),
  draws: String(match.draws ?? 0),
});

export function MatchResultForm({
  tournamentId,
  idempotencyKey,
  match,
  nameA,
  nameB,
  format,
  sidesAreTeams = false,
  isDecidedNotRecorded = false,
}: Props) {
  const shortOf = (name: string) => (sidesAreTeams ? name : firstName(name));
  // Sent from onSubmit: a refused save keeps every field as typed (React resets a form after its action).
  const { state, formAction, onSubmit, isPending } = useKeptForm(
    reportMatchResultAction,
    IDLE_FORM,
  );
  const [clearState, clearAction] = useActionState(clearMatchResultAction, IDLE_FORM);
  const initial = state.status === "error" && state.values ? state.values : undefined;
  const [slip, setSlip] = useState<SlipText>(() => ({
    winsA: initial?.winsA ?? String(match.winsA ?? ""),
    winsB: initial?.winsB ?? String(match.winsB ?? ""),
    draws: initial?.draws ?? String(match.draws ?? 0),
  }));
  const [concededBy, setConcededBy] = useState<string>(initial?.concededBy ?? "");
  const [intentionalDraw, setIntentionalDraw] = useState(initial?.intentionalDraw === "on");
  const [confirmUnusual, setConfirmUnusual] = useState(false);
  const [note, setNote] = useState(initial?.note ?? "");
  // MTR 2.5: the version the form was opened on. Nobody in it, it follows the stored result; once
  // someone puts the cursor in it or types, it keeps that version, so another tab's save never
  // becomes its own and its save over a newer result is refused until its user chooses.
  const [opened, setOpened] = useState({
    version: match.version,
    isOpened: false,
    isEdited: false,
  });
  const [seen, setSeen] = useState({ state, clearState });
  // The answer its user has dealt with (loaded the new result or kept typing): no longer shown.
  const [settled, setSettled] = useState<FormState | null>(null);
  const correctOrClear = useRef<HTMLElement>(null);
  const isFocusingForUser = useRef(false);
  // Saved, the form folds away with the Save button in it: the cursor stays on this table instead of the page's top.
  useEffect(() => {
    if (
      state.status === "success" &&
      (!document.activeElement || document.activeElement === document.body)
    )
      focusForUser(correctOrClear.current, isFocusingForUser);
  }, [state]);
  const startAgain = () => {
    setOpened({ version: match.version, isOpened: false, isEdited: false });
    setSlip(slipOf(match));
    setConcededBy("");
    setIntentionalDraw(false);
    setConfirmUnusual(false);
    setNote("");
  };
  if (state !== seen.state || clearState !== seen.clearState) {
    const isSaved =
      (state !== seen.state && state.status === "success") ||
      (clearState !== seen.clearState && clearState.status === "success");
    setSeen({ state, clearState });
    // This form's own save or clear: it starts again from the result stored now.
    if (isSaved) startAgain();
  } else if (!opened.isOpened && opened.version !== match.version) {
    startAgain();
  }
  const edited = () => {
    if (!opened.isEdited) setOpened({ ...opened, isOpened: true, isEdited: true });
  };
  // While this form's own save is on its way, the new version may arrive before its answer.
  const changedMeanwhile = opened.version !== match.version && !isPending;
  const loadNewResult = () => {
    setSettled(state);
    startAgain();
    focusForUser(correctOrClear.current, isFocusingForUser);
  };
  const keepTyping = () => {
    setSettled(state);
    setOpened({ version: match.version, isOpened: true, isEdited: true });
  };
  const hasResult = match.winsA !== null;
  const context: SlipContext = {
    concededBy: concededBy === "A" || concededBy === "B" ? concededBy : undefined,
    intentionalDraw,
  };
  const preview = describePreview(format, slip, nameA, nameB, context);
  // One message at a time: the server's answer while the slip is still what was sent, the live
  // preview once it is edited (never the same sentence twice).
  const isAnswerCurrent =
    state.status === "error" &&
    state.values !== undefined &&
    ["winsA", "winsB", "draws"].every(
      (key) => (state.values?.[key] ?? "") === slip[key as keyof SlipText],
    );
  const isRefusedAsStale = changedMeanwhile && state.code === "CONFLICT" && isAnswerCurrent;
  const showAnswer =
    (state.status === "success" && hasResult) ||
    (isAnswerCurrent && !changedMeanwhile && state !== settled);

  const stored = hasResult
    ? describePreview(
        format,
        { winsA: String(match.winsA), winsB: String(match.winsB), draws: String(match.draws ?? 0) },
        nameA,
        nameB,
        {
          concededBy: match.concededBy ?? undefined,
          intentionalDraw: match.intentionalDraw === true,
        },
      )
    : null;

  return (
    <div className="space-y-1">
      {stored &&
        (isDecidedNotRecorded ? (
          <p className="text-sm text-sky-900">{stored.text}</p>
        ) : (
          <p className="text-sm font-medium text-emerald-800">✓ {stored.text}</p>
        ))}
      {!hasResult && clearState.status === "success" && (
        <p role="status" className="text-sm text-slate-600">
          Result cleared; the table has no result now.
        </p>
      )}
      {/* Always the same elements, so the form keeps its state when a result arrives. */}
      <details
        open={!hasResult || opened.isEdited || changedMeanwhile}
        onFocus={() => {
          if (!opened.isOpened && !isFocusingForUser.current)
            setOpened({ ...opened, isOpened: true });
        }}
        onToggle={(event) => {
          // Opening "Correct or clear" starts on it, also where a click does not focus (Safari).
          if (event.currentTarget.open && hasResult && !opened.isOpened)
            setOpened({ ...opened, isOpened: true });
        }}
        onBlur={(event) => {
          const next = event.relatedTarget;
          // On to another part of this page (not another tab): nothing typed, so it follows the stored result again.
          if (next && !event.currentTarget.contains(next) && !opened.isEdited && !changedMeanwhile)
            setOpened({ ...opened, isOpened: false });
        }}
        className="space-y-2"
      >
        <summary
          ref={correctOrClear}
          className={
            hasResult
              ? "inline-flex min-h-11 cursor-pointer items-center text-xs text-slate-500 sm:min-h-0"
              : "hidden"
          }
        >
          Correct or clear
        </summary>
        <form
          action={formAction}
          onSubmit={onSubmit}
          className="space-y-2"
          aria-label={`Result for ${nameA} versus ${nameB}`}
        >
          <input type="hidden" name="tournamentId" value={tournamentId} />
          <input type="hidden" name="matchId" value={match.id} />
          <input type="hidden" name="expectedVersion" value={opened.version} />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <div className="flex flex-wrap items-end gap-2">
            <SlipInput
              label={`Games won by ${nameA}`}
              short={shortOf(nameA)}
              name="winsA"
              value={slip.winsA}
              onChange={(winsA) => {
                edited();
                setSlip({ ...slip, winsA });
              }}
            />
            <SlipInput
              label={`Games won by ${nameB}`}
              short={shortOf(nameB)}
              name="winsB"
              value={slip.winsB}
              onChange={(winsB) => {
                edited();
                setSlip({ ...slip, winsB });
              }}
            />
            <SlipInput
              label="Drawn games"
              short="Draws"
              name="draws"
              value={slip.draws}
              onChange={(draws) => {
                edited();
                setSlip({ ...slip, draws });
              }}
            />
            <SubmitButton className="px-3" isPending={isPending}>
              {hasResult ? "Correct" : "Save"}
            </SubmitButton>
          </div>
          <div className="flex flex-wrap gap-1">
            {quickSlips(format).map(({ winsA, winsB, draws }) => (
              <button
                key={`${winsA}${winsB}${draws}`}
                type="button"
                onClick={() => {
                  edited();
                  setSlip({ winsA: String(winsA), winsB: String(winsB), draws: String(draws) });
                }}
                className="min-h-11 min-w-11 rounded border border-slate-200 px-2 py-0.5 text-xs text-slate-600 hover:bg-slate-100 sm:min-h-0 sm:min-w-0"
              >
                {winsA}-{winsB}
                {draws ? `-${draws}` : ""}
              </button>
            ))}
          </div>
          {/* MTR 2.5: the slip is the games played; the rules rewrite it for a concession (2-1) or an agreed draw (0-0-3). */}
          <div className="flex flex-wrap items-center gap-3 text-xs text-slate-600">
            <label className="min-w-0 max-w-full">
              Conceded by{" "}
              <select
                name="concededBy"
                value={concededBy}
                onChange={(event) => {
                  edited();
                  setConcededBy(event.target.value);
                  if (event.target.value !== "") {
                    setIntentionalDraw(false);
                    // MTR 2.5: games not typed were not played; the rules report the conceded match (2-0, or 2-1).
                    setSlip((current) => ({
                      winsA: current.winsA.trim() || "0",
                      winsB: current.winsB.trim() || "0",
                      draws: current.draws.trim() || "0",
                    }));
                  }
                }}
                className="max-w-full rounded-md border border-slate-300 bg-white px-1 py-1 text-base sm:text-xs"
              >
                <option value="">nobody</option>
                <option value="A">{nameA}</option>
                <option value="B">{nameB}</option>
              </select>
            </label>
            {!format.elimination && (
              <label className="flex items-center gap-1">
                <input
                  type="checkbox"
                  name="intentionalDraw"
                  checked={intentionalDraw}
                  onChange={(event) => {
                    edited();
                    setIntentionalDraw(event.target.checked);
                    if (event.target.checked) {
                      setConcededBy("");
                      // No game played is typed as 0-0: the rules report it 0-0-3.
                      setSlip((current) => ({
                        winsA: current.winsA.trim() || "0",
                        winsB: current.winsB.trim() || "0",
                        draws: current.draws.trim() || "0",
                      }));
                    }
                  }}
                />
                Intentional draw
              </label>
            )}
          </div>
          {hasResult && (
            <label className="block text-xs text-slate-600">
              Reason for the correction (kept in the history)
              <input
                name="note"
                value={note}
                onChange={(event) => {
                  edited();
                  setNote(event.target.value);
                }}
                aria-invalid={Boolean(state.fieldErrors?.note) || undefined}
                className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-base sm:text-sm"
              />
            </label>
          )}
          {changedMeanwhile && (
            <div
              role="alert"
              className="space-y-1 rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-900"
            >
              <p>
                {stored
                  ? `This result was changed to “${stored.text}” by someone else while you had it open.`
                  : "This result was cleared by someone else while you had it open."}
              </p>
              {isRefusedAsStale && <p>{state.message}</p>}
              <p>Nothing you save goes over it until you choose:</p>
              <div className="flex flex-wrap gap-2">
                <button type="button" onClick={loadNewResult} className={CHOICE}>
                  Load the new result
                </button>
                <button type="button" onClick={keepTyping} className={CHOICE}>
                  Keep typing
                </button>
              </div>
            </div>
          )}
          {!(preview.isError && isAnswerCurrent) && (
            <p
              className={`text-xs ${preview.isError ? "text-amber-700" : "text-slate-500"}`}
              aria-live="polite"
            >
              {preview.text}
            </p>
          )}
          {preview.question && (
            <label className="flex items-start gap-2 rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-900">
              <input
                type="checkbox"
                name="confirmUnusual"
                checked={confirmUnusual}
                onChange={(event) => setConfirmUnusual(event.target.checked)}
                className="mt-0.5"
              />
              <span>
                {preview.question} <strong>The slip is right.</strong>
              </span>
            </label>
          )}
        </form>
        {hasResult && (
          <ClearResultForm
            tournamentId={tournamentId}
            matchId={match.id}
            version={opened.version}
            state={clearState}
            action={clearAction}
            nameA={nameA}
            nameB={nameB}
          />
        )}
      </details>
      {/* Always present, so a screen reader announces "Result saved." when it appears. */}
      <div aria-live="polite">{showAnswer && <FormMessage state={state} />}</div>
    </div>
  );
}

type ClearProps = {
  tournamentId: string;
  matchId: string;
  version: number;
  state: FormState;
  action: (formData: FormData) => void;
  nameA: string;
  nameB: string;
};

/** Staff remove a result entirely, once confirmed, with a reason that is kept in the history. */
function ClearResultForm({
  tournamentId,
  matchId,
  version,
  state,
  action,
  nameA,
  nameB,
}: ClearProps) {
  return (
    <div className="text-xs text-slate-600">
      <form
        action={action}
        onSubmit={(event) => {
          if (
            !window.confirm(
              `Clear the result of ${nameA} versus ${nameB}? The table will have no result until one is entered again.`,
            )
          )
            event.preventDefault();
        }}
        className="mt-2 flex flex-wrap items-end gap-2"
        aria-label="Clear result"
      >
        <input type="hidden" name="tournamentId" value={tournamentId} />
        <input type="hidden" name="matchId" value={matchId} />
        <input type="hidden" name="expectedVersion" value={version} />
        <label className="flex-1">
          Reason to clear the result
          <input
            name="note"
            defaultValue={state.values?.note}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-base sm:text-sm"
          />
        </label>
        <SubmitButton pendingLabel="Clearing…" className="bg-red-700 px-3 hover:bg-red-800">
          Clear
        </SubmitButton>
      </form>
      <div className="mt-1">
        <FormMessage state={state} />
      </div>
    </div>
  );
}

function SlipInput({
  label,
  short,
  name,
  value,
  onChange,
}: {
  label: string;
  short: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="max-w-full text-xs text-slate-500">
      <span aria-hidden className="break-words">
        {short}
      </span>
      <input
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode="numeric"
        aria-label={label}
        className="ml-1 min-h-11 w-11 rounded-md border border-slate-300 px-2 py-1.5 text-center text-base sm:min-h-0 sm:text-sm"
      />
    </label>
  );
}

/** The cursor put back for the form's user, which is not someone starting on the form. */
function focusForUser(element: HTMLElement | null, isFocusing: { current: boolean }) {
  isFocusing.current = true;
  element?.focus();
  isFocusing.current = false;
}

const CHOICE =
  "min-h-11 rounded border border-amber-300 bg-white px-2 py-0.5 font-medium hover:bg-amber-100 sm:min-h-0";

function firstName(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? name;
  return first.length > 10 ? `${first.slice(0, 9)}…` : first;
}
