"use client";
import { useActionState } from "react";
import {
  recordDecidedResultAction,
  recordDecidedResultsOfRoundAction,
} from "@/lib/server/match/result-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { ChangedMeanwhile, useOpenedVersion } from "./use-opened-version";
import { SubmitButton } from "./submit-button";

/**
 * MTR 2.5: the match is decided (its games, a Match Loss or the end-of-match procedure) but its
 * result is not recorded; until it is, the players may still concede or agree to a draw. One tap
 * records it.
 */
export function RecordDecidedResultForm({
  tournamentId,
  idempotencyKey,
  matchId,
  version,
  result,
  mayDraw,
}: {
  tournamentId: string;
  idempotencyKey: string;
  matchId: string;
  version: number;
  result: string;
  mayDraw: boolean;
}) {
  const [state, formAction] = useActionState(recordDecidedResultAction, IDLE_FORM);
  const opened = useOpenedVersion(version, state);
  return (
    <form
      {...opened.startProps}
      action={formAction}
      className="space-y-2"
      aria-label="Record the result"
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="matchId" value={matchId} />
      <input type="hidden" name="expectedVersion" value={opened.version} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <p className="text-sm text-slate-700">
        Decided — record the result: <span className="font-medium">{result}</span>. Until it is
        recorded the players may still{" "}
        {mayDraw
          ? "concede or agree to a draw"
          : "concede (a single-elimination match cannot end in a draw)"}
        .
      </p>
      <SubmitButton pendingLabel="Recording…">Record the result</SubmitButton>
      <ChangedMeanwhile isShown={opened.isChangedMeanwhile} what="match" />
      <FormMessage state={state} />
    </form>
  );
}

/** MTR 2.5: every match of the round its facts decided, recorded at once. */
export function RecordDecidedRoundForm({
  tournamentId,
  roundNumber,
  count,
}: {
  tournamentId: string;
  roundNumber: number;
  count: number;
}) {
  const [state, formAction] = useActionState(recordDecidedResultsOfRoundAction, IDLE_FORM);
  return (
    <form
      action={formAction}
      className="flex flex-wrap items-center gap-3"
      aria-label="Record decided results"
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="roundNumber" value={roundNumber} />
      <p className="text-sm text-slate-700">
        {count === 1 ? "1 match is" : `${count} matches are`} decided by their games or a penalty
        and not recorded yet.
      </p>
      <SubmitButton pendingLabel="Recording…">
        {count === 1 ? "Record it" : `Record all ${count}`}
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
