"use client";
import { useActionState } from "react";
import { reportMatchResultAction } from "@/lib/server/match/result-actions";
import { IDLE_FORM } from "@/lib/form-state";
import {
  evaluateResultSlip,
  slipToString,
  type MatchFormat,
  type ResultSlip,
  type SlipContext,
} from "@/lib/rules/match";
import type { Side } from "@/lib/rules/result";
import { FormMessage } from "./form-message";
import { render } from "@/lib/messages/render";
import { ChangedMeanwhile, useOpenedVersion } from "./use-opened-version";

type Props = {
  tournamentId: string;
  idempotencyKey: string;
  matchId: string;
  version: number;
  names: Record<Side, string>;
  format: MatchFormat;
  /** The games recorded so far: a concession or agreed draw is reported on top of them (MTR 2.5). */
  slip: ResultSlip;
};

/**
 * MTR 2.5 on the match page: a player concedes the match, or both agree to draw it. Each button
 * says what will be reported (the rules' own slip: 2-1 for a conceding player who won a game,
 * 0-0-3 for a draw with no game played); the server derives it again.
 */
export function MatchAgreementForm({
  tournamentId,
  idempotencyKey,
  matchId,
  version,
  names,
  format,
  slip,
}: Props) {
  const [state, formAction] = useActionState(reportMatchResultAction, IDLE_FORM);
  // MTR 2.5: an agreement sent over another tab's change is refused as stale, never applied.
  const opened = useOpenedVersion(version, state);
  const options: {
    key: string;
    label: string;
    field: { name: string; value: string };
    context: SlipContext;
  }[] = [
    {
      key: "A",
      label: `${names.A} concedes`,
      field: { name: "concededBy", value: "A" },
      context: { concededBy: "A" },
    },
    {
      key: "B",
      label: `${names.B} concedes`,
      field: { name: "concededBy", value: "B" },
      context: { concededBy: "B" },
    },
    {
      key: "draw",
      label: "Intentional draw",
      field: { name: "intentionalDraw", value: "on" },
      context: { intentionalDraw: true },
    },
  ];
  return (
    <form
      action={formAction}
      className="space-y-2"
      aria-label="Concession or intentional draw"
      {...opened.startProps}
    >
      <ChangedMeanwhile isShown={opened.isChangedMeanwhile} what="match" />
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="matchId" value={matchId} />
      <input type="hidden" name="expectedVersion" value={opened.version} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="winsA" value={slip.winsA} />
      <input type="hidden" name="winsB" value={slip.winsB} />
      <input type="hidden" name="draws" value={slip.draws} />
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((option) => {
          const outcome = evaluateResultSlip(format, slip, option.context);
          const result = !outcome.ok
            ? "Not possible here"
            : outcome.value.winner === null
              ? `Drawn match, ${slipToString(outcome.value.slip)}`
              : `${names[outcome.value.winner]} wins ${slipToString(outcome.value.slip)}`;
          return (
            <button
              key={option.key}
              type="submit"
              name={option.field.name}
              value={option.field.value}
              disabled={!outcome.ok}
              title={outcome.ok ? undefined : render(outcome.error)}
              className="min-h-11 rounded-md border border-slate-300 px-3 py-2 text-left text-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <span className="block font-medium text-slate-900">{option.label}</span>
              <span className="block text-xs text-slate-500">{result}</span>
            </button>
          );
        })}
      </div>
      <FormMessage state={state} />
    </form>
  );
}
