import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
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
    await query(first.url, "CREATE TABLE kept (value TEXT); INSERT INTO kept VALUES ('still here')");
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir });
    try {
      expect(await query<{ value: string }>(second.url, "SELECT value FROM kept")).toEqual([{ value: "still here" }]);
    } finally {
      await second.stop();
    }
  });
});

describe("several connections to the embedded database (issue 13)", () => {
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
      (leaver as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await survivor.query<{ count: string }>("SELECT count(*) FROM slips")).rows[0]?.count).toBe("0");
      await survivor.query("INSERT INTO slips VALUES (2)");
      expect((await survivor.query<{ count: string }>("SELECT count(*) FROM slips")).rows[0]?.count).toBe("1");
    } finally {
      await survivor.end();
      await embedded.stop();
    }
  });
});
