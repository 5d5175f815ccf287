import "server-only";
import { createHash } from "node:crypto";
import { prisma } from "../db";
import type { ActionResult } from "@/lib/action-result";
import { isUniqueViolation } from "./prisma-errors";

/** A first request that has not answered after this long is taken as lost (its process died): the key may be used again. */
const ABANDONED_AFTER_MS = 60_000;

export type IdempotencyClaim =
  | { kind: "new" }
  | { kind: "replay"; answer: ActionResult<unknown> }
  | { kind: "mismatch" }
  | { kind: "in-progress" };

/** The same JSON text for the same value whatever order its keys came in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function hashRequest(operation: string, input: unknown): string {
  return createHash("sha256").update(operation).update("\n").update(canonicalJson(input)).digest("hex");
}

/**
 * Takes `key` for this request: the first use runs it; a replay of the same request gets the
 * stored answer; the same key sent with a different request, or while the first is still running,
 * is refused. One insert decides between two concurrent first uses.
 */
export async function claimIdempotencyKey(caller: { callerKey: string; tokenId: string | null }, key: string, requestHash: string, now = new Date()): Promise<IdempotencyClaim> {
  try {
    await prisma.apiIdempotencyKey.create({ data: { callerKey: caller.callerKey, key, tokenId: caller.tokenId, requestHash } });
    return { kind: "new" };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const stored = await prisma.apiIdempotencyKey.findUnique({ where: { callerKey_key: { callerKey: caller.callerKey, key } }, select: { requestHash: true, answer: true, createdAt: true } });
  if (!stored) return claimIdempotencyKey(caller, key, requestHash, now);
  if (stored.requestHash !== requestHash) return { kind: "mismatch" };
  if (stored.answer !== null) return { kind: "replay", answer: JSON.parse(stored.answer) as ActionResult<unknown> };
  if (now.getTime() - stored.createdAt.getTime() < ABANDONED_AFTER_MS) return { kind: "in-progress" };
  // Taken over only if nobody else took it over first.
  const taken = await prisma.apiIdempotencyKey.updateMany({ where: { callerKey: caller.callerKey, key, answer: null, createdAt: stored.createdAt }, data: { createdAt: now } });
  return taken.count === 1 ? { kind: "new" } : { kind: "in-progress" };
}

/** Keeps the answer, so a replay gets it as it was. */
export async function storeIdempotentAnswer(callerKey: string, key: string, answer: ActionResult<unknown>): Promise<void> {
  await prisma.apiIdempotencyKey.update({ where: { callerKey_key: { callerKey, key } }, data: { answer: JSON.stringify(answer) } });
}

/** Frees the key of a request that changed nothing and may be sent again (the database was busy, or our bug). */
export async function releaseIdempotencyKey(callerKey: string, key: string): Promise<void> {
  await prisma.apiIdempotencyKey.deleteMany({ where: { callerKey, key, answer: null } });
}
