import "server-only";
import { answerDatabaseFailure } from "./prisma-errors";
import { respondWith } from "./http";

/**
 * A route handler whose database could not answer in time (no pooled connection, a restart)
 * answers 503 with Retry-After, and one whose disk is full 507, as writes do, instead of Next's 500.
 */
export function answeringBusyDatabase<Args extends unknown[]>(
  handler: (...args: Args) => Promise<Response>,
): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      const answer = answerDatabaseFailure(error);
      if (!answer) throw error;
      return respondWith(answer);
    }
  };
}
