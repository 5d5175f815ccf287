"use client";
import { useActionState } from "react";
import { restartGameAction } from "@/lib/server/match/game-actions";
import { IDLE_FORM } from "@/lib/form-state";
import type { Side } from "@/lib/rules/result";
import { FormMessage } from "./form-message";
import { ChangedMeanwhile, useOpenedVersion } from "./use-opened-version";
import { SubmitButton } from "./submit-button";

type Props = {
  tournamentId: string;
  /** Made by the server for this rendering: a retried restart is recorded once. */
  idempotencyKey: string;
  matchId: string;
  version: number;
  gameNumber: number;
  names: Record<Side, string>;
};

/**
 * CR 104.6: the game under way restarted (Karn Liberated). It is no game result: the same game is
 * played again, and the player who restarted it plays first. Closed by default: it is rare.
 */
export function RestartGameForm({
  tournamentId,
  idempotencyKey,
  matchId,
  version,
  gameNumber,
  names,
}: Props) {
  const [state, formAction] = useActionState(restartGameAction, IDLE_FORM);
  const opened = useOpenedVersion(version, state);
  return (
    <details className="mt-3 text-sm" open={state.status !== "idle"}>
      <summary className="cursor-pointer text-brand-700 hover:underline">
        Game {gameNumber} restarted? (Karn Liberated, CR 104.6)
      </summary>
      <form
        {...opened.startProps}
        action={formAction}
        className="mt-2 space-y-2"
        aria-label={`Game ${gameNumber} restarted`}
      >
        <input type="hidden" name="tournamentId" value={tournamentId} />
        <input type="hidden" name="matchId" value={matchId} />
        <input type="hidden" name="expectedVersion" value={opened.version} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <fieldset className="flex flex-wrap gap-3 text-sm">
          <legend className="mb-1 text-xs text-slate-600">
            Who restarted it (they play first in the new game)
          </legend>
          {(["A", "B"] as const).map((side) => (
            <label key={side} className="flex min-h-11 items-center gap-2 sm:min-h-0">
              <input
                type="radio"
                name="restartedBy"
                value={side}
                required
                defaultChecked={state.values?.restartedBy === side}
              />
              {names[side]}
            </label>
          ))}
        </fieldset>
        <label className="block text-xs text-slate-600">
          Note (optional, kept in the history)
          <input
            name="note"
            maxLength={500}
            defaultValue={state.values?.note}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-base sm:text-sm"
          />
        </label>
        <SubmitButton pendingLabel="Recording…" className="px-3">
          Record the restart
        </SubmitButton>
      </form>
      <div className="mt-2">
        <ChangedMeanwhile isShown={opened.isChangedMeanwhile} what="match" />
        <FormMessage state={state} />
      </div>
    </details>
  );
}
