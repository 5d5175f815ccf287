"use server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { NoInputSchema, SignInSchema, SignUpSchema } from "@/lib/schemas/account";
import { success } from "@/lib/action-result";
import { formDataToObject } from "@/lib/schemas/parse";
import { toFormState, type FormState } from "@/lib/form-state";
import { signIn, signOut, signOutEverywhere, signUp } from "./accounts";
import { runMutation } from "./run-action";
import { safeNextPath } from "@/lib/safe-next-path";

export async function signUpAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const requestHeaders = await headers();
  const result = await runMutation({
    access: "anyone",
    schema: SignUpSchema,
    input: values,
    run: (input) => signUp(input, requestHeaders),
  });
  // Never send a password back to the form.
  if (!result.ok) return toFormState(result, { ...values, password: "" });
  redirect(safeNextPath(values.next));
}

export async function signInAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formDataToObject(formData);
  const requestHeaders = await headers();
  const result = await runMutation({
    access: "anyone",
    schema: SignInSchema,
    input: values,
    run: (input) => signIn(input, requestHeaders),
  });
  if (!result.ok) return toFormState(result, { ...values, password: "" });
  redirect(safeNextPath(values.next));
}

export async function signOutAction(): Promise<void> {
  const requestHeaders = await headers();
  const result = await runMutation({
    access: "anyone",
    schema: NoInputSchema,
    input: {},
    run: async () => success(await signOut(requestHeaders)),
  });
  if (!result.ok) throw new Error(result.error.message);
  redirect("/");
}

export async function signOutEverywhereAction(): Promise<void> {
  const requestHeaders = await headers();
  const result = await runMutation({
    access: "signed-in",
    schema: NoInputSchema,
    input: {},
    run: async (_input, { actor }) =>
      success(await signOutEverywhere(requestHeaders, actor.userId)),
  });
  if (!result.ok && result.error.code === "UNAUTHENTICATED") redirect("/sign-in");
  if (!result.ok) throw new Error(result.error.message);
  redirect("/");
}
