"use client";
import { useActionState } from "react";
import { dropPlayerAction } from "@/lib/server/actions/player-actions";
import { IDLE_FORM } from "@/lib/form-state";

export function DropPlayerButton({ tournamentId, registrationId, name }: { tournamentId: string; registrationId: string; name: string }) {
  const [state, formAction, isPending] = useActionState(dropPlayerAction, IDLE_FORM);
  return (
    <form
      action={formAction}
      onSubmit={(event) => {
        // Dropping cannot be undone from the app: the player is not paired again.
        if (!window.confirm(`Drop ${name}? They keep their results but will not be paired again.`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="registrationId" value={registrationId} />
      <button
        type="submit"
        disabled={isPending}
        aria-label={`Drop ${name}`}
        className="min-h-11 min-w-11 rounded px-2 py-1 text-xs text-slate-500 hover:bg-slate-100 hover:text-red-700 sm:min-h-0 sm:min-w-0"
      >
        {isPending ? "Dropping…" : "Drop"}
      </button>
      {state.status === "error" && <span role="alert" className="text-xs text-red-600">{state.message}</span>}
    </form>
  );
}
