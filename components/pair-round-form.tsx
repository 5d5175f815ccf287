"use client";
import { useActionState } from "react";
import { enterPairingsAction, pairNextRoundAction } from "@/lib/server/round/round-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

export function PairRoundForm({
  tournamentId,
  nextRound,
}: {
  tournamentId: string;
  nextRound: number;
}) {
  const [state, formAction] = useActionState(pairNextRoundAction, IDLE_FORM);
  return (
    <form action={formAction} className="space-y-2">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <SubmitButton pendingLabel="Pairing…">Pair round {nextRound}</SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}

/** The next round's exact pairings from another tool: one table per line ("12, Ana, Ben", "Ana vs Ben", "Cal, bye"); on success the round page opens with any warnings. */
export function EnterPairingsForm({
  tournamentId,
  nextRound,
}: {
  tournamentId: string;
  nextRound: number;
}) {
  const [state, formAction] = useActionState(enterPairingsAction, IDLE_FORM);
  return (
    <details
      className="rounded-md border border-slate-200 px-3 py-2"
      open={state.status === "error"}
    >
      <summary className="min-h-11 cursor-pointer content-center text-sm font-medium text-slate-700 sm:min-h-8">
        Or enter round {nextRound}&apos;s pairings from another tool
      </summary>
      <form
        action={formAction}
        className="space-y-2 pb-1"
        aria-label={`Enter round ${nextRound}'s pairings`}
      >
        <input type="hidden" name="tournamentId" value={tournamentId} />
        <label className="block text-sm">
          <span className="text-slate-700">
            One table per line: &ldquo;12, Ana, Ben&rdquo;, &ldquo;12 Ana vs Ben&rdquo; or
            &ldquo;Cal, bye&rdquo; (a spreadsheet&apos;s columns paste as tabs). A name with a
            comma: &ldquo;Smith, Ann vs Ben&rdquo; or &ldquo;&quot;Smith, Ann&quot;, Ben&rdquo;.
          </span>
          <textarea
            name="pairings"
            rows={6}
            defaultValue={state.values?.pairings ?? ""}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-2 font-mono text-base sm:text-sm"
            aria-invalid={state.fieldErrors?.pairings ? true : undefined}
          />
        </label>
        <SubmitButton pendingLabel="Entering…" className="bg-slate-700 hover:bg-slate-800">
          Enter round {nextRound}
        </SubmitButton>
        <FormMessage state={state} />
      </form>
    </details>
  );
}
