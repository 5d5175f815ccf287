import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

export type NpmStart = {
  child: ChildProcess;
  baseURL: string;
  output: () => string;
  isRunning: () => boolean;
  kill: (signal: NodeJS.Signals) => void;
};

/**
 * `npm start` exactly as an organizer types it, in a process group of its own (so a test can
 * signal npm alone, or kill the whole tree), with `env` on top of this process's environment.
 * Resolves once /api/health answers 200, or with the output when it exited first.
 */
export async function npmStart(
  port: number,
  env: Record<string, string | undefined>,
  readyTimeoutMs = 120_000,
): Promise<NpmStart> {
  const {
    DATABASE_URL: _url,
    DATABASE_POOL_MAX: _pool,
    MIGRATIONS_APPLIED: _migrated,
    ...inherited
  } = process.env;
  const child = spawn("npm", ["start", "--", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...inherited, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const started: NpmStart = {
    child,
    baseURL: `http://127.0.0.1:${port}`,
    output: () => log,
    isRunning: () => isGroupAlive(child.pid!),
    kill: (signal) => {
      if (isGroupAlive(child.pid!)) process.kill(-child.pid!, signal);
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return started;
    const status = await fetch(`${started.baseURL}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  started.kill("SIGKILL");
  throw new Error(`npm start did not become ready in time:\n${log}`);
}

/** Whether any process of the group still runs. */
export function isGroupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}
