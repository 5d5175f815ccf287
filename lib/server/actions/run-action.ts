import "server-only";
import type { z } from "zod";
import { failure, type ActionResult } from "@/lib/action-result";
import { parseInput } from "@/lib/schemas/parse";

/**
 * The one wrapper for mutations: parse with the shared schema, run the data-layer call, and
 * turn unexpected exceptions into a generic message (logged on the server, never shown raw).
 */
export async function runAction<S extends z.ZodType, T>(
  schema: S,
  input: unknown,
  run: (data: z.infer<S>) => Promise<ActionResult<T>>,
): Promise<ActionResult<T>> {
  const parsed = parseInput(schema, input);
  if (!parsed.ok) return parsed;
  try {
    return await run(parsed.data);
  } catch (error) {
    console.error("Unexpected error in action", error);
    return failure("INTERNAL", "Something went wrong on our side; nothing was saved. Please try again.");
  }
}
