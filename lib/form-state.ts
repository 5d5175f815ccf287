import type { ActionResult, ErrorCode } from "./action-result";

/**
 * What a form's server action hands back to the form: the outcome, and on failure the values
 * the user typed, so nothing typed is lost when a field needs fixing.
 */
export type FormState = {
  status: "idle" | "success" | "error";
  message?: string;
  /** On error: the failure's code (UNAUTHENTICATED, FORBIDDEN, CONFLICT…), for forms and tests to act on. */
  code?: ErrorCode;
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
  /** A success that needs a look (a swap that makes a rematch): shown as a warning, not in success green. */
  isWarning?: boolean;
  /** On success: a path on this app for the user to copy and send (a staff invitation's secret link). */
  linkToShare?: string;
  /** On success: a secret shown this once and never again (a new API token). */
  secretToShow?: string;
  /** The id of what the secret belongs to (a webhook endpoint), for it to be shown beside it. */
  secretFor?: string;
};

export const IDLE_FORM: FormState = { status: "idle" };

export function toFormState(
  result: ActionResult<unknown>,
  values: Record<string, string>,
  successMessage?: string,
): FormState {
  if (result.ok) return { status: "success", message: successMessage };
  return {
    status: "error",
    code: result.error.code,
    message: result.error.message,
    fieldErrors: result.error.fieldErrors,
    values,
  };
}
