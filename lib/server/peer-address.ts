import { randomBytes } from "node:crypto";
import http from "node:http";

const HEADER_NAME_KEY = Symbol.for("spellbook.peerAddressHeader");
const PATCHED_KEY = Symbol.for("spellbook.peerAddressRecorded");
type Registry = typeof globalThis & { [HEADER_NAME_KEY]?: string; [PATCHED_KEY]?: boolean };

/**
 * The request header that carries the socket's address to route handlers and server actions,
 * named at random per process so that no client can send it (Next.js hands them only headers).
 */
export function peerAddressHeaderName(): string {
  const registry = globalThis as Registry;
  registry[HEADER_NAME_KEY] ??= `x-spellbook-peer-${randomBytes(12).toString("hex")}`;
  return registry[HEADER_NAME_KEY];
}

/**
 * Copies each HTTP request's socket address into the peer-address header before Next.js sees
 * the request: `next start` keeps a client's own X-Forwarded-For as it came and adds the socket's
 * address only when there is none, so without this the real address is not knowable.
 */
export function recordPeerAddresses(): void {
  const registry = globalThis as Registry;
  if (registry[PATCHED_KEY]) return;
  registry[PATCHED_KEY] = true;
  const headerName = peerAddressHeaderName();
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitWithPeerAddress(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      request.headers[headerName] = request.socket?.remoteAddress ?? "";
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}
