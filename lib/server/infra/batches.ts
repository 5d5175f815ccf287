import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";

/** Rows per statement of a Prisma bulk write: Prisma prepares each row on the event loop, so a batch stays a few milliseconds of it. */
export const WRITE_BATCH_ROWS = 100;
/** Rows per statement written with SQL's unnest over arrays: binding an array costs the event loop little. */
export const RAW_BATCH_ROWS = 2_000;

/**
 * Writes rows a batch at a time, giving the event loop a turn between batches, so an import of
 * thousands of rows never holds up other requests for long; answers what each batch answered, in order.
 */
export async function writeInBatches<T, R = unknown>(
  rows: readonly T[],
  write: (batch: T[]) => Promise<R[] | unknown>,
  size = WRITE_BATCH_ROWS,
): Promise<R[]> {
  const answers: R[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const answer = await write(rows.slice(start, start + size));
    if (Array.isArray(answer)) answers.push(...(answer as R[]));
    await nextTurn();
  }
  return answers;
}
