import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { signIn } from "./accounts";
import { createSignedInAccount, requestFrom } from "@/test/accounts";
import { SIGN_IN_LIMITS, SIGN_IN_WINDOW_MINUTES } from "./sign-in-throttle";

afterAll(async () => {
  await prisma.$disconnect();
});

const RIGHT = "correct horse battery";

describe("signing in is throttled per account and address without locking the right password out", () => {
  it("wrong passwords from anywhere else never lock the account: the right password still signs in", async () => {
    const account = await createSignedInAccount("Organizer Olga");
    for (let attempt = 0; attempt < 15; attempt++) {
      const wrong = await signIn(
        { email: account.email, password: "not the password" },
        requestFrom(`10.0.0.${attempt}`),
      );
      expect(wrong.ok || wrong.error.code).toBe("VALIDATION");
    }
    expect(
      (await signIn({ email: account.email, password: RIGHT }, requestFrom("10.0.1.1"))).ok,
    ).toBe(true);
  });

  it("one address guessing one account is stopped after 5 failures, without the password being checked, and told when to retry", async () => {
    const account = await createSignedInAccount("Throttled Tess");
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.accountAtAddress; attempt++)
      await signIn({ email: account.email, password: "not the password" }, requestFrom("10.0.2.1"));
    const refused = await signIn(
      { email: account.email, password: RIGHT },
      requestFrom("10.0.2.1"),
    );
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe("RATE_LIMITED");
      expect(refused.error.message).toMatch(
        /Too many failed sign-ins for this account from this network address\. Try again in \d+ minutes?\./,
      );
    }
    // The account's owner elsewhere is not affected.
    expect(
      (await signIn({ email: account.email, password: RIGHT }, requestFrom("10.0.2.2"))).ok,
    ).toBe(true);
  });

  it("an IPv6 network is one address: guesses from many addresses of one /64 are stopped as one address's (a home is given a whole /64)", async () => {
    const account = await createSignedInAccount("Sixty Four Sam");
    const guesses = Array.from(
      { length: SIGN_IN_LIMITS.accountAtAddress },
      (_, index) => `2001:db8:5:7::${(index + 1).toString(16)}`,
    );
    for (const address of guesses)
      await signIn({ email: account.email, password: "not the password" }, requestFrom(address));
    expect(
      await signIn({ email: account.email, password: RIGHT }, requestFrom("2001:db8:5:7:ffff::1f")),
    ).toMatchObject({ ok: false, error: { code: "RATE_LIMITED" } });
    // Another /64, and an IPv4 client shown by a dual-stack socket as ::ffff:, are other networks.
    expect(
      (await signIn({ email: account.email, password: RIGHT }, requestFrom("2001:db8:5:8::1"))).ok,
    ).toBe(true);
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.accountAtAddress; attempt++)
      await signIn(
        { email: account.email, password: "not the password" },
        requestFrom("::ffff:10.0.9.1"),
      );
    expect(
      await signIn({ email: account.email, password: RIGHT }, requestFrom("10.0.9.1")),
    ).toMatchObject({ ok: false, error: { code: "RATE_LIMITED" } });
  });

  it("a right password before the limit signs in and forgives that address's failures on the account", async () => {
    const account = await createSignedInAccount("Forgiven Fay");
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.accountAtAddress - 1; attempt++)
      await signIn({ email: account.email, password: "nope nope nope" }, requestFrom("10.0.3.1"));
    expect(
      (await signIn({ email: account.email, password: RIGHT }, requestFrom("10.0.3.1"))).ok,
    ).toBe(true);
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.accountAtAddress - 1; attempt++) {
      const again = await signIn(
        { email: account.email, password: "nope nope nope" },
        requestFrom("10.0.3.1"),
      );
      expect(again.ok || again.error.code).toBe("VALIDATION");
    }
  });

  it("guesses sent all at once from one address reach the password check no more often than the limit allows", async () => {
    const account = await createSignedInAccount("Parallel Guesses");
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        signIn({ email: account.email, password: "not the password" }, requestFrom("10.0.9.1")),
      ),
    );
    const checked = answers.filter(
      (answer) => !answer.ok && answer.error.code === "VALIDATION",
    ).length;
    expect(checked).toBeLessThanOrEqual(SIGN_IN_LIMITS.accountAtAddress);
    expect(
      answers.filter((answer) => !answer.ok && answer.error.code === "RATE_LIMITED").length,
    ).toBe(30 - checked);
    // And the right password from another address still signs in.
    expect(
      (await signIn({ email: account.email, password: RIGHT }, requestFrom("10.0.9.2"))).ok,
    ).toBe(true);
  });

  it("one address guessing across many accounts is refused after 20 failures", async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.address; attempt++) {
      await signIn(
        { email: `guess-${attempt}@example.test`, password: "password123" },
        requestFrom("10.9.9.9"),
      );
    }
    const account = await createSignedInAccount("Shared Wifi Sam");
    const refused = await signIn(
      { email: account.email, password: RIGHT },
      requestFrom("10.9.9.9"),
    );
    expect(refused.ok || refused.error.message).toMatch(/this network address/);
    expect(
      (await signIn({ email: account.email, password: RIGHT }, requestFrom("10.9.9.10"))).ok,
    ).toBe(true);
  });
});

describe("a client's own X-Forwarded-For is not believed (no trusted proxy by default)", () => {
  it("rotating X-Forwarded-For does not escape the address limit", async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.address; attempt++) {
      await signIn(
        { email: `rotate-${attempt}@example.test`, password: "password123" },
        requestFrom("10.8.0.1", { forwardedFor: `172.16.0.${attempt}` }),
      );
    }
    const refused = await signIn(
      { email: "rotate-last@example.test", password: "password123" },
      requestFrom("10.8.0.1", { forwardedFor: "172.16.1.1" }),
    );
    expect(refused.ok || refused.error.code).toBe("RATE_LIMITED");
  });

  it("forging a victim's address in X-Forwarded-For does not lock the victim out", async () => {
    const victim = await createSignedInAccount("Victim Vera");
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.address + 5; attempt++) {
      await signIn(
        { email: victim.email, password: "wrong wrong wrong" },
        requestFrom("10.7.0.1", { forwardedFor: "10.7.0.99" }),
      );
    }
    expect(
      (await signIn({ email: victim.email, password: RIGHT }, requestFrom("10.7.0.99"))).ok,
    ).toBe(true);
  });

  it("throttle rows whose window has ended are deleted, not kept forever", async () => {
    const ended = new Date(Date.now() - (SIGN_IN_WINDOW_MINUTES + 1) * 60_000);
    await prisma.signInThrottle.create({
      data: { key: "address:192.0.2.200", windowStart: ended, failures: 3 },
    });
    await signIn(
      { email: "cleanup@example.test", password: "password123" },
      requestFrom("10.6.0.1"),
    );
    expect(await prisma.signInThrottle.count({ where: { windowStart: { lte: ended } } })).toBe(0);
  });
});
