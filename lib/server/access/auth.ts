import "server-only";
import { networkInterfaces } from "node:os";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { prisma } from "@/lib/server/infra/db";
import { env } from "@/lib/server/infra/env";
import { CLIENT_ADDRESS_HEADER } from "@/lib/server/infra/client-address";
import { adoptOwnerlessTournaments } from "@/lib/server/tournament/staff";
import { APIError } from "better-auth/api";
import { AccountNameSchema, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/schemas/account";
import { appHosts } from "@/lib/lan-address";

/** Sessions last two weeks and are renewed once a day while used (an event weekend and more). */
const SESSION_DAYS = 14;

/**
 * Accounts and sessions, through Better Auth: email and password with scrypt hashes
 * (its default: a memory-hard, slow hash), sessions stored in PostgreSQL (they expire, and signing
 * out or revoking deletes them), cookies httpOnly, SameSite=Lax and Secure in production.
 *
 * People sign up and in through this app's own forms (server actions in
 * lib/server/access/auth-actions.ts, which add per-account and per-address throttling), so
 * Better Auth's own HTTP endpoints for that are switched off; its handler stays mounted at
 * /api/auth for session reads and sign-out.
 */

/** Sign-up's limits on a name hold for every write Better Auth makes, whichever way it is reached. */
function assertAccountName(name: unknown): void {
  const parsed = AccountNameSchema.safeParse(name);
  if (!parsed.success)
    throw new APIError("BAD_REQUEST", {
      message: parsed.error.issues[0]?.message ?? "That name cannot be used.",
    });
}

/**
 * Where accounts are reached: BETTER_AUTH_URL behind a proxy; otherwise whichever of this server's
 * own addresses a request names (localhost, 127.0.0.1, the LAN address a venue laptop is opened at,
 * the public address), and the public address (else localhost) for a host that is none of them.
 */
function authBaseUrl() {
  if (env.BETTER_AUTH_URL) return env.BETTER_AUTH_URL;
  const publicUrls = env.PUBLIC_URL ? [env.PUBLIC_URL] : [];
  return {
    allowedHosts: appHosts(env.PORT, networkInterfaces(), publicUrls),
    fallback: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  };
}

export const auth = betterAuth({
  secret: env.BETTER_AUTH_SECRET,
  baseURL: authBaseUrl(),
  database: prismaAdapter(prisma, { provider: "postgresql" }),
  emailAndPassword: {
    enabled: true,
    minPasswordLength: MIN_PASSWORD_LENGTH,
    maxPasswordLength: MAX_PASSWORD_LENGTH,
    autoSignIn: true,
  },
  session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
  // Names and emails are fixed at sign-up: a staff member renaming themselves for a moment could
  // otherwise pass as someone else on screens that show account names.
  disabledPaths: ["/sign-in/email", "/sign-up/email", "/update-user", "/change-email"],
  rateLimit: { enabled: true, storage: "database", window: 60, max: 100 },
  advanced: {
    useSecureCookies: env.NODE_ENV === "production" && !env.ALLOW_INSECURE_COOKIES,
    // Set by app/api/auth and lib/server/access/accounts.ts from TRUSTED_PROXY_HOPS, never taken from the client.
    ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
  },
  telemetry: { enabled: false },
  logger: {
    log: (level, message, ...args) =>
      (level === "error" ? console.error : level === "warn" ? console.warn : console.log)(
        `[auth] ${message}`,
        ...args,
      ),
  },
  databaseHooks: {
    user: {
      create: {
        before: async (user) => {
          assertAccountName(user.name);
        },
        after: async (user) => {
          // The very first account takes over tournaments made before accounts existed.
          await adoptOwnerlessTournaments(user.id);
        },
      },
      update: {
        before: async (user) => {
          if ("name" in user) assertAccountName(user.name);
        },
      },
    },
  },
  // Must be last: lets server actions set the session cookie through Next's cookies().
  plugins: [nextCookies()],
});
