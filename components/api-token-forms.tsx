"use client";
import { useActionState } from "react";
import { createApiTokenAction, revokeApiTokenAction } from "@/lib/server/api/api-token-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { Field } from "./field";
import { FormMessage } from "./form-message";
import { OneTimeSecret } from "./one-time-secret";
import { SubmitButton } from "./submit-button";

/** Makes a token for the API; its secret is shown once, here, to copy. */
export function CreateApiTokenForm({
  tournaments,
}: {
  tournaments: { id: string; name: string }[];
}) {
  const [state, formAction] = useActionState(createApiTokenAction, IDLE_FORM);
  const errors = state.fieldErrors ?? {};
  const values = state.status === "error" ? (state.values ?? {}) : {};
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Create an API token">
      <Field
        label="Name"
        name="name"
        autoComplete="off"
        hint="What it is for, such as “League site”."
        defaultValue={values.name}
        errors={errors.name}
        required
      />
      <label className="block text-sm">
        <span className="font-medium text-slate-700">May act on</span>
        <select
          name="tournamentId"
          defaultValue={values.tournamentId ?? "all"}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm"
        >
          <option value="all">All tournaments where I am staff</option>
          {tournaments.map((tournament) => (
            <option key={tournament.id} value={tournament.id}>
              Only {tournament.name}
            </option>
          ))}
        </select>
        {errors.tournamentId && (
          <span className="mt-1 block text-xs text-red-600">{errors.tournamentId.join(" ")}</span>
        )}
      </label>
      {!errors.name && <FormMessage state={state} />}
      {state.status === "success" && state.secretToShow && (
        <OneTimeSecret label="New API token" secret={state.secretToShow} />
      )}
      <SubmitButton pendingLabel="Creating…">Create token</SubmitButton>
    </form>
  );
}

export function RevokeApiTokenButton({ tokenId, name }: { tokenId: string; name: string }) {
  const [state, formAction] = useActionState(revokeApiTokenAction, IDLE_FORM);
  return (
    <form
      action={formAction}
      className="shrink-0"
      aria-label={`Revoke ${name}`}
      onSubmit={(event) => {
        if (!window.confirm(`Revoke the token “${name}”? Programs using it stop working at once.`))
          event.preventDefault();
      }}
    >
      <input type="hidden" name="tokenId" value={tokenId} />
      <SubmitButton
        pendingLabel="Revoking…"
        className="min-h-11 bg-white! px-3 text-red-700! ring-1 ring-red-200 hover:bg-red-50!"
      >
        Revoke
      </SubmitButton>
      {state.status === "error" && <FormMessage state={state} />}
    </form>
  );
}
