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
