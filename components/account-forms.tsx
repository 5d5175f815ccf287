"use client";
import { useActionState } from "react";
import { signInAction, signUpAction } from "@/lib/server/access/auth-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { MIN_PASSWORD_LENGTH } from "@/lib/schemas/account";
import { safeNextPath } from "@/lib/safe-next-path";
import { Field } from "./field";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

export function SignInForm({ next }: { next?: string }) {
  const [state, formAction] = useActionState(signInAction, IDLE_FORM);
  const errors = state.fieldErrors ?? {};
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Sign in">
      <input type="hidden" name="next" value={safeNextPath(next)} />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        defaultValue={state.values?.email}
        errors={errors.email}
        required
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        errors={errors.password}
        required
      />
      <FormMessage state={state} />
      <SubmitButton pendingLabel="Signing in…">Sign in</SubmitButton>
    </form>
  );
}

export function SignUpForm({ next }: { next?: string }) {
  const [state, formAction] = useActionState(signUpAction, IDLE_FORM);
  const errors = state.fieldErrors ?? {};
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label="Create account">
      <input type="hidden" name="next" value={safeNextPath(next)} />
      <Field
        label="Your name"
        name="name"
        autoComplete="name"
        defaultValue={state.values?.name}
        errors={errors.name}
        required
      />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        defaultValue={state.values?.email}
        errors={errors.email}
        required
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        errors={errors.password}
        required
      />
      {Object.keys(errors).length === 0 && <FormMessage state={state} />}
      <SubmitButton pendingLabel="Creating your account…">Create account</SubmitButton>
    </form>
  );
}
