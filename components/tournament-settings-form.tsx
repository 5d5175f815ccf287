"use client";
import { useActionState } from "react";
import { updateTournamentSettingsAction } from "@/lib/server/tournament/tournament-actions";
import { IDLE_FORM } from "@/lib/form-state";
import type { SettingKey, TournamentSettings } from "@/lib/rules/settings";
import { Field } from "./field";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { DecklistDeadlineField } from "./decklist-deadline-field";
import { DECK_FORMATS, formatName } from "@/lib/rules/deck-legality";
import { render } from "@/lib/messages/render";

type Props = {
  tournamentId: string;
  settings: TournamentSettings;
  /** Why a setting may no longer change (lib/rules/settings.ts); such a field is shown, not sent. */
  locks: Partial<Record<SettingKey, string>>;
  version: number;
  swissRoundsPaired: number;
  recommendedRounds: number | null;
};

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm disabled:bg-slate-50 disabled:text-slate-500 sm:text-sm";

/** The settings that may still change, and for each one that may not, why. */
export function TournamentSettingsForm({
  tournamentId,
  settings,
  locks,
  version,
  swissRoundsPaired,
  recommendedRounds,
}: Props) {
  const [state, formAction] = useActionState(updateTournamentSettingsAction, IDLE_FORM);
  const errors = state.fieldErrors ?? {};
  const values = state.status === "error" ? (state.values ?? {}) : {};
  const value = (key: SettingKey) =>
    values[key] ?? (settings[key] === null ? "" : String(settings[key]));
  const hint = (key: SettingKey, otherwise?: string) => locks[key] ?? otherwise;
  return (
    <form key={version} action={formAction} className="space-y-3" noValidate aria-label="Settings">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="expectedVersion" value={version} />
      <Field
        label="Name"
        name="name"
        defaultValue={value("name")}
        errors={errors.name}
        disabled={Boolean(locks.name)}
        hint={hint("name")}
        maxLength={100}
        required
      />
      <Field
        label="Format"
        name="format"
        defaultValue={value("format")}
        errors={errors.format}
        disabled={Boolean(locks.format)}
        hint={hint("format")}
        maxLength={60}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Swiss rounds"
          name="plannedRounds"
          type="number"
          inputMode="numeric"
          min={Math.max(1, swissRoundsPaired)}
          max={20}
          defaultValue={value("plannedRounds")}
          errors={errors.plannedRounds}
          disabled={Boolean(locks.plannedRounds)}
          hint={hint(
            "plannedRounds",
            `${swissRoundsPaired} paired${recommendedRounds ? ` · recommended ${recommendedRounds}` : ""} · empty: not set`,
          )}
        />
        <Field
          label="Planned top cut"
          name="plannedCut"
          type="number"
          inputMode="numeric"
          min={4}
          max={16}
          step={4}
          defaultValue={value("plannedCut")}
          errors={errors.plannedCut}
          disabled={Boolean(locks.plannedCut)}
          hint={hint("plannedCut", "4, 8 or 16 · empty: no cut planned")}
        />
        <Field
          label="Round length (minutes)"
          name="roundMinutes"
          type="number"
          inputMode="numeric"
          min={10}
          max={240}
          defaultValue={value("roundMinutes")}
          errors={errors.roundMinutes}
          disabled={Boolean(locks.roundMinutes)}
          hint={hint("roundMinutes")}
        />
      </div>
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Swiss matches</span>
        <select
          name="gamesToWin"
          defaultValue={value("gamesToWin")}
          disabled={Boolean(locks.gamesToWin)}
          className={selectClass}
        >
          <option value="1">Best of one</option>
          <option value="2">Best of three</option>
          <option value="3">Best of five</option>
        </select>
        {locks.gamesToWin && (
          <span className="mt-1 block text-xs text-slate-500">{locks.gamesToWin}</span>
        )}
      </label>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">
          Tiebreakers (MTR 3.1, Appendix C)
        </legend>
        <label className="block text-sm">
          <span className="text-slate-700">Percentage floor</span>
          <select
            name="percentageFloor"
            defaultValue={value("percentageFloor")}
            disabled={Boolean(locks.percentageFloor)}
            className={selectClass}
          >
            <option value="0.33">0.33 (MTR)</option>
            <option value="0.3333333333333333">1/3 (Magic Online)</option>
            <option value="0">None</option>
          </select>
        </label>
        <label className="block text-sm">
          <span className="text-slate-700">A bye in a player&apos;s own percentages</span>
          <select
            name="byeCountsInOwnPercentages"
            defaultValue={value("byeCountsInOwnPercentages")}
            disabled={Boolean(locks.byeCountsInOwnPercentages)}
            className={selectClass}
          >
            <option value="true">Counts (MTR)</option>
            <option value="false">Left out</option>
          </select>
        </label>
        {locks.percentageFloor && (
          <span className="text-xs text-slate-500 sm:col-span-2">{locks.percentageFloor}</span>
        )}
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">Decklists (MTR 2.7)</legend>
        <label className="block text-sm">
          <span className="text-slate-700">Checked as</span>
          <select
            name="deckFormat"
            defaultValue={value("deckFormat") || "none"}
            disabled={Boolean(locks.deckFormat)}
            className={selectClass}
          >
            <option value="none">No decklists</option>
            {DECK_FORMATS.map((key) => (
              <option key={key} value={key}>
                {render(formatName(key))}
              </option>
            ))}
          </select>
          {(locks.deckFormat || errors.deckFormat) && (
            <span className="mt-1 block text-xs text-slate-500">
              {errors.deckFormat?.join(" ") ?? locks.deckFormat}
            </span>
          )}
        </label>
        <DecklistDeadlineField
          deadline={settings.decklistDeadline}
          disabled={Boolean(locks.decklistDeadline)}
          error={errors.decklistDeadline}
          hint={locks.decklistDeadline}
        />
        <label className="block text-sm">
          <span className="text-slate-700">Public lists</span>
          <select
            name="decklistPublication"
            defaultValue={value("decklistPublication")}
            disabled={Boolean(locks.decklistPublication)}
            className={selectClass}
          >
            <option value="NONE">None yet</option>
            <option value="TOP_CUT">The top cut&apos;s</option>
            <option value="ALL">All</option>
          </select>
        </label>
      </fieldset>
      <FormMessage state={state} />
      <SubmitButton pendingLabel="Saving…">Save settings</SubmitButton>
    </form>
  );
}
