/**
 * HTTP load benchmark of the production build against a real PostgreSQL:
 *
 *   npm run build && npm run bench:http [-- --pool-max 10 --players 4096 --read-seconds 15 ...]
 *
 * 1. Creates a PRIVATE PostgreSQL 15 cluster for the run (initdb in a temporary folder, its own
 *    port on 127.0.0.1, pg_stat_statements preloaded); the machine's shared server is not touched.
 *    As root, initdb and postgres run as the `postgres` OS user. The cluster is stopped and its
 *    folder deleted at the end, also on Ctrl-C, SIGTERM, an error or the --max-minutes watchdog.
 * 2. Migrates it and seeds a Swiss event through bench/seed-large-event.ts: 4,096 players, 8 rounds
 *    reported, no drops, round 9 paired through the data layer and left open (2,048 matches);
 *    the tournament is published, so its standings and pages are read without an account.
 * 3. Starts the production server as `npm start` does (scripts/next-server.ts, the build must
 *    exist) on 127.0.0.1 with DATABASE_POOL_MAX (--pool-max).
 *    Reports are sent as the tournament's organizer: an account signed up through Better Auth in
 *    this process (same BETTER_AUTH_SECRET as the server), its session cookie on every report.
 * 4. Reads: standings API (with and without paging parameters), standings page and pairings page,
 *    by 1 and by 20 closed-loop readers for --read-seconds each; the server's RSS before and after.
 * 5. A phone (Chromium at 390 px, bench/phone-visit.ts) opens the standings page, and again past the
 *    page cache's lifetime: the bytes it received each time, and whether the reopened page came alive.
 * 6. Result reports (POST /api/matches/:id/result, JSON): closed loops of 50, 200 and 500 clients,
 *    2,048 reports each, then a fixed arrival rate (100/s for 20 s). Each scenario reports a
 *    freshly paired round, so every match is reported once; between scenarios the leftovers of the
 *    previous round are reported in bulk and the next round is paired through the data layer.
 *    pg_stat_statements counts the statements the server ran per successful report, and the
 *    stored results are checked against the 2xx answers.
 * Prints one Markdown table (docs/performance.md explains every figure).
 *
 * Load goes only to 127.0.0.1, every loop is bounded in count and time, and the whole run is
 * stopped by a watchdog after --max-minutes.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { createRandom } from "../lib/pairings/random";
import {
  appServerCommand,
  KEEP_ALIVE_TIMEOUT_MS,
  serverNodeFlags,
} from "../scripts/server-options";
import { applyMigrations } from "../lib/server/infra/migrate";
import { measurePhoneVisits, type PhoneVisit } from "./phone-visit";
import {
  formatBytes,
  formatFailures,
  formatMs,
  formatTable,
  summarize,
  type Sample,
  type Summary,
} from "./load-stats";

const ROOT = path.resolve(import.meta.dirname, "..");
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const HOST = "127.0.0.1";

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "4096" },
    rounds: { type: "string", default: "8" },
    "pool-max": { type: "string", default: process.env.DATABASE_POOL_MAX ?? "10" },
    clients: { type: "string", default: "50,200,500" },
    reports: { type: "string", default: "2048" },
    rate: { type: "string", default: "100" },
    "rate-seconds": { type: "string", default: "20" },
    readers: { type: "string", default: "1,20" },
    "read-seconds": { type: "string", default: "15" },
    /** Paging/search parameters tried on the standings API besides none (comma-separated query strings). */
    "api-queries": { type: "string", default: "page=41&pageSize=50,q=Player 2048" },
    "request-timeout-ms": { type: "string", default: "30000" },
    "max-minutes": { type: "string", default: "15" },
    /** The round-posting rush (open loop): seconds, pairings and standings pages per second, reports per second, open event streams. */
    "rush-seconds": { type: "string", default: "60" },
    "rush-pairings": { type: "string", default: "70" },
    "rush-standings": { type: "string", default: "10" },
    "rush-reports": { type: "string", default: "20" },
    "rush-streams": { type: "string", default: "200" },
    /** Event streams opened at the end to measure what they cost in memory (0 skips). */
    "memory-streams": { type: "string", default: "2000" },
    /** The reads, the rush and the reports again against the same server, to see whether its memory grows. */
    runs: { type: "string", default: "1" },
    /** Skip the floor (a bare node:http + pg server issuing the report's two statements). */
    "no-floor": { type: "boolean", default: false },
    /** NODE_OPTIONS for the server, to compare memory settings (default: what `npm start` gives it). */
    "server-node-options": { type: "string" },
    /** MALLOC_ARENA_MAX for the server (default: what `npm start` gives it). */
    "server-malloc-arenas": { type: "string" },
    // Where the server writes a V8 CPU profile when it stops (open it in Chrome's DevTools): what a request spends its time on.
    "cpu-prof-dir": { type: "string" },
    seed: { type: "string", default: "http-load" },
  },
});

const PLAYERS = Number(values.players);
const SEEDED_ROUNDS = Number(values.rounds);
const POOL_MAX = Number(values["pool-max"]);
const CLIENT_COUNTS = values.clients
  .split(",")
  .map(Number)
  .filter((count) => count > 0);
const REPORTS_PER_RUN = Number(values.reports);
const RATE = Number(values.rate);
const RATE_SECONDS = Number(values["rate-seconds"]);
const READER_COUNTS = values.readers
  .split(",")
  .map(Number)
  .filter((count) => count > 0);
const READ_SECONDS = Number(values["read-seconds"]);
const API_QUERIES = values["api-queries"]
  .split(",")
  .map((query) => query.trim())
  .filter(Boolean);
const REQUEST_TIMEOUT_MS = Number(values["request-timeout-ms"]);
const MAX_MINUTES = Number(values["max-minutes"]);
const CPU_PROF_DIR = values["cpu-prof-dir"];
const RUSH = {
  seconds: Number(values["rush-seconds"]),
  pairingsPerSecond: Number(values["rush-pairings"]),
  standingsPerSecond: Number(values["rush-standings"]),
  reportsPerSecond: Number(values["rush-reports"]),
  streams: Number(values["rush-streams"]),
};
const MEMORY_STREAMS = Number(values["memory-streams"]);
const RUNS = Math.max(1, Number(values.runs));
const WITH_FLOOR = !values["no-floor"];
/** A phone reopens the page this much later: past the page cache's lifetime, so the page is rendered again. */
const PHONE_REOPEN_AFTER_MS = 4_000;
/** Open-loop requests in flight at most: past this the arrival rate is not kept, and the run says so. */
const MAX_IN_FLIGHT = 2_000;

const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

// ---------------------------------------------------------------------------------------------
// Cleanup: everything started registers how to stop it; stopped once, in reverse order.

const cleanups: { name: string; run: () => Promise<void> | void }[] = [];
let cleaningUp: Promise<void> | null = null;

function cleanUp(): Promise<void> {
  cleaningUp ??= (async () => {
    for (const { name, run } of cleanups.reverse()) {
      try {
        await run();
      } catch (error) {
        console.error(
          `cleanup (${name}) failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  })();
  return cleaningUp;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping the server and the private cluster`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// The private PostgreSQL cluster.

type Cluster = { url: string; port: number; dir: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function osUser(name: string): { uid: number; gid: number } {
  const uid = spawnSync("id", ["-u", name], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", name], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0)
    throw new Error(
      `Running as root, but there is no "${name}" OS user to run PostgreSQL as (initdb and postgres refuse root).`,
    );
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function startPrivateCluster(): Promise<Cluster> {
  const initdb = path.join(PG_BIN, "initdb");
  if (!existsSync(initdb))
    throw new Error(`${initdb} not found: install PostgreSQL 15's server binaries or set PG_BIN.`);
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "spellbook-http-load-"));
  cleanups.push({
    name: "cluster folder",
    run: () => rmSync(dir, { recursive: true, force: true }),
  });
  if (isRoot) {
    const { uid, gid } = osUser("postgres");
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const asOwner = (command: string, args: string[]) =>
    spawnSync(
      isRoot ? "runuser" : command,
      isRoot ? ["-u", "postgres", "--", command, ...args] : args,
      { encoding: "utf8", cwd: dir },
    );
  const dataDir = path.join(dir, "data");
  const port = await freePort();

  const init = asOwner(initdb, [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}\n${init.stderr}`);
  const options = [
    `-p ${port}`,
    `-c listen_addresses=${HOST}`,
    `-c unix_socket_directories=${dir}`,
    "-c shared_preload_libraries=pg_stat_statements",
    "-c pg_stat_statements.track_utility=on",
    "-c max_connections=200",
  ].join(" ");
  const pgCtl = path.join(PG_BIN, "pg_ctl");
  const started = asOwner(pgCtl, [
    "-D",
    dataDir,
    "-l",
    path.join(dir, "postgres.log"),
    "-w",
    "-t",
    "60",
    "-o",
    options,
    "start",
  ]);
  cleanups.push({
    name: "PostgreSQL cluster",
    run: () => {
      const stopped = asOwner(pgCtl, ["-D", dataDir, "-m", "fast", "-w", "-t", "30", "stop"]);
      if (stopped.status === 0) {
        log(`private cluster on port ${port} stopped`);
        return;
      }
      // pg_ctl could not stop it: end the postmaster this run started, by the pid it wrote.
      const pidFile = path.join(dataDir, "postmaster.pid");
      if (existsSync(pidFile)) {
        const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
        if (pid > 0) process.kill(pid, "SIGQUIT");
      }
    },
  });
  if (started.status !== 0) {
    const serverLog = existsSync(path.join(dir, "postgres.log"))
      ? readFileSync(path.join(dir, "postgres.log"), "utf8")
      : "";
    throw new Error(`pg_ctl start failed:\n${started.stdout}\n${started.stderr}\n${serverLog}`);
  }
  const admin = new pg.Client({ host: HOST, port, user: "postgres", database: "postgres" });
  await admin.connect();
  await admin.query("CREATE DATABASE spellbook_bench");
  await admin.end();
  const url = `postgresql://postgres@${HOST}:${port}/spellbook_bench`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("CREATE EXTENSION pg_stat_statements");
  await client.end();
  log(
    `private PostgreSQL 15 cluster on ${HOST}:${port} (${dir}${isRoot ? ", run as the postgres OS user" : ""})`,
  );
  return { url, port, dir };
}

// ---------------------------------------------------------------------------------------------
// The production server.

type Server = { child: ChildProcess; baseUrl: string; pid: number };

/** The server's memory settings: as given on the command line, else none (Node's defaults). */
function serverMemoryEnv(): Record<string, string> {
  return {
    NODE_OPTIONS: values["server-node-options"] ?? "",
    ...(values["server-malloc-arenas"] ? { MALLOC_ARENA_MAX: values["server-malloc-arenas"] } : {}),
  };
}

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const output: string[] = [];
  const profiling = CPU_PROF_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`]
    : [];
  // As `npm start` starts it (scripts/serve.ts): idle connections kept longer than a proxy's or a client's own timeout.
  const child = spawn(
    process.execPath,
    [
      ...profiling,
      ...appServerCommand("start", [
        "-p",
        String(port),
        "-H",
        HOST,
        "--keepAliveTimeout",
        String(KEEP_ALIVE_TIMEOUT_MS),
      ]),
    ],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      // Every simulated phone comes from 127.0.0.1: the per-address cap on event streams would stop them at 20.
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_MAX: String(POOL_MAX),
        MIGRATIONS_APPLIED: "1",
        LIVE_STREAMS_PER_CLIENT: "5000",
        MEMORY_LOG_SECONDS: "10",
        ...serverMemoryEnv(),
        LIVE_STREAMS_MAX: String(Math.max(2_000, RUSH.streams, MEMORY_STREAMS)),
      },
    },
  );
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on("data", (chunk: Buffer) => {
    keep(chunk);
    for (const line of chunk.toString().split("\n"))
      if (line.startsWith("memory: "))
        serverMemoryLines.push(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
  });
  child.stderr!.on("data", keep);
  child.once("exit", (code, signal) => {
    if (!stoppedOnPurpose.has(child))
      log(
        `next server exited by itself (code ${code}, signal ${signal}); its last output:\n${output.slice(-20).join("")}`,
      );
  });
  cleanups.push({ name: "next server", run: () => stopChild(child) });
  const baseUrl = `http://${HOST}:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode}:\n${output.join("")}`);
    const answer = await request("GET", `${baseUrl}/api/health`, undefined, 2_000).catch(
      () => null,
    );
    if (answer && answer.status === 200) break;
    if (Date.now() > deadline)
      throw new Error(`the server did not answer /api/health within 90 s:\n${output.join("")}`);
    await sleep(250);
  }
  log(`the server on ${baseUrl} (pid ${child.pid}, DATABASE_POOL_MAX=${POOL_MAX})`);
  return { child, baseUrl, pid: child.pid! };
}

/** The server's own memory lines (MEMORY_LOG_SECONDS), printed after the table. */
const serverMemoryLines: string[] = [];
const stoppedOnPurpose = new WeakSet<ChildProcess>();

async function stopChild(child: ChildProcess): Promise<void> {
  stoppedOnPurpose.add(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
  log(`next server (pid ${child.pid}) stopped`);
}

/** Resident memory of a process in bytes, from /proc/<pid>/status (VmRSS). */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return kilobytes ? Number(kilobytes[1]) * 1024 : Number.NaN;
}

// ---------------------------------------------------------------------------------------------
// HTTP client: one keep-alive agent, every answer read to the end.

const newAgent = () =>
  new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1_024 });
let agent = newAgent();
cleanups.push({ name: "http agent", run: () => agent.destroy() });

/**
 * Each scenario starts on new connections: a socket left idle by the previous one may be closed by
 * the server (keep-alive timeout) just as a request is written to it, a client-side "no answer".
 */
function freshConnections(): void {
  agent.destroy();
  agent = newAgent();
}

type Answer = { status: number; body: Buffer; headers: http.IncomingHttpHeaders };

function request(
  method: string,
  url: string,
  body: unknown,
  timeoutMs = REQUEST_TIMEOUT_MS,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const outgoing = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(payload
            ? { "content-type": "application/json", "content-length": String(payload.length) }
            : {}),
        },
        timeout: timeoutMs,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({
            status: incoming.statusCode ?? 0,
            body: Buffer.concat(chunks),
            headers: incoming.headers,
          }),
        );
        incoming.on("error", reject);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}

/** One timed request: a failure to get an answer is status 0, never an exception. */
async function timed(
  method: string,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
  startedAt = performance.now(),
): Promise<Sample> {
  try {
    const answer = await request(method, url, body, REQUEST_TIMEOUT_MS, headers);
    return { status: answer.status, ms: performance.now() - startedAt, bytes: answer.body.length };
  } catch (error) {
    const code =
      (error as NodeJS.ErrnoException).code ??
      (error instanceof Error ? error.message : String(error));
    return { status: 0, ms: performance.now() - startedAt, bytes: 0, error: code };
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Scenarios.

/** "no answer: ECONNRESET ×3" for the requests that got none, or "". */
function formatErrors(summary: Summary): string {
  const entries = Object.entries(summary.errors);
  return entries.length
    ? `no answer: ${entries.map(([code, count]) => `${code} ×${count}`).join(", ")}`
    : "";
}

type Row = {
  what: string;
  summary?: Summary;
  note?: string;
  statementsPerReport?: number;
  value?: string;
};

/** `readers` clients each send the next request as soon as the previous answer is read, for `seconds`. */
async function closedLoopReads(url: string, readers: number, seconds: number): Promise<Summary> {
  const samples: Sample[] = [];
  const started = performance.now();
  const endAt = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: readers }, async () => {
      while (performance.now() < endAt)
        samples.push(await timed("GET", url, undefined, { "accept-encoding": "gzip" }));
    }),
  );
  return summarize(samples, performance.now() - started);
}

type OpenMatch = { id: string; version: number };

/** The organizer's session cookie: result reports need a signed-in staff member. */
let reportHeaders: Record<string, string> = {};

type Organizer = { userId: string; name: string; email: string; cookie: string };

/** An organizer account with a real session, made through Better Auth as sign-up does. */
async function signUpOrganizer(): Promise<Organizer> {
  const { auth } = await import("../lib/server/access/auth");
  const name = "Bench Organizer";
  const email = `bench-organizer-${randomBytes(4).toString("hex")}@example.test`;
  const response = await auth.api.signUpEmail({
    body: { name, email, password: randomBytes(12).toString("base64url") },
    asResponse: true,
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
  return { userId: body.user.id, name, email, cookie };
}

function reportBody(match: OpenMatch, index: number, runId: string) {
  // A realistic spread of best-of-three slips; each idempotency key is unique to this report.
  const slips = [
    [2, 0],
    [2, 1],
    [1, 2],
    [0, 2],
  ] as const;
  const [winsA, winsB] = slips[index % slips.length]!;
  return {
    winsA,
    winsB,
    draws: 0,
    expectedVersion: match.version,
    idempotencyKey: `${runId}:${match.id}`,
  };
}

/** `clients` clients in a closed loop, each taking the next unreported match until all are reported once. */
async function closedLoopReports(
  baseUrl: string,
  matches: OpenMatch[],
  clients: number,
  runId: string,
): Promise<Summary> {
  const samples: Sample[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let index = next++; index < matches.length; index = next++) {
        const match = matches[index]!;
        samples.push(
          await timed(
            "POST",
            `${baseUrl}/api/matches/${match.id}/result`,
            reportBody(match, index, runId),
            reportHeaders,
          ),
        );
      }
    }),
  );
  return summarize(samples, performance.now() - started);
}

/**
 * A fixed arrival rate (open loop): request i is sent at start + i / rate whatever the answers
 * before it, and its latency counts from that planned time, so a slow server cannot hide its
 * queueing by slowing the load down.
 */
async function fixedRateReports(
  baseUrl: string,
  matches: OpenMatch[],
  rate: number,
  seconds: number,
  runId: string,
): Promise<{ summary: Summary; skipped: number }> {
  const total = Math.min(matches.length, Math.round(rate * seconds));
  const samples: Sample[] = [];
  const inFlight = new Set<Promise<void>>();
  let skipped = 0;
  const started = performance.now();
  for (let index = 0; index < total; index++) {
    const plannedAt = started + (index * 1000) / rate;
    const wait = plannedAt - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight.size >= MAX_IN_FLIGHT) {
      skipped++;
      continue;
    }
    const match = matches[index]!;
    const sent = timed(
      "POST",
      `${baseUrl}/api/matches/${match.id}/result`,
      reportBody(match, index, runId),
      reportHeaders,
      plannedAt,
    ).then((sample) => {
      samples.push(sample);
      inFlight.delete(sent);
    });
    inFlight.add(sent);
  }
  await Promise.all(inFlight);
  return { summary: summarize(samples, performance.now() - started), skipped };
}

/**
 * Open event streams of a tournament's pages (GET /api/tournaments/:id/events, each on its own
 * connection, as each phone holds one). With `refresh`, a stream told "changed" or "catch-up"
 * asks for its page again as `router.refresh()` does (an RSC request), timed from the moment the
 * event arrived; like components/live-updates.tsx, it asks again 600 ms later (up to five times)
 * while the payload it got was rendered before the change it was told of.
 */
type EventStreams = {
  opened: number;
  refused: number;
  refreshes: Sample[];
  rechecks: () => number;
  close: () => void;
};

const RECHECK_MS = 600;
const MAX_RECHECKS = 5;

async function openEventStreams(
  baseUrl: string,
  tournamentId: string,
  count: number,
  refresh?: { address: string; headers: Record<string, string> },
): Promise<EventStreams> {
  const refreshes: Sample[] = [];
  const requests: http.ClientRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let refused = 0;
  let rechecks = 0;
  /** One page's refresh: its time, and the render time its payload says. */
  const refreshPage = async (): Promise<number> => {
    const started = performance.now();
    try {
      const answer = await request(
        "GET",
        `${baseUrl}${refresh!.address}`,
        undefined,
        REQUEST_TIMEOUT_MS,
        { ...refresh!.headers, "accept-encoding": "gzip" },
      );
      refreshes.push({
        status: answer.status,
        ms: performance.now() - started,
        bytes: answer.body.length,
      });
      const text = (
        answer.headers["content-encoding"] === "gzip" ? gunzipSync(answer.body) : answer.body
      ).toString("utf8");
      const renderedAt = /renderedAt\\*"\s*:\s*\\*"([0-9T:.Z-]+)/.exec(text)?.[1];
      return renderedAt ? Date.parse(renderedAt) : Number.POSITIVE_INFINITY;
    } catch (error) {
      refreshes.push({
        status: 0,
        ms: performance.now() - started,
        bytes: 0,
        error: (error as NodeJS.ErrnoException).code ?? String(error),
      });
      return Number.POSITIVE_INFINITY;
    }
  };
  const opened = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<boolean>((resolve) => {
          const outgoing = http.get(
            `${baseUrl}/api/tournaments/${tournamentId}/events`,
            { agent: false, headers: { accept: "text/event-stream" } },
            (incoming) => {
              if (incoming.statusCode !== 200) {
                refused++;
                incoming.resume();
                resolve(false);
                return;
              }
              let buffered = "";
              let refreshing = false;
              let isWanted = false;
              let changedAt = 0;
              let asked = 0;
              // One refresh at a time per page; another when changes came meanwhile or the payload predates the change.
              const refreshNow = async () => {
                refreshing = true;
                isWanted = false;
                const renderedAt = await refreshPage();
                refreshing = false;
                if (isWanted) return void refreshNow();
                if (renderedAt < changedAt && asked < MAX_RECHECKS) {
                  asked++;
                  rechecks++;
                  const timer = setTimeout(() => {
                    timers.delete(timer);
                    if (!refreshing) void refreshNow();
                  }, RECHECK_MS);
                  timers.add(timer);
                }
              };
              incoming.setEncoding("utf8");
              incoming.on("data", (chunk: string) => {
                buffered += chunk;
                const events = buffered.split("\n\n");
                buffered = events.pop() ?? "";
                if (!refresh) return;
                const told = events.filter((event) => /^event: (changed|catch-up)$/m.test(event));
                if (told.length === 0) return;
                for (const event of told) {
                  const since = Number(/^data: \S+ (\d+)$/m.exec(event)?.[1] ?? 0);
                  if (since > changedAt) {
                    changedAt = since;
                    asked = 0;
                  }
                }
                if (refreshing) isWanted = true;
                else void refreshNow();
              });
              incoming.on("error", () => undefined);
              resolve(true);
            },
          );
          outgoing.on("error", () => {
            refused++;
            resolve(false);
          });
          requests.push(outgoing);
        }),
    ),
  );
  return {
    opened: opened.filter(Boolean).length,
    refused,
    refreshes,
    rechecks: () => rechecks,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      for (const outgoing of requests) outgoing.destroy();
    },
  };
}

/** Sends GETs of `url` at a fixed rate for `seconds` (open loop), each timed from its planned send. */
async function fixedRateReads(url: string, rate: number, seconds: number): Promise<Summary> {
  const samples: Sample[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  for (let index = 0; index < Math.round(rate * seconds); index++) {
    const plannedAt = started + (index * 1000) / rate;
    const wait = plannedAt - performance.now();
    if (wait > 0) await sleep(wait);
    const sent = timed(
      "GET",
      url,
      undefined,
      { accept: "text/html", "accept-encoding": "gzip" },
      plannedAt,
    ).then((sample) => {
      samples.push(sample);
      inFlight.delete(sent);
    });
    inFlight.add(sent);
  }
  await Promise.all(inFlight);
  return summarize(samples, performance.now() - started);
}

/**
 * The request `router.refresh()` sends from the pairings page (captured from Chromium): RSC with
 * the page's router state marked for refetch, and the `_rsc` value Next expects for those headers
 * (asked once: Next answers a wrong one with a 307 to the right address).
 */
async function refreshRequest(
  baseUrl: string,
  tournamentId: string,
): Promise<{ address: string; headers: Record<string, string> }> {
  const tree = [
    "",
    {
      children: [
        "tournaments",
        {
          children: [
            ["id", tournamentId, "d", null],
            {
              children: ["pairings", { children: ["__PAGE__", {}, null, null, 0] }, null, null, 4],
            },
            null,
            null,
            8,
          ],
        },
        null,
        null,
        8,
      ],
    },
    null,
    "refetch",
    24,
  ];
  const headers = { rsc: "1", "next-router-state-tree": encodeURIComponent(JSON.stringify(tree)) };
  const pagePath = `/tournaments/${tournamentId}/pairings`;
  const probe = await request(
    "GET",
    `${baseUrl}${pagePath}?_rsc=bench`,
    undefined,
    REQUEST_TIMEOUT_MS,
    headers,
  );
  const location = probe.status === 307 ? String(probe.headers.location ?? "") : "";
  const address = location
    ? new URL(location, baseUrl).pathname + new URL(location, baseUrl).search
    : `${pagePath}?_rsc=bench`;
  const check = await request(
    "GET",
    `${baseUrl}${address}`,
    undefined,
    REQUEST_TIMEOUT_MS,
    headers,
  );
  if (
    check.status !== 200 ||
    !String(check.headers["content-type"] ?? "").startsWith("text/x-component")
  )
    throw new Error(
      `the pairings page's refresh answered ${check.status} ${String(check.headers["content-type"])}`,
    );
  return { address, headers };
}

type Rush = {
  pairings: Summary;
  standings: Summary;
  reports: Summary;
  refreshes: Summary;
  streams: { opened: number; refused: number; rechecks: number };
};

/**
 * The round-posting rush: a round was just paired and every player opens its pairings within a
 * minute, some check the standings, the first results come in, and the open pages (event streams)
 * refresh as they are told. Every arrival rate is fixed (open loop) and every latency counts from
 * the planned send time.
 */
async function roundPostingRush(
  baseUrl: string,
  tournamentId: string,
  matches: OpenMatch[],
  runId: string,
): Promise<Rush> {
  const streams = await openEventStreams(
    baseUrl,
    tournamentId,
    RUSH.streams,
    await refreshRequest(baseUrl, tournamentId),
  );
  await sleep(1_000);
  try {
    const [pairings, standings, reports] = await Promise.all([
      fixedRateReads(
        `${baseUrl}/tournaments/${tournamentId}/pairings`,
        RUSH.pairingsPerSecond,
        RUSH.seconds,
      ),
      fixedRateReads(
        `${baseUrl}/tournaments/${tournamentId}/standings`,
        RUSH.standingsPerSecond,
        RUSH.seconds,
      ),
      fixedRateReports(baseUrl, matches, RUSH.reportsPerSecond, RUSH.seconds, runId),
    ]);
    await sleep(1_000);
    return {
      pairings,
      standings,
      reports: reports.summary,
      refreshes: summarize(streams.refreshes, RUSH.seconds * 1000),
      streams: { opened: streams.opened, refused: streams.refused, rechecks: streams.rechecks() },
    };
  } finally {
    streams.close();
  }
}

/** Starts bench/floor-server.ts on a free port (same pool size as the app); resolves when it listens. */
async function startFloorServer(
  databaseUrl: string,
  userId: string,
): Promise<{ baseUrl: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "bench", "floor-server.ts")],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_MAX: String(POOL_MAX),
        FLOOR_PORT: String(port),
        FLOOR_USER_ID: userId,
        NODE_OPTIONS: "",
      },
    },
  );
  cleanups.push({ name: "floor server", run: () => stopChild(child) });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the floor server did not start:\n${output.join("")}`)),
      30_000,
    );
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (chunk.toString().includes("floor server on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", keep);
    child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.once("exit", (code) =>
      reject(new Error(`the floor server exited with ${code}:\n${output.join("")}`)),
    );
  });
  return { baseUrl: `http://${HOST}:${port}`, child };
}

// ---------------------------------------------------------------------------------------------
// Database helpers (the bench's own connection; the server has its own pool).

async function openMatches(
  db: pg.Client,
  tournamentId: string,
  roundNumber: number,
): Promise<OpenMatch[]> {
  const { rows } = await db.query<OpenMatch>(
    `SELECT m.id, m.version FROM "Match" m JOIN "Round" r ON r.id = m."roundId"
     WHERE r."tournamentId" = $1 AND r.number = $2 AND m."winsA" IS NULL AND m."sideBId" IS NOT NULL AND m."voidedAt" IS NULL
     ORDER BY m."tableNumber"`,
    [tournamentId, roundNumber],
  );
  return rows;
}

async function reportedCount(
  db: pg.Client,
  tournamentId: string,
  roundNumber: number,
): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    `SELECT count(*) FROM "Match" m JOIN "Round" r ON r.id = m."roundId"
     WHERE r."tournamentId" = $1 AND r.number = $2 AND m."winsA" IS NOT NULL AND m."sideBId" IS NOT NULL AND m."voidedAt" IS NULL`,
    [tournamentId, roundNumber],
  );
  return Number(rows[0]!.count);
}

async function resetStatementCounts(db: pg.Client): Promise<void> {
  await db.query("SELECT pg_stat_statements_reset()");
}

/** The statements run most often since the reset, for the log: what a report costs, statement by statement. */
async function topStatements(db: pg.Client, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ calls: string; query: string }>(
    `SELECT calls, query FROM pg_stat_statements
     WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT ILIKE '%pg_stat_statements%'
     ORDER BY calls DESC LIMIT $1`,
    [limit],
  );
  return rows.map(
    (row) => `${String(row.calls).padStart(7)}  ${row.query.replace(/\s+/g, " ").slice(0, 150)}`,
  );
}

/** Statements run in this database since the reset, the bench's own bookkeeping left out. */
async function statementCount(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ calls: string | null }>(
    `SELECT sum(calls) AS calls FROM pg_stat_statements
     WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT ILIKE '%pg_stat_statements%'`,
  );
  return Number(rows[0]!.calls ?? 0);
}

// ---------------------------------------------------------------------------------------------

function phoneNote(visit: PhoneVisit): string {
  return `${formatBytes(visit.bytes)} in ${visit.requests} requests (document and scripts ${formatBytes(visit.documentAndScriptBytes)}), document ${visit.documentStatus}, ${visit.isAlive ? "alive" : "NOT ALIVE"}`;
}

function machineLines(): string[] {
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], {
    cwd: ROOT,
    encoding: "utf8",
  }).stdout.trim();
  const dirty =
    spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      cwd: ROOT,
      encoding: "utf8",
    }).stdout.trim() !== "";
  const branch = spawnSync("git", ["rev-parse", "--abbrev-ref", "HEAD"], {
    cwd: ROOT,
    encoding: "utf8",
  }).stdout.trim();
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const postgres = spawnSync(path.join(PG_BIN, "postgres"), ["--version"], {
    encoding: "utf8",
  }).stdout.trim();
  return [
    `date:    ${new Date().toISOString()}`,
    `machine: ${os.availableParallelism()} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")} at start`,
    `commit:  ${commit}${dirty ? " (with uncommitted changes)" : ""} on ${branch}; build ${readFileSync(path.join(ROOT, ".next", "BUILD_ID"), "utf8").trim()}`,
    `command: ${["npm run bench:http --", ...process.argv.slice(2)].join(" ")}`,
    `setup:   node ${process.version}, ${postgres}, private cluster, DATABASE_POOL_MAX=${POOL_MAX}, ${PLAYERS} players, ${SEEDED_ROUNDS} rounds seeded, server flags ${[...serverNodeFlags(), values["server-node-options"] ?? ""].join(" ").trim() || "none"}, load generator on the same machine`,
  ];
}

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    console.error(
      "No production build: run `npm run build` first (this benchmark measures the production server).",
    );
    process.exitCode = 1;
    return;
  }
  const watchdog = setTimeout(() => {
    log(`watchdog: the run took more than ${MAX_MINUTES} minutes; stopping`);
    void cleanUp().finally(() => process.exit(124));
  }, MAX_MINUTES * 60_000);
  watchdog.unref();

  const header = machineLines();
  for (const line of header) log(line);
  const cluster = await startPrivateCluster();
  await applyMigrations(cluster.url);

  // The data layer reads its environment when first imported: set it before any import of it.
  // The server gets the same secret (it inherits process.env), so the session made here is valid
  // there; NODE_ENV=production here too, so the cookie is the production one (`__Secure-` name).
  process.env.DATABASE_URL = cluster.url;
  process.env.DATABASE_POOL_MAX = "4";
  process.env.BETTER_AUTH_SECRET = randomBytes(32).toString("base64url");
  (process.env as Record<string, string>).NODE_ENV = "production";
  const { seedLargeEvent, reportRoundInBulk } = await import("./seed-large-event");
  const organizer = await signUpOrganizer();
  const { pairNextSwissRound } = await import("../lib/server/round/rounds");
  const { prisma } = await import("../lib/server/infra/db");
  cleanups.push({ name: "bench Prisma client", run: () => prisma.$disconnect() });

  const seedStarted = performance.now();
  const { tournamentId } = await seedLargeEvent({
    players: PLAYERS,
    rounds: SEEDED_ROUNDS,
    seed: values.seed,
    dropRate: 0,
    owner: organizer,
    log: (line) => log(`seed: ${line}`),
  });
  reportHeaders = { cookie: organizer.cookie };
  // Published, as on event day: players read standings and pairings without an account.
  const { setTournamentPublished } = await import("../lib/server/tournament/tournaments");
  await setTournamentPublished(tournamentId, true);
  let openRound = SEEDED_ROUNDS + 1;
  const pairOpenRound = async () => {
    const started = performance.now();
    const paired = await pairNextSwissRound(tournamentId, `${values.seed}:round:${openRound}`);
    if (!paired.ok) throw new Error(`Pairing round ${openRound} failed: ${paired.error.message}`);
    log(
      `round ${openRound} paired through the data layer in ${(performance.now() - started).toFixed(0)} ms`,
    );
  };
  await pairOpenRound();
  log(
    `seeded ${PLAYERS} players, ${SEEDED_ROUNDS} rounds reported, round ${openRound} open, in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  cleanups.push({ name: "bench pg client", run: () => db.end() });
  await db.query("VACUUM ANALYZE");

  const server = await startServer(cluster.url);
  const rows: Row[] = [];

  // Warm-up: a few reads of every page and stale reports (409, nothing written), so the first
  // measured requests do not pay for loading modules.
  const apiPath = `/api/tournaments/${tournamentId}/standings`;
  const readTargets: { what: string; path: string }[] = [
    { what: "standings API, no parameters", path: apiPath },
    ...API_QUERIES.map((query) => ({
      what: `standings API ?${query}`,
      path: `${apiPath}?${new URLSearchParams(query).toString()}`,
    })),
    { what: "standings page", path: `/tournaments/${tournamentId}/standings` },
    { what: "pairings page", path: `/tournaments/${tournamentId}/pairings` },
  ];
  for (const target of readTargets) {
    const answer = await request("GET", `${server.baseUrl}${target.path}`, undefined);
    if (answer.status !== 200)
      throw new Error(
        `${target.path} answered ${answer.status}: ${answer.body.toString("utf8").slice(0, 300)}`,
      );
  }
  const warmMatches = (await openMatches(db, tournamentId, openRound)).slice(0, 20);
  const warm = await Promise.all(
    warmMatches.map((match, index) =>
      timed(
        "POST",
        `${server.baseUrl}/api/matches/${match.id}/result`,
        { ...reportBody(match, index, "warm-up"), expectedVersion: match.version + 1_000 },
        reportHeaders,
      ),
    ),
  );
  if (warm.some((sample) => sample.status === 401 || sample.status === 403))
    throw new Error(
      "Result reports were refused (401/403): the server did not accept the organizer's session cookie.",
    );
  if (warm.some((sample) => sample.status !== 409))
    log(
      `warm-up reports with a stale version answered ${[...new Set(warm.map((sample) => sample.status))].join(", ")} (expected 409)`,
    );

  // ---- Result reports: a fresh open round for each scenario.
  let firstScenario = true;
  let firstReportScenario = true;
  const reportScenario = async <T extends { summary: Summary; note?: string }>(
    what: string,
    run: (matches: OpenMatch[], runId: string) => Promise<T>,
    options: { count?: number } = {},
  ): Promise<T> => {
    if (!firstScenario) {
      const leftovers = await reportRoundInBulk(
        prisma,
        tournamentId,
        openRound,
        createRandom(`${values.seed}:leftovers:${openRound}`),
      );
      if (leftovers > 0)
        log(
          `round ${openRound}: ${leftovers} matches left unreported by the last scenario reported in bulk`,
        );
      openRound++;
      await pairOpenRound();
    }
    firstScenario = false;
    const matches = (await openMatches(db, tournamentId, openRound)).slice(0, REPORTS_PER_RUN);
    await db.query(`VACUUM ANALYZE "Match"`);
    await resetStatementCounts(db);
    freshConnections();
    log(`${what}, round ${openRound} (${matches.length} open matches)`);
    const result = await run(matches, `bench-r${openRound}`);
    const statements = await statementCount(db);
    if (firstReportScenario)
      for (const line of await topStatements(db, 12)) log(`statements: ${line}`);
    firstReportScenario = false;
    const stored = await reportedCount(db, tournamentId, openRound);
    const checks =
      stored === result.summary.ok ? "stored = 2xx" : `STORED ${stored} ≠ 2xx ${result.summary.ok}`;
    if (options.count === undefined)
      rows.push({
        what,
        summary: result.summary,
        statementsPerReport: result.summary.ok ? statements / result.summary.ok : Number.NaN,
        note: [result.note, checks, formatErrors(result.summary)].filter(Boolean).join("; "),
      });
    else result.note = [result.note, checks].filter(Boolean).join("; ");
    return result;
  };

  const verdicts: string[][] = [];
  const rssAtEndOfRun: number[] = [];
  let rssBeforeReads = Number.NaN;
  let rssAfterReads = Number.NaN;
  let phone: Awaited<ReturnType<typeof measurePhoneVisits>> | undefined;
  let rush: Rush | undefined;
  const reportsPerSecond = new Map<number, number>();
  for (let runNumber = 1; runNumber <= RUNS; runNumber++) {
    const tag = (what: string) => (RUNS > 1 ? `run ${runNumber}: ${what}` : what);
    // ---- Reads.
    if (runNumber === 1) {
      rssBeforeReads = residentBytes(server.pid);
      log(`server RSS before reads: ${formatBytes(rssBeforeReads)}`);
    }
    const unpagedBytes = (await request("GET", `${server.baseUrl}${apiPath}`, undefined)).body
      .length;
    for (const target of readTargets) {
      const ownBytes = (await request("GET", `${server.baseUrl}${target.path}`, undefined)).body
        .length;
      const ignoresParameters =
        target.path !== apiPath && target.path.startsWith(apiPath) && ownBytes === unpagedBytes;
      for (const readers of READER_COUNTS) {
        log(`reads: ${target.what}, ${readers} reader(s), ${READ_SECONDS} s`);
        freshConnections();
        const summary = await closedLoopReads(
          `${server.baseUrl}${target.path}`,
          readers,
          READ_SECONDS,
        );
        rows.push({
          what: tag(`${target.what}, ${readers} reader${readers === 1 ? "" : "s"}`),
          summary,
          note: [
            `${formatBytes(ownBytes)} (${formatBytes(summary.meanBytes)} gzip)`,
            ignoresParameters ? "parameters ignored" : "",
            formatErrors(summary),
          ]
            .filter(Boolean)
            .join("; "),
        });
        if (readers === 20 && target.what.endsWith("page") && runNumber === 1)
          verdicts.push([
            `${target.what} p95 under 100 ms, 20 readers (strict CSP)`,
            `${formatMs(summary.p95)} ms`,
            summary.p95 < 100 && summary.failures && Object.keys(summary.failures).length === 0
              ? "met"
              : "not met",
          ]);
      }
    }
    if (runNumber === 1) {
      rssAfterReads = residentBytes(server.pid);
      log(`server RSS after reads: ${formatBytes(rssAfterReads)}`);
      // ---- A phone's standings page, first and repeated.
      phone = await measurePhoneVisits(
        server.baseUrl,
        `/tournaments/${tournamentId}/standings`,
        PHONE_REOPEN_AFTER_MS,
      );
      log(
        `phone: first visit ${JSON.stringify(phone.first)}; reopened ${JSON.stringify(phone.repeat)}`,
      );
    }

    // ---- The round-posting rush, on a freshly paired round.
    if (RUSH.seconds > 0) {
      const total = Math.round(RUSH.reportsPerSecond * RUSH.seconds);
      const result = await reportScenario(
        tag(
          `round-posting rush (${RUSH.pairingsPerSecond} pairings + ${RUSH.standingsPerSecond} standings pages/s, ${RUSH.reportsPerSecond} reports/s, ${RUSH.streams} event streams, ${RUSH.seconds} s)`,
        ),
        async (matches, runId) => {
          const outcome = await roundPostingRush(
            server.baseUrl,
            tournamentId,
            matches.slice(0, total),
            runId,
          );
          return { summary: outcome.reports, outcome, note: undefined as string | undefined };
        },
        { count: Math.min(total, REPORTS_PER_RUN) },
      );
      rush = result.outcome;
      const streamsNote = `${rush.streams.opened} streams open${rush.streams.refused ? `, ${rush.streams.refused} refused` : ""}; ${rush.streams.rechecks} asked again (payload older than the change)`;
      rows.push({
        what: tag("rush: pairings page (open loop)"),
        summary: rush.pairings,
        note: [`${formatBytes(rush.pairings.meanBytes)} gzip`, formatErrors(rush.pairings)]
          .filter(Boolean)
          .join("; "),
      });
      rows.push({
        what: tag("rush: standings page (open loop)"),
        summary: rush.standings,
        note: [`${formatBytes(rush.standings.meanBytes)} gzip`, formatErrors(rush.standings)]
          .filter(Boolean)
          .join("; "),
      });
      rows.push({
        what: tag("rush: result reports (open loop)"),
        summary: rush.reports,
        note: [result.note, formatErrors(rush.reports)].filter(Boolean).join("; "),
      });
      rows.push({
        what: tag("rush: live refreshes of open pages (RSC)"),
        summary: rush.refreshes,
        note: [streamsNote, formatErrors(rush.refreshes)].filter(Boolean).join("; "),
      });
      if (runNumber === 1) {
        const failures = (summary: Summary) =>
          Object.values(summary.failures).reduce((sum, count) => sum + count, 0);
        const pageP95 = Math.max(rush.pairings.p95, rush.standings.p95);
        const errors =
          failures(rush.pairings) +
          failures(rush.standings) +
          failures(rush.reports) +
          failures(rush.refreshes) +
          rush.streams.refused;
        verdicts.push([
          "rush: pages p95 under 100 ms, reports p95 under 50 ms, no errors",
          `pages ${formatMs(rush.pairings.p95)} / ${formatMs(rush.standings.p95)} ms, reports ${formatMs(rush.reports.p95)} ms, refreshes ${formatMs(rush.refreshes.p95)} ms, ${errors} errors`,
          pageP95 < 100 && rush.reports.p95 < 50 && errors === 0 ? "met" : "not met",
        ]);
      }
    }

    // ---- Result reports, closed loops and a fixed rate.
    for (const clients of CLIENT_COUNTS) {
      const result = await reportScenario(
        tag(`result reports, ${clients} clients (closed loop)`),
        async (matches, runId) => ({
          summary: await closedLoopReports(server.baseUrl, matches, clients, runId),
        }),
      );
      if (runNumber === 1) reportsPerSecond.set(clients, result.summary.okPerSecond);
    }
    if (RATE > 0 && RATE_SECONDS > 0) {
      await reportScenario(
        tag(`result reports, fixed ${RATE}/s for ${RATE_SECONDS} s`),
        async (matches, runId) => {
          const { summary, skipped } = await fixedRateReports(
            server.baseUrl,
            matches,
            RATE,
            RATE_SECONDS,
            runId,
          );
          return {
            summary,
            note: skipped ? `${skipped} not sent (${MAX_IN_FLIGHT} in flight)` : undefined,
          };
        },
      );
    }
    rssAtEndOfRun.push(residentBytes(server.pid));
    log(`server RSS at the end of run ${runNumber}: ${formatBytes(rssAtEndOfRun.at(-1)!)}`);
  }

  // ---- The floor: the same two statements from a bare node:http + pg server, same pool, same machine.
  const floorClients = CLIENT_COUNTS[0];
  if (WITH_FLOOR && floorClients !== undefined) {
    const floor = await startFloorServer(cluster.url, organizer.userId);
    const result = await reportScenario(
      `floor: bare node:http + pg, the same 2 statements, ${floorClients} clients (closed loop)`,
      async (matches, runId) => ({
        summary: await closedLoopReports(floor.baseUrl, matches, floorClients, runId),
      }),
    );
    await stopChild(floor.child);
    const app = reportsPerSecond.get(floorClients) ?? Number.NaN;
    const ratio = app / result.summary.okPerSecond;
    rows.push({
      what: `reports/s as a fraction of the floor, ${floorClients} clients`,
      value: "",
      note: `${app.toFixed(0)} / ${result.summary.okPerSecond.toFixed(0)} = ${ratio.toFixed(2)}`,
    });
    verdicts.push([
      "reports/s at least half the floor",
      `${app.toFixed(0)} of ${result.summary.okPerSecond.toFixed(0)} reports/s = ${ratio.toFixed(2)}`,
      ratio >= 0.5 ? "met" : "not met",
    ]);
  }

  // ---- Memory: after the runs, then with many open event streams.
  const rssAtEnd = residentBytes(server.pid);
  verdicts.push([
    "server RSS at the end under 400 MB",
    formatBytes(rssAtEnd),
    rssAtEnd < 400e6 ? "met" : "not met",
  ]);
  if (RUNS > 1) {
    const grows = rssAtEndOfRun.at(-1)! > rssAtEndOfRun[0]! * 1.1;
    verdicts.push([
      `${RUNS} runs back to back do not grow RSS (within 10 %)`,
      rssAtEndOfRun.map(formatBytes).join(" → "),
      grows ? "not met" : "met",
    ]);
  }
  let streamsNote = "";
  if (MEMORY_STREAMS > 0) {
    const before = residentBytes(server.pid);
    const streams = await openEventStreams(server.baseUrl, tournamentId, MEMORY_STREAMS);
    await sleep(3_000);
    const open = residentBytes(server.pid);
    streams.close();
    const cost = open - before;
    streamsNote = `${streams.opened} streams open (${streams.refused} refused): ${formatBytes(before)} → ${formatBytes(open)}`;
    verdicts.push([
      `${MEMORY_STREAMS.toLocaleString("en")} open event streams cost under 100 MB more`,
      `+${formatBytes(cost)} (${streams.opened} open${streams.refused ? `, ${streams.refused} refused` : ""})`,
      cost < 100e6 && streams.refused === 0 ? "met" : "not met",
    ]);
  }
  if (phone) {
    const { first, repeat } = phone;
    verdicts.push([
      "phone: first load of the standings page no heavier than 150 kB (document and scripts)",
      formatBytes(first.documentAndScriptBytes),
      first.documentAndScriptBytes <= 150e3 && first.isAlive ? "met" : "not met",
    ]);
    verdicts.push([
      "phone: reopened past the cache's lifetime, under 10 kB and alive",
      `${formatBytes(repeat.bytes)} (document ${repeat.documentStatus}), ${repeat.isAlive ? "alive" : `NOT ALIVE: ${(repeat.problems.join(" | ") || "never listened").slice(0, 160)}`}`,
      repeat.bytes < 10e3 && repeat.isAlive ? "met" : "not met",
    ]);
  }

  // ---- The table.
  const table = formatTable(
    ["what", "requests", "2xx/s", "p50 ms", "p95 ms", "p99 ms", "non-2xx", "stmts/report", "notes"],
    [
      ...rows.map((row) => [
        row.what,
        row.summary ? row.summary.requests.toLocaleString("en") : "",
        row.summary ? row.summary.okPerSecond.toFixed(1) : "",
        row.summary ? formatMs(row.summary.p50) : "",
        row.summary ? formatMs(row.summary.p95) : "",
        row.summary ? formatMs(row.summary.p99) : "",
        row.summary ? formatFailures(row.summary.failures) : "",
        row.statementsPerReport === undefined ? "" : row.statementsPerReport.toFixed(1),
        row.note ?? "",
      ]),
      [
        "server RSS before / after reads / at the end of each run / at end",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        [rssBeforeReads, rssAfterReads, ...rssAtEndOfRun, rssAtEnd].map(formatBytes).join(" / "),
      ],
      ...(streamsNote
        ? [
            [
              `server RSS with ${MEMORY_STREAMS.toLocaleString("en")} event streams open`,
              "",
              "",
              "",
              "",
              "",
              "",
              "",
              streamsNote,
            ],
          ]
        : []),
      ...(phone
        ? [
            [
              "phone: the standings page, first visit (Chromium, 390 px)",
              "",
              "",
              "",
              "",
              "",
              "",
              "",
              phoneNote(phone.first),
            ],
            [
              "phone: the same page reopened later",
              "",
              "",
              "",
              "",
              "",
              "",
              "",
              phoneNote(phone.repeat),
            ],
          ]
        : []),
    ],
  );
  const verdictTable = formatTable(["target", "this run", "verdict"], verdicts);
  console.log(
    [
      "",
      ...header,
      "",
      table,
      "",
      verdictTable,
      "",
      "The server's memory every 10 s (MEMORY_LOG_SECONDS):",
      ...serverMemoryLines.map((line) => `    ${line}`),
      "",
    ].join("\n"),
  );
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(process.exitCode ?? 0);
