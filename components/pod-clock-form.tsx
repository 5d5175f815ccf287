"use client";
import { useActionState } from "react";
import { recordPodClockAction } from "@/lib/server/pod/pod-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { ChangedMeanwhile, useOpenedVersion } from "./use-opened-version";

type Props = {
  tournamentId: string;
  podId: string;
  tableNumber: number;
  version: number;
  idempotencyKey: string;
  timeCalled: boolean;
  canEndTurn: boolean;
};

/** A judge at a pod's table: call time, then end each turn the end of round counts (community addenda). */
export function PodClockForm({
  tournamentId,
  podId,
  tableNumber,
  version,
  idempotencyKey,
  timeCalled,
  canEndTurn,
}: Props) {
  const [state, formAction, isPending] = useActionState(recordPodClockAction, IDLE_FORM);
  const opened = useOpenedVersion(version, state);
  if (timeCalled && !canEndTurn) return null;
  return (
    <form
      {...opened.startProps}
      action={formAction}
      className="space-y-1"
      aria-label={`Time at pod ${tableNumber}`}
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="podId" value={podId} />
      <input type="hidden" name="expectedVersion" value={opened.version} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <button
        type="submit"
        name="fact"
        value={timeCalled ? "turn-ended" : "time-called"}
        disabled={isPending}
        className="min-h-11 rounded-md border border-amber-400 bg-amber-50 px-3 text-sm font-medium text-amber-900 hover:bg-amber-100 sm:min-h-9"
      >
        {timeCalled ? "End the turn" : "Call time"}
      </button>
      <ChangedMeanwhile isShown={opened.isChangedMeanwhile} what="pod" />
      <FormMessage state={state} />
    </form>
  );
}
