"use client";
import { useActionState, useState } from "react";
import { reportOwnResultAction } from "@/lib/server/match/player-report-actions";
import { IDLE_FORM } from "@/lib/form-state";
import {
  mayTellAnotherGame,
  slipFromGames,
  type GameFromMySide,
  type MatchFormat,
} from "@/lib/rules/match";
import { playerReportOnRecord, type MatchRecordFacts } from "@/lib/rules/match-record";
import type { Side } from "@/lib/rules/result";
import { render } from "@/lib/messages/render";
import { describeSlip, offeredChoices, type PlayerSlip } from "./player-slips";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

type Props = {
  matchId: string;
  version: number;
  /** Made by the server per rendering: a double tap or a retry is recorded once. */
  idempotencyKey: string;
  mySide: Side;
  myName: string;
  opponentName: string;
  /** The opponent is a team (Two-Headed Giant): named in full. */
  isOpponentTeam?: boolean;
  format: MatchFormat;
  /** The match's record (games a judge recorded, the end-of-match procedure): only what it allows is offered (MTR 2.1, 2.5). */
  facts: MatchRecordFacts | null;
};

/** The radios are hidden behind their labels, so the label shows where keyboard focus is (WCAG 2.4.7). */
const FOCUS_RING =
  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700";

/**
 * "My match" on a phone: the player picks what happened from their own point of view
 * (the same one-tap slips as staff entry, plus "I concede" and an intentional draw, MTR 2.5) and
 * sends it; the opponent then confirms it on their phone.
 */
export function PlayerReportForm({
  matchId,
  version,
  idempotencyKey,
  mySide,
  myName,
  opponentName,
  isOpponentTeam = false,
  format,
  facts,
}: Props) {
  const [state, formAction] = useActionState(reportOwnResultAction, IDLE_FORM);
  const choices = offeredChoices(format, mySide, opponentName, facts, isOpponentTeam);
  // A team (Two-Headed Giant) is named in full; a player by their first name.
  const firstName = isOpponentTeam
    ? opponentName
    : opponentName.trim().split(/\s+/)[0] || opponentName;
  // A one-tap slip (its index), or the games told one by one ("games").
  const [picked, setPicked] = useState<number | "games" | null>(null);
  const [games, setGames] = useState<GameFromMySide[]>([]);
  const told: { label: string; value: PlayerSlip } | null =
    picked === "games"
      ? games.length > 0
        ? {
            label: describeSlip(format, { slip: slipFromGames(games, mySide) }, mySide, firstName),
            value: { slip: slipFromGames(games, mySide) },
          }
        : null
      : picked === null
        ? null
        : (choices[picked] ?? null);
  const tell = (index: number, game: GameFromMySide) => {
    setPicked("games");
    // Changing an earlier game drops the ones after it: they were told after a result that changed.
    setGames((previous) =>
      previous[index] === game ? previous : [...previous.slice(0, index), game],
    );
  };
  const rows = games.length + (mayTellAnotherGame(format, games) ? 1 : 0);
  // Games told one by one are judged as the server will judge them, before sending.
  const onRecord = told && facts ? playerReportOnRecord(facts, told.value) : null;
  const refusal =
    onRecord && !onRecord.ok
      ? render(onRecord.error, {
          sides: mySide === "A" ? { A: myName, B: opponentName } : { A: opponentName, B: myName },
        })
      : null;
  return (
    <form action={formAction} className="space-y-3" aria-label="Report your match">
      <input type="hidden" name="matchId" value={matchId} />
      <input type="hidden" name="expectedVersion" value={version} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {told && <SlipFields value={told.value} />}
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">What happened?</legend>
        {choices.map((option, index) => (
          <label
            key={option.label}
            className={`flex min-h-12 cursor-pointer items-center justify-center rounded-lg border px-2 py-2 text-center text-sm font-medium ${FOCUS_RING} ${
              picked === index
                ? "border-brand-600 bg-brand-600 text-white"
                : "border-slate-300 bg-white text-slate-800"
            } ${option.wide ? "col-span-2" : ""}`}
          >
            <input
              type="radio"
              name="choice"
              value={index}
              checked={picked === index}
              onChange={() => setPicked(index)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <details
        className="rounded-lg border border-slate-200 bg-white p-3"
        open={picked === "games"}
      >
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-slate-700">
          Another result? Tell it game by game
        </summary>
        <ol className="mt-2 space-y-2" aria-label="Games">
          {Array.from({ length: rows }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed blank rows, never reordered
            <li key={index}>
              <fieldset className="grid grid-cols-[4.5rem_repeat(3,minmax(0,1fr))] items-center gap-2">
                <legend className="sr-only">Game {index + 1}</legend>
                <span aria-hidden className="text-sm text-slate-600">
                  Game {index + 1}
                </span>
                {(
                  [
                    ["me", "I won"],
                    ["opponent", `${firstName} won`],
                    ["draw", "Draw"],
                  ] as const
                ).map(([game, label]) => (
                  <label
                    key={game}
                    className={`flex min-h-11 cursor-pointer items-center justify-center break-words rounded-lg border px-1 text-center text-sm font-medium ${FOCUS_RING} ${
                      picked === "games" && games[index] === game
                        ? "border-brand-600 bg-brand-600 text-white"
                        : "border-slate-300 bg-white text-slate-800"
                    }`}
                  >
                    <input
                      type="radio"
                      name={`game-${index + 1}`}
                      value={game}
                      checked={picked === "games" && games[index] === game}
                      onChange={() => tell(index, game)}
                      className="sr-only"
                    />
                    {label}
                  </label>
                ))}
              </fieldset>
            </li>
          ))}
        </ol>
        {games.length > 0 && (
          <button
            type="button"
            className="mt-2 min-h-11 text-sm text-brand-700 underline"
            onClick={() => {
              setGames([]);
              setPicked(null);
            }}
          >
            Start the games again
          </button>
        )}
      </details>
      {refusal && (
        <p className="text-sm text-red-800" data-testid="report-refused">
          {refusal}
        </p>
      )}
      <SubmitButton
        pendingLabel="Sending…"
        className="w-full py-3 text-base"
        disabled={refusal !== null}
      >
        {told ? `Report: ${told.label}` : "Report"}
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
