"use client";
import { useActionState } from "react";
import {
  awardByesAction,
  withdrawAwardedByeAction,
} from "@/lib/server/registration/player-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";

type Props = {
  tournamentId: string;
  players: { id: string; name: string }[];
  awarded: { registrationId: string; name: string; rounds: number[] }[];
  /** Rounds already paired: their byes stand and cannot be withdrawn here. */
  roundsPaired: number;
};

const INPUT =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-base sm:text-sm";

/** Byes awarded in advance for named rounds (MTR Appendix C: each a match won 2-0), and withdrawing one before its round. */
export function AwardedByesForm({ tournamentId, players, awarded, roundsPaired }: Props) {
  const [state, formAction, isPending] = useActionState(awardByesAction, IDLE_FORM);
  const [withdrawState, withdrawAction] = useActionState(withdrawAwardedByeAction, IDLE_FORM);
  return (
    <details className="rounded-md border border-slate-200 px-3 py-2" open={awarded.length > 0}>
      <summary className="min-h-11 cursor-pointer content-center text-sm font-medium text-slate-700 sm:min-h-8">
        Byes awarded in advance{awarded.length > 0 ? ` (${awarded.length})` : ""}
      </summary>
      {awarded.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-label="Byes awarded in advance">
          {awarded.map((entry) => (
            <li key={entry.registrationId} className="flex flex-wrap items-center gap-2 py-1.5">
              <span className="min-w-0 flex-1 break-words font-medium">{entry.name}</span>
              {entry.rounds.map((round) =>
                round <= roundsPaired ? (
                  <span
                    key={round}
                    className="rounded bg-slate-100 px-2 py-1 text-xs text-slate-600"
                  >
                    Round {round}
                  </span>
                ) : (
                  <form key={round} action={withdrawAction}>
                    <input type="hidden" name="tournamentId" value={tournamentId} />
                    <input type="hidden" name="registrationId" value={entry.registrationId} />
                    <input type="hidden" name="roundNumber" value={round} />
                    <button
                      type="submit"
                      className="min-h-11 rounded border border-slate-300 px-2 text-xs text-slate-700 hover:bg-slate-50 sm:min-h-8"
                      // WCAG 2.5.3: the name starts with the words shown, so "click Round 2" works by voice.
                      aria-label={`Round ${round}: withdraw ${entry.name}'s bye`}
                    >
                      Round {round} <span aria-hidden>✕</span>
                    </button>
                  </form>
                ),
              )}
            </li>
          ))}
        </ul>
      )}
      <FormMessage state={withdrawState} />
      <form
        action={formAction}
        className="mt-2 grid gap-2 sm:grid-cols-[minmax(0,1fr)_8rem_auto] sm:items-end"
        aria-label="Award byes"
      >
        <input type="hidden" name="tournamentId" value={tournamentId} />
        <label className="text-sm">
          <span className="font-medium text-slate-700">Player</span>
          <select
            name="registrationId"
            defaultValue={state.values?.registrationId ?? ""}
            className={INPUT}
          >
            <option value="" disabled>
              Choose…
            </option>
            {players.map((player) => (
              <option key={player.id} value={player.id}>
                {player.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="font-medium text-slate-700">Rounds</span>
          <input
            name="rounds"
            inputMode="numeric"
            placeholder="1-2"
            defaultValue={state.status === "error" ? state.values?.rounds : ""}
            className={INPUT}
            autoComplete="off"
          />
        </label>
        <button
          type="submit"
          disabled={isPending}
          className="min-h-11 rounded-md bg-slate-700 px-3 text-sm font-medium text-white hover:bg-slate-800 sm:min-h-10"
        >
          Award
        </button>
      </form>
      <FormMessage state={state} />
      <p className="mt-1 text-xs text-slate-500">
        A player with a bye for a round is not paired in it; each bye counts as a match won 2-0 (MTR
        Appendix C).
      </p>
    </details>
  );
}
