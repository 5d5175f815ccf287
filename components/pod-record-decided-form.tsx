"use client";
import { useActionState } from "react";
import { recordPodDecidedAction } from "@/lib/server/pod/pod-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { ChangedMeanwhile, useOpenedVersion } from "./use-opened-version";

type Props = {
  tournamentId: string;
  podId: string;
  tableNumber: number;
  version: number;
  result: string;
  idempotencyKey: string;
};

/** Staff record the result the pod's own facts decided (MTR 2.5: a result counts once recorded). */
export function PodRecordDecidedForm({
  tournamentId,
  podId,
  tableNumber,
  version,
  result,
  idempotencyKey,
}: Props) {
  const [state, formAction, isPending] = useActionState(recordPodDecidedAction, IDLE_FORM);
  const opened = useOpenedVersion(version, state);
  return (
    <form
      {...opened.startProps}
      action={formAction}
      className="space-y-1"
      aria-label={`Record the result of pod ${tableNumber}`}
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="podId" value={podId} />
      <input type="hidden" name="expectedVersion" value={opened.version} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <p className="text-sm text-slate-700">The game is over: {result}.</p>
      <button
        type="submit"
        disabled={isPending}
        className="min-h-11 rounded-md bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700 sm:min-h-9"
      >
        Record this result
      </button>
      <ChangedMeanwhile isShown={opened.isChangedMeanwhile} what="pod" />
      <FormMessage state={state} />
    </form>
  );
}
