import { render } from "@/lib/messages/render";
import type { Message, RuleError, RuleResult } from "../result";

/** A message as people read it, or "" where there is none. */
export function text(message: Message | null | undefined): string {
  return message ? render(message) : "";
}

/** An error as the edge shows it: its code and rule, and its message rendered. */
export function shown(error: RuleError | null | undefined) {
  return error ? { code: error.code, rule: error.rule, message: render(error) } : error;
}

/** A result with its error, if any, as the edge shows it. */
export function shownResult<T>(result: RuleResult<T> | { ok: false; error: RuleError } | null) {
  return result === null || result.ok ? result : { ok: false, error: shown(result.error) };
}
