import "server-only";
import { networkOfAddress } from "@/lib/address-network";
import { keyedDigest } from "@/lib/server/live/keyed-digest";

/**
 * What is stored of the network a phone registered from: a keyed hash of the network (an IPv4
 * address, an IPv6 /64), never the address. It groups registrations from one network and counts
 * them, and cannot be turned back into an address without the app's secret. Null: unknown.
 */
export function networkTagOf(address: string | undefined): string | null {
  return address === undefined ? null : keyedDigest("network-tag", networkOfAddress(address), 16);
}

/** The short label staff see for a network: six symbols of its tag, the same for every entry from it. */
export function networkLabel(tag: string | null): string {
  return tag === null ? "unknown network" : `network ${tag.slice(0, 6)}`;
}
