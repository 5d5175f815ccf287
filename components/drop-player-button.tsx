"use client";
import { useActionState, useState } from "react";
import {
  dropPlayerAction,
  removePlayerAction,
  renamePlayerAction,
  undoDropAction,
} from "@/lib/server/registration/player-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { ConfirmedAction } from "./confirmed-action";

const LINK =
  "min-h-11 min-w-11 rounded px-2 py-1 text-xs text-slate-500 hover:bg-slate-100 sm:min-h-0 sm:min-w-0";

/** MTR 2.10: dropping names its consequence and is confirmed by the person dropping. */
export function DropPlayerButton({
  tournamentId,
  registrationId,
  name,
  consequence,
}: {
  tournamentId: string;
  registrationId: string;
  name: string;
  consequence: string;
}) {
  return (
    <ConfirmedAction
      action={dropPlayerAction}
      fields={{ tournamentId, registrationId }}
      label="Drop"
      triggerLabel={`Drop ${name}`}
      confirmLabel={`Drop ${name}`}
      consequence={consequence}
    />
  );
}

/** MTR 2.10: a drop undone before the next round is paired. */
export function UndoDropButton({
  tournamentId,
  registrationId,
  name,
  firstRound,
}: {
  tournamentId: string;
  registrationId: string;
  name: string;
  firstRound: number;
}) {
  return (
    <ConfirmedAction
      action={undoDropAction}
      fields={{ tournamentId, registrationId }}
      label="Undo drop"
      triggerLabel={`Undo drop ${name}`}
      confirmLabel={`Undo ${name}'s drop`}
      consequence={`${name} will be paired again from round ${firstRound}. The drop stays in the history with who undid it.`}
      tone="neutral"
    />
  );
}

/** Before round 1 an entry made in error is taken back; afterwards the player drops instead. */
export function RemovePlayerButton({
  tournamentId,
  registrationId,
  name,
}: {
  tournamentId: string;
  registrationId: string;
  name: string;
}) {
  return (
    <ConfirmedAction
      action={removePlayerAction}
      fields={{ tournamentId, registrationId }}
      label="Remove"
      triggerLabel={`Remove ${name}`}
      confirmLabel={`Remove ${name}`}
      consequence={`${name} will no longer be registered. Round 1 is not paired yet, so nothing of theirs is lost.`}
    />
  );
}

/** Corrects a typo in an entrant's name. */
export function RenamePlayerForm({
  tournamentId,
  registrationId,
  name,
}: {
  tournamentId: string;
  registrationId: string;
  name: string;
}) {
  const [state, formAction, isPending] = useActionState(renamePlayerAction, IDLE_FORM);
  const [isOpen, setIsOpen] = useState(false);
  if (!isOpen) {
    return (
      <span className="flex flex-col items-end">
        <button
          type="button"
          onClick={() => setIsOpen(true)}
          className={`${LINK} hover:text-brand-700`}
          aria-label={`Rename ${name}`}
        >
          Rename
        </button>
        {state.status === "error" && (
          <span role="alert" className="text-xs text-red-600">
            {state.message}
          </span>
        )}
      </span>
    );
  }
  return (
    <form
      action={formAction}
      onSubmit={() => setIsOpen(false)}
      className="flex w-full basis-full items-center gap-2 text-xs sm:max-w-xs"
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="registrationId" value={registrationId} />
      <label className="sr-only" htmlFor={`rename-${registrationId}`}>
        New name for {name}
      </label>
      <input
        id={`rename-${registrationId}`}
        name="name"
        defaultValue={name}
        // biome-ignore lint/a11y/noAutofocus: the user just opened this form to type here
        autoFocus
        autoComplete="off"
        className="min-h-11 min-w-0 flex-1 rounded border border-slate-300 px-2 text-base sm:min-h-8 sm:text-sm"
      />
      <button
        type="submit"
        disabled={isPending}
        className="min-h-11 rounded bg-brand-600 px-3 font-medium text-white hover:bg-brand-700 sm:min-h-8"
      >
        Save
      </button>
      <button
        type="button"
        onClick={() => setIsOpen(false)}
        className="min-h-11 rounded px-2 text-slate-600 hover:bg-slate-200 sm:min-h-8"
      >
        Cancel
      </button>
    </form>
  );
}
