"use client";
import { useActionState, useState } from "react";
import { replaceTeamMemberAction } from "@/lib/server/registration/team-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { SEAT_LETTERS } from "@/lib/rules/teams";

/** change: "replace" (a new player, before the team plays) or "correct" (the same player's name, at any time). */
type Props = {
  tournamentId: string;
  registrationId: string;
  team: string;
  members: { seat: number; name: string }[];
  change: "replace" | "correct";
};

/**
 * MTR 8.2: before the team plays, a new player takes one seat (the seat keeps its letter, the
 * player gets a new code); at any time a member's misspelt name is corrected (same player, same code).
 */
export function ReplaceMemberForm({ tournamentId, registrationId, team, members, change }: Props) {
  const label =
    change === "replace" ? `Replace a member of ${team}` : `Correct a member's name in ${team}`;
  const [state, formAction, isPending] = useActionState(replaceTeamMemberAction, IDLE_FORM);
  const [isOpen, setIsOpen] = useState(false);
  const message =
    state.status === "idle" ? null : (
      <span
        role={state.status === "error" ? "alert" : "status"}
        className={`text-xs ${state.status === "error" ? "text-red-600" : "text-emerald-700"}`}
      >
        {state.message}
      </span>
    );
  if (!isOpen) {
    return (
      <span className="flex flex-col items-end">
        <button
          type="button"
          onClick={() => setIsOpen(true)}
          className="min-h-11 min-w-11 rounded px-2 py-1 text-xs text-slate-500 hover:bg-slate-100 hover:text-brand-700 sm:min-h-0 sm:min-w-0"
          aria-label={
            change === "replace" ? `Replace member of ${team}` : `Correct a name in ${team}`
          }
        >
          {change === "replace" ? "Replace member" : "Correct a name"}
        </button>
        {message}
      </span>
    );
  }
  return (
    <form
      action={formAction}
      onSubmit={() => setIsOpen(false)}
      aria-label={label}
      className="flex w-full basis-full flex-wrap items-center gap-2 text-xs sm:max-w-md"
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="registrationId" value={registrationId} />
      <input type="hidden" name="change" value={change} />
      <label className="flex items-center gap-1">
        Seat
        <select
          name="seat"
          defaultValue="A"
          className="min-h-11 rounded border border-slate-300 bg-white px-1 text-base sm:min-h-8 sm:text-sm"
        >
          {members.map((member) => (
            <option key={member.seat} value={SEAT_LETTERS[member.seat]}>
              {SEAT_LETTERS[member.seat]} ({member.name})
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 flex-1 items-center gap-1">
        <span className="shrink-0">{change === "replace" ? "New player" : "Name"}</span>
        <input
          name="name"
          required
          // biome-ignore lint/a11y/noAutofocus: the user just opened this form to type here
          autoFocus
          autoComplete="off"
          className="min-h-11 min-w-0 flex-1 rounded border border-slate-300 px-2 text-base sm:min-h-8 sm:text-sm"
        />
      </label>
      <button
        type="submit"
        disabled={isPending}
        className="min-h-11 rounded bg-brand-600 px-3 font-medium text-white hover:bg-brand-700 sm:min-h-8"
      >
        {change === "replace" ? "Replace" : "Save"}
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
