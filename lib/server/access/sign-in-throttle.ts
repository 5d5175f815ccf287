import "server-only";
import { prisma } from "@/lib/server/infra/db";
import { env } from "@/lib/server/infra/env";
import { networkOfAddress } from "@/lib/address-network";
import { failure, success, type ActionResult } from "@/lib/action-result";

/**
 * Sign-in throttling: failed attempts are counted in a fixed window, in PostgreSQL so every app
 * instance sees the same counts, per network (an IPv4 address, an IPv6 /64: lib/address-network.ts). Only addresses are ever refused, never an account as such:
 * one address may fail 5 times on one account and 20 times in all, and past either limit it is
 * refused without the password being checked. Failures from elsewhere never stop the right
 * password, so nobody can lock an organizer out; guessing is bounded by the number of real
 * addresses a guesser controls (X-Forwarded-For is believed only from trusted proxies).
 */
export const SIGN_IN_WINDOW_MINUTES = 15;
export const SIGN_IN_LIMITS = { accountAtAddress: 5, address: 20 } as const;

/** Requests whose address is not known share one bucket, so they are limited too. */
const UNKNOWN_ADDRESS = "unknown";

export type ThrottleKeys = { account: string; address?: string };

function keysOf(keys: ThrottleKeys): { key: string; limit: number; who: string }[] {
  const address = keys.address === undefined ? UNKNOWN_ADDRESS : networkOfAddress(keys.address);
  return [
    {
      key: `account-at:${keys.account.toLowerCase()}|${address}`,
      limit: SIGN_IN_LIMITS.accountAtAddress,
      who: "this account from this network address",
    },
    { key: `address:${address}`, limit: SIGN_IN_LIMITS.address, who: "this network address" },
  ];
}

/**
 * Counts this attempt before its password is checked, in one statement per key, and refuses it
 * when that makes one more than a limit allows: guesses sent all at once cannot all slip past a
 * check made before any of them was counted. A right password then gives its count back
 * (`forgiveSignInAttempt`); a wrong one stays counted.
 */
export async function reserveSignInAttempt(
  keys: ThrottleKeys,
  now = new Date(),
): Promise<ActionResult<null>> {
  await forgetEndedThrottleWindows(now);
  for (const { key, limit, who } of keysOf(keys)) {
    const counted = await countThrottleAttempt(key, SIGN_IN_WINDOW_MINUTES, now);
    if (counted.failures > limit) {
      const minutes = Math.max(
        1,
        Math.ceil(
          (counted.windowStart.getTime() + SIGN_IN_WINDOW_MINUTES * 60_000 - now.getTime()) /
            60_000,
        ),
      );
      return failure(
        "RATE_LIMITED",
        `Too many failed sign-ins for ${who}. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      );
    }
  }
  return success(null);
}

/** Sign-ups per network address per window: a venue's organizer and judges signing up together fit; a script making accounts does not. */
export const SIGN_UP_LIMIT = env.SIGN_UPS_PER_ADDRESS;

/** Counts a sign-up attempt against its address (made or refused alike), refusing it past the limit. */
export async function reserveSignUpAttempt(
  address: string | undefined,
  now = new Date(),
): Promise<ActionResult<null>> {
  await forgetEndedThrottleWindows(now);
  const counted = await countThrottleAttempt(
    `sign-up:address:${address === undefined ? UNKNOWN_ADDRESS : networkOfAddress(address)}`,
    SIGN_IN_WINDOW_MINUTES,
    now,
  );
  if (counted.failures <= SIGN_UP_LIMIT) return success(null);
  const minutes = Math.max(
    1,
    Math.ceil(
      (counted.windowStart.getTime() + SIGN_IN_WINDOW_MINUTES * 60_000 - now.getTime()) / 60_000,
    ),
  );
  return failure(
    "RATE_LIMITED",
    `Too many sign-ups from this network address. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  );
}

/** A right password: its reserved attempt was no failure, and that address's failures on the account are forgiven. */
export async function forgiveSignInAttempt(keys: ThrottleKeys): Promise<void> {
  const [accountAtAddress, address] = keysOf(keys);
  await prisma.signInThrottle.deleteMany({ where: { key: accountAtAddress!.key } });
  await prisma.$executeRaw`UPDATE "SignInThrottle" SET failures = GREATEST(failures - 1, 0) WHERE key = ${address!.key}`;
}

export async function countThrottleAttempt(
  key: string,
  windowMinutes: number,
  now: Date,
): Promise<{ failures: number; windowStart: Date }> {
  const windowStart = new Date(now.getTime() - windowMinutes * 60_000);
  const rows = await prisma.$queryRaw<{ failures: number; windowStart: Date }[]>`
    INSERT INTO "SignInThrottle" (key, "windowStart", failures) VALUES (${key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN "SignInThrottle"."windowStart" <= ${windowStart} THEN 1 ELSE "SignInThrottle".failures + 1 END,
      "windowStart" = CASE WHEN "SignInThrottle"."windowStart" <= ${windowStart} THEN ${now} ELSE "SignInThrottle"."windowStart" END
    RETURNING failures, "windowStart"`;
  return rows[0]!;
}

/**
 * Counts one failure under `key` in a window of `windowMinutes` (a new window once the last one
 * ended), and deletes every row whose window ended long enough ago: throttle rows are not history,
 * and made-up keys must not pile up.
 */
export async function countThrottleFailure(
  key: string,
  windowMinutes: number,
  now = new Date(),
): Promise<void> {
  const windowStart = new Date(now.getTime() - windowMinutes * 60_000);
  await prisma.$executeRaw`
    INSERT INTO "SignInThrottle" (key, "windowStart", failures) VALUES (${key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN "SignInThrottle"."windowStart" <= ${windowStart} THEN 1 ELSE "SignInThrottle".failures + 1 END,
      "windowStart" = CASE WHEN "SignInThrottle"."windowStart" <= ${windowStart} THEN ${now} ELSE "SignInThrottle"."windowStart" END`;
  await forgetEndedThrottleWindows(now);
}

/** The longest window any throttle uses: a row older than this counts for nothing anywhere. */
const LONGEST_WINDOW_MINUTES = 15;

export async function forgetEndedThrottleWindows(now = new Date()): Promise<void> {
  await prisma.signInThrottle.deleteMany({
    where: { windowStart: { lte: new Date(now.getTime() - LONGEST_WINDOW_MINUTES * 60_000) } },
  });
}
