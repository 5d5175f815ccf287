"use client";
import { useActionState, useState } from "react";
import { reportMatchResultAction } from "@/lib/server/actions/result-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { evaluateResultSlip, type MatchFormat } from "@/lib/rules/match";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

type Props = {
  tournamentId: string;
  match: { id: string; version: number; winsA: number | null; winsB: number | null; draws: number | null };
  nameA: string;
  nameB: string;
  format: MatchFormat;
};

const QUICK_SLIPS = [
  [2, 0, 0],
  [2, 1, 0],
  [1, 2, 0],
  [0, 2, 0],
  [1, 1, 1],
] as const;

/** Staff result entry for one match, with instant feedback from the same rules the server applies. */
export function MatchResultForm({ tournamentId, match, nameA, nameB, format }: Props) {
  const [state, formAction] = useActionState(reportMatchResultAction, IDLE_FORM);
  const [sessionKey] = useState(() => crypto.randomUUID());
  const initial = state.status === "error" && state.values ? state.values : undefined;
  const [slip, setSlip] = useState({
    winsA: initial?.winsA ?? String(match.winsA ?? ""),
    winsB: initial?.winsB ?? String(match.winsB ?? ""),
    draws: initial?.draws ?? String(match.draws ?? 0),
  });
  const preview = describePreview(format, slip, nameA, nameB);
  const quickSlips = QUICK_SLIPS.filter(([a, b]) => Math.max(a, b) <= format.gamesToWin && !(format.elimination && a === b));

  return (
    <form action={formAction} className="space-y-2" aria-label={`Result for ${nameA} versus ${nameB}`}>
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="matchId" value={match.id} />
      <input type="hidden" name="expectedVersion" value={match.version} />
      {/* Same key for a retried submission of the same version: the server records it once. */}
      <input type="hidden" name="idempotencyKey" value={`${sessionKey}:${match.id}:v${match.version}`} />
      <div className="flex flex-wrap items-end gap-2">
        <SlipInput label={`Games won by ${nameA}`} short={firstName(nameA)} name="winsA" value={slip.winsA} onChange={(winsA) => setSlip({ ...slip, winsA })} />
        <SlipInput label={`Games won by ${nameB}`} short={firstName(nameB)} name="winsB" value={slip.winsB} onChange={(winsB) => setSlip({ ...slip, winsB })} />
        <SlipInput label="Drawn games" short="Draws" name="draws" value={slip.draws} onChange={(draws) => setSlip({ ...slip, draws })} />
        <SubmitButton className="px-3">Save</SubmitButton>
      </div>
      <div className="flex flex-wrap gap-1">
        {quickSlips.map(([winsA, winsB, draws]) => (
          <button
            key={`${winsA}${winsB}${draws}`}
            type="button"
            onClick={() => setSlip({ winsA: String(winsA), winsB: String(winsB), draws: String(draws) })}
            className="rounded border border-slate-200 px-2 py-0.5 text-xs text-slate-600 hover:bg-slate-100"
          >
            {winsA}-{winsB}
            {draws ? `-${draws}` : ""}
          </button>
        ))}
      </div>
      <p className={`text-xs ${preview.isError ? "text-amber-700" : "text-slate-500"}`} aria-live="polite">
        {preview.text}
      </p>
      <FormMessage state={state} />
    </form>
  );
}

function SlipInput({ label, short, name, value, onChange }: { label: string; short: string; name: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="text-xs text-slate-500">
      <span className="sr-only">{label}</span>
      <span aria-hidden>{short}</span>
      <input
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode="numeric"
        aria-label={label}
        className="ml-1 w-11 rounded-md border border-slate-300 px-2 py-1.5 text-center text-base sm:text-sm"
      />
    </label>
  );
}

function describePreview(format: MatchFormat, slip: { winsA: string; winsB: string; draws: string }, nameA: string, nameB: string) {
  if (slip.winsA === "" || slip.winsB === "") return { text: "Enter the games each player won.", isError: false };
  const numbers = { winsA: Number(slip.winsA), winsB: Number(slip.winsB), draws: Number(slip.draws || 0) };
  const outcome = evaluateResultSlip(format, numbers);
  if (!outcome.ok) return { text: outcome.error.message, isError: true };
  const { winner } = outcome.value;
  const score = `${outcome.value.slip.winsA}-${outcome.value.slip.winsB}-${outcome.value.slip.draws}`;
  return { text: winner === null ? `Drawn match, ${score}` : `${winner === "A" ? nameA : nameB} wins ${score}`, isError: false };
}

function firstName(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? name;
  return first.length > 10 ? `${first.slice(0, 9)}…` : first;
}
