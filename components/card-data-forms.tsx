"use client";
import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import { refreshCardDataAction } from "@/lib/server/cards/card-actions";
import { IDLE_FORM } from "@/lib/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";

/** Asks Scryfall for its latest oracle cards; the import runs on the server while the page shows its progress. */
export function RefreshCardDataForm({ isRunning }: { isRunning: boolean }) {
  const [state, formAction] = useActionState(refreshCardDataAction, IDLE_FORM);
  return (
    <form action={formAction} className="space-y-2" aria-label="Fetch card data">
      <FormMessage state={state} />
      <SubmitButton pendingLabel="Starting…" disabled={isRunning}>
        Fetch the latest from Scryfall
      </SubmitButton>
    </form>
  );
}

/** While an import runs, the page is read again every few seconds so its count moves. */
export function RefreshWhileImporting() {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), 3_000);
    return () => clearInterval(timer);
  }, [router]);
  return null;
}
