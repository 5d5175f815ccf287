/**
 * Which of this computer's addresses phones in the room can open, from what
 * `os.networkInterfaces()` lists (given, not read here, so it is tested as data).
 */
export type NetworkInterfaces = Record<
  string,
  readonly { address: string; family: string | number; internal: boolean }[] | undefined
>;

export type LanAddress = { address: string; interfaceName: string };

/** Adapters of containers, virtual machines and VPNs: a phone on the venue's Wi-Fi reaches none of them. */
const VIRTUAL_ADAPTER =
  /^(docker|br-|veth|virbr|vboxnet|vmnet|vnic|cni|flannel|cali|weave|kube|podman|lxc|lxd|tun|tap|utun|wg|zt|tailscale|vethernet|awdl|llw|bridge)/i;

const isIPv4 = (family: string | number) => family === "IPv4" || family === 4;

/** RFC 1918 ranges, the ones a venue's or a phone hotspot's network hands out. */
function isPrivateIPv4(address: string): boolean {
  const [a = 0, b = 0] = address.split(".").map(Number);
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/**
 * The laptop's IPv4 address on the venue's network: a private one first (in the system's order),
 * else any other routable one; never loopback, link-local (169.254/16, no DHCP answered) or an
 * adapter of a container, a virtual machine or a VPN.
 */
export function chooseLanAddress(interfaces: NetworkInterfaces): LanAddress | undefined {
  const candidates = Object.entries(interfaces)
    .filter(([name]) => !VIRTUAL_ADAPTER.test(name))
    .flatMap(([interfaceName, addresses]) =>
      (addresses ?? [])
        .filter(
          ({ family, internal, address }) =>
            isIPv4(family) && !internal && !address.startsWith("169.254."),
        )
        .map(({ address }) => ({ address, interfaceName })),
    );
  return candidates.find(({ address }) => isPrivateIPv4(address)) ?? candidates[0];
}

/** What the interfaces say now: the LAN address, and whether it differs from the one last said. */
export function lanAddressUpdate(
  previous: string | undefined,
  interfaces: NetworkInterfaces,
): { address: string | undefined; changed: boolean } {
  const address = chooseLanAddress(interfaces)?.address;
  return { address, changed: address !== previous };
}

/** The address phones open: plain HTTP on the laptop's address and the app's port. */
export function venueUrl(address: string, port: number): string {
  return `http://${address}${port === 80 ? "" : `:${port}`}`;
}

/**
 * Every host (as a browser's Host header names it) at which this app is itself: localhost and this
 * computer's own addresses at its port (link-local IPv6 left out), and the configured public addresses.
 */
export function appHosts(
  port: number,
  interfaces: NetworkInterfaces,
  publicAddresses: readonly string[],
): string[] {
  const own = Object.values(interfaces)
    .flatMap((addresses) => addresses ?? [])
    .filter(({ internal, address }) => !internal && !address.toLowerCase().startsWith("fe80:"))
    .map(({ address, family }) => (isIPv4(family) ? address : `[${address}]`));
  const atPort = (host: string) => (port === 80 ? host : `${host}:${port}`);
  const configured = publicAddresses.flatMap((address) => {
    try {
      return [new URL(address).host];
    } catch {
      return [];
    }
  });
  return [...new Set([...["localhost", "127.0.0.1", "[::1]", ...own].map(atPort), ...configured])];
}
