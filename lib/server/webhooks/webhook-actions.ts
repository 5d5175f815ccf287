"use server";
import { revalidatePath } from "next/cache";
import { toFormState, type FormState } from "@/lib/form-state";
import { formDataToObject } from "@/lib/schemas/parse";
import {
  CreateWebhookSchema,
  DeleteWebhookSchema,
  PingWebhookSchema,
  RotateWebhookSecretSchema,
  SetWebhookActiveSchema,
} from "@/lib/schemas/webhook";
import { runMutation } from "@/lib/server/access/run-action";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  pingWebhookEndpoint,
  rotateWebhookSecret,
  setWebhookEndpointActive,
} from "./webhook-endpoints";

const refresh = (tournamentId: string) => revalidatePath(`/tournaments/${tournamentId}/staff`);

/** The organizer adds a webhook endpoint; its signing secret is shown this once. */
export async function createWebhookAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "tournament.settings" },
    schema: CreateWebhookSchema,
    input: { ...values, kinds: formData.getAll("kinds") },
    run: async (input, { actor }) => {
      const created = await createWebhookEndpoint(input, actor);
      if (created.ok) refresh(input.tournamentId);
      return created;
    },
  });
  // The ticked events come back with the form after an error, as typed text does.
  if (!result.ok)
    return toFormState(result, { ...values, kinds: formData.getAll("kinds").join(" ") });
  return {
    ...toFormState(result, values, "Webhook added."),
    secretToShow: result.value.secret,
    secretFor: result.value.id,
  };
}

/** The organizer turns an endpoint off (nothing more is sent; its deliveries stay) or on again. */
export async function setWebhookActiveAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "tournament.settings" },
    schema: SetWebhookActiveSchema,
    input: values,
    run: async (input) => {
      const changed = await setWebhookEndpointActive(input);
      if (changed.ok) refresh(input.tournamentId);
      return changed;
    },
  });
  const message = values.active === "true" ? "Webhook turned on." : "Webhook turned off.";
  return toFormState(result, values, message);
}

/** The organizer sends a signed test message to an endpoint and sees its answer. */
export async function pingWebhookAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "tournament.settings" },
    schema: PingWebhookSchema,
    input: values,
    run: async (input) => {
      const pinged = await pingWebhookEndpoint(input);
      // Listed with the deliveries, answered or not.
      if (pinged.ok || pinged.error.code === "CONFLICT") refresh(input.tournamentId);
      return pinged;
    },
  });
  const answer = result.ok ? `Test message accepted (HTTP ${result.value.status}).` : undefined;
  return toFormState(result, values, answer);
}

/** The organizer gives an endpoint a new signing secret, shown this once; the old one stops working. */
export async function rotateWebhookSecretAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "tournament.settings" },
    schema: RotateWebhookSecretSchema,
    input: values,
    run: (input) => rotateWebhookSecret(input),
  });
  if (!result.ok) return toFormState(result, values);
  return {
    ...toFormState(result, values, "New secret made: the old one no longer verifies."),
    secretToShow: result.value.secret,
    secretFor: result.value.id,
  };
}

/** The organizer deletes an endpoint: nothing more is sent to it, and its deliveries go with it. */
export async function deleteWebhookAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: { permission: "tournament.settings" },
    schema: DeleteWebhookSchema,
    input: values,
    run: async (input) => {
      const deleted = await deleteWebhookEndpoint(input);
      if (deleted.ok) refresh(input.tournamentId);
      return deleted;
    },
  });
  return toFormState(result, values, "Webhook deleted.");
}
