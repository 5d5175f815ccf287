"use client";
import { useActionState, useState } from "react";
import { recordPodDepartureAction } from "@/lib/server/pod/pod-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { ChangedMeanwhile, useOpenedVersion } from "./use-opened-version";
import { POD_LEAVE_LABELS } from "./pod-words";

type Props = {
  tournamentId: string;
  podId: string;
  tableNumber: number;
  version: number;
  idempotencyKey: string;
  players: { registrationId: string; name: string }[];
};

const SELECT =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-base sm:text-sm";

/**
 * A judge records who left the pod's game and why (CR 104.3), a penalty included; the others play
 * on. Players who left at the same moment are ticked together: all still in at once is a draw (104.4a).
 */
export function PodDepartureForm({
  tournamentId,
  podId,
  tableNumber,
  version,
  idempotencyKey,
  players,
}: Props) {
  const [state, formAction, isPending] = useActionState(recordPodDepartureAction, IDLE_FORM);
  const opened = useOpenedVersion(version, state);
  const [left, setLeft] = useState<string[]>(
    state.values?.playerIds ? state.values.playerIds.split(",") : [],
  );
  // Kept through others' changes (no remount): a saved departure starts the form afresh.
  const [answered, setAnswered] = useState(state);
  if (state !== answered) {
    setAnswered(state);
    if (state.status === "success") setLeft([]);
  }
  const toggle = (id: string, on: boolean) =>
    setLeft((current) => (on ? [...current, id] : current.filter((each) => each !== id)));
  return (
    <details className="rounded-md border border-slate-200 px-2 py-1">
      <summary className="min-h-11 cursor-pointer content-center text-sm font-medium text-slate-700 sm:min-h-8">
        A player left the game
      </summary>
      <form
        {...opened.startProps}
        action={formAction}
        className="space-y-2 pb-2"
        aria-label={`A player left pod ${tableNumber}`}
      >
        <input type="hidden" name="tournamentId" value={tournamentId} />
        <input type="hidden" name="podId" value={podId} />
        <input type="hidden" name="expectedVersion" value={opened.version} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input
          type="hidden"
          name="playerIds"
          value={left
            .filter((id) => players.some((player) => player.registrationId === id))
            .join(",")}
        />
        <fieldset className="text-sm">
          <legend className="font-medium text-slate-700">
            Who left (tick everyone who left at the same moment)
          </legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {players.map((player) => (
              <label
                key={player.registrationId}
                className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-2 sm:min-h-9"
              >
                <input
                  type="checkbox"
                  checked={left.includes(player.registrationId)}
                  onChange={(event) => toggle(player.registrationId, event.target.checked)}
                />
                {player.name}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="block text-sm">
          <span className="font-medium text-slate-700">Why</span>
          <select name="reason" className={SELECT} defaultValue="">
            <option value="" disabled>
              Choose…
            </option>
            {Object.entries(POD_LEAVE_LABELS).map(([reason, label]) => (
              <option key={reason} value={reason}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          disabled={isPending}
          className="min-h-11 rounded-md bg-slate-700 px-3 text-sm font-medium text-white hover:bg-slate-800 sm:min-h-9"
        >
          Record
        </button>
        <ChangedMeanwhile isShown={opened.isChangedMeanwhile} what="pod" />
        <FormMessage state={state} />
      </form>
    </details>
  );
}
