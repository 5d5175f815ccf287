"use client";
import { useActionState } from "react";
import { reissuePlayerCodeAction } from "@/lib/server/check-in/player-code-actions";
import { IDLE_FORM } from "@/lib/form-state";

/** Staff give a player a new code; the old one stops working and its phones are signed out. */
export function ReissueCodeButton({
  tournamentId,
  registrationId,
  name,
  seat,
}: {
  tournamentId: string;
  registrationId: string;
  name: string;
  seat?: number;
}) {
  const [state, formAction, isPending] = useActionState(reissuePlayerCodeAction, IDLE_FORM);
  return (
    <form
      action={formAction}
      onSubmit={(event) => {
        if (
          !window.confirm(
            `Give ${name} a new code? Their old code stops working and their phone is signed out.`,
          )
        )
          event.preventDefault();
      }}
      className="inline"
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="registrationId" value={registrationId} />
      {seat !== undefined && <input type="hidden" name="seat" value={seat} />}
      <button
        type="submit"
        disabled={isPending}
        aria-label={`Reissue code for ${name}`}
        className="rounded px-2 py-1 text-xs text-slate-500 hover:bg-slate-100 hover:text-brand-700"
      >
        {isPending ? "Reissuing…" : "Reissue"}
      </button>
      {state.message && (
        <span
          role={state.status === "error" ? "alert" : "status"}
          className={`ml-1 text-xs ${state.status === "error" ? "text-red-600" : "text-emerald-700"}`}
        >
          {state.message}
        </span>
      )}
    </form>
  );
}
