import "server-only";
import { prisma } from "../db";
import { failure, success, type ActionResult } from "@/lib/action-result";

/**
 * Sign-in throttling (issue 8): failed attempts are counted per account and per address in a
 * fixed window, in PostgreSQL so every app instance sees the same counts. Past the limit the
 * sign-in is refused without checking the password, with a message saying when to try again.
 */
export const SIGN_IN_WINDOW_MINUTES = 15;
export const SIGN_IN_LIMITS = { account: 5, address: 20 } as const;

export type ThrottleKeys = { account: string; address?: string };

function keysOf(keys: ThrottleKeys): { key: string; limit: number }[] {
  return [
    { key: `account:${keys.account.toLowerCase()}`, limit: SIGN_IN_LIMITS.account },
    ...(keys.address ? [{ key: `address:${keys.address}`, limit: SIGN_IN_LIMITS.address }] : []),
  ];
}

export async function checkSignInThrottle(keys: ThrottleKeys, now = new Date()): Promise<ActionResult<null>> {
  const windowStart = new Date(now.getTime() - SIGN_IN_WINDOW_MINUTES * 60_000);
  const rows = await prisma.signInThrottle.findMany({ where: { key: { in: keysOf(keys).map(({ key }) => key) }, windowStart: { gt: windowStart } } });
  for (const { key, limit } of keysOf(keys)) {
    const row = rows.find((candidate) => candidate.key === key);
    if (row && row.failures >= limit) {
      const minutes = Math.max(1, Math.ceil((row.windowStart.getTime() + SIGN_IN_WINDOW_MINUTES * 60_000 - now.getTime()) / 60_000));
      const who = key.startsWith("account:") ? "this account" : "this network address";
      return failure("RATE_LIMITED", `Too many failed sign-ins for ${who}. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
    }
  }
  return success(null);
}

export async function recordSignInFailure(keys: ThrottleKeys, now = new Date()): Promise<void> {
  const windowStart = new Date(now.getTime() - SIGN_IN_WINDOW_MINUTES * 60_000);
  for (const { key } of keysOf(keys)) {
    // One statement per key: start a new window, or count one more in the current one.
    await prisma.$executeRaw`
      INSERT INTO "SignInThrottle" (key, "windowStart", failures) VALUES (${key}, ${now}, 1)
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN "SignInThrottle"."windowStart" <= ${windowStart} THEN 1 ELSE "SignInThrottle".failures + 1 END,
        "windowStart" = CASE WHEN "SignInThrottle"."windowStart" <= ${windowStart} THEN ${now} ELSE "SignInThrottle"."windowStart" END`;
  }
}

/** A successful sign-in forgives the account's failures (not the address's). */
export async function clearSignInFailures(keys: ThrottleKeys): Promise<void> {
  await prisma.signInThrottle.deleteMany({ where: { key: `account:${keys.account.toLowerCase()}` } });
}
