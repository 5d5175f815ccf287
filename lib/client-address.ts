import { isIP } from "node:net";

/** An IP address in one spelling (IPv4-mapped IPv6 as IPv4, lower case), or undefined for anything else. */
export function normalizeAddress(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim().toLowerCase();
  if (!trimmed || trimmed.length > 64) return undefined;
  const unmapped =
    trimmed.startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
  return isIP(unmapped) ? unmapped : undefined;
}

/**
 * The address a request came from, for throttling. Every proxy appends the address it was
 * reached from to X-Forwarded-For, so with `trustedProxyHops` proxies in front of the app the
 * client is the Nth entry from the right; anything further left was written by the client and
 * is ignored. Without a trusted proxy (0) only the socket's own address counts. A request that
 * carries fewer entries than proxies configured reached the app some other way: its socket counts.
 */
export function clientAddressFrom(request: {
  peer: string | undefined;
  forwardedFor: string | null;
  trustedProxyHops: number;
}): string | undefined {
  const peer = normalizeAddress(request.peer);
  if (request.trustedProxyHops <= 0) return peer;
  const entries = (request.forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (entries.length < request.trustedProxyHops) return peer;
  return normalizeAddress(entries[entries.length - request.trustedProxyHops]) ?? peer;
}
