"use client";
import { useActionState } from "react";
import {
  acceptStaffInvitationAction,
  deleteTournamentAction,
  inviteStaffAction,
  publishTournamentAction,
  reissueStaffInvitationAction,
  removeStaffAction,
} from "@/lib/server/tournament/tournament-actions";
import { IDLE_FORM, type FormState } from "@/lib/form-state";
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
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        defaultValue={values.email}
        errors={errors.email}
        required
      />
      <Field
        label="Name (optional)"
        name="name"
        autoComplete="off"
        defaultValue={values.name}
        errors={errors.name}
      />
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Role</span>
        <select
          name="role"
          defaultValue={values.role ?? "JUDGE"}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm"
        >
          <option value="HEAD_JUDGE">Head judge</option>
          <option value="JUDGE">Judge</option>
          <option value="SCOREKEEPER">Scorekeeper</option>
        </select>
      </label>
      {!errors.email && <FormMessage state={state} />}
      <LinkToShare state={state} />
      <SubmitButton pendingLabel="Inviting…">Invite</SubmitButton>
    </form>
  );
}

/** An invitation's secret link, shown once after it is made, to copy and send to the person invited. */
function LinkToShare({ state }: { state: FormState }) {
  if (state.status !== "success" || !state.linkToShare) return null;
  const link =
    typeof window === "undefined"
      ? state.linkToShare
      : new URL(state.linkToShare, window.location.origin).href;
  return (
    <div className="flex gap-2">
      <input
        readOnly
        value={link}
        aria-label="Invitation link"
        onFocus={(event) => event.currentTarget.select()}
        className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs"
      />
      <button
        type="button"
        onClick={() => void navigator.clipboard?.writeText(link)}
        className="min-h-11 rounded-md px-3 text-sm ring-1 ring-slate-300 hover:bg-slate-50"
      >
        Copy
      </button>
    </div>
  );
}

/** Makes a new link for a pending invitation (lost, expired, or sent to the wrong person): the old one stops working. */
export function NewInvitationLinkButton({
  tournamentId,
  staffId,
  label,
}: {
  tournamentId: string;
  staffId: string;
  label: string;
}) {
  const [state, formAction] = useActionState(reissueStaffInvitationAction, IDLE_FORM);
  return (
    <form action={formAction} className="space-y-2" aria-label={`New invitation link for ${label}`}>
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="staffId" value={staffId} />
      <SubmitButton
        pendingLabel="Making a link…"
        className="min-h-11 bg-white! px-3 text-slate-800! ring-1 ring-slate-300 hover:bg-slate-50!"
      >
        New link
      </SubmitButton>
      <FormMessage state={state} />
      <LinkToShare state={state} />
    </form>
  );
}

export function RemoveStaffButton({
  tournamentId,
  staffId,
  label,
  isPending = false,
}: {
  tournamentId: string;
  staffId: string;
  label: string;
  isPending?: boolean;
}) {
  const [state, formAction] = useActionState(removeStaffAction, IDLE_FORM);
  return (
    <form
      action={formAction}
      onSubmit={(event) => {
        if (
          !window.confirm(
            isPending
              ? `Withdraw the invitation of ${label}? Its link stops working.`
              : `Remove ${label} from the staff?`,
          )
        )
          event.preventDefault();
      }}
    >
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="staffId" value={staffId} />
      <SubmitButton
        pendingLabel="Removing…"
        className="min-h-11 bg-white! px-3 text-red-700! ring-1 ring-red-200 hover:bg-red-50!"
      >
        {isPending ? "Withdraw" : "Remove"}
      </SubmitButton>
      {state.status === "error" && <FormMessage state={state} />}
    </form>
  );
}

export function PublishForm({
  tournamentId,
  isPublished,
}: {
  tournamentId: string;
  isPublished: boolean;
}) {
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

export function DeleteTournamentForm({
  tournamentId,
  name,
}: {
  tournamentId: string;
  name: string;
}) {
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

/** Accepting an invitation its link opened: the seat goes to the account signed in now. */
export function AcceptInvitationForm({
  token,
  accountEmail,
}: {
  token: string;
  accountEmail: string;
}) {
  const [state, formAction] = useActionState(acceptStaffInvitationAction, IDLE_FORM);
  return (
    <form action={formAction} className="space-y-2" aria-label="Accept invitation">
      <input type="hidden" name="token" value={token} />
      <p className="text-slate-600">You are signed in as {accountEmail}.</p>
      <FormMessage state={state} />
      <SubmitButton pendingLabel="Joining…">Accept and join the staff</SubmitButton>
    </form>
  );
}
