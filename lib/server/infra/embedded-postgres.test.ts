import { spawn, spawnSync } from "node:child_process";
import fs, { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { startEmbeddedPostgres } from "./embedded-postgres";

const root = mkdtempSync(path.join(tmpdir(), "embedded-pg-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe("the embedded database (a newcomer's first run)", () => {
  it("creates a data folder that does not exist yet, nested, and keeps its data across restarts", async () => {
    const dataDir = path.join(root, ".data", "pglite");
    const first = await startEmbeddedPostgres({ dataDir });
    await query(
      first.url,
      "CREATE TABLE kept (value TEXT); INSERT INTO kept VALUES ('still here')",
    );
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir });
    try {
      expect(await query<{ value: string }>(second.url, "SELECT value FROM kept")).toEqual([
        { value: "still here" },
      ]);
    } finally {
      await second.stop();
    }
  });
});

describe("what the embedded database answered is on disk", () => {
  it("runs PostgreSQL with fsync on, and syncs the WAL file to disk before it answers a COMMIT", async () => {
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(root, "durable") });
    const client = new pg.Client({ connectionString: embedded.url });
    const steps: string[] = [];
    const fsyncSync = fs.fsyncSync;
    const spy = vi.spyOn(fs, "fsyncSync").mockImplementation((fd) => {
      steps.push("fsync");
      fsyncSync(fd);
    });
    try {
      await client.connect();
      expect((await client.query<{ fsync: string }>("SHOW fsync")).rows[0]?.fsync).toBe("on");
      await client.query("CREATE TABLE slips (value INT)");
      await client.query("BEGIN");
      await client.query("INSERT INTO slips VALUES (1)");
      steps.push("commit sent");
      await client.query("COMMIT");
      steps.push("commit answered");
      const commit = steps.slice(steps.indexOf("commit sent"));
      expect(commit.at(-1)).toBe("commit answered");
      expect(commit).toContain("fsync");
    } finally {
      spy.mockRestore();
      await client.end();
      await embedded.stop();
    }
  });
});

describe("several connections to the embedded database", () => {
  it("serves a second connection while the first stays open, instead of cutting either off", async () => {
    const embedded = await startEmbeddedPostgres();
    const first = new pg.Client({ connectionString: embedded.url });
    const second = new pg.Client({ connectionString: embedded.url });
    try {
      await first.connect();
      await second.connect();
      expect((await first.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      expect((await second.query("SELECT 2 AS two")).rows).toEqual([{ two: 2 }]);
      expect((await first.query("SELECT 3 AS three")).rows).toEqual([{ three: 3 }]);
    } finally {
      await first.end();
      await second.end();
      await embedded.stop();
    }
  });

  it("runs one connection's transaction at a time: another connection neither sees nor interleaves with it", async () => {
    const embedded = await startEmbeddedPostgres();
    const writer = new pg.Client({ connectionString: embedded.url });
    const reader = new pg.Client({ connectionString: embedded.url });
    try {
      await writer.connect();
      await reader.connect();
      await writer.query("CREATE TABLE slips (value INT)");
      await writer.query("BEGIN");
      await writer.query("INSERT INTO slips VALUES (1)");
      let readerAnsweredAt = 0;
      const read = reader.query<{ count: string }>("SELECT count(*) FROM slips").then((result) => {
        readerAnsweredAt = Date.now();
        return result.rows[0]?.count;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(readerAnsweredAt).toBe(0); // still queued behind the open transaction
      const rolledBackAt = Date.now();
      await writer.query("ROLLBACK");
      expect(await read).toBe("0"); // the rolled-back row was never visible
      expect(readerAnsweredAt).toBeGreaterThanOrEqual(rolledBackAt);
    } finally {
      await writer.end();
      await reader.end();
      await embedded.stop();
    }
  });

  it("rolls back the transaction of a connection that goes away in the middle of it", async () => {
    const embedded = await startEmbeddedPostgres();
    const survivor = new pg.Client({ connectionString: embedded.url });
    const leaver = new pg.Client({ connectionString: embedded.url });
    try {
      await survivor.connect();
      await leaver.connect();
      leaver.on("error", () => undefined);
      await survivor.query("CREATE TABLE slips (value INT)");
      await leaver.query("BEGIN");
      await leaver.query("INSERT INTO slips VALUES (1)");
      (
        leaver as unknown as { connection: { stream: { destroy: () => void } } }
      ).connection.stream.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(
        (await survivor.query<{ count: string }>("SELECT count(*) FROM slips")).rows[0]?.count,
      ).toBe("0");
      await survivor.query("INSERT INTO slips VALUES (2)");
      expect(
        (await survivor.query<{ count: string }>("SELECT count(*) FROM slips")).rows[0]?.count,
      ).toBe("1");
    } finally {
      await survivor.end();
      await embedded.stop();
    }
  });
});

type Start = { opened: boolean; message?: string; stop: () => Promise<void> };

/** Another process opening `dataDir` as `npm start` does, `delayMs` from now: what it said, and how to let it go. */
async function startInAnotherProcess(dataDir: string, delayMs: number): Promise<Start> {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  const root = path.resolve(import.meta.dirname, "..", "..", "..");
  const child = spawn(
    process.execPath,
    [
      path.join(root, "node_modules/tsx/dist/cli.mjs"),
      "test/fixtures/open-embedded-folder.ts",
      dataDir,
    ],
    { cwd: root, stdio: ["pipe", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    child.stdin.end();
    await exited;
  };
  let output = "";
  const line = await new Promise<string>((resolve) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("\n")) resolve(output.split("\n")[0]!);
    });
    child.once("exit", () => resolve(output.split("\n")[0] ?? ""));
  });
  const said = JSON.parse(line || '{"opened":false,"message":"no answer"}') as {
    opened: boolean;
    message?: string;
  };
  return { ...said, stop };
}

/** The id of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], {
    encoding: "utf8",
  });
  return Number(child.stdout.trim());
}

/** The id of a process that has exited but was never reaped by its parent (a zombie), alive for `ms`. */
async function zombiePid(ms: number): Promise<{ pid: number; parent: ReturnType<typeof spawn> }> {
  // After the exec, `sleep` is the parent of the short sleep and never waits for it.
  const parent = spawn("sh", ["-c", `sleep 0.05 & echo $!; exec sleep ${ms / 1000}`]);
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { pid, parent };
}

describe("two starts on one data folder", () => {
  it.skipIf(process.platform !== "linux")(
    "takes over the lock of a server that was killed but not yet reaped (a zombie, as under a container's init)",
    async () => {
      const dataDir = path.join(root, "zombie-server");
      const zombie = await zombiePid(20_000);
      try {
        expect(readFileSync(`/proc/${zombie.pid}/stat`, "utf8")).toMatch(/\) Z /);
        writeFileSync(
          `${dataDir}.server.json`,
          JSON.stringify({ pid: zombie.pid, url: "postgresql://127.0.0.1:1/postgres" }),
        );
        const embedded = await startEmbeddedPostgres({ dataDir });
        await embedded.stop();
      } finally {
        zombie.parent.kill();
      }
    },
  );

  it("takes over the lock of a server that was killed, and gives it back when it stops", async () => {
    const dataDir = path.join(root, "killed-server");
    writeFileSync(`${dataDir}.server.json`, JSON.stringify({ pid: deadPid(), url: null }));
    const embedded = await startEmbeddedPostgres({ dataDir });
    try {
      expect(JSON.parse(readFileSync(`${dataDir}.server.json`, "utf8"))).toEqual({
        pid: process.pid,
        url: embedded.url,
      });
      await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(
        `is already served by process ${process.pid} at ${embedded.url}`,
      );
    } finally {
      await embedded.stop();
    }
    expect(existsSync(`${dataDir}.server.json`)).toBe(false);
  });

  it.each([100, 300, 500, 800, 1_000])(
    "started %i ms apart, never both open it: the second is refused and says who serves it",
    async (delayMs) => {
      // A new folder for the first case (its creation is the slowest open), the same folder after that.
      const dataDir = path.join(root, "two-starts", delayMs === 100 ? "new" : "existing");
      if (delayMs === 300)
        await startEmbeddedPostgres({ dataDir }).then((embedded) => embedded.stop());
      // Both find the lock a killed server left: one takes it over, the other is still refused.
      if (delayMs === 500)
        writeFileSync(
          `${dataDir}.server.json`,
          JSON.stringify({ pid: deadPid(), url: "postgresql://127.0.0.1:1/postgres" }),
        );
      const starts = await Promise.all([
        startInAnotherProcess(dataDir, 0),
        startInAnotherProcess(dataDir, delayMs),
      ]);
      try {
        expect(starts.map((start) => start.opened).sort()).toEqual([false, true]);
        const refused = starts.find((start) => !start.opened)!;
        expect(refused.message).toMatch(
          /embedded database in .* is (already served|being opened) by process \d+/,
        );
      } finally {
        await Promise.all(starts.map((start) => start.stop()));
      }
    },
    60_000,
  );
});
