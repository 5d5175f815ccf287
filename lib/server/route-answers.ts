import "server-only";
import { unavailable } from "@/lib/action-result";
import { isRetryableDatabaseFailure } from "./data/prisma-errors";
import { respondWith } from "./http";

/**
 * A route handler whose database could not answer in time (no pooled connection, a restart)
 * answers 503 with Retry-After, as writes do, instead of Next's 500.
 */
export function answeringBusyDatabase<Args extends unknown[]>(handler: (...args: Args) => Promise<Response>): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      if (!isRetryableDatabaseFailure(error)) throw error;
      console.warn(`Database unavailable or busy; answered 503: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
      return respondWith(unavailable());
    }
  };
}
