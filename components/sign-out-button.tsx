"use client";
import type { ReactNode } from "react";
import { SubmitButton } from "./submit-button";

/**
 * The submit button of a sign-out form (staff or player). Before the form is sent it makes this
 * device forget every page its service worker kept (public/sw.js), so the next person on a shared
 * phone or laptop cannot read them offline.
 */
export function SignOutButton({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} onClick={forgetKeptPages}>
      {children}
    </button>
  );
}

/** The same, as a form's main button (with its pending label). */
export function SignOutSubmitButton({
  className,
  pendingLabel,
  children,
}: {
  className?: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <SubmitButton className={className} pendingLabel={pendingLabel} onClick={forgetKeptPages}>
      {children}
    </SubmitButton>
  );
}

function forgetKeptPages() {
  if (!("serviceWorker" in navigator)) return;
  // The worker orders this after any page it is still keeping; deleting here too takes effect at once.
  navigator.serviceWorker.controller?.postMessage({ type: "forget-all" });
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.active?.postMessage({ type: "forget-all" }));
  if ("caches" in window) {
    void caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("spellbook-pages-"))
            .map((name) => caches.delete(name)),
        ),
      );
  }
}
