"use client";
import { useActionState } from "react";
import { pairNextRoundAction } from "@/lib/server/actions/round-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

export function PairRoundForm({ tournamentId, nextRound }: { tournamentId: string; nextRound: number }) {
  const [state, formAction] = useActionState(pairNextRoundAction, IDLE_FORM);
  return (
    <form action={formAction} className="space-y-2">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <SubmitButton pendingLabel="Pairing…">Pair round {nextRound}</SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
