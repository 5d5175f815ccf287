"use server";
import { revalidatePath } from "next/cache";
import { toFormState, type FormState } from "@/lib/form-state";
import { formDataToObject } from "@/lib/schemas/parse";
import {
  CreateWebhookSchema,
  PingWebhookSchema,
  SetWebhookActiveSchema,
} from "@/lib/schemas/webhook";
import { runMutation } from "@/lib/server/access/run-action";
import {
  createWebhookEndpoint,
  pingWebhookEndpoint,
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
  const message = "Webhook added. Copy its signing secret now: it is shown only this once.";
  return { ...toFormState(result, values, message), secretToShow: result.value.secret };
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
    run: (input) => pingWebhookEndpoint(input),
  });
  const answer = result.ok ? `Test message accepted (HTTP ${result.value.status}).` : undefined;
  return toFormState(result, values, answer);
}
