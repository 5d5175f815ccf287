"use client";
import { useActionState } from "react";
import {
  penaltyFromDeckCheckAction,
  recordDeckCheckAction,
} from "@/lib/server/deck-checks/deck-check-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

const OUTCOMES = [
  { value: "PASSED", label: "Passed" },
  { value: "DECKLIST_PROBLEM", label: "Decklist Problem (IPG 3.4)" },
  { value: "DECK_PROBLEM", label: "Deck Problem (IPG 3.5)" },
] as const;

const field =
  "mt-1 w-full min-w-0 rounded-md border border-slate-300 px-2 py-1.5 text-base text-slate-900 sm:text-sm";

/** MTR 2.8: what one player's deck check found; a problem says what, for the penalty and any appeal. */
export function RecordDeckCheckForm({
  tournamentId,
  place,
  player,
  replacesId,
  idempotencyKey,
}: {
  tournamentId: string;
  place: { matchId: string } | { podId: string };
  player: { id: string; name: string };
  /** The record this one corrects (a mistaken outcome or note); the newest stands. */
  replacesId?: string;
  /** Made by the server for each rendering: a double-tapped "Record" is recorded once. */
  idempotencyKey: string;
}) {
  const [state, formAction] = useActionState(recordDeckCheckAction, IDLE_FORM);
  const values = state.status === "error" ? (state.values ?? {}) : {};
  const errors = state.fieldErrors ?? {};
  return (
    <form
      action={formAction}
      className="space-y-2"
      aria-label={`${replacesId ? "Correct the deck check" : "Deck check"} of ${player.name}`}
      noValidate
    >
      {replacesId && <input type="hidden" name="replacesId" value={replacesId} />}
      <input type="hidden" name="tournamentId" value={tournamentId} />
      {"matchId" in place ? (
        <input type="hidden" name="matchId" value={place.matchId} />
      ) : (
        <input type="hidden" name="podId" value={place.podId} />
      )}
      <input type="hidden" name="registrationId" value={player.id} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">What the check found</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {OUTCOMES.map((outcome) => (
            <label key={outcome.value} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="outcome"
                value={outcome.value}
                defaultChecked={(values.outcome ?? "PASSED") === outcome.value}
                className="h-5 w-5"
              />
              {outcome.label}
            </label>
          ))}
        </div>
        {errors.outcome && <p className="text-xs text-red-700">{errors.outcome.join(" ")}</p>}
      </fieldset>
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Note</span>
        <span className="ml-1 text-xs text-slate-500">(what was found, for a problem)</span>
        <textarea name="note" rows={2} defaultValue={values.note} className={field} />
        {errors.note && <span className="text-xs text-red-700">{errors.note.join(" ")}</span>}
      </label>
      <FormMessage state={state} />
      <SubmitButton pendingLabel="Recording…">
        {replacesId ? "Record the correction" : "Record the check"}
      </SubmitButton>
    </form>
  );
}

/** IPG 3.4, 3.5: from a check's problem to its penalty (the usual one unless the judge picks another). */
export function PenaltyFromDeckCheckForm({
  tournamentId,
  deckCheckId,
  matchVersion,
  usualPenalty,
  idempotencyKey,
}: {
  tournamentId: string;
  deckCheckId: string;
  /** The match version this page shows: a penalty against an older page is a conflict. */
  matchVersion: number;
  usualPenalty: string;
  idempotencyKey: string;
}) {
  const [state, formAction] = useActionState(penaltyFromDeckCheckAction, IDLE_FORM);
  const values = state.status === "error" ? (state.values ?? {}) : {};
  return (
    <form action={formAction} className="space-y-2" aria-label="Penalty from this check" noValidate>
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="deckCheckId" value={deckCheckId} />
      <input type="hidden" name="expectedVersion" value={matchVersion} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Penalty</span>
        <select name="kind" defaultValue={values.kind ?? ""} className={field}>
          <option value="">{usualPenalty} (the usual one)</option>
          <option value="WARNING">Warning</option>
          <option value="GAME_LOSS">Game Loss</option>
          <option value="MATCH_LOSS">Match Loss</option>
          <option value="DISQUALIFICATION">Disqualification</option>
        </select>
      </label>
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Note</span>
        <textarea name="note" rows={2} defaultValue={values.note} className={field} />
      </label>
      <FormMessage state={state} />
      <SubmitButton pendingLabel="Giving…" className="bg-red-700 hover:bg-red-800">
        Give the penalty
      </SubmitButton>
    </form>
  );
}
