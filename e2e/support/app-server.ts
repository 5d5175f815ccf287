import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

export type RunningApp = { baseURL: string; output: () => string; stop: () => Promise<void> };

/**
 * Starts the app the way the README tells a newcomer to (`npm start`, or `npm run dev`): through
 * scripts/serve.ts with no DATABASE_URL, so it serves its own embedded PGlite database from
 * `dataDir`. Resolves once /api/health answers 200.
 */
export async function startAppOnEmbeddedDatabase(options: {
  mode: "start" | "dev";
  dataDir: string;
  port: number;
  readyTimeoutMs?: number;
}): Promise<RunningApp> {
  const {
    DATABASE_URL: _url,
    DATABASE_POOL_MAX: _pool,
    MIGRATIONS_APPLIED: _migrated,
    ...environment
  } = process.env;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/serve.ts",
      options.mode,
      "-p",
      String(options.port),
      "-H",
      "127.0.0.1",
    ],
    // Its own process group: stopping it signals serve.ts and the server together, as Ctrl+C in a terminal does.
    {
      cwd: root,
      env: { ...environment, EMBEDDED_DATA_DIR: options.dataDir, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const baseURL = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid!, "SIGTERM");
    await exited;
    // Until the whole group is gone (the server exits after serve.ts has stopped listening for it).
    for (let waited = 0; waited < 15_000 && groupIsAlive(child.pid!); waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The app exited with code ${child.exitCode} before it was ready:\n${log}`);
    const status = await fetch(`${baseURL}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { baseURL, output: () => log, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The app did not become ready in time:\n${log}`);
}

function groupIsAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}
