import { randomBytes } from "node:crypto";

const processGlobal = globalThis as unknown as Record<symbol, string | undefined>;

/** A request header name of this process's own, random, so no client can send it (Next.js hands routes only headers). */
function privateHeaderName(purpose: string): string {
  const key = Symbol.for(`spellbook.${purpose}Header`);
  processGlobal[key] ??= `x-spellbook-${purpose}-${randomBytes(12).toString("hex")}`;
  return processGlobal[key];
}

/** The request header that carries the socket's address to route handlers and server actions. */
export function peerAddressHeaderName(): string {
  return privateHeaderName("peer");
}

/**
 * The request header the answers written on the socket (lib/server/infra/node-answers.ts) carry: such an
 * answer cannot set a cookie, so nothing read for it may renew a session (the renewed cookie would
 * never reach the browser).
 */
export function answeredOnSocketHeaderName(): string {
  return privateHeaderName("on-socket");
}
