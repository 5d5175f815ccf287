import { randomBytes } from "node:crypto";

const HEADER_NAME_KEY = Symbol.for("spellbook.peerAddressHeader");
const ON_SOCKET_KEY = Symbol.for("spellbook.answeredOnSocketHeader");
type Registry = typeof globalThis & { [HEADER_NAME_KEY]?: string; [ON_SOCKET_KEY]?: string };

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
 * The request header the answers written on the socket (lib/server/node-answers.ts) carry, named at
 * random per process like the peer address's: such an answer cannot set a cookie, so nothing read
 * for it may renew a session (the renewed cookie would never reach the browser).
 */
export function answeredOnSocketHeaderName(): string {
  const registry = globalThis as Registry;
  registry[ON_SOCKET_KEY] ??= `x-spellbook-on-socket-${randomBytes(12).toString("hex")}`;
  return registry[ON_SOCKET_KEY];
}
