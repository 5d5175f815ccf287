import "server-only";
import dns from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/*
 * The guard for requests this server makes to an address someone else named (a webhook
 * endpoint, a phone's push service): only public addresses, checked at the connection itself.
 */

/**
 * Where a webhook may be sent: only to public addresses, so an organizer cannot make the server
 * call itself, its LAN or a cloud metadata address (SSRF). WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=1
 * lifts it for a venue LAN (a Discord bot on the laptop next door) and for tests; see docs/webhooks.md.
 */
export function allowsPrivateWebhookAddresses(): boolean {
  const value = process.env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES;
  return value === "1" || value === "true";
}

/** An address on the public internet: not loopback, private, link-local, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === "unicast";
}

const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain)$/i;

/** Why `url` may not receive webhooks (null: it may), before any address is looked up. */
export function refuseWebhookUrlShape(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Enter a full address such as https://example.org/hooks/spellbook.";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return "A webhook address starts with https://.";
  if (parsed.protocol === "http:" && !allowPrivate)
    return "A webhook address must use https:// (plain http:// only on a venue LAN, see docs/webhooks.md).";
  if (parsed.username || parsed.password)
    return "Leave the user name and password out of the address; the signature proves the sender.";
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isPublicAddress(host) ? null : PRIVATE_REFUSAL;
  if (LOCAL_NAME.test(host) || !host.includes(".")) return PRIVATE_REFUSAL;
  return null;
}

export const PRIVATE_REFUSAL =
  "That address is on a private network or this server: webhooks go only to public internet addresses.";

/** Every address `host` resolves to; an error when none. */
async function resolveAll(host: string): Promise<dns.LookupAddress[]> {
  return dns.promises.lookup(host, { all: true, verbatim: true });
}

/** Why `url` may not receive webhooks, after resolving its name (at save and at every send). */
export async function refuseWebhookUrl(url: string): Promise<string | null> {
  const allowPrivate = allowsPrivateWebhookAddresses();
  const shape = refuseWebhookUrlShape(url, allowPrivate);
  if (shape || allowPrivate) return shape;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return null;
  try {
    const addresses = await resolveAll(host);
    return addresses.every((entry) => isPublicAddress(entry.address)) ? null : PRIVATE_REFUSAL;
  } catch {
    return `The name ${host} could not be found; check the address.`;
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that resolves the name and connects only to public addresses: the
 * address checked is the address connected to, so a name re-pointed after the check gains nothing.
 */
export function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  lookupWithin(allowsPrivateWebhookAddresses(), hostname, options, callback);
}

/** The same lookup, with private addresses allowed or not by its caller's own setting. */
export function lookupWithin(
  allowPrivate: boolean,
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const usable = allowPrivate
      ? addresses
      : addresses.filter((entry) => isPublicAddress(entry.address));
    if (usable.length === 0) {
      const refused = Object.assign(new Error(PRIVATE_REFUSAL), { code: "EPRIVATE" });
      return callback(refused, []);
    }
    if (options.all) return callback(null, usable);
    const [first] = usable as [dns.LookupAddress];
    return callback(null, first.address, first.family);
  });
}
