"use client";
import { useActionState } from "react";
import {
  createWebhookAction,
  pingWebhookAction,
  setWebhookActiveAction,
} from "@/lib/server/webhooks/webhook-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { Field } from "./field";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { WEBHOOK_KIND_LABELS } from "./webhook-kind-labels";

const DEFAULT_KINDS = ["round.paired", "result.recorded", "standings.changed", "event.finished"];

/** Adds an endpoint; its signing secret is shown once, here, to copy. */
export function CreateWebhookForm({ tournamentId }: { tournamentId: string }) {
  const [state, formAction] = useActionState(createWebhookAction, IDLE_FORM);
  const errors = state.fieldErrors ?? {};
  const values = state.status === "error" ? (state.values ?? {}) : {};
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Add a webhook">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <Field
        label="Address"
        name="url"
        type="url"
        autoComplete="off"
        hint="Where to send, such as your Discord bot's https:// address."
        defaultValue={values.url}
        errors={errors.url}
        required
      />
      <fieldset className="text-sm">
        <legend className="font-medium text-slate-700">Send when</legend>
        <div className="mt-1 grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          {Object.entries(WEBHOOK_KIND_LABELS).map(([kind, label]) => (
            <label key={kind} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                name="kinds"
                value={kind}
                defaultChecked={(values.kinds?.split(" ") ?? DEFAULT_KINDS).includes(kind)}
                className="size-4"
              />
              {label}
            </label>
          ))}
        </div>
        {errors.kinds && (
          <span className="mt-1 block text-xs text-red-600">{errors.kinds.join(" ")}</span>
        )}
      </fieldset>
      {!errors.url && !errors.kinds && <FormMessage state={state} />}
      {state.status === "success" && state.secretToShow && (
        <div className="flex gap-2">
          <input
            readOnly
            value={state.secretToShow}
            aria-label="Signing secret"
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
      <SubmitButton pendingLabel="Adding…">Add webhook</SubmitButton>
    </form>
  );
}

const SMALL_BUTTON =
  "min-h-11 bg-white! px-3 text-slate-800! ring-1 ring-slate-300 hover:bg-slate-50!";

/** Sends a signed test message now and says what the receiver answered. */
export function PingWebhookButton({
  tournamentId,
  endpointId,
}: {
  tournamentId: string;
  endpointId: string;
}) {
  const [state, formAction] = useActionState(pingWebhookAction, IDLE_FORM);
  return (
    <form action={formAction} aria-label="Send a test message">
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="endpointId" value={endpointId} />
      <SubmitButton pendingLabel="Sending…" className={SMALL_BUTTON}>
        Send test
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}

/** Turns an endpoint off (its history stays) or on again. */
export function WebhookActiveButton({
  tournamentId,
  endpointId,
  isActive,
}: {
  tournamentId: string;
  endpointId: string;
  isActive: boolean;
}) {
  const [state, formAction] = useActionState(setWebhookActiveAction, IDLE_FORM);
  return (
    <form action={formAction} aria-label={isActive ? "Turn off" : "Turn on"}>
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="endpointId" value={endpointId} />
      <input type="hidden" name="active" value={isActive ? "false" : "true"} />
      <SubmitButton pendingLabel="Saving…" className={SMALL_BUTTON}>
        {isActive ? "Turn off" : "Turn on"}
      </SubmitButton>
      {state.status === "error" && <FormMessage state={state} />}
    </form>
  );
}
