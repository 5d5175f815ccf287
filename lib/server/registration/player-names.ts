import "server-only";
import { failure, type ActionResult } from "@/lib/action-result";
import { render } from "@/lib/messages/render";
import type { Message } from "@/lib/rules/result";

/** The pairer speaks in registration ids; organizers read names. */
export function withNames(text: string, names: ReadonlyMap<string, string>): string {
  let named = text;
  for (const [id, name] of names) if (named.includes(id)) named = named.replaceAll(id, name);
  return named;
}

/** Stored results the rules cannot accept: say which, by name, and log the details. */
export function inconsistentResults(
  message: Message | string,
  names: ReadonlyMap<string, string>,
): ActionResult<never> {
  const text =
    typeof message === "string" ? withNames(message, names) : render(message, { players: names });
  console.error("Stored results rejected by the rules engine:", text);
  return failure(
    "INTERNAL",
    `The stored results need a correction before this can continue: ${text}`,
  );
}

/** The rules speak of a match's sides as "player A" and "player B"; people read the players' names. */
export function withSideNames(text: string, names: { A: string; B: string }): string {
  return text.replace(/\b[Pp]layer A\b/g, names.A).replace(/\b[Pp]layer B\b/g, names.B);
}
