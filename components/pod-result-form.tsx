"use client";
import { useActionState } from "react";
import { correctPodResultAction, recordPodOutcomeAction } from "@/lib/server/pod/pod-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { PodWinnerChoice } from "./pod-winner-choice";
import { ChangedMeanwhile, useOpenedVersion } from "./use-opened-version";

type Props = {
  tournamentId: string;
  podId: string;
  tableNumber: number;
  version: number;
  idempotencyKey: string;
  players: { registrationId: string; name: string }[];
  /** Correct a recorded result, with a reason, instead of recording one. */
  isCorrection?: boolean;
};

const BUTTON = "min-h-11 rounded-md px-3 text-sm font-medium sm:min-h-9";

/** Staff record a finished pod (CR 100.6a): who won (104.2a), or a draw every remaining player agreed to (104.4i), or a draw at time. */
export function PodResultForm({
  tournamentId,
  podId,
  tableNumber,
  version,
  idempotencyKey,
  players,
  isCorrection = false,
}: Props) {
  const [state, formAction, isPending] = useActionState(
    isCorrection ? correctPodResultAction : recordPodOutcomeAction,
    IDLE_FORM,
  );
  const opened = useOpenedVersion(version, state);
  return (
    <form
      action={formAction}
      {...opened.startProps}
      className="space-y-2"
      aria-label={
        isCorrection ? `Correct the result of pod ${tableNumber}` : `Result of pod ${tableNumber}`
      }
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="podId" value={podId} />
      <input type="hidden" name="expectedVersion" value={opened.version} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <PodWinnerChoice legend={`Who won pod ${tableNumber}?`} players={players} />
      {isCorrection && (
        <label className="block text-sm">
          <span className="text-xs font-medium text-slate-600">Why it changes</span>
          <input
            name="reason"
            required
            minLength={3}
            maxLength={500}
            autoComplete="off"
            defaultValue={state.status === "error" ? state.values?.reason : ""}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-2 text-base sm:text-sm"
          />
        </label>
      )}
      <ChangedMeanwhile isShown={opened.isChangedMeanwhile} what="pod" />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          name="outcome"
          value="win"
          disabled={isPending}
          className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}
        >
          {isCorrection ? "Correct to this win" : "Record the win"}
        </button>
        <button
          type="submit"
          name="outcome"
          value="agreed-draw"
          disabled={isPending}
          className={`${BUTTON} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          Agreed draw
        </button>
        <button
          type="submit"
          name="outcome"
          value="draw-at-time"
          disabled={isPending}
          className={`${BUTTON} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          Draw at time
        </button>
      </div>
      <FormMessage state={state} />
    </form>
  );
}
