"use client";
import { useActionState, useState } from "react";
import { settleMatchAction } from "@/lib/server/match/player-report-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { evaluateResultSlip, slipToString, type MatchFormat } from "@/lib/rules/match";
import { FormMessage } from "./form-message";
import { ChangedMeanwhile, useOpenedVersion } from "./use-opened-version";
import { SubmitButton } from "./submit-button";
import { quickSlips } from "./quick-slips";
import { render } from "@/lib/messages/render";

type Report = {
  winsA: number;
  winsB: number;
  draws: number;
  concededBy: "A" | "B" | null;
  intentionalDraw: boolean;
};

/**
 * Staff settle a match from the queue: take one player's report or type the result,
 * and say why; recorded through the staff result path, in the signed-in person's name.
 */
export function SettleMatchForm(props: {
  matchId: string;
  version: number;
  idempotencyKey: string;
  format: MatchFormat;
  nameA: string;
  nameB: string;
  reports: { A: Report | null; B: Report | null };
}) {
  const [state, formAction] = useActionState(settleMatchAction, IDLE_FORM);
  const opened = useOpenedVersion(props.version, state);
  const initial = state.status === "error" ? state.values : undefined;
  const [slip, setSlip] = useState({
    winsA: initial?.winsA ?? "",
    winsB: initial?.winsB ?? "",
    draws: initial?.draws ?? "0",
  });
  const [concededBy, setConcededBy] = useState(initial?.concededBy ?? "");
  const [intentionalDraw, setIntentionalDraw] = useState(initial?.intentionalDraw === "on");
  const take = (report: Report) => {
    setSlip({
      winsA: String(report.winsA),
      winsB: String(report.winsB),
      draws: String(report.draws),
    });
    setConcededBy(report.concededBy ?? "");
    setIntentionalDraw(report.intentionalDraw);
  };
  const preview = previewOf(
    props.format,
    slip,
    concededBy,
    intentionalDraw,
    props.nameA,
    props.nameB,
  );
  return (
    <form
      {...opened.startProps}
      action={formAction}
      className="space-y-3"
      aria-label="Settle the result"
    >
      <input type="hidden" name="matchId" value={props.matchId} />
      <input type="hidden" name="expectedVersion" value={opened.version} />
      <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
      <div className="flex flex-wrap gap-2">
        {(["A", "B"] as const).map((side) => {
          const report = props.reports[side];
          return report ? (
            <button
              key={side}
              type="button"
              onClick={() => take(report)}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
            >
              Take {side === "A" ? props.nameA : props.nameB}&apos;s report
            </button>
          ) : null;
        })}
        {quickSlips(props.format).map((quick) => (
          <button
            key={slipToString(quick)}
            type="button"
            onClick={() => {
              setSlip({
                winsA: String(quick.winsA),
                winsB: String(quick.winsB),
                draws: String(quick.draws),
              });
              setConcededBy("");
              setIntentionalDraw(false);
            }}
            className="rounded border border-slate-200 px-2 py-1 text-xs text-slate-600 hover:bg-slate-100"
          >
            {slipToString(quick)}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        {(
          [
            ["winsA", `Games won by ${props.nameA}`],
            ["winsB", `Games won by ${props.nameB}`],
            ["draws", "Drawn games"],
          ] as const
        ).map(([name, label]) => (
          <label key={name} className="text-xs text-slate-600">
            {label}
            <input
              name={name}
              value={slip[name]}
              onChange={(event) => setSlip({ ...slip, [name]: event.target.value })}
              inputMode="numeric"
              className="mt-1 block w-20 rounded-md border border-slate-300 px-2 py-1.5 text-center text-base sm:text-sm"
            />
          </label>
        ))}
        <label className="text-xs text-slate-600">
          Conceded by
          <select
            name="concededBy"
            value={concededBy}
            onChange={(event) => setConcededBy(event.target.value)}
            className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base sm:text-sm"
          >
            <option value="">nobody</option>
            <option value="A">{props.nameA}</option>
            <option value="B">{props.nameB}</option>
          </select>
        </label>
        {!props.format.elimination && (
          <label className="flex items-center gap-1 text-xs text-slate-600">
            <input
              type="checkbox"
              name="intentionalDraw"
              checked={intentionalDraw}
              onChange={(event) => setIntentionalDraw(event.target.checked)}
            />
            Intentional draw
          </label>
        )}
      </div>
      <p
        className={`text-sm ${preview.isError ? "text-amber-700" : "text-slate-700"}`}
        aria-live="polite"
      >
        {preview.text}
      </p>
      <label className="block text-sm text-slate-700">
        How it was settled (kept in the history, with your name)
        <input
          name="note"
          defaultValue={initial?.note}
          required
          className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-base sm:text-sm"
        />
      </label>
      <SubmitButton pendingLabel="Settling…">Settle the result</SubmitButton>
      <ChangedMeanwhile isShown={opened.isChangedMeanwhile} what="match" />
      <FormMessage state={state} />
    </form>
  );
}

function previewOf(
  format: MatchFormat,
  slip: { winsA: string; winsB: string; draws: string },
  concededBy: string,
  intentionalDraw: boolean,
  nameA: string,
  nameB: string,
) {
  if (slip.winsA.trim() === "" || slip.winsB.trim() === "")
    return { text: "Take a report or enter the games each player won.", isError: false };
  const outcome = evaluateResultSlip(
    format,
    { winsA: Number(slip.winsA), winsB: Number(slip.winsB), draws: Number(slip.draws || 0) },
    {
      concededBy: concededBy === "A" || concededBy === "B" ? concededBy : undefined,
      intentionalDraw,
    },
  );
  if (!outcome.ok) return { text: render(outcome.error), isError: true };
  const { winner, slip: result } = outcome.value;
  return {
    text:
      winner === null
        ? `Drawn match, ${slipToString(result)}`
        : `${winner === "A" ? nameA : nameB} wins, ${slipToString(result)}`,
    isError: false,
  };
}
