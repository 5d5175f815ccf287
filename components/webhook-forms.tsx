"use client";
import { createContext, use, useActionState, useEffect, useState } from "react";
import {
  createWebhookAction,
  deleteWebhookAction,
  pingWebhookAction,
  rotateWebhookSecretAction,
  setWebhookActiveAction,
} from "@/lib/server/webhooks/webhook-actions";
import { IDLE_FORM, type FormState } from "@/lib/form-state";
import { ConfirmedAction } from "./confirmed-action";
import { Field } from "./field";
import { FormMessage } from "./form-message";
import { OneTimeSecret } from "./one-time-secret";
import { SubmitButton } from "./submit-button";
import { WEBHOOK_KIND_LABELS } from "./webhook-kind-labels";

type ShownSecret = { endpointId: string; secret: string };
const SecretContext = createContext<{
  shown: ShownSecret | null;
  show: (state: FormState) => void;
  /** The last deletion's answer, said where the deleted webhook's row no longer is. */
  deleted: FormState;
  tellDeleted: (state: FormState) => void;
}>({ shown: null, show: () => undefined, deleted: IDLE_FORM, tellDeleted: () => undefined });

/**
 * Holds the one signing secret to show (a new endpoint's, or a new one), so that it appears beside
 * its endpoint whichever form made it; it is gone on the next page load.
 */
export function WebhookSecrets({ children }: { children: React.ReactNode }) {
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [deleted, tellDeleted] = useState<FormState>(IDLE_FORM);
  const show = (state: FormState) => {
    if (state.status === "success" && state.secretToShow && state.secretFor)
      setShown({ endpointId: state.secretFor, secret: state.secretToShow });
  };
  return <SecretContext value={{ shown, show, deleted, tellDeleted }}>{children}</SecretContext>;
}

/** "Webhook deleted.": a live region there from the start, so screen readers announce it. */
export function WebhookDeleted() {
  const { deleted } = use(SecretContext);
  const isSaid = deleted.status === "success";
  return (
    <p
      role="status"
      className={isSaid ? "rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-700" : "sr-only"}
    >
      {isSaid ? deleted.message : ""}
    </p>
  );
}

/** The endpoint's signing secret, when it was just made here. */
export function WebhookSecret({ endpointId }: { endpointId: string }) {
  const { shown } = use(SecretContext);
  if (shown?.endpointId !== endpointId) return null;
  return <OneTimeSecret label="Signing secret" secret={shown.secret} />;
}

const DEFAULT_KINDS = ["round.paired", "result.recorded", "standings.changed", "event.finished"];

/** Adds an endpoint; its signing secret is shown once, beside it in the list, to copy. */
export function CreateWebhookForm({ tournamentId }: { tournamentId: string }) {
  const [state, formAction] = useActionState(createWebhookAction, IDLE_FORM);
  const { show } = use(SecretContext);
  // biome-ignore lint/correctness/useExhaustiveDependencies: told once per answer
  useEffect(() => show(state), [state]);
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
      <SubmitButton pendingLabel="Adding…">Add webhook</SubmitButton>
    </form>
  );
}

const SMALL_BUTTON =
  "min-h-11 bg-white! px-3 text-slate-800! ring-1 ring-slate-300 hover:bg-slate-50!";

type Endpoint = { tournamentId: string; endpointId: string; url: string; isActive: boolean };

/**
 * An endpoint's buttons in one row, and what the test message or switch answered on its own line
 * under them; each form is named by its address, so two webhooks' forms are told apart.
 */
export function WebhookControls({ tournamentId, endpointId, url, isActive }: Endpoint) {
  const [pinged, pingAction] = useActionState(pingWebhookAction, IDLE_FORM);
  const [switched, switchAction] = useActionState(setWebhookActiveAction, IDLE_FORM);
  const ids = (
    <>
      <input type="hidden" name="tournamentId" value={tournamentId} />
      <input type="hidden" name="endpointId" value={endpointId} />
    </>
  );
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-start gap-2">
        {isActive && (
          <form action={pingAction} aria-label={`Send a test message to ${url}`}>
            {ids}
            <SubmitButton pendingLabel="Sending…" className={SMALL_BUTTON}>
              Send test
            </SubmitButton>
          </form>
        )}
        <form action={switchAction} aria-label={`${isActive ? "Turn off" : "Turn on"} ${url}`}>
          {ids}
          <input type="hidden" name="active" value={isActive ? "false" : "true"} />
          <SubmitButton pendingLabel="Saving…" className={SMALL_BUTTON}>
            {isActive ? "Turn off" : "Turn on"}
          </SubmitButton>
        </form>
        <RotateWebhookSecretButton tournamentId={tournamentId} endpointId={endpointId} />
        <DeleteWebhookButton tournamentId={tournamentId} endpointId={endpointId} />
      </div>
      {isActive && <FormMessage state={pinged} />}
      {switched.status === "error" && <FormMessage state={switched} />}
    </div>
  );
}

/** Makes a new signing secret, shown once beside the endpoint; the old one stops working at once. */
export function RotateWebhookSecretButton({
  tournamentId,
  endpointId,
}: {
  tournamentId: string;
  endpointId: string;
}) {
  const { show } = use(SecretContext);
  return (
    <ConfirmedAction
      action={rotateWebhookSecretAction}
      fields={{ tournamentId, endpointId }}
      label="New secret"
      confirmLabel="Make a new secret"
      consequence="The old secret stops working at once: messages are signed with the new one, which is shown once. Put it in the receiving program straight away."
      tone="neutral"
      triggerClassName={`${SMALL_BUTTON} rounded-md text-sm`}
      onDone={show}
    />
  );
}

/** Deletes an endpoint and its list of deliveries, after saying so. */
export function DeleteWebhookButton({
  tournamentId,
  endpointId,
}: {
  tournamentId: string;
  endpointId: string;
}) {
  const { tellDeleted } = use(SecretContext);
  // Told as the answer arrives: the row, and this button with it, is gone once it shows.
  const deleteAndTell = async (previous: FormState, formData: FormData) => {
    const answer = await deleteWebhookAction(previous, formData);
    tellDeleted(answer);
    return answer;
  };
  return (
    <ConfirmedAction
      action={deleteAndTell}
      fields={{ tournamentId, endpointId }}
      label="Delete"
      triggerLabel="Delete webhook"
      confirmLabel="Delete webhook"
      consequence="Nothing more is sent to this address, messages waiting for a retry are dropped, and its list of deliveries is deleted with it. Turn it off instead to keep the list."
      triggerClassName="min-h-11 rounded-md bg-white px-3 text-sm text-red-700 ring-1 ring-red-200 hover:bg-red-50"
    />
  );
}
