import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { isProcessAlive } from "../lib/server/infra/embedded-postgres";

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own: `initdb` in a temporary folder, served on a free port
 * of 127.0.0.1 only (and a socket in that folder), so a test may stop, restart or crash it
 * without touching the machine's shared server on 5432 that every other test run uses.
 */
export type PrivateCluster = {
  url: string;
  port: number;
  dataDir: string;
  /** `pg_ctl restart -m <mode>`: "fast" is an orderly restart, "immediate" a crash (recovery on start). */
  restart: (mode: "fast" | "immediate") => Promise<void>;
  /** An outage: `pg_ctl stop -m <mode>` now, `start()` to end it. */
  stop: (mode: "fast" | "immediate") => Promise<void>;
  start: () => Promise<void>;
  /** Stops the server and deletes its folder; safe to call more than once, and after a failed start. */
  destroy: () => Promise<void>;
};

const FOLDER_PREFIX = "spellbook-private-pg-";
const PG_BIN_ROOT = "/usr/lib/postgresql";

/** The newest PostgreSQL server binaries on this machine (Debian layout), or undefined when there are none. */
export function findPostgresBinaries(): string | undefined {
  if (!fs.existsSync(PG_BIN_ROOT)) return undefined;
  const versions = fs
    .readdirSync(PG_BIN_ROOT)
    .filter(
      (version) =>
        fs.existsSync(path.join(PG_BIN_ROOT, version, "bin", "initdb")) &&
        fs.existsSync(path.join(PG_BIN_ROOT, version, "bin", "pg_ctl")),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(PG_BIN_ROOT, versions[0], "bin");
}

/** PostgreSQL refuses to run as root: as root, run its tools as the `postgres` OS user. */
function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

async function runPostgresTool(bin: string, tool: string, args: string[], timeoutMs = 30_000) {
  const file = path.join(bin, tool);
  const [command, commandArgs] = isRoot()
    ? ["runuser", ["-u", "postgres", "--", file, ...args]]
    : [file, args];
  return run(command, commandArgs, { timeout: timeoutMs, env: { ...process.env, LC_ALL: "C" } });
}

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/**
 * Clusters left by a test process that was killed before its cleanup ran (the folder name holds
 * its pid): stopped and deleted, so they never pile up on a CI machine.
 */
async function removeAbandonedClusters(bin: string): Promise<void> {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const pid = Number(name.slice(FOLDER_PREFIX.length).split("-")[0]);
    if (!Number.isInteger(pid) || isProcessAlive(pid)) continue;
    const folder = path.join(os.tmpdir(), name);
    await runPostgresTool(
      bin,
      "pg_ctl",
      ["stop", "-D", path.join(folder, "data"), "-m", "immediate", "-w"],
      15_000,
    ).catch(() => undefined);
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export async function startPrivateCluster(bin: string): Promise<PrivateCluster> {
  await removeAbandonedClusters(bin);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
  const dataDir = path.join(folder, "data");
  const logFile = path.join(folder, "server.log");
  let isStarted = false;
  const destroy = async () => {
    if (isStarted) {
      await runPostgresTool(
        bin,
        "pg_ctl",
        ["stop", "-D", dataDir, "-m", "immediate", "-w"],
        15_000,
      ).catch(() => undefined);
      isStarted = false;
    }
    fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    if (isRoot()) fs.chownSync(folder, ...postgresUserIds());
    const port = await findFreePort();
    await runPostgresTool(
      bin,
      "initdb",
      [
        "-D",
        dataDir,
        "-U",
        "postgres",
        "-A",
        "trust",
        "-E",
        "UTF8",
        "--no-sync",
        "--no-instructions",
      ],
      60_000,
    );
    // Only loopback and a socket in the folder: nothing is shared with the machine's server.
    // fsync=off keeps it quick; synchronous_commit stays on, so a commit that was answered is in
    // the WAL the kernel holds, and survives a crash of the server (`-m immediate`).
    const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=60 -c shared_buffers=32MB`;
    const pgCtl = (action: string, extra: string[] = []) =>
      runPostgresTool(
        bin,
        "pg_ctl",
        [action, "-D", dataDir, "-l", logFile, "-o", options, "-w", "-t", "30", ...extra],
        45_000,
      );
    await pgCtl("start");
    isStarted = true;
    return {
      url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
      port,
      dataDir,
      restart: async (mode) => {
        await pgCtl("restart", ["-m", mode]);
      },
      stop: async (mode) => {
        await pgCtl("stop", ["-m", mode]);
      },
      start: async () => {
        await pgCtl("start");
      },
      destroy,
    };
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").slice(-2_000) : "";
    await destroy();
    throw new Error(
      `Could not start a private PostgreSQL cluster: ${(error as Error).message}\n${log}`,
      { cause: error },
    );
  }
}

function postgresUserIds(): [number, number] {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  if (!line)
    throw new Error(
      "Running as root, but there is no `postgres` OS user to run the private PostgreSQL cluster as.",
    );
  const [, , uid, gid] = line.split(":");
  return [Number(uid), Number(gid)];
}
