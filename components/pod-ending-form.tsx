"use client";
import { useActionState, useState } from "react";
import { recordPodEndingAction } from "@/lib/server/pod/pod-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { ChangedMeanwhile, useOpenedVersion } from "./use-opened-version";

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

const ENDINGS = [
  ["WON_BY_EFFECT", "A player wins by an effect (CR 104.2b)"],
  ["DRAW_LOOP", "A draw: a mandatory loop nobody can stop (CR 104.4b)"],
  ["DRAW_CARD_EFFECT", "A draw: an effect says the game is a draw (CR 104.4c)"],
] as const;

/** A judge records a pod's game ended by an effect or a loop; the result is recorded with it. */
export function PodEndingForm({
  tournamentId,
  podId,
  tableNumber,
  version,
  idempotencyKey,
  players,
}: Props) {
  const [state, formAction, isPending] = useActionState(recordPodEndingAction, IDLE_FORM);
  const opened = useOpenedVersion(version, state);
  const [ending, setEnding] = useState(state.values?.ending ?? "");
  return (
    <details className="rounded-md border border-slate-200 px-2 py-1">
      <summary className="min-h-11 cursor-pointer content-center text-sm font-medium text-slate-700 sm:min-h-8">
        Ended by an effect or a loop
      </summary>
      <form
        {...opened.startProps}
        action={formAction}
        className="space-y-2 pb-2"
        aria-label={`Pod ${tableNumber} ended by an effect or a loop`}
      >
        <input type="hidden" name="tournamentId" value={tournamentId} />
        <input type="hidden" name="podId" value={podId} />
        <input type="hidden" name="expectedVersion" value={opened.version} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <label className="block text-sm">
          <span className="font-medium text-slate-700">How the game ended</span>
          <select
            name="ending"
            className={SELECT}
            value={ending}
            onChange={(event) => setEnding(event.target.value)}
          >
            <option value="" disabled>
              Choose…
            </option>
            {ENDINGS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {ending === "WON_BY_EFFECT" && (
          <label className="block text-sm">
            <span className="font-medium text-slate-700">Who wins</span>
            <select name="playerId" className={SELECT} defaultValue={state.values?.playerId ?? ""}>
              <option value="" disabled>
                Choose…
              </option>
              {players.map((player) => (
                <option key={player.registrationId} value={player.registrationId}>
                  {player.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="submit"
          disabled={isPending}
          className="min-h-11 rounded-md bg-slate-700 px-3 text-sm font-medium text-white hover:bg-slate-800 sm:min-h-9"
        >
          Record the result
        </button>
        <ChangedMeanwhile isShown={opened.isChangedMeanwhile} what="pod" />
        <FormMessage state={state} />
      </form>
    </details>
  );
}
