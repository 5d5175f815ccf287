import { randomBytes } from "node:crypto";

const HEADER_NAME_KEY = Symbol.for("spellbook.peerAddressHeader");
type Registry = typeof globalThis & { [HEADER_NAME_KEY]?: string };

/**
 * The request header that carries the socket's address to route handlers and server actions,
 * named at random per process so that no client can send it (Next.js hands them only headers).
 */
export function peerAddressHeaderName(): string {
  const registry = globalThis as Registry;
  registry[HEADER_NAME_KEY] ??= `x-spellbook-peer-${randomBytes(12).toString("hex")}`;
  return registry[HEADER_NAME_KEY];
}
