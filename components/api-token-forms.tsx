"use client";
import { useActionState } from "react";
import { createApiTokenAction, revokeApiTokenAction } from "@/lib/server/api/api-token-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { Field } from "./field";
import { FormMessage } from "./form-message";
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
        <div className="flex gap-2">
          <input
            readOnly
            value={state.secretToShow}
            aria-label="New API token"
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs"
          />
          <button
            type="button"
            onClick={() => void navigator.clipboard?.writeText(state.secretToShow!)}
            className="min-h-11 rounded-md px-3 text-sm ring-1 ring-slate-300 hover:bg-slate-50"
          >
            Copy
          </button>
        </div>
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
