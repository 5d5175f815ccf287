import { describe, expect, it } from "vitest";
import {
  checkRegistrationToken,
  readRegistrationToken,
  registrationTokenFor,
} from "./registration-token";
import { networkLabel, networkTagOf } from "@/lib/server/infra/network-tag";
import { fromBase32, toBase32 } from "@/lib/server/live/keyed-digest";

const MINUTE = 60_000;
const shownAt = new Date(Date.UTC(2026, 10, 28, 18, 2, 30));

describe("the check-in screen's registration token", () => {
  it("is signed for one tournament and one 5-minute step, and the screen knows when to show the next", () => {
    const { token, refreshAt } = registrationTokenFor("tournament-a", shownAt);
    expect(token).toMatch(/^[0-9A-HJKMNP-TV-Z]+-[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(fromBase32(token.split("-")[0]!)).toBe(Math.floor(shownAt.getTime() / (5 * MINUTE)));
    expect(refreshAt).toEqual(new Date(Date.UTC(2026, 10, 28, 18, 5)));
    expect(
      registrationTokenFor("tournament-a", new Date(shownAt.getTime() + 2 * MINUTE)).token,
    ).toBe(token);
    expect(
      registrationTokenFor("tournament-a", new Date(shownAt.getTime() + 3 * MINUTE)).token,
    ).not.toBe(token);
    expect(registrationTokenFor("tournament-b", shownAt).token).not.toBe(token);
  });

  it("works for 20 minutes after it was scanned, also typed in lower case or with O for 0 and I or L for 1; then it has expired", () => {
    const { token } = registrationTokenFor("tournament-a", shownAt);
    expect(
      checkRegistrationToken("tournament-a", token, new Date(shownAt.getTime() + 20 * MINUTE)),
    ).toBeNull();
    expect(checkRegistrationToken("tournament-a", token.toLowerCase(), shownAt)).toBeNull();
    expect(
      checkRegistrationToken("tournament-a", token.replace(/0/g, "O").replace(/1/g, "l"), shownAt),
    ).toBeNull();
    expect(
      checkRegistrationToken("tournament-a", token, new Date(shownAt.getTime() + 25 * MINUTE)),
    ).toMatchObject({ ok: false, error: { code: "REGISTRATION_LINK_EXPIRED" } });
  });

  it("a token for another tournament, a changed signature or step, or anything else is not signed", () => {
    const { token } = registrationTokenFor("tournament-a", shownAt);
    const [step, signature] = token.split("-") as [string, string];
    const forged = [
      registrationTokenFor("tournament-b", shownAt).token,
      `${step}-${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`,
      `${toBase32(fromBase32(step) + 1)}-${signature}`,
      "hello",
      `${step}-${signature}x`,
    ];
    for (const attempt of forged)
      expect(readRegistrationToken("tournament-a", attempt), attempt).toEqual({
        status: "not-signed",
      });
    for (const nothing of [undefined, "", "  ", 42])
      expect(readRegistrationToken("tournament-a", nothing)).toEqual({ status: "missing" });
  });
});

describe("a registration's network, as stored and shown", () => {
  it("is a keyed hash, the same for one network (an IPv6 /64 included), never the address itself", () => {
    const tag = networkTagOf("203.0.113.7")!;
    expect(tag).toMatch(/^[0-9A-Z]{16}$/);
    expect(tag).not.toContain("203");
    expect(networkTagOf("203.0.113.7")).toBe(tag);
    expect(networkTagOf("203.0.113.8")).not.toBe(tag);
    expect(networkTagOf("2001:db8:1:2::1")).toBe(networkTagOf("2001:db8:1:2::99"));
    expect(networkTagOf(undefined)).toBeNull();
    expect(networkLabel(tag)).toBe(`network ${tag.slice(0, 6)}`);
    expect(networkLabel(null)).toBe("unknown network");
  });
});
