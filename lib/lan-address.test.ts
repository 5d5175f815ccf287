import { describe, expect, it } from "vitest";
import {
  appHosts,
  chooseLanAddress,
  lanAddressUpdate,
  type NetworkInterfaces,
  venueUrl,
} from "./lan-address";

const v4 = (address: string, internal = false) => ({ address, family: "IPv4", internal });
const v6 = (address: string, internal = false) => ({ address, family: "IPv6", internal });

/** A laptop on the venue's Wi-Fi that also runs Docker and a VPN. */
const laptop: NetworkInterfaces = {
  lo: [v4("127.0.0.1", true), v6("::1", true)],
  docker0: [v4("172.17.0.1")],
  "br-5f2a": [v4("172.18.0.1")],
  tailscale0: [v4("100.101.102.103")],
  wlan0: [v4("192.168.1.20"), v6("fe80::1c2d:3e4f:5a6b:7c8d")],
};

describe("the laptop's address on the venue's network", () => {
  it("is the Wi-Fi's private IPv4 address, not loopback, Docker's bridges or a VPN", () => {
    expect(chooseLanAddress(laptop)).toEqual({ address: "192.168.1.20", interfaceName: "wlan0" });
  });

  it("prefers a private range to any other address, whatever the order", () => {
    expect(
      chooseLanAddress({
        eth0: [v4("203.0.113.7")],
        en0: [v4("10.0.0.5")],
        lo: [v4("127.0.0.1", true)],
      }),
    ).toEqual({ address: "10.0.0.5", interfaceName: "en0" });
    expect(chooseLanAddress({ en0: [v4("172.20.10.2")] })?.address).toBe("172.20.10.2");
  });

  it("takes a routable address when no private one exists, never a link-local one", () => {
    expect(
      chooseLanAddress({ eth0: [v4("169.254.10.20")], eth1: [v4("192.0.2.2")] })?.address,
    ).toBe("192.0.2.2");
    expect(chooseLanAddress({ eth0: [v4("169.254.10.20")] })).toBeUndefined();
  });

  it("skips virtual machines' and containers' adapters by name, on every system", () => {
    const virtual: NetworkInterfaces = {
      "vEthernet (WSL)": [v4("172.29.64.1")],
      vboxnet0: [v4("192.168.56.1")],
      vmnet8: [v4("192.168.200.1")],
      virbr0: [v4("192.168.122.1")],
      veth1a2b: [v4("10.88.0.1")],
      utun3: [v4("10.8.0.2")],
    };
    expect(chooseLanAddress(virtual)).toBeUndefined();
    expect(chooseLanAddress({ ...virtual, "Wi-Fi": [v4("192.168.0.14")] })?.address).toBe(
      "192.168.0.14",
    );
  });

  it("is none on a laptop with no network, and reads Node's older numeric family", () => {
    expect(chooseLanAddress({ lo: [v4("127.0.0.1", true)] })).toBeUndefined();
    expect(
      chooseLanAddress({ en0: [{ address: "192.168.4.2", family: 4, internal: false }] })?.address,
    ).toBe("192.168.4.2");
  });

  it("is written as the address phones open", () => {
    expect(venueUrl("192.168.1.20", 3000)).toBe("http://192.168.1.20:3000");
    expect(venueUrl("192.168.1.20", 80)).toBe("http://192.168.1.20");
  });
});

describe("a change of the laptop's address while the app runs", () => {
  it("is news once: a new address, then the same address again, then none", () => {
    const moved: NetworkInterfaces = { ...laptop, wlan0: [v4("192.168.1.57")] };
    const offline: NetworkInterfaces = { lo: laptop.lo };
    expect(lanAddressUpdate("192.168.1.20", laptop)).toEqual({
      address: "192.168.1.20",
      changed: false,
    });
    expect(lanAddressUpdate("192.168.1.20", moved)).toEqual({
      address: "192.168.1.57",
      changed: true,
    });
    expect(lanAddressUpdate("192.168.1.57", moved).changed).toBe(false);
    expect(lanAddressUpdate("192.168.1.57", offline)).toEqual({
      address: undefined,
      changed: true,
    });
    expect(lanAddressUpdate(undefined, offline).changed).toBe(false);
  });
});

describe("the hosts the app answers to as itself", () => {
  it("are this computer's own addresses at the port, and the public address's host", () => {
    expect(appHosts(3713, laptop, ["https://events.example.org/"])).toEqual([
      "localhost:3713",
      "127.0.0.1:3713",
      "[::1]:3713",
      "172.17.0.1:3713",
      "172.18.0.1:3713",
      "100.101.102.103:3713",
      "192.168.1.20:3713",
      "events.example.org",
    ]);
  });

  it("name a host without its port too on port 80, as browsers send it", () => {
    expect(appHosts(80, { en0: [v4("192.168.1.20")] }, [])).toEqual([
      "localhost",
      "127.0.0.1",
      "[::1]",
      "192.168.1.20",
    ]);
  });
});
