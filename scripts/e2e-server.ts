/**
 * Playwright's web server: the production build on the given port, on a fresh database that is
 * thrown away on exit.
 * - default: a new database on the local PostgreSQL if one answers (else in-memory PGlite);
 * - E2E_DATABASE=embedded: exactly a newcomer's `npm start`, with no DATABASE_URL, so the app
 *   serves its embedded PGlite database itself (from a temporary data folder).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { provisionTestDatabase } from "../test/database";
import { e2eServerInfoPath } from "../e2e/support/server-info";

const port = process.argv[2] ?? "3100";
const root = path.resolve(import.meta.dirname, "..");
const isDefaultPath = process.env.E2E_DATABASE === "embedded";

let databaseEnv: NodeJS.ProcessEnv;
let dropDatabase: () => Promise<void>;
if (isDefaultPath) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-pglite-"));
  console.log(`e2e database: the app's own embedded PGlite in ${dataDir}`);
  const { DATABASE_URL: _ignored, DATABASE_POOL_MAX: _alsoIgnored, ...rest } = process.env;
  databaseEnv = { ...rest, EMBEDDED_DATA_DIR: dataDir };
  dropDatabase = async () => rmSync(dataDir, { recursive: true, force: true });
} else {
  const database = await provisionTestDatabase("e2e");
  console.log(`e2e database: ${database.isEmbedded ? "embedded PGlite" : database.url}`);
  databaseEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    DATABASE_POOL_MAX: database.isEmbedded ? "1" : "5",
  };
  dropDatabase = database.drop;
}

// For specs that start a second instance on the same database (e2e/live-pages.spec.ts).
mkdirSync(path.join(root, "e2e", ".auth"), { recursive: true });
writeFileSync(
  e2eServerInfoPath(root, port),
  JSON.stringify({
    databaseUrl: databaseEnv.DATABASE_URL ?? null,
    isEmbedded: isDefaultPath || databaseEnv.DATABASE_POOL_MAX === "1",
  }),
);

// Every journey signs its accounts up from 127.0.0.1: the per-address limit is tested in lib/server/access/accounts.test.ts.
databaseEnv.SIGN_UPS_PER_ADDRESS ??= "1000";
// The webhook journey's receiver listens on 127.0.0.1 (docs/webhooks.md: private addresses).
databaseEnv.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES ??= "1";

const child: ChildProcess = spawn(
  process.execPath,
  ["--import", "tsx", "scripts/serve.ts", "start", "-p", port, "-H", "127.0.0.1"],
  {
    cwd: root,
    stdio: "inherit",
    env: databaseEnv,
  },
);

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  child.kill("SIGTERM");
  const isRunning = child.exitCode === null && child.signalCode === null;
  if (isRunning) await new Promise((resolve) => child.once("exit", resolve));
  await dropDatabase().catch((error: unknown) =>
    console.error("could not drop the e2e database", error),
  );
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
child.on("exit", (code) => void stop(code ?? 0));
