/**
 * How `npm start` runs the production server (scripts/serve.ts), shared with bench/http-load.ts so
 * the benchmark measures the server as it is started.
 */
import path from "node:path";

/** Node's arguments that run the app's server (scripts/next-server.ts) in a mode, with options. */
export function appServerCommand(mode: "dev" | "start", options: readonly string[]): string[] {
  const script = path.join(import.meta.dirname, "next-server.ts");
  const nodeFlags = mode === "start" ? serverNodeFlags() : [];
  return [...nodeFlags, "--import", "tsx", script, mode, ...options];
}

/** Idle keep-alive connections are kept this long (Node's default is 5 s): longer than a load balancer's usual 60 s, so the server never closes a connection a client is about to reuse. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * V8 flags for the production server. The heap may grow to 1.2 times what was live after the last
 * collection instead of V8's own factor (up to 4 under a steady stream of requests), so a busy
 * event day keeps the server's memory near what it really holds; there is no hard cap, so nothing
 * is refused if an event holds more. The value can be overridden with SERVER_HEAP_GROWING_PERCENT.
 */
export function serverNodeFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  const percent = Number(env.SERVER_HEAP_GROWING_PERCENT ?? DEFAULT_HEAP_GROWING_PERCENT);
  return Number.isInteger(percent) && percent > 0 ? [`--heap-growing-percent=${percent}`] : [];
}

export const DEFAULT_HEAP_GROWING_PERCENT = 20;

/** What scripts/serve.ts and the app's server tell each other on their IPC channel. */
export type ServerMessage =
  | { type: "listening" }
  /** `npm run venue`: the laptop's address changed, and printed codes point at this one now. */
  | { type: "public-url"; url: string };

export function isServerMessage(value: unknown): value is ServerMessage {
  const message = value as Partial<ServerMessage> | null;
  return (
    typeof message === "object" &&
    message !== null &&
    (message.type === "listening" ||
      (message.type === "public-url" && typeof message.url === "string"))
  );
}
