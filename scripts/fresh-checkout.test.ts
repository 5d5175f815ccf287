import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { chooseLanAddress } from "../lib/lan-address";
import { startEmbeddedPostgres } from "../lib/server/infra/embedded-postgres";

const root = path.resolve(import.meta.dirname, "..");
const workspace = mkdtempSync(path.join(tmpdir(), "fresh-checkout-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

/**
 * A checkout as `git clone` + `npm install` leaves it: the repository's files (as they are in the
 * working tree, untracked ones included) and node_modules, but nothing generated: no Prisma
 * client, no build, no .data/.
 */
function freshCheckout(): string {
  const checkout = path.join(workspace, "checkout");
  const files = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "-z"],
    { cwd: root, encoding: "utf8" },
  )
    .split("\0")
    .filter((file) => file && existsSync(path.join(root, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(checkout, file));
  }
  symlinkSync(path.join(root, "node_modules"), path.join(checkout, "node_modules"), "dir");
  expect(existsSync(path.join(checkout, "lib", "generated"))).toBe(false);
  return checkout;
}

/** Runs an npm script without blocking this process, which may be serving the database it uses. */
function runNpm(
  cwd: string,
  script: string,
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, DATABASE_POOL_MAX: _pool, ...environment } = process.env;
  const child = spawn("npm", ["run", "--silent", script], {
    cwd,
    env: { ...environment, ...env },
    timeout: 180_000,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on("close", (status) => resolve({ status, stdout, stderr })),
  );
}

/** A port nobody listens on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

type Started = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  stop: () => Promise<void>;
};

/** An npm script left running, in a process group of its own so that stopping it stops all it started. */
function startNpm(
  cwd: string,
  args: string[],
  env: Record<string, string>,
  command = "npm",
): Started {
  const { DATABASE_URL: _url, DATABASE_POOL_MAX: _pool, ...environment } = process.env;
  const child = spawn(command, args, { cwd, env: { ...environment, ...env }, detached: true });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null)
        process.kill(-child.pid!, "SIGTERM");
      await exited;
    },
  };
}

/** Whether a WebSocket handshake from a page at `origin` is accepted (101), as a browser sends it. */
function acceptsWebSocket(url: string, origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        Origin: origin,
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version": "13",
      },
      timeout: 30_000,
    });
    request.on("upgrade", (_response, socket) => {
      socket.destroy();
      resolve(true);
    });
    request.on("response", () => resolve(false));
    request.on("error", () => resolve(false));
    request.on("timeout", () => request.destroy());
    request.end();
  });
}

/** Lines a newcomer would read as something gone wrong. */
const ALARMING = /warn|EBADENGINE|Base URL|deprecat|Blocked cross-origin/i;

describe("npm scripts on a fresh checkout", () => {
  const checkout = freshCheckout();

  it("`npm run db:demo` works first, before dev, build or test (it generates the Prisma client itself)", async () => {
    const dataDir = path.join(workspace, "demo-data");
    const run = await runNpm(checkout, "db:demo", { EMBEDDED_DATA_DIR: dataDir });
    expect(run.stderr + run.stdout).not.toMatch(/ERR_MODULE_NOT_FOUND/);
    expect(run.status, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toMatch(/Demo event loaded: open \/tournaments\/\w+\/standings/);
  }, 200_000);

  it("`npm run db:demo` while the app serves the embedded database loads through the running server, which sees it at once", async () => {
    const dataDir = path.join(workspace, "running-data");
    const running = await startEmbeddedPostgres({ dataDir }); // stands in for `npm run dev`
    const client = new pg.Client({ connectionString: running.url });
    try {
      const run = await runNpm(checkout, "db:demo", { EMBEDDED_DATA_DIR: dataDir });
      expect(run.status, run.stderr + run.stdout).toBe(0);
      expect(run.stdout).toMatch(/loading the demo through it/);
      await client.connect();
      const { rows } = await client.query<{ name: string }>(`SELECT name FROM "Tournament"`);
      expect(rows.map((row) => row.name)).toEqual(["Demo: Modern Showdown"]);
    } finally {
      await client.end().catch(() => undefined);
      await running.stop();
    }
  }, 200_000);

  it("a second server on the same data folder is refused with a clear message instead of opening it twice", async () => {
    const dataDir = path.join(workspace, "busy-data");
    const running = await startEmbeddedPostgres({ dataDir });
    try {
      const run = spawnSync(
        process.execPath,
        [
          path.join(root, "node_modules/tsx/dist/cli.mjs"),
          "-e",
          `import("${path.join(root, "lib/server/infra/embedded-postgres.ts")}").then((m) => m.startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} })).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`,
        ],
        { encoding: "utf8", timeout: 60_000 },
      );
      expect(run.status).toBe(3);
      expect(run.stderr).toMatch(/already served by process \d+/);
    } finally {
      await running.stop();
    }
  }, 100_000);
});

// Turbopack compiles only inside the project's own folder, which the checkout's linked node_modules is not.
describe("npm run dev in this working tree", () => {
  it("`npm run dev` starts with no warning and one line about the database schema, and serves its own address, 127.0.0.1, hot reload included", async () => {
    const port = await freePort();
    const dev = startNpm(root, ["run", "--silent", "dev", "--", "-p", String(port)], {
      EMBEDDED_DATA_DIR: path.join(workspace, "dev-data"),
    });
    try {
      const printed = await vi.waitFor(
        () => {
          if (dev.child.exitCode !== null) throw new Error(`npm run dev stopped:\n${dev.stderr()}`);
          const ready = /Ready on (http:\/\/\S+)/.exec(dev.stdout());
          if (!ready) throw new Error("not ready yet");
          return ready[1]!;
        },
        { timeout: 150_000, interval: 500 },
      );
      for (const base of [printed, `http://127.0.0.1:${port}`]) {
        expect((await fetch(`${base}/`)).status, base).toBe(200);
        // Better Auth's own route: its settings are read once it answers.
        expect((await fetch(`${base}/api/auth/get-session`)).status, base).toBe(200);
        expect(await acceptsWebSocket(`${base}/_next/hmr?id=probe`, base), base).toBe(true);
      }
    } finally {
      await dev.stop();
    }
    const alarming = dev
      .stderr()
      .split("\n")
      .filter((line) => ALARMING.test(line));
    expect(alarming).toEqual([]);
    const aboutSchema = dev
      .stdout()
      .split("\n")
      .filter((line) => /migrat|schema/i.test(line));
    expect(aboutSchema).toHaveLength(1);
  }, 240_000);
});

describe("npm run venue", () => {
  it("listens on the laptop's LAN address, prints its URL with a QR code of it, and serves it", async () => {
    const port = await freePort();
    const address = chooseLanAddress(networkInterfaces())?.address;
    // `npm run venue` is `serve.ts start --venue`; in development it needs no build first.
    const venue = startNpm(
      root,
      ["--import", "tsx", "scripts/serve.ts", "dev", "--venue", "-p", String(port)],
      { EMBEDDED_DATA_DIR: path.join(workspace, "venue-data") },
      process.execPath,
    );
    try {
      const said = address
        ? `Phones and laptops on this network open http://${address}:${port}`
        : "This laptop is on no network yet";
      await vi.waitFor(
        () => {
          if (venue.child.exitCode !== null) throw new Error(`it stopped:\n${venue.stderr()}`);
          expect(venue.stdout()).toContain(said);
        },
        { timeout: 150_000, interval: 500 },
      );
      if (!address) return;
      // The QR code: rows of block characters under the URL.
      expect(venue.stdout()).toMatch(/\n[█▀▄ ]{20,}\n[█▀▄ ]{20,}\n/);
      expect(venue.stdout()).toContain(`printed codes point at http://${address}:${port}`);
      expect((await fetch(`http://${address}:${port}/api/health`)).status).toBe(200);
    } finally {
      await venue.stop();
    }
    expect(
      venue
        .stderr()
        .split("\n")
        .filter((line) => ALARMING.test(line)),
    ).toEqual([]);
  }, 200_000);
});
