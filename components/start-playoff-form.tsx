"use client";
import { useActionState } from "react";
import { startPlayoffAction } from "@/lib/server/round/playoff-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { playoffCutOffer } from "@/lib/rules/next-step";

/** The cut from the Swiss: a bracket of matches (top 4, 8, 16), or in a pod event a top cut of pods (4, 10, 16), each one game. */
export function StartPlayoffForm({
  tournamentId,
  activePlayers,
  isPodEvent,
  plannedCut,
}: {
  tournamentId: string;
  activePlayers: number;
  isPodEvent: boolean;
  plannedCut: number | null;
}) {
  const [state, formAction] = useActionState(startPlayoffAction, IDLE_FORM);
  const { sizes, preferred } = playoffCutOffer({ activePlayers, isPodEvent, plannedCut });
  if (sizes.length === 0) return null;
  const selectClass =
    "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-base sm:text-sm";
  return (
    <form
      action={formAction}
      className="space-y-2 border-t border-slate-100 pt-4"
      aria-label="Start playoff"
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <div className={`grid gap-2 ${isPodEvent ? "grid-cols-1" : "grid-cols-2"}`}>
        <label className="text-sm">
          <span className="font-medium text-slate-700">Cut to</span>
          <select
            name="cutSize"
            defaultValue={state.values?.cutSize ?? String(preferred)}
            className={selectClass}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                Top {size}
                {isPodEvent
                  ? size === 4
                    ? ": one final pod"
                    : size === 10
                      ? ": seeds 1–2 to the final, two semifinal pods"
                      : ": four quarterfinal pods, then the final"
                  : ""}
              </option>
            ))}
          </select>
        </label>
        {!isPodEvent && (
          <label className="text-sm">
            <span className="font-medium text-slate-700">Playoff matches</span>
            <select
              name="gamesToWin"
              defaultValue={state.values?.gamesToWin ?? "2"}
              className={selectClass}
            >
              <option value="1">Best of one</option>
              <option value="2">Best of three</option>
              <option value="3">Best of five</option>
            </select>
          </label>
        )}
      </div>
      <SubmitButton pendingLabel="Cutting…" className="bg-slate-700 hover:bg-slate-800">
        {isPodEvent ? "Start the top cut" : "Start playoff"}
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
