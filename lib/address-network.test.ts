import { describe, expect, it } from "vitest";
import { networkOfAddress } from "./address-network";

describe("networkOfAddress: what one network is, when counting registrations per network", () => {
  it("an IPv4 address is its own network (a venue's Wi-Fi shares one)", () => {
    expect(networkOfAddress("203.0.113.7")).toBe("203.0.113.7");
  });

  it("every address of one IPv6 /64 is the same network, however it is written", () => {
    const same = [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0:0:0:9",
      "2001:db8:1:2:abcd::",
    ].map(networkOfAddress);
    expect(new Set(same)).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(networkOfAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(networkOfAddress("::1")).toBe("0:0:0:0::/64");
    expect(networkOfAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
  });

  it("something that is not an address is counted as written", () => {
    expect(networkOfAddress(" Unknown ")).toBe("unknown");
  });
});
