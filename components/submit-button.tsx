"use client";
import { useFormStatus } from "react-dom";
import { useIsOffline } from "./use-is-offline";

export function SubmitButton({
  children,
  pendingLabel,
  className = "",
  onClick,
  isPending = false,
  disabled = false,
}: {
  children: React.ReactNode;
  pendingLabel?: string;
  className?: string;
  onClick?: () => void;
  /** A form sent from onSubmit (useKeptForm) is pending by its action state; useFormStatus sees only the form's action. */
  isPending?: boolean;
  /** The form holds something the rules already refuse (its reason shown beside it). */
  disabled?: boolean;
}) {
  const status = useFormStatus();
  const pending = isPending || status.pending;
  // Offline, a save cannot reach the server: the button waits (what was typed stays) until the network is back.
  const isOffline = useIsOffline();
  return (
    <button
      type="submit"
      onClick={onClick}
      disabled={pending || isOffline || disabled}
      title={isOffline ? "Offline: send this once the connection is back." : undefined}
      className={`inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ${className}`}
    >
      {pending ? (pendingLabel ?? "Saving…") : children}
    </button>
  );
}
