"use client";
import { useActionState, useRef, useState } from "react";
import { recordPenaltyAction } from "@/lib/server/match/penalty-actions";
import { IDLE_FORM } from "@/lib/form-state";
import {
  COMMON_INFRACTIONS,
  PENALTY_KINDS,
  PENALTY_LABELS,
  infractionLabel,
  type PenaltyKind,
} from "@/lib/rules/penalty";
import { render } from "@/lib/messages/render";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { ChangedMeanwhile, useOpenedVersion } from "./use-opened-version";

type Props = {
  tournamentId: string;
  matchId: string;
  /** The match version this page shows: a penalty against an older page is a conflict. */
  version: number;
  /** Made by the server for each rendering: a double-clicked "Give penalty" is recorded once. */
  idempotencyKey: string;
  players: { A: { id: string; name: string }; B: { id: string; name: string } };
  /** The game a Game Loss would apply to now (IPG 1.2), shown as the hint. */
  nextGame: number;
};

/** An infraction as the select shows and the penalty stores it: its name and IPG section. */
const labelOf = (item: (typeof COMMON_INFRACTIONS)[number]) =>
  infractionLabel({ name: render(item.name), section: item.section });

const field =
  "mt-1 w-full min-w-0 rounded-md border border-slate-300 px-2 py-1.5 text-sm text-slate-900";

/**
 * A judge's penalty (IPG): player, infraction (the common ones, or written out), penalty and
 * game. Choosing an infraction proposes its usual penalty (IPG Appendix A); the judge may change it.
 */
export function PenaltyForm({
  tournamentId,
  matchId,
  version,
  idempotencyKey,
  players,
  nextGame,
}: Props) {
  const [state, formAction] = useActionState(recordPenaltyAction, IDLE_FORM);
  const values = state.status === "error" ? state.values : undefined;
  const opened = useOpenedVersion(version, state);
  // Uncontrolled, so what the form shows is what it sends (React resets a form after its action).
  const [isOther, setIsOther] = useState(false);
  const kindRef = useRef<HTMLSelectElement>(null);
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <form
      action={formAction}
      {...opened.startProps}
      className="space-y-3 text-sm"
      aria-label="Give a penalty"
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="matchId" value={matchId} />
      <input type="hidden" name="expectedVersion" value={opened.version} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <fieldset>
        <legend className="text-xs text-slate-600">Player</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {(["A", "B"] as const).map((side) => (
            <label key={side} className="flex min-h-11 items-center gap-2 sm:min-h-8">
              <input
                type="radio"
                name="registrationId"
                value={players[side].id}
                required
                defaultChecked={values?.registrationId === players[side].id}
                className="size-4"
              />
              {players[side].name}
            </label>
          ))}
        </div>
        {errors?.registrationId && (
          <p className="mt-1 text-xs text-red-700">{errors.registrationId[0]}</p>
        )}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col text-xs text-slate-600">
          Infraction
          <select
            name="infraction"
            aria-label="Infraction"
            required
            defaultValue={values?.infraction ?? ""}
            onChange={(event) => {
              setIsOther(event.target.value === "other");
              const usual = COMMON_INFRACTIONS.find((item) => labelOf(item) === event.target.value);
              if (usual && kindRef.current) kindRef.current.value = usual.penalty;
            }}
            className={field}
          >
            <option value="" disabled>
              Choose…
            </option>
            {COMMON_INFRACTIONS.map((item) => (
              <option key={item.section} value={labelOf(item)}>
                {labelOf(item)}
              </option>
            ))}
            <option value="other">Other (write it below)</option>
          </select>
        </label>
        <label className="flex flex-col text-xs text-slate-600">
          Penalty
          <select
            name="kind"
            aria-label="Penalty"
            ref={kindRef}
            defaultValue={(values?.kind as PenaltyKind | undefined) ?? "WARNING"}
            className={field}
          >
            {PENALTY_KINDS.map((value) => (
              <option key={value} value={value}>
                {render(PENALTY_LABELS[value])}
              </option>
            ))}
          </select>
        </label>
        {isOther && (
          <label className="flex flex-col text-xs text-slate-600 sm:col-span-2">
            Infraction, written out
            <input
              name="otherInfraction"
              aria-label="Infraction, written out"
              required
              maxLength={120}
              defaultValue={values?.otherInfraction ?? ""}
              className={field}
            />
          </label>
        )}
        <label className="flex flex-col text-xs text-slate-600">
          Game
          <input
            name="gameNumber"
            aria-label="Game"
            type="number"
            inputMode="numeric"
            min={1}
            max={9}
            step={1}
            placeholder={`${nextGame} (under way or next)`}
            defaultValue={values?.gameNumber ?? ""}
            className={field}
          />
          {errors?.gameNumber && <span className="mt-1 text-red-700">{errors.gameNumber[0]}</span>}
        </label>
        <label className="flex flex-col text-xs text-slate-600">
          Note (optional)
          <input
            name="note"
            aria-label="Note (optional)"
            maxLength={500}
            defaultValue={values?.note ?? ""}
            className={field}
          />
        </label>
      </div>
      <ChangedMeanwhile isShown={opened.isChangedMeanwhile} what="match" />
      <SubmitButton className="px-3" pendingLabel="Saving…">
        Give penalty
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
