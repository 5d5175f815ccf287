import "server-only";
import { APIError } from "better-auth/api";
import { auth } from "./auth";
import { prisma } from "@/lib/server/infra/db";
import { forgetCheckedSession, forgetCheckedSessionsOf } from "./session";
import type { Actor } from "@/lib/server/tournament/staff";
import { failure, success, type ActionResult } from "@/lib/action-result";
import type { SignInInput, SignUpInput } from "@/lib/schemas/account";
import {
  forgiveSignInAttempt,
  reserveSignInAttempt,
  reserveSignUpAttempt,
} from "./sign-in-throttle";
import { clientAddressOf, withClientAddress } from "@/lib/server/infra/client-address";

/**
 * Creates an account and signs it in (the session cookie is set through Next's cookies()). Every
 * attempt counts against its network address (SIGN_UP_LIMIT per window), so neither accounts nor
 * answers about which emails have one come faster than that.
 */
export async function signUp(
  input: SignUpInput,
  requestHeaders: Headers,
): Promise<ActionResult<{ userId: string }>> {
  const throttle = await reserveSignUpAttempt(clientAddressOf(requestHeaders));
  if (!throttle.ok) return throttle;
  try {
    const created = await auth.api.signUpEmail({
      body: input,
      headers: withClientAddress(requestHeaders),
    });
    return success({ userId: created.user.id });
  } catch (error) {
    if (error instanceof APIError && /ALREADY_EXISTS/.test(String(error.body?.code))) {
      const message =
        "No new account can be made with this email. If you signed up with it before, sign in instead.";
      return failure("DUPLICATE", message, { email: [message] });
    }
    if (error instanceof APIError && error.status !== "INTERNAL_SERVER_ERROR")
      return failure("VALIDATION", error.body?.message ?? "Check the form and try again.");
    throw error;
  }
}

/** Signs in with email and password; an address that guessed too often is refused (sign-in-throttle.ts). */
export async function signIn(
  input: SignInInput,
  requestHeaders: Headers,
): Promise<ActionResult<{ userId: string }>> {
  const keys = { account: input.email, address: clientAddressOf(requestHeaders) };
  const throttle = await reserveSignInAttempt(keys);
  if (!throttle.ok) return throttle;
  try {
    const signedIn = await auth.api.signInEmail({
      body: input,
      headers: withClientAddress(requestHeaders),
    });
    await forgiveSignInAttempt(keys);
    return success({ userId: signedIn.user.id });
  } catch (error) {
    if (
      error instanceof APIError &&
      (error.status === "UNAUTHORIZED" || error.status === "BAD_REQUEST")
    ) {
      // Counted already, when it was reserved.
      return failure("VALIDATION", "That email and password do not match an account.", {
        password: ["Check your email and password."],
      });
    }
    throw error;
  }
}

export async function signOut(requestHeaders: Headers): Promise<void> {
  try {
    await auth.api.signOut({ headers: requestHeaders });
  } finally {
    forgetCheckedSession(requestHeaders);
  }
}

/** Ends every session of the signed-in account (a lost phone, a shared laptop): all are deleted. */
export async function signOutEverywhere(requestHeaders: Headers, userId: string): Promise<void> {
  try {
    await auth.api.revokeSessions({ headers: requestHeaders });
    await auth.api.signOut({ headers: requestHeaders }).catch(() => undefined);
  } finally {
    forgetCheckedSessionsOf(userId);
  }
}

export async function countSessions(userId: string): Promise<number> {
  return prisma.session.count({ where: { userId, expiresAt: { gt: new Date() } } });
}

/** The account `npm run db:demo` loads the demo as (printed by the script; a local demo only). */
export const DEMO_ORGANIZER = {
  name: "Demo Organizer",
  email: "demo@spellbook.test",
  password: "demo-organizer",
} as const;

export async function ensureDemoOrganizer(): Promise<Actor> {
  const existing = await prisma.user.findUnique({
    where: { email: DEMO_ORGANIZER.email },
    select: { id: true, name: true, email: true },
  });
  if (existing) return { userId: existing.id, name: existing.name, email: existing.email };
  const created = await auth.api.signUpEmail({ body: { ...DEMO_ORGANIZER } });
  return { userId: created.user.id, name: created.user.name, email: created.user.email };
}
