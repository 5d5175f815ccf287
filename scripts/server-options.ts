/**
 * How `npm start` runs the production server (scripts/serve.ts), shared with bench/http-load.ts so
 * the benchmark measures the server as it is started.
 */

/** Idle keep-alive connections are kept this long (Node's default is 5 s): longer than a load balancer's usual 60 s, so the server never closes a connection a client is about to reuse. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
