"use client";
import { useActionState } from "react";
import { registerPlayerAction } from "@/lib/server/actions/player-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { Field } from "./field";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

export function RegisterPlayerForm({ tournamentId }: { tournamentId: string }) {
  const [state, formAction] = useActionState(registerPlayerAction, IDLE_FORM);
  return (
    <form action={formAction} className="space-y-2" noValidate>
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <div className="flex items-end gap-2">
        <Field
          className="flex-1"
          label="Player name"
          name="name"
          autoComplete="off"
          defaultValue={state.status === "error" ? state.values?.name : ""}
          errors={state.fieldErrors?.name}
        />
        <SubmitButton pendingLabel="Adding…">Add player</SubmitButton>
      </div>
      {!state.fieldErrors?.name && <FormMessage state={state} />}
    </form>
  );
}
