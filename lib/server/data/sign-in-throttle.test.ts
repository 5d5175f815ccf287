import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "../db";
import { signIn } from "../accounts";
import { createSignedInAccount } from "@/test/accounts";
import { SIGN_IN_LIMITS } from "./sign-in-throttle";

afterAll(async () => {
  await prisma.$disconnect();
});

const from = (address: string) => new Headers({ "x-forwarded-for": address });

describe("issue 8: signing in is rate-limited per account and per address", () => {
  it("after 5 wrong passwords the account is refused for a while, even with the right password, and says when to try again", async () => {
    const account = await createSignedInAccount("Throttled Tess");
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.account; attempt++) {
      const wrong = await signIn({ email: account.email, password: "not the password" }, from(`10.0.0.${attempt}`));
      expect(wrong.ok || wrong.error.code).toBe("VALIDATION");
    }
    const refused = await signIn({ email: account.email, password: "correct horse battery" }, from("10.0.1.1"));
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe("RATE_LIMITED");
      expect(refused.error.message).toMatch(/Too many failed sign-ins for this account\. Try again in \d+ minutes?\./);
    }
  });

  it("a right password before the limit signs in and forgives the account's failures", async () => {
    const account = await createSignedInAccount("Forgiven Fay");
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.account - 1; attempt++) await signIn({ email: account.email, password: "nope nope nope" }, from("10.0.2.1"));
    expect((await signIn({ email: account.email, password: "correct horse battery" }, from("10.0.2.1"))).ok).toBe(true);
    const again = await signIn({ email: account.email, password: "nope nope nope" }, from("10.0.2.2"));
    expect(again.ok || again.error.code).toBe("VALIDATION");
  });

  it("one address guessing across many accounts is refused after 20 failures", async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.address; attempt++) {
      await signIn({ email: `guess-${attempt}@example.test`, password: "password123" }, from("10.9.9.9"));
    }
    const account = await createSignedInAccount("Shared Wifi Sam");
    const refused = await signIn({ email: account.email, password: "correct horse battery" }, from("10.9.9.9"));
    expect(refused.ok || refused.error.message).toMatch(/this network address/);
    // The same account from elsewhere is fine.
    expect((await signIn({ email: account.email, password: "correct horse battery" }, from("10.9.9.10"))).ok).toBe(true);
  });
});
