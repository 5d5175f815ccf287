import "server-only";
import type { z } from "zod";
import { failure, unavailable, type ActionResult } from "@/lib/action-result";
import { isRetryableDatabaseFailure } from "@/lib/server/data/prisma-errors";
import { parseInput } from "@/lib/schemas/parse";

/**
 * The one wrapper for mutations: parse with the shared schema, run the data-layer call, and
 * turn unexpected exceptions into a generic message (logged on the server, never shown raw).
 * A database that is unreachable, restarting or too busy is expected, not unexpected: it answers
 * UNAVAILABLE (HTTP 503 with Retry-After), which says nothing was saved and invites a retry.
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
    if (isRetryableDatabaseFailure(error)) {
      // Expected under overload or while the database restarts: one line, not a stack per request.
      console.warn(`Database unavailable or busy; answered UNAVAILABLE: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
      return unavailable();
    }
    console.error("Unexpected error in action", error);
    return failure("INTERNAL", "Something went wrong on our side; nothing was saved. Please try again.");
  }
}
