import "server-only";
import { clientAddressFrom } from "@/lib/client-address";
import { env } from "./env";
import { peerAddressHeaderName } from "./peer-address";

/** What Better Auth reads a request's address from (its limiter and its sessions' ipAddress): always set by us, never the client's. */
export const CLIENT_ADDRESS_HEADER = "x-spellbook-client-address";

let hasWarnedAboutUnknownAddress = false;

/** The address a request came from, as far as TRUSTED_PROXY_HOPS lets us know it (for throttling). */
export function clientAddressOf(requestHeaders: Headers): string | undefined {
  const address = clientAddressFrom({
    peer: requestHeaders.get(peerAddressHeaderName()) ?? undefined,
    forwardedFor: requestHeaders.get("x-forwarded-for"),
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
  });
  if (address === undefined && !hasWarnedAboutUnknownAddress && env.NODE_ENV === "production") {
    // Unknown addresses share one throttle bucket, so an operator must hear about it once.
    hasWarnedAboutUnknownAddress = true;
    console.warn(
      "[throttle] A request's client address is unknown: failed sign-ins from such requests share one limit. Serve the app with `npm start` (or set TRUSTED_PROXY_HOPS behind a proxy).",
    );
  }
  return address;
}

/** A copy of the headers whose client-address header is ours alone, for calls into Better Auth. */
export function withClientAddress(requestHeaders: Headers): Headers {
  const copy = new Headers(requestHeaders);
  const address = clientAddressOf(requestHeaders);
  if (address) copy.set(CLIENT_ADDRESS_HEADER, address);
  else copy.delete(CLIENT_ADDRESS_HEADER);
  return copy;
}
