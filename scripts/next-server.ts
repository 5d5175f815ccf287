/**
 * The app's server: a Next.js custom server (nextjs.org/docs/app/guides/custom-server) that
 * scripts/serve.ts runs in place of `next dev|start`, as
 * `node --import tsx scripts/next-server.ts dev|start [-p port] [-H host] [--keepAliveTimeout ms]`.
 *
 * It owns the http.Server (lib/server/infra/app-server.ts): timeouts, the 405 for unknown
 * methods, the socket's address for throttling, and the requests answered before Next.js
 * (lib/server/infra/early-answers.ts), which instrumentation.ts registers as Next.js prepares.
 * It listens only once they are registered, so the first request is answered like every later one.
 * In development Next.js serves those routes itself, so an edit to them takes effect at once.
 * Nothing of the app's own data layer is imported here: it runs inside Next.js's bundle only.
 */
import type { Socket } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { createAppServer } from "../lib/server/infra/app-server";
import { earlyResponderNames, earlyRespondersRegistered } from "../lib/server/infra/early-answers";
import { isServerMessage, type ServerMessage } from "./server-options";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: "string", short: "p" },
    hostname: { type: "string", short: "H" },
    keepAliveTimeout: { type: "string" },
  },
});
const mode = positionals[0];
if ((mode !== "dev" && mode !== "start") || positionals.length > 1) {
  console.error(
    "usage: node --import tsx scripts/next-server.ts dev|start [-p port] [-H host] [--keepAliveTimeout ms]",
  );
  process.exit(2);
}
const dev = mode === "dev";
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;
const keepAliveTimeout = values.keepAliveTimeout ? Number(values.keepAliveTimeout) : undefined;
if (
  !Number.isInteger(port) ||
  port <= 0 ||
  (keepAliveTimeout !== undefined && !(keepAliveTimeout > 0))
) {
  console.error("✖ --port must be a port number and --keepAliveTimeout a number of milliseconds");
  process.exit(2);
}

// As `next dev|start` set them: Next.js reads NODE_ENV as it loads, the app's own fetches to
// itself (the page cache, forwarded server actions) use the origin and port.
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";
process.env.PORT = String(port);
process.env.__NEXT_PRIVATE_ORIGIN = `http://${originHost(hostname)}:${port}`;

// From `npm run venue` (scripts/serve.ts): the laptop's new address, for the codes printed from now on.
process.on("message", (message) => {
  if (isServerMessage(message) && message.type === "public-url")
    process.env.PUBLIC_URL = message.url;
});

let stopping = false;
let closeApp: () => Promise<void> = async () => undefined;
// Before anything else, so the app's own handlers (lib/server/live/live.ts ends its open streams)
// see that this process stops on a signal.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(signal));

// tsx turns Node's source maps on for the TypeScript it runs; left on, Node would also read the
// map of every chunk Next.js loads from .next/ and keep it (about 150 MB more memory).
if (
  ![...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" ").includes("--enable-source-maps")
)
  process.setSourceMapsEnabled(false);

const { default: next } = await import("next");
let handle: ReturnType<ReturnType<typeof next>["getRequestHandler"]> | undefined;
const server = createAppServer((request, response) => handle!(request, response), {
  keepAliveTimeout,
  answerEarly: !dev,
});
const app = next({
  dev,
  dir: path.resolve(import.meta.dirname, ".."),
  hostname,
  port,
  httpServer: server,
});
closeApp = () => app.close();
await app.prepare();
handle = app.getRequestHandler();
await Promise.race([
  dev ? Promise.resolve() : earlyRespondersRegistered(),
  new Promise((_, reject) =>
    setTimeout(
      () => reject(new Error("instrumentation.ts did not register the early answers within 60 s")),
      60_000,
    ).unref(),
  ),
]).catch((error: unknown) => {
  console.error("✖ The server could not start:", error);
  process.exit(1);
});

// In development every connection is closed on a stop, hot-reload websockets included, which
// server.close() would otherwise wait for (they leave the HTTP server's own connection list).
const sockets = new Set<Socket>();
server.on("connection", (socket) => {
  sockets.add(socket);
  socket.once("close", () => sockets.delete(socket));
});
server.on("error", (error) => {
  console.error("✖ The server could not start:", error);
  process.exit(1);
});
server.listen(port, hostname, () => {
  const answered = dev ? ["nothing in development"] : earlyResponderNames();
  const where = `http://${originHost(hostname)}:${port}`;
  const codes = process.env.PUBLIC_URL ? `; printed codes point at ${process.env.PUBLIC_URL}` : "";
  console.log(
    `▸ Ready on ${where} (${dev ? "development" : "production"})${codes}; answered before Next.js: ${answered.join(", ") || "nothing"}`,
  );
  process.send?.({ type: "listening" } satisfies ServerMessage);
});

/** Stops taking requests, lets those in flight finish, closes Next.js, exits as `next start` does. */
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    if (dev) for (const socket of sockets) socket.destroy();
  });
  await closeApp().catch((error: unknown) => console.error(error));
  process.exit(signal === "SIGINT" ? 130 : 143);
}

/** The host name the server is reached on, as `next start` tells it. */
function originHost(host: string | undefined): string {
  if (!host || host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}
