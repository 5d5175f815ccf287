import "server-only";
import { failure, type ActionResult } from "@/lib/action-result";
import { render } from "@/lib/messages/render";
import type { Message } from "@/lib/rules/result";

/** Stored results the rules cannot accept: say which, by name, and log the details. */
export function inconsistentResults(
  message: Message,
  names: ReadonlyMap<string, string>,
): ActionResult<never> {
  const text = render(message, { players: names });
  console.error("Stored results rejected by the rules engine:", text);
  return failure(
    "INTERNAL",
    `The stored results need a correction before this can continue: ${text}`,
  );
}

/** A recording's refusal comes back rendered with "player A" and "player B"; people read names. */
export function withSideNames(text: string, names: { A: string; B: string }): string {
  return text.replace(/\b[Pp]layer A\b/g, names.A).replace(/\b[Pp]layer B\b/g, names.B);
}
