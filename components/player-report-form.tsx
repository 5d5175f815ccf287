"use client";
import { useActionState, useState } from "react";
import { reportOwnResultAction } from "@/lib/server/actions/player-code-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { evaluateResultSlip, type MatchFormat, type ResultSlip } from "@/lib/rules/match";
import type { Side } from "@/lib/rules/result";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { quickSlips } from "./quick-slips";

/** What a player sends: a slip in the pairing's A/B orientation, and the MTR 2.5 facts. */
export type PlayerSlip = { slip: ResultSlip; concededBy?: Side; intentionalDraw?: boolean };

type Props = {
  matchId: string;
  version: number;
  /** Made by the server per rendering: a double tap or a retry is recorded once. */
  idempotencyKey: string;
  mySide: Side;
  opponentName: string;
  format: MatchFormat;
};

/**
 * "My match" on a phone (issue 10): the player picks what happened from their own point of view
 * (the same one-tap slips as staff entry, plus "I concede" and an intentional draw, MTR 2.5) and
 * sends it; the opponent then confirms it on their phone.
 */
export function PlayerReportForm({ matchId, version, idempotencyKey, mySide, opponentName, format }: Props) {
  const [state, formAction] = useActionState(reportOwnResultAction, IDLE_FORM);
  const choices = playerChoices(format, mySide, opponentName);
  const [picked, setPicked] = useState<number | null>(null);
  const choice = picked === null ? null : choices[picked];
  return (
    <form action={formAction} className="space-y-3" aria-label="Report your match">
      <input type="hidden" name="matchId" value={matchId} />
      <input type="hidden" name="expectedVersion" value={version} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {choice && <SlipFields value={choice.value} />}
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">What happened?</legend>
        {choices.map((option, index) => (
          <label
            key={option.label}
            className={`flex min-h-12 cursor-pointer items-center justify-center rounded-lg border px-2 py-2 text-center text-sm font-medium ${
              picked === index ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-800"
            } ${option.wide ? "col-span-2" : ""}`}
          >
            <input type="radio" name="choice" value={index} checked={picked === index} onChange={() => setPicked(index)} className="sr-only" />
            {option.label}
          </label>
        ))}
      </fieldset>
      <SubmitButton pendingLabel="Sending…" className="w-full py-3 text-base">
        {choice ? `Report: ${choice.label}` : "Report"}
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}

/** The hidden fields of a slip, as the staff form names them (one schema for both). */
export function SlipFields({ value }: { value: PlayerSlip }) {
  return (
    <>
      <input type="hidden" name="winsA" value={value.slip.winsA} />
      <input type="hidden" name="winsB" value={value.slip.winsB} />
      <input type="hidden" name="draws" value={value.slip.draws} />
      <input type="hidden" name="concededBy" value={value.concededBy ?? ""} />
      {value.intentionalDraw && <input type="hidden" name="intentionalDraw" value="on" />}
    </>
  );
}

/** The one-tap slips from the player's side: "I won 2-1", "Ben won 2-0", a draw, "I concede", an intentional draw. */
export function playerChoices(format: MatchFormat, mySide: Side, opponentName: string): { label: string; value: PlayerSlip; wide?: boolean }[] {
  const first = opponentName.trim().split(/\s+/)[0] || opponentName;
  const choices: { label: string; value: PlayerSlip; wide?: boolean }[] = quickSlips(format).map((slip) => ({ label: describeSlip(format, { slip }, mySide, first), value: { slip } }));
  choices.push({ label: "I concede", value: { slip: { winsA: 0, winsB: 0, draws: 0 }, concededBy: mySide } });
  if (!format.elimination) choices.push({ label: "Intentional draw", value: { slip: { winsA: 0, winsB: 0, draws: 0 }, intentionalDraw: true } });
  return choices;
}

/** A slip told from one player's side: "I won 2-1", "Ben won 2-0", "Draw 1-1-1". */
export function describeSlip(format: MatchFormat, value: PlayerSlip, mySide: Side, opponentName: string): string {
  const outcome = evaluateResultSlip(format, value.slip, { concededBy: value.concededBy, intentionalDraw: value.intentionalDraw });
  if (!outcome.ok) return `${value.slip.winsA}-${value.slip.winsB}-${value.slip.draws}`;
  const { winner, slip } = outcome.value;
  const mine = mySide === "A" ? slip.winsA : slip.winsB;
  const theirs = mySide === "A" ? slip.winsB : slip.winsA;
  const score = (won: number, lost: number) => `${won}-${lost}${slip.draws ? `-${slip.draws}` : ""}`;
  if (value.intentionalDraw) return `Intentional draw (${score(mine, theirs)})`;
  if (winner === null) return `Draw ${score(mine, theirs)}`;
  const conceded = value.concededBy ? (value.concededBy === mySide ? " (I conceded)" : ` (${opponentName} conceded)`) : "";
  return winner === mySide ? `I won ${score(mine, theirs)}${conceded}` : `${opponentName} won ${score(theirs, mine)}${conceded}`;
}
