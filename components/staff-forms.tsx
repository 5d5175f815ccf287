"use client";
import { useActionState } from "react";
import { deleteTournamentAction, inviteStaffAction, publishTournamentAction, removeStaffAction } from "@/lib/server/actions/tournament-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { Field } from "./field";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

export function InviteStaffForm({ tournamentId }: { tournamentId: string }) {
  const [state, formAction] = useActionState(inviteStaffAction, IDLE_FORM);
  const errors = state.fieldErrors ?? {};
  const values = state.status === "error" ? (state.values ?? {}) : {};
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Invite staff">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <Field label="Email" name="email" type="email" autoComplete="off" defaultValue={values.email} errors={errors.email} required />
      <Field label="Name (optional)" name="name" autoComplete="off" defaultValue={values.name} errors={errors.name} />
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Role</span>
        <select name="role" defaultValue={values.role ?? "JUDGE"} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm">
          <option value="HEAD_JUDGE">Head judge</option>
          <option value="JUDGE">Judge</option>
          <option value="SCOREKEEPER">Scorekeeper</option>
        </select>
      </label>
      {!errors.email && <FormMessage state={state} />}
      <SubmitButton pendingLabel="Inviting…">Invite</SubmitButton>
    </form>
  );
}

export function RemoveStaffButton({ tournamentId, staffId, label }: { tournamentId: string; staffId: string; label: string }) {
  const [state, formAction] = useActionState(removeStaffAction, IDLE_FORM);
  return (
    <form
      action={formAction}
      onSubmit={(event) => {
        if (!window.confirm(`Remove ${label} from the staff?`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="staffId" value={staffId} />
      <SubmitButton pendingLabel="Removing…" className="min-h-11 bg-white px-3 text-red-700 ring-1 ring-red-200 hover:bg-red-50">
        Remove
      </SubmitButton>
      {state.status === "error" && <FormMessage state={state} />}
    </form>
  );
}

export function PublishForm({ tournamentId, isPublished }: { tournamentId: string; isPublished: boolean }) {
  const [state, formAction] = useActionState(publishTournamentAction, IDLE_FORM);
  return (
    <form action={formAction} className="space-y-2" aria-label="Publishing">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="publish" value={isPublished ? "false" : "true"} />
      <p className="text-sm text-slate-600">
        {isPublished
          ? "Published: anyone with the link sees pairings, standings and the bracket."
          : "Not published: only staff see this tournament. Publish it when players should see pairings and standings."}
      </p>
      <SubmitButton pendingLabel="Saving…">{isPublished ? "Unpublish" : "Publish"}</SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}

export function DeleteTournamentForm({ tournamentId, name }: { tournamentId: string; name: string }) {
  const [state, formAction] = useActionState(deleteTournamentAction, IDLE_FORM);
  return (
    <form action={formAction} className="space-y-2" noValidate aria-label="Delete tournament">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <Field
        label={`Type “${name}” to delete this tournament`}
        name="confirmName"
        autoComplete="off"
        errors={state.fieldErrors?.confirmName}
        hint="It disappears for everyone, players included. Its records are kept."
      />
      <SubmitButton pendingLabel="Deleting…" className="bg-red-700 hover:bg-red-800">
        Delete tournament
      </SubmitButton>
      {!state.fieldErrors?.confirmName && <FormMessage state={state} />}
    </form>
  );
}
