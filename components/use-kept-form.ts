"use client";
import { startTransition, useActionState, type FormEvent } from "react";

/**
 * A server action's form that keeps what was typed: sent from onSubmit in a transition, so React
 * does not reset the form after the action (its reset shows a refused form's controlled select
 * cleared while its state keeps the choice). Without JavaScript the form's action still posts it.
 */
export function useKeptForm<S>(
  action: (state: Awaited<S>, data: FormData) => S | Promise<S>,
  initial: Awaited<S>,
) {
  const [state, formAction, isPending] = useActionState(action, initial);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    startTransition(() => formAction(data));
  };
  return { state, formAction, onSubmit, isPending };
}
