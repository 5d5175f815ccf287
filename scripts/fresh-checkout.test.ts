import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
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
