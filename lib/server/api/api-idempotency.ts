import "server-only";
import { createHash } from "node:crypto";
import { prisma } from "@/lib/server/infra/db";
import type { ActionResult } from "@/lib/action-result";
import { isUniqueViolation } from "@/lib/server/infra/prisma-errors";

/**
 * A claim is a lease: the request running it renews it every CLAIM_RENEW_MS (see
 * `holdIdempotencyClaim`), so one not renewed for CLAIM_LEASE_MS belongs to a process that died
 * mid-request (its transaction is gone with it), and the key may be used again. Times are the
 * database's clock, so instances whose clocks differ agree.
 */
export const CLAIM_LEASE_MS = 5_000;
const CLAIM_RENEW_MS = 1_000;

export type IdempotencyClaim =
  | { kind: "new" }
  | { kind: "replay"; answer: ActionResult<unknown> }
  | { kind: "mismatch" }
  | { kind: "in-progress" };

/** The same JSON text for the same value whatever order its keys came in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, field]) => field !== undefined,
    );
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function hashRequest(operation: string, input: unknown): string {
  return createHash("sha256")
    .update(operation)
    .update("\n")
    .update(canonicalJson(input))
    .digest("hex");
}

/**
 * Takes `key` for this request: the first use runs it; a replay of the same request gets the
 * stored answer; the same key sent with a different request, or while the first is still running,
 * is refused. One insert decides between two concurrent first uses. The claim's `createdAt` is set
 * by the database (its column default, then LOCALTIMESTAMP), never by this process's clock.
 */
export async function claimIdempotencyKey(
  caller: { callerKey: string; tokenId: string | null },
  key: string,
  requestHash: string,
): Promise<IdempotencyClaim> {
  try {
    await prisma.apiIdempotencyKey.create({
      data: { callerKey: caller.callerKey, key, tokenId: caller.tokenId, requestHash },
    });
    return { kind: "new" };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const stored = await prisma.apiIdempotencyKey.findUnique({
    where: { callerKey_key: { callerKey: caller.callerKey, key } },
    select: { requestHash: true, answer: true },
  });
  if (!stored) return claimIdempotencyKey(caller, key, requestHash);
  if (stored.requestHash !== requestHash) return { kind: "mismatch" };
  if (stored.answer !== null) return { kind: "replay", answer: storedAnswer(stored.answer) };
  // Taken over only if its lease ran out, by one request: the update is the decision.
  const taken = await prisma.$executeRaw`
    UPDATE "ApiIdempotencyKey" SET "createdAt" = LOCALTIMESTAMP
     WHERE "callerKey" = ${caller.callerKey} AND key = ${key} AND answer IS NULL
       AND "createdAt" < LOCALTIMESTAMP - make_interval(secs => ${CLAIM_LEASE_MS / 1000})`;
  return taken === 1 ? { kind: "new" } : { kind: "in-progress" };
}

/**
 * Keeps this request's claim on `key` while it runs, so another instance does not take it over;
 * call the returned function when the request has answered. A failed renewal is left to the next.
 */
export function holdIdempotencyClaim(callerKey: string, key: string): () => void {
  const timer = setInterval(() => {
    prisma.$executeRaw`UPDATE "ApiIdempotencyKey" SET "createdAt" = LOCALTIMESTAMP WHERE "callerKey" = ${callerKey} AND key = ${key} AND answer IS NULL`.catch(
      () => undefined,
    );
  }, CLAIM_RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Keeps the answer, so a replay gets it as it was. */
export async function storeIdempotentAnswer(
  callerKey: string,
  key: string,
  answer: ActionResult<unknown>,
): Promise<void> {
  await prisma.apiIdempotencyKey.update({
    where: { callerKey_key: { callerKey, key } },
    data: { answer: JSON.stringify(answer) },
  });
}

/** Frees the key of a request that changed nothing and may be sent again (the database was busy, or our bug). */
export async function releaseIdempotencyKey(callerKey: string, key: string): Promise<void> {
  await prisma.apiIdempotencyKey.deleteMany({ where: { callerKey, key, answer: null } });
}

/** A stored answer as the app reads it; one stored before results named their value `value` had `data`. */
function storedAnswer(text: string): ActionResult<unknown> {
  const answer = JSON.parse(text) as ActionResult<unknown> | { ok: true; data: unknown };
  return answer.ok && "data" in answer ? { ok: true, value: answer.data } : answer;
}
