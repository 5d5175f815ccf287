"use server";
import { revalidatePath } from "next/cache";
import { CreateApiTokenSchema, RevokeApiTokenSchema } from "@/lib/schemas/api-token";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { createApiToken, revokeApiToken } from "./api-tokens";
import { runMutation } from "@/lib/server/access/run-action";

export async function createApiTokenAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: "signed-in",
    schema: CreateApiTokenSchema,
    input: values,
    run: async (input, { actor }) => {
      const created = await createApiToken(input, actor);
      if (created.ok) revalidatePath("/account");
      return created;
    },
  });
  if (!result.ok) return toFormState(result, values);
  return {
    ...toFormState(result, values, "Token created. Copy it now: it is shown only this once."),
    secretToShow: result.value.secret,
  };
}

export async function revokeApiTokenAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formDataToObject(formData);
  const result = await runMutation({
    access: "signed-in",
    schema: RevokeApiTokenSchema,
    input: values,
    run: async (input, { actor }) => {
      const revoked = await revokeApiToken(input, actor.userId);
      if (revoked.ok) revalidatePath("/account");
      return revoked;
    },
  });
  return toFormState(result, values, "Token revoked: requests with it are refused from now on.");
}
