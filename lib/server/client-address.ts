import "server-only";
import { clientAddressFrom } from "@/lib/client-address";
import { env } from "./env";
import { peerAddressHeaderName } from "./peer-address";

/** What Better Auth reads a request's address from (its limiter and its sessions' ipAddress): always set by us, never the client's. */
export const CLIENT_ADDRESS_HEADER = "x-spellbook-client-address";

/** The address a request came from, as far as TRUSTED_PROXY_HOPS lets us know it (for throttling). */
export function clientAddressOf(requestHeaders: Headers): string | undefined {
  return clientAddressFrom({
    peer: requestHeaders.get(peerAddressHeaderName()) ?? undefined,
    forwardedFor: requestHeaders.get("x-forwarded-for"),
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
  });
}

/** A copy of the headers whose client-address header is ours alone, for calls into Better Auth. */
export function withClientAddress(requestHeaders: Headers): Headers {
  const copy = new Headers(requestHeaders);
  const address = clientAddressOf(requestHeaders);
  if (address) copy.set(CLIENT_ADDRESS_HEADER, address);
  else copy.delete(CLIENT_ADDRESS_HEADER);
  return copy;
}
