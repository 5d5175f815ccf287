"use client";
import { useActionState, useState } from "react";
import { reportOwnResultAction } from "@/lib/server/actions/player-code-actions";
import { IDLE_FORM } from "@/lib/form-state";
import type { MatchFormat } from "@/lib/rules/match";
import type { Side } from "@/lib/rules/result";
import { playerChoices, type PlayerSlip } from "./player-slips";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";


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

