"use client";
import { useActionState } from "react";
import { reportOwnResultAction } from "@/lib/server/match/player-report-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { SlipFields } from "./player-report-form";
import type { PlayerSlip } from "./player-slips";

/** MTR 2.5: the opponent confirms a waiting report by sending the same slip back; the server reconciles the two. */
export function PlayerConfirmForm({
  matchId,
  version,
  idempotencyKey,
  value,
  label,
}: {
  matchId: string;
  version: number;
  idempotencyKey: string;
  value: PlayerSlip;
  label: string;
}) {
  const [state, formAction] = useActionState(reportOwnResultAction, IDLE_FORM);
  return (
    <form action={formAction} className="space-y-2" aria-label="Confirm the result">
      <input type="hidden" name="matchId" value={matchId} />
      <input type="hidden" name="expectedVersion" value={version} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <SlipFields value={value} />
      <SubmitButton
        pendingLabel="Confirming…"
        className="w-full bg-emerald-700 py-3 text-base hover:bg-emerald-800"
      >
        {label}
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
