import { isIP } from "node:net";

/**
 * The network an address stands for when counting what one network does: an IPv4 address is its
 * own (a venue's Wi-Fi or a phone carrier shows one for many people), an IPv6 address its /64
 * (one home or phone gets a whole /64 and may pick any address in it). Anything that is not an
 * address is counted as written.
 */
export function networkOfAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  // A dual-stack socket shows an IPv4 client as ::ffff:1.2.3.4: that client is its IPv4 address.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed);
  if (mapped) return mapped[1]!;
  if (isIP(trimmed) !== 6) return trimmed;
  const [head = "", tail = ""] = trimmed.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = trimmed.includes("::") ? (tail === "" ? [] : tail.split(":")) : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) fills two groups; only the first four groups matter here.
  const tailCount = tailGroups.reduce((count, group) => count + (group.includes(".") ? 2 : 1), 0);
  const groups = trimmed.includes("::")
    ? [
        ...headGroups,
        ...Array<string>(Math.max(0, 8 - headGroups.length - tailCount)).fill("0"),
        ...tailGroups,
      ]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => (group.includes(".") ? group : group.replace(/^0+(?=.)/, "")))
    .join(":")}::/64`;
}
