import type { IncomingMessage, ServerResponse } from "node:http";

/** Answers a request itself and says so (true), or leaves it to Next.js (false). */
export type EarlyResponder = (request: IncomingMessage, response: ServerResponse) => boolean;

// On globalThis: registered from Next.js's server bundle (instrumentation.ts), read by the server
// script (scripts/next-server.ts), which loads its own copy of this module.
const RESPONDERS_KEY: unique symbol = Symbol.for("spellbook.earlyResponders");
const READY_KEY: unique symbol = Symbol.for("spellbook.earlyRespondersReady");
type Ready = { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void };
const processGlobal = globalThis as unknown as {
  [RESPONDERS_KEY]?: Map<string, EarlyResponder>;
  [READY_KEY]?: Ready;
};

/** Said by the app's server as it is made: requests will be offered to the responders. */
export function expectEarlyResponders(): void {
  if (processGlobal[READY_KEY]) return;
  let settle: Pick<Ready, "resolve" | "reject"> | undefined;
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // Awaited by the server; a failed registration is also thrown by register() itself.
  promise.catch(() => undefined);
  processGlobal[READY_KEY] = { promise, ...settle! };
}

/**
 * Runs `register` (instrumentation.ts's registrations) where the app's server will ask the
 * responders, and tells the server when they are in place; elsewhere (`next start` run directly)
 * nothing would ask them, so nothing is loaded and Next.js serves every route.
 */
export async function registerEarlyResponders(register: () => Promise<void>): Promise<void> {
  const ready = processGlobal[READY_KEY];
  if (!ready) return;
  try {
    await register();
    ready.resolve();
  } catch (error) {
    ready.reject(error);
    throw error;
  }
}

/**
 * Settles once instrumentation.ts has registered the responders. Next.js runs register() while
 * `app.prepare()` runs, but in production does not wait for it there (only its first request
 * does), so the server waits for this before it listens.
 */
export function earlyRespondersRegistered(): Promise<void> {
  expectEarlyResponders();
  return processGlobal[READY_KEY]!.promise;
}

function responders(): Map<string, EarlyResponder> {
  processGlobal[RESPONDERS_KEY] ??= new Map();
  return processGlobal[RESPONDERS_KEY];
}

/**
 * Registers (or replaces) a responder that answers some requests on the Node.js socket itself,
 * before Next.js routes them (lib/server/infra/app-server.ts asks each in turn). For a request
 * Next.js would hold open for minutes (a live stream): Next keeps about 75 kB of its own per
 * request in flight, a bare response a few kB. Registered from instrumentation.ts's register(),
 * which Next.js runs inside its own bundle before the server takes its first request, so a
 * responder shares the routes' module instances (one database pool) and the first request is
 * answered like every later one. Where no server asks (`next start` run directly), the same
 * routes are served by Next.js.
 */
export function answerBeforeNext(name: string, responder: EarlyResponder): void {
  responders().set(name, responder);
}

/** Offers a request to each responder: true if one took it (and answers it). */
export function answerEarly(request: IncomingMessage, response: ServerResponse): boolean {
  for (const respond of responders().values()) if (respond(request, response)) return true;
  return false;
}

/** The registered responders' names, in the order they are asked. */
export function earlyResponderNames(): string[] {
  return [...responders().keys()];
}
