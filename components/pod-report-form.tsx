"use client";
import { useActionState } from "react";
import { reportOwnPodAction } from "@/lib/server/pod/pod-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { PodWinnerChoice } from "./pod-winner-choice";

type Props = {
  podId: string;
  idempotencyKey: string;
  players: { registrationId: string; name: string }[];
  /** The outcome already reported by a pod-mate, which this player can confirm with one tap. */
  toConfirm: {
    outcome: "win" | "agreed-draw" | "draw-at-time";
    winnerId?: string;
    label: string;
  } | null;
};

const BUTTON = "min-h-12 w-full rounded-md px-4 text-base font-medium";

/** A player reports their pod's result, or confirms the one a pod-mate reported; every player of the pod must agree. */
export function PodReportForm({ podId, idempotencyKey, players, toConfirm }: Props) {
  const [state, formAction, isPending] = useActionState(reportOwnPodAction, IDLE_FORM);
  return (
    <div className="space-y-3">
      {toConfirm && (
        <form action={formAction} aria-label="Confirm the pod's result">
          <input type="hidden" name="podId" value={podId} />
          <input type="hidden" name="idempotencyKey" value={`${idempotencyKey}-confirm`} />
          <input type="hidden" name="outcome" value={toConfirm.outcome} />
          {toConfirm.winnerId && <input type="hidden" name="winnerId" value={toConfirm.winnerId} />}
          <button
            type="submit"
            disabled={isPending}
            className={`${BUTTON} bg-emerald-700 text-white hover:bg-emerald-800`}
          >
            Confirm: {toConfirm.label}
          </button>
        </form>
      )}
      <form action={formAction} className="space-y-2" aria-label="Report the pod's result">
        <input type="hidden" name="podId" value={podId} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <PodWinnerChoice
          legend={toConfirm ? "Or report something else: who won?" : "Who won?"}
          players={players}
          isPhone
        />
        <button
          type="submit"
          name="outcome"
          value="win"
          disabled={isPending}
          className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}
        >
          Report the win
        </button>
        <div className="grid grid-cols-2 gap-2">
          <button
            type="submit"
            name="outcome"
            value="agreed-draw"
            disabled={isPending}
            className={`${BUTTON} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
          >
            We agreed a draw
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
      </form>
      <FormMessage state={state} />
    </div>
  );
}
