"use client";
import { useActionState } from "react";
import { startRoundAction, swapPlayersAction } from "@/lib/server/round/round-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

/** entrant: what a swap moves, a player or (MTR 8.2) a whole team with its seats. */
type Props = {
  tournamentId: string;
  roundNumber: number;
  players: { id: string; name: string }[];
  entrant?: "player" | "team";
};

/** Before a round starts: swap two players' seats (warnings shown, change recorded), then start it. */
export function RoundSetup({ tournamentId, roundNumber, players, entrant = "player" }: Props) {
  const [swapState, swapAction] = useActionState(swapPlayersAction, IDLE_FORM);
  const selectClass =
    "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-base sm:text-sm";
  return (
    <div className="space-y-3 rounded-md bg-brand-50 p-3">
      <form
        action={swapAction}
        className="space-y-2"
        aria-label={entrant === "team" ? "Swap teams" : "Swap players"}
      >
        <input type="hidden" name="tournamentId" value={tournamentId} />
        <input type="hidden" name="roundNumber" value={roundNumber} />
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          {(["playerId", "otherPlayerId"] as const).map((name, index) => (
            <label key={name} className="text-sm">
              <span className="font-medium text-slate-700">{index === 0 ? "Swap" : "with"}</span>
              <select
                name={name}
                className={selectClass}
                defaultValue={swapState.values?.[name] ?? ""}
              >
                <option value="">{entrant === "team" ? "Choose a team" : "Choose a player"}</option>
                {players.map((player) => (
                  <option key={player.id} value={player.id}>
                    {player.name}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <SubmitButton pendingLabel="Swapping…" className="bg-slate-700 hover:bg-slate-800">
            Swap
          </SubmitButton>
        </div>
        <FormMessage state={swapState} />
      </form>
      <StartRoundForm
        tournamentId={tournamentId}
        roundNumber={roundNumber}
        note="Pairings can be changed until the round starts."
      />
    </div>
  );
}

/** Starts the round's clock (MTR 2.6: the round's time runs from its start). */
export function StartRoundForm({
  tournamentId,
  roundNumber,
  note,
  label = `Start round ${roundNumber}`,
}: {
  tournamentId: string;
  roundNumber: number;
  note: string;
  /** The button, naming the round as its page does ("Start the Final pod"). */
  label?: string;
}) {
  const [startState, startAction] = useActionState(startRoundAction, IDLE_FORM);
  return (
    <form action={startAction} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="roundNumber" value={roundNumber} />
      <SubmitButton pendingLabel="Starting…">{label}</SubmitButton>
      <span className="text-xs text-slate-600">{note}</span>
      <FormMessage state={startState} />
    </form>
  );
}
