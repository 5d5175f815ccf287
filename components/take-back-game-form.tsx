"use client";
import { useActionState } from "react";
import { takeBackGameAction } from "@/lib/server/match/game-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { ChangedMeanwhile, useOpenedVersion } from "./use-opened-version";
import { SubmitButton } from "./submit-button";

type Props = {
  tournamentId: string;
  /** Made by the server for this rendering: a retried take-back happens once. */
  idempotencyKey: string;
  matchId: string;
  version: number;
  /** The last recorded game, the one this form takes back. */
  gameNumber: number;
  /** "Game 2: Ann won", to confirm which game goes. */
  gameSummary: string;
};

/**
 * Staff take back the last recorded game (recorded in error: the wrong winner, the wrong table),
 * with a reason kept in the match's history; it is then recorded again as it was played. Closed
 * by default, and asks before it sends: taking a game back is a correction, not a routine step.
 */
export function TakeBackGameForm({
  tournamentId,
  idempotencyKey,
  matchId,
  version,
  gameNumber,
  gameSummary,
}: Props) {
  const [state, formAction] = useActionState(takeBackGameAction, IDLE_FORM);
  const opened = useOpenedVersion(version, state);
  return (
    <details className="mt-3 text-sm" open={state.status === "error"}>
      <summary className="cursor-pointer text-brand-700 hover:underline">
        Recorded in error? Take back game {gameNumber}
      </summary>
      <form
        {...opened.startProps}
        action={formAction}
        onSubmit={(event) => {
          if (
            !window.confirm(
              `Take back ${gameSummary}? It stays in the history, and game ${gameNumber} is recorded again.`,
            )
          )
            event.preventDefault();
        }}
        className="mt-2 flex flex-wrap items-end gap-2"
        aria-label={`Take back game ${gameNumber}`}
      >
        <input type="hidden" name="tournamentId" value={tournamentId} />
        <input type="hidden" name="matchId" value={matchId} />
        <input type="hidden" name="expectedVersion" value={opened.version} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <label className="min-w-48 flex-1 text-xs text-slate-600">
          Why (kept in the history)
          <input
            name="note"
            required
            maxLength={500}
            defaultValue={state.values?.note}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-base sm:text-sm"
          />
        </label>
        <SubmitButton pendingLabel="Taking back…" className="bg-red-700 px-3 hover:bg-red-800">
          Take back game {gameNumber}
        </SubmitButton>
      </form>
      <div className="mt-2">
        <ChangedMeanwhile isShown={opened.isChangedMeanwhile} what="match" />
        <FormMessage state={state} />
      </div>
    </details>
  );
}
