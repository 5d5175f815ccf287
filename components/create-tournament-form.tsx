"use client";
import { useActionState, useState } from "react";
import { createTournamentAction } from "@/lib/server/tournament/tournament-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { Field } from "./field";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

export function CreateTournamentForm() {
  const [state, formAction] = useActionState(createTournamentAction, IDLE_FORM);
  const values = state.values ?? {};
  const errors = state.fieldErrors ?? {};
  // Every problem at once, not only the first: each is also shown at its field.
  const allErrors = [...new Set(Object.values(errors).flat())];
  // CR 100.6a: a pod plays one game, so a match length does not apply to it.
  const [structure, setStructure] = useState(values.structure ?? "TWO_PLAYER");
  const isPods = structure === "PODS";
  return (
    <form action={formAction} className="space-y-3" noValidate>
      {allErrors.length > 1 ? (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          <p>Fix these {allErrors.length} things, then create the tournament again:</p>
          <ul className="mt-1 list-disc pl-5">
            {allErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : (
        <FormMessage state={state} />
      )}
      <Field
        label="Tournament name"
        name="name"
        defaultValue={values.name}
        errors={errors.name}
        placeholder="Friday Night Magic"
        required
      />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Format"
          name="format"
          defaultValue={values.format}
          errors={errors.format}
          placeholder="Modern"
        />
        {!isPods && (
          <label className="block text-sm">
            <span className="font-medium text-slate-700">Match length</span>
            <select
              name="gamesToWin"
              defaultValue={values.gamesToWin ?? "2"}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm"
            >
              <option value="1">Best of one</option>
              <option value="2">Best of three</option>
              <option value="3">Best of five</option>
            </select>
          </label>
        )}
        <Field
          label="Round time (minutes)"
          name="roundMinutes"
          type="number"
          inputMode="numeric"
          defaultValue={values.roundMinutes ?? "50"}
          errors={errors.roundMinutes}
        />
        <Field
          label="Swiss rounds"
          name="plannedRounds"
          type="number"
          inputMode="numeric"
          defaultValue={values.plannedRounds}
          errors={errors.plannedRounds}
          hint="Optional"
        />
        {!isPods && (
          <label className="block text-sm">
            <span className="font-medium text-slate-700">Top cut</span>
            {/* MTR 3.1: the top of the Swiss standings plays the playoff; players see what they need. */}
            <select
              name="plannedCut"
              defaultValue={values.plannedCut ?? "none"}
              aria-invalid={errors.plannedCut ? true : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm"
            >
              <option value="none">None</option>
              <option value="4">Top 4</option>
              <option value="8">Top 8</option>
              <option value="16">Top 16</option>
            </select>
            {errors.plannedCut?.[0] && (
              <span className="mt-1 block text-sm text-red-700">{errors.plannedCut[0]}</span>
            )}
          </label>
        )}
        <label className="col-span-2 block text-sm">
          <span className="font-medium text-slate-700">Each side is</span>
          {/* MTR 2.4: teammates who share turns (Two-Headed Giant) play three additional turns at time, not five; MTR 8.2: A plays A. */}
          <select
            name="teamSetup"
            defaultValue={values.teamSetup ?? "INDIVIDUAL"}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm"
          >
            <option value="INDIVIDUAL">One player</option>
            <option value="TWO_HEADED_GIANT">
              A Two-Headed Giant team (two players sharing turns)
            </option>
            <option value="TEAMS_OF_THREE">
              A team of three, each playing their own match (Team Trios, Team Sealed)
            </option>
            <option value="TEAMS_OF_TWO">A team of two, each playing their own match</option>
          </select>
          {(errors.teamSetup ?? errors.teamFormat ?? errors.teamSize)?.[0] && (
            <span className="mt-1 block text-sm text-red-700">
              {(errors.teamSetup ?? errors.teamFormat ?? errors.teamSize)![0]}
            </span>
          )}
        </label>
        <label className="col-span-2 block text-sm">
          <span className="font-medium text-slate-700">Games are</span>
          {/* CR 100.6a: a multiplayer match is usually one game; pods follow the community tournament addenda (lib/rules/pod-event.ts). */}
          <select
            name="structure"
            value={structure}
            onChange={(event) => setStructure(event.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm"
          >
            <option value="TWO_PLAYER">Two-player matches</option>
            <option value="PODS">Multiplayer pods of 3–4 players, one game each (Commander)</option>
          </select>
        </label>
      </div>
      <details className="rounded-md border border-slate-200 p-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">
          Pod settings (pods only)
        </summary>
        <p className="mt-2 text-slate-600">
          The community tournament addenda&apos;s defaults: pods of 4, a win 5 points, a draw 1, a
          loss 0, a bye as a win; at time the active player finishes the turn and the game is a
          draw.
        </p>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
          <label className="block">
            <span className="font-medium text-slate-700">Pod size</span>
            <select
              name="podSize"
              defaultValue={values.podSize ?? "4"}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm"
            >
              <option value="4">4 (3 where the count needs it)</option>
              <option value="3">3 (4 where the count needs it)</option>
            </select>
          </label>
          <Field
            label="Points for a win"
            name="podPointsWin"
            type="number"
            inputMode="numeric"
            defaultValue={values.podPointsWin ?? "5"}
            errors={errors.podPointsWin}
          />
          <Field
            label="Points for a draw"
            name="podPointsDraw"
            type="number"
            inputMode="numeric"
            defaultValue={values.podPointsDraw ?? "1"}
            errors={errors.podPointsDraw}
          />
          <Field
            label="Points for a loss"
            name="podPointsLoss"
            type="number"
            inputMode="numeric"
            defaultValue={values.podPointsLoss ?? "0"}
            errors={errors.podPointsLoss}
          />
          <Field
            label="Additional turns at time"
            name="podAdditionalTurns"
            type="number"
            inputMode="numeric"
            defaultValue={values.podAdditionalTurns}
            errors={errors.podAdditionalTurns}
            hint="Empty: finish the turn"
          />
        </div>
        {errors.podSize?.[0] && <p className="mt-2 text-sm text-red-700">{errors.podSize[0]}</p>}
      </details>
      <SubmitButton pendingLabel="Creating…">Create tournament</SubmitButton>
    </form>
  );
}
