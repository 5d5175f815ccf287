/**
 * Playwright's web server: a fresh database (local PostgreSQL if it answers, else in-memory
 * PGlite), migrated, behind the production build on the given port. Dropped on exit.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { provisionTestDatabase } from "../test/database";

const port = process.argv[2] ?? "3100";
const root = path.resolve(import.meta.dirname, "..");
const database = await provisionTestDatabase("e2e");
console.log(`e2e database: ${database.isEmbedded ? "embedded PGlite" : database.url}`);

const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/serve.ts", "start", "-p", port, "-H", "127.0.0.1"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: database.url, DATABASE_POOL_MAX: database.isEmbedded ? "1" : "5" },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  child.kill("SIGTERM");
  await database.drop().catch((error: unknown) => console.error("could not drop the e2e database", error));
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
child.on("exit", (code) => void stop(code ?? 0));
