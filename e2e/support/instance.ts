import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

/** A port nobody listens on (other app servers may run on this machine's usual ones). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** `npm start` again on another port, on the same database (a second instance behind a load balancer); `env` overrides its settings. */
export async function startSecondInstance(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<{ baseURL: string; stop: () => Promise<void>; residentBytes: () => number }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/serve.ts", "start", "-p", String(port), "-H", "127.0.0.1"],
    // Its own process group, so a stop that hangs can end the whole tree (serve.ts, next-server).
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_MAX: "5",
        NEXT_TELEMETRY_DISABLED: "1",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid!, "SIGTERM");
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The second instance exited with code ${child.exitCode}:\n${log}`);
    const status = await fetch(`${baseURL}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200)
      return { baseURL, stop, residentBytes: () => largestResidentBytesInGroup(child.pid!) };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The second instance did not become ready:\n${log}`);
}

/** The resident memory of the largest process of a process group (the Next.js server under serve.ts), from /proc. */
function largestResidentBytesInGroup(groupId: number): number {
  let largest = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The fields after the command name (which may hold spaces): state, ppid, pgrp, …
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== groupId) continue;
      const rss = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${entry}/status`, "utf8"));
      if (rss) largest = Math.max(largest, Number(rss[1]) * 1024);
    } catch {
      // The process ended while it was read.
    }
  }
  return largest;
}
