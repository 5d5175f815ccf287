import { describe, expect, it } from "vitest";
import { clientAddressFrom } from "./client-address";

describe("clientAddressFrom: X-Forwarded-For is believed only as far as trusted proxies wrote it", () => {
  it("with no trusted proxy (the default) the socket's address counts, whatever the client sent", () => {
    expect(
      clientAddressFrom({ peer: "203.0.113.7", forwardedFor: "10.0.0.1", trustedProxyHops: 0 }),
    ).toBe("203.0.113.7");
    expect(
      clientAddressFrom({ peer: "203.0.113.7", forwardedFor: null, trustedProxyHops: 0 }),
    ).toBe("203.0.113.7");
  });

  it("rotating a forged X-Forwarded-For changes nothing without a trusted proxy", () => {
    const seen = new Set(
      ["1.1.1.1", "2.2.2.2", "3.3.3.3"].map((forged) =>
        clientAddressFrom({ peer: "198.51.100.2", forwardedFor: forged, trustedProxyHops: 0 }),
      ),
    );
    expect([...seen]).toEqual(["198.51.100.2"]);
  });

  it("with N trusted proxies, the Nth address from the right is the client (what the client wrote itself is further left)", () => {
    const forwardedFor = "6.6.6.6, 203.0.113.9";
    expect(clientAddressFrom({ peer: "10.0.0.2", forwardedFor, trustedProxyHops: 1 })).toBe(
      "203.0.113.9",
    );
    expect(
      clientAddressFrom({
        peer: "10.0.0.3",
        forwardedFor: "6.6.6.6, 203.0.113.9, 10.0.0.2",
        trustedProxyHops: 2,
      }),
    ).toBe("203.0.113.9");
    expect(
      clientAddressFrom({
        peer: "10.0.0.3",
        forwardedFor: "6.6.6.6,203.0.113.9 ,  10.0.0.2",
        trustedProxyHops: 2,
      }),
    ).toBe("203.0.113.9");
  });

  it("a request that passed fewer proxies than configured (reached the app directly) counts by its socket address", () => {
    expect(
      clientAddressFrom({
        peer: "203.0.113.50",
        forwardedFor: "203.0.113.50",
        trustedProxyHops: 2,
      }),
    ).toBe("203.0.113.50");
    expect(
      clientAddressFrom({ peer: "203.0.113.50", forwardedFor: null, trustedProxyHops: 1 }),
    ).toBe("203.0.113.50");
  });

  it("an address is normalized (IPv4-mapped IPv6) and anything that is not an address is not believed", () => {
    expect(
      clientAddressFrom({ peer: "::ffff:192.0.2.4", forwardedFor: null, trustedProxyHops: 0 }),
    ).toBe("192.0.2.4");
    expect(
      clientAddressFrom({ peer: "10.0.0.2", forwardedFor: "x".repeat(500), trustedProxyHops: 1 }),
    ).toBe("10.0.0.2");
    expect(
      clientAddressFrom({ peer: "10.0.0.2", forwardedFor: "not an address", trustedProxyHops: 1 }),
    ).toBe("10.0.0.2");
    expect(
      clientAddressFrom({ peer: undefined, forwardedFor: "1.2.3.4", trustedProxyHops: 0 }),
    ).toBeUndefined();
  });
});
