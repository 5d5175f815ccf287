import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { auth } from "./auth";
import { countSessions, signOut, signOutEverywhere, signUp } from "./accounts";
import { SIGN_UP_LIMIT } from "./sign-in-throttle";
import { getSignedInActor } from "./session";
import { createSignedInAccount, requestFrom } from "@/test/accounts";
import { POST as authEndpoint } from "@/app/api/auth/[...all]/route";

afterAll(async () => {
  await prisma.$disconnect();
});

/** A second browser signing in to the same account: its own session cookie. */
async function anotherSession(email: string): Promise<Headers> {
  const response = await auth.api.signInEmail({
    body: { email, password: "correct horse battery" },
    asResponse: true,
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
  return new Headers({ cookie });
}

describe("sessions are stored, and can be ended", () => {
  it("signing out ends that session only; the account's other sessions go on", async () => {
    const account = await createSignedInAccount("Two Phones Tom");
    const laptop = await anotherSession(account.email);
    expect(await countSessions(account.userId)).toBe(2);
    // Both sessions were used (and so are remembered as checked) before one signs out.
    expect((await getSignedInActor(account.headers))?.userId).toBe(account.userId);
    expect((await getSignedInActor(laptop))?.userId).toBe(account.userId);
    await signOut(account.headers);
    expect(await getSignedInActor(account.headers)).toBeNull();
    expect((await getSignedInActor(laptop))?.userId).toBe(account.userId);
  });

  it("signing out everywhere revokes every session of the account (a lost phone)", async () => {
    const account = await createSignedInAccount("Lost Phone Lu");
    const lostPhone = await anotherSession(account.email);
    expect((await getSignedInActor(lostPhone))?.userId).toBe(account.userId);
    await signOutEverywhere(account.headers, account.userId);
    expect(await getSignedInActor(account.headers)).toBeNull();
    expect(await getSignedInActor(lostPhone)).toBeNull();
    expect(await countSessions(account.userId)).toBe(0);
  });

  it("Better Auth's own endpoint revoking sessions ends them at once here too, though they were checked moments before", async () => {
    const account = await createSignedInAccount("Endpoint Eve");
    const laptop = await anotherSession(account.email);
    expect((await getSignedInActor(laptop))?.userId).toBe(account.userId);
    const origin = "http://localhost:3000";
    const response = await authEndpoint(
      new Request(`${origin}/api/auth/revoke-other-sessions`, {
        method: "POST",
        headers: { cookie: account.cookie, origin, "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(response.status).toBe(200);
    expect(await countSessions(account.userId)).toBe(1);
    expect(await getSignedInActor(laptop)).toBeNull();
  });

  it("a request carrying two session cookies of one name is never remembered under either", async () => {
    const [first, second] = [
      await createSignedInAccount("Cookie One"),
      await createSignedInAccount("Cookie Two"),
    ];
    const sessionCookie = (cookie: string) =>
      cookie.split("; ").find((part) => part.startsWith("better-auth.session_token="))!;
    const both = new Headers({
      cookie: `${sessionCookie(first.cookie)}; ${sessionCookie(second.cookie)}`,
    });
    await getSignedInActor(both);
    // The second cookie alone is the second account, whatever the pair above was taken for.
    expect(
      (await getSignedInActor(new Headers({ cookie: sessionCookie(second.cookie) })))?.userId,
    ).toBe(second.userId);
    expect(
      (await getSignedInActor(new Headers({ cookie: sessionCookie(first.cookie) })))?.userId,
    ).toBe(first.userId);
  });

  it("a session past its expiry is no session", async () => {
    const account = await createSignedInAccount("Expired Ed");
    await prisma.session.updateMany({
      where: { userId: account.userId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await getSignedInActor(account.headers)).toBeNull();
  });

  it("passwords are stored as slow scrypt hashes, never as typed", async () => {
    const account = await createSignedInAccount("Hashed Hal");
    const credential = await prisma.account.findFirstOrThrow({
      where: { userId: account.userId, providerId: "credential" },
    });
    expect(credential.password).not.toContain("correct horse battery");
    expect(credential.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
  });
});

describe("signing up from one network address", () => {
  const fresh = (name: string) => ({
    name,
    email: `${name.toLowerCase().replace(/\W+/g, "-")}-${Math.random().toString(36).slice(2)}@example.test`,
    password: "correct horse battery",
  });

  it("is limited per address: a script cannot make accounts faster than SIGN_UP_LIMIT per window, another address still can", async () => {
    const address = `10.90.${Math.floor(Math.random() * 250)}.1`;
    for (let index = 0; index < SIGN_UP_LIMIT; index++)
      expect((await signUp(fresh(`Batch ${index}`), requestFrom(address))).ok).toBe(true);
    const refused = await signUp(fresh("One Too Many"), requestFrom(address));
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: "RATE_LIMITED",
        message: expect.stringMatching(
          /Too many sign-ups from this network address\. Try again in \d+ minutes?\./,
        ),
      },
    });
    expect(await prisma.user.count({ where: { name: "One Too Many" } })).toBe(0);
    expect((await signUp(fresh("Elsewhere"), requestFrom(`${address}0`))).ok).toBe(true);
  });

  it("a taken email's answer does not say an account exists, and counts as an attempt like any other", async () => {
    const address = `10.91.${Math.floor(Math.random() * 250)}.1`;
    const taken = await createSignedInAccount("Taken Tina");
    const answer = await signUp(
      { name: "Someone Else", email: taken.email, password: "another password" },
      requestFrom(address),
    );
    expect(answer).toMatchObject({
      ok: false,
      error: {
        message:
          "No new account can be made with this email. If you signed up with it before, sign in instead.",
      },
    });
    expect(JSON.stringify(answer)).not.toMatch(/already exists|has an account/i);
    for (let index = 1; index < SIGN_UP_LIMIT; index++)
      await signUp({ ...fresh("Probe"), email: taken.email }, requestFrom(address));
    expect(
      await signUp({ ...fresh("Probe"), email: taken.email }, requestFrom(address)),
    ).toMatchObject({ ok: false, error: { code: "RATE_LIMITED" } });
  });
});
