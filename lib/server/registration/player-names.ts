import "server-only";
import { failure, type ActionResult } from "@/lib/action-result";

/** The rules engine and pairer speak in registration ids; organizers read names. */
export function withNames(text: string, names: ReadonlyMap<string, string>): string {
  let named = text;
  for (const [id, name] of names) if (named.includes(id)) named = named.replaceAll(id, name);
  return named;
}

/** Stored results the rules cannot accept: say which, by name, and log the details. */
export function inconsistentResults(
  message: string,
  names: ReadonlyMap<string, string>,
): ActionResult<never> {
  console.error("Stored results rejected by the rules engine:", message);
  return failure(
    "INTERNAL",
    `The stored results need a correction before this can continue: ${withNames(message, names)}`,
  );
}

/** The rules speak of a match's sides as "player A" and "player B"; people read the players' names. */
export function withSideNames(text: string, names: { A: string; B: string }): string {
  return text.replace(/\b[Pp]layer A\b/g, names.A).replace(/\b[Pp]layer B\b/g, names.B);
}
