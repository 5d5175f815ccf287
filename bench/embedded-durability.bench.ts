/**
 * What durability costs on the embedded database (figures, not pass/fail):
 *
 *   npm run bench:embedded [-- --reports 400 --clients 1,8 --runs 3]
 *
 * For each setting — `fsync on` (the default: a commit is answered once it is on disk) and
 * `fsync off` (PGlite's own default, kept only for this comparison) — it opens a fresh embedded
 * data folder in a process of its own, as `npm start` serves it, and from another process (the
 * app's side, one pooled connection as the app keeps) seeds an event, then sends result reports
 * through the real JSON route handler (POST /api/matches/:id/result, a signed-in organizer,
 * an idempotency key each) by 1 and by several concurrent clients. The settings alternate, run by
 * run, so a busy machine weighs on both alike. Prints reports/s and latency per setting.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { formatMs, formatTable, summarize, type Sample, type Summary } from "./load-stats";

const ROOT = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    reports: { type: "string", default: "400" },
    clients: { type: "string", default: "1,8" },
    runs: { type: "string", default: "3" },
    // Internal: the two halves of one run.
    serve: { type: "string" },
    fsync: { type: "string", default: "on" },
    load: { type: "string" },
  },
});
const REPORTS = Number(values.reports);
const CLIENTS = values.clients
  .split(",")
  .map(Number)
  .filter((count) => count > 0);
const RUNS = Math.max(1, Number(values.runs));
const SETTINGS = ["on", "off"] as const;
type Setting = (typeof SETTINGS)[number];
type LoadResult = { clients: number; summary: Summary }[];

const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

if (values.serve) await serveFolder(values.serve, values.fsync !== "off");
else if (values.load) await loadThrough(values.load);
else await main();

/** The database side: the folder served as `npm start` serves it, until stdin closes. */
async function serveFolder(dataDir: string, fsync: boolean): Promise<void> {
  const { startEmbeddedPostgres } = await import("../lib/server/infra/embedded-postgres");
  const embedded = await startEmbeddedPostgres({ dataDir, fsync });
  console.log(embedded.url);
  process.stdin.on("end", () => void embedded.stop().then(() => process.exit(0)));
  process.stdin.resume();
}

/** The app's side: seeds an event, then reports every match once through the route handler, per client count. */
async function loadThrough(url: string): Promise<void> {
  process.env.DATABASE_URL = url;
  process.env.DATABASE_POOL_MAX = "1";
  process.env.BETTER_AUTH_SECRET ??= "embedded-durability-bench-secret-0123456789";
  process.env.BETTER_AUTH_URL ??= "http://127.0.0.1";
  const { applyMigrations } = await import("../lib/server/infra/migrate");
  await applyMigrations(url, { migrationsDir: path.join(ROOT, "prisma", "migrations") });
  const { createSignedInAccount } = await import("../test/accounts");
  const { seedLargeEvent } = await import("./seed-large-event");
  const { prisma } = await import("../lib/server/infra/db");
  const { POST } = await import("../app/api/matches/[id]/result/route");
  const organizer = await createSignedInAccount("Bench Organizer");
  const results: LoadResult = [];
  for (const clients of CLIENTS) {
    const { tournamentId } = await seedLargeEvent({
      players: REPORTS * 2,
      rounds: 0,
      owner: organizer,
      seed: `durability-${clients}`,
    });
    const { pairNextSwissRound } = await import("../lib/server/round/rounds");
    const paired = await pairNextSwissRound(tournamentId, "durability");
    if (!paired.ok) throw new Error(paired.error.message);
    const matches = await prisma.match.findMany({
      where: { round: { tournamentId }, sideBId: { not: null } },
      select: { id: true, version: true },
    });
    const samples: Sample[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        for (let index = next++; index < matches.length; index = next++) {
          const match = matches[index]!;
          const sentAt = performance.now();
          const response = await POST(
            new Request(`http://127.0.0.1/api/matches/${match.id}/result`, {
              method: "POST",
              headers: { "content-type": "application/json", cookie: organizer.cookie },
              body: JSON.stringify({
                winsA: 2,
                winsB: index % 2,
                draws: 0,
                expectedVersion: match.version,
                idempotencyKey: randomUUID(),
              }),
            }),
            { params: Promise.resolve({ id: match.id }) },
          );
          await response.arrayBuffer();
          samples.push({ status: response.status, ms: performance.now() - sentAt, bytes: 0 });
        }
      }),
    );
    results.push({ clients, summary: summarize(samples, performance.now() - started) });
  }
  await prisma.$disconnect();
  console.log(JSON.stringify(results));
}

function runChild(
  args: string[],
  onLine?: (line: string) => void,
): { output: Promise<string>; stop: () => void } {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
      "--conditions=react-server",
      import.meta.filename,
      ...args,
    ],
    {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (onLine && output.includes("\n")) onLine(output.split("\n")[0]!);
  });
  const done = new Promise<string>((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.join(" ")} exited with ${code}`)),
    ),
  );
  return { output: done, stop: () => child.stdin.end() };
}

async function oneRun(setting: Setting): Promise<LoadResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `embedded-durability-${setting}-`));
  try {
    let server: ReturnType<typeof runChild> | undefined;
    const url = await new Promise<string>((resolve, reject) => {
      server = runChild(["--serve", path.join(dataDir, "pglite"), "--fsync", setting], resolve);
      server.output.catch(reject);
    });
    try {
      const loaded = await runChild([
        "--load",
        url,
        "--reports",
        String(REPORTS),
        "--clients",
        CLIENTS.join(","),
      ]).output;
      return JSON.parse(loaded.trim().split("\n").at(-1)!) as LoadResult;
    } finally {
      server!.stop();
      await server!.output.catch(() => undefined);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const byKey = new Map<string, Summary[]>();
  for (let run = 1; run <= RUNS; run++) {
    for (const setting of run % 2 === 1 ? SETTINGS : [...SETTINGS].reverse()) {
      log(`run ${run}: fsync ${setting}, ${REPORTS} reports by ${CLIENTS.join(" and ")} client(s)`);
      for (const { clients, summary } of await oneRun(setting)) {
        const key = `${setting}:${clients}`;
        byKey.set(key, [...(byKey.get(key) ?? []), summary]);
      }
    }
  }
  const median = (numbers: number[]) =>
    [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
  const rows = CLIENTS.flatMap((clients) =>
    SETTINGS.map((setting) => {
      const runs = byKey.get(`${setting}:${clients}`) ?? [];
      const failures = runs.reduce(
        (sum, summary) => sum + Object.values(summary.failures).reduce((a, b) => a + b, 0),
        0,
      );
      return [
        `fsync ${setting}${setting === "on" ? " (default)" : ""}, ${clients} client${clients === 1 ? "" : "s"}`,
        runs.map((summary) => summary.okPerSecond.toFixed(0)).join(" / "),
        formatMs(median(runs.map((summary) => summary.p50))),
        formatMs(median(runs.map((summary) => summary.p95))),
        String(failures),
      ];
    }),
  );
  console.log(
    [
      "",
      `Result reports through the route handler on an embedded folder (${REPORTS} per run, node ${process.version}):`,
      "",
      formatTable(
        ["setting", "reports/s per run", "p50 ms (median)", "p95 ms (median)", "non-2xx"],
        rows,
      ),
      "",
    ].join("\n"),
  );
}
