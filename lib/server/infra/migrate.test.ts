import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { provisionTestDatabase } from "@/test/database";
import { startEmbeddedPostgres } from "./embedded-postgres";
import {
  applyMigrations,
  MIGRATION_LOCK_KEY,
  migrationChecksum,
  migrationSummary,
  scriptMatchesChecksum,
} from "./migrate";

type Database = { url: string; isEmbedded: boolean; drop: () => Promise<void> };

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Each test gets its own empty database; all are dropped after the file. */
async function track(database: Database): Promise<Database> {
  cleanups.push(database.drop);
  return database;
}

/** A throwaway migrations folder: `{ "001_x": "SQL" }` → `<tmp>/001_x/migration.sql`. */
function migrationsDir(migrations: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrate-test-"));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, "migration_lock.toml"), 'provider = "postgresql"\n');
  for (const [name, sql] of Object.entries(migrations)) writeMigration(dir, name, sql);
  return dir;
}

function writeMigration(dir: string, name: string, sql: string): void {
  fs.mkdirSync(path.join(dir, name), { recursive: true });
  fs.writeFileSync(path.join(dir, name, "migration.sql"), sql);
}

/** Runs a script as npm does (through tsx), without blocking this process. */
function runScript(
  script: string,
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const root = path.resolve(import.meta.dirname, "..", "..", "..");
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), script],
    { cwd: root, env: { ...process.env, ...env }, timeout: 25_000 },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on("close", (status) => resolve({ status, stdout, stderr })),
  );
}

/** Opens, queries and closes at once: the embedded server accepts one connection at a time. */
async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

async function tableNames(url: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    url,
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
  );
  return rows.map((r) => r.name);
}

type Row = {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  applied_steps_count: number;
  id: string;
};
async function migrationRows(url: string): Promise<Row[]> {
  return query<Row>(url, "SELECT * FROM _prisma_migrations ORDER BY migration_name");
}

const FIRST =
  'CREATE TABLE "Alpha" ("id" TEXT NOT NULL, CONSTRAINT "Alpha_pkey" PRIMARY KEY ("id"));\n';
const SECOND = 'CREATE TABLE "Beta" ("id" INTEGER NOT NULL);\n\nINSERT INTO "Beta" VALUES (1);\n';

const targets: [string, () => Promise<Database>][] = [
  [
    "test database (PostgreSQL server, or PGlite when none answers)",
    () => provisionTestDatabase("migrate"),
  ],
  [
    "embedded PGlite",
    async () => {
      const embedded = await startEmbeddedPostgres();
      return { url: embedded.url, isEmbedded: true, drop: embedded.stop };
    },
  ],
];

describe.each(targets)("applyMigrations on %s", (_label, provision) => {
  it("applies every migration of an empty database in name order and records each like Prisma", async () => {
    const db = await track(await provision());
    const dir = migrationsDir({ "20260102000000_second": SECOND, "20260101000000_first": FIRST });
    const lines: string[] = [];

    const result = await applyMigrations(db.url, {
      migrationsDir: dir,
      log: (line) => lines.push(line),
    });

    expect(result).toEqual({
      applied: ["20260101000000_first", "20260102000000_second"],
      alreadyApplied: 0,
    });
    expect(await tableNames(db.url)).toEqual(["Alpha", "Beta", "_prisma_migrations"]);
    const rows = await migrationRows(db.url);
    expect(rows.map((r) => [r.migration_name, r.checksum, r.applied_steps_count])).toEqual([
      ["20260101000000_first", createHash("sha256").update(FIRST).digest("hex"), 1],
      ["20260102000000_second", createHash("sha256").update(SECOND).digest("hex"), 1],
    ]);
    for (const row of rows) {
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    // One line for all of them is the caller's (migrationSummary): the log is for lock waits.
    expect(lines).toEqual([]);
  });

  it("applies nothing on a second run, and only the new migration after one is added", async () => {
    const db = await track(await provision());
    const dir = migrationsDir({ "20260101000000_first": FIRST });
    await applyMigrations(db.url, { migrationsDir: dir });

    expect(await applyMigrations(db.url, { migrationsDir: dir })).toEqual({
      applied: [],
      alreadyApplied: 1,
    });

    writeMigration(dir, "20260102000000_second", SECOND);
    expect(await applyMigrations(db.url, { migrationsDir: dir })).toEqual({
      applied: ["20260102000000_second"],
      alreadyApplied: 1,
    });
    expect((await migrationRows(db.url)).length).toBe(2);
  });

  it("applies the project's real migrations", async () => {
    const db = await track(await provision());
    const result = await applyMigrations(db.url, {
      migrationsDir: path.join(process.cwd(), "prisma", "migrations"),
    });
    expect(result.applied.length).toBeGreaterThan(0);
    expect(await tableNames(db.url)).toContain("Tournament");
  });

  it("refuses a migration whose file changed after it was applied, naming it", async () => {
    const db = await track(await provision());
    const dir = migrationsDir({ "20260101000000_first": FIRST });
    await applyMigrations(db.url, { migrationsDir: dir });

    writeMigration(dir, "20260101000000_first", FIRST.replace("Alpha", "Gamma"));
    writeMigration(dir, "20260102000000_second", SECOND);

    await expect(applyMigrations(db.url, { migrationsDir: dir })).rejects.toThrow(
      /Migration 20260101000000_first was changed after it was applied/,
    );
    expect(await tableNames(db.url)).not.toContain("Beta");
  });

  it("accepts a file whose only change is CRLF line endings, as Prisma does", async () => {
    const db = await track(await provision());
    const dir = migrationsDir({ "20260101000000_first": SECOND });
    await applyMigrations(db.url, { migrationsDir: dir });
    writeMigration(dir, "20260101000000_first", SECOND.replaceAll("\n", "\r\n"));
    expect(await applyMigrations(db.url, { migrationsDir: dir })).toEqual({
      applied: [],
      alreadyApplied: 1,
    });
  });

  it("refuses when a migration recorded as applied is missing on disk", async () => {
    const db = await track(await provision());
    const dir = migrationsDir({ "20260101000000_first": FIRST, "20260102000000_second": SECOND });
    await applyMigrations(db.url, { migrationsDir: dir });
    fs.rmSync(path.join(dir, "20260102000000_second"), { recursive: true });

    await expect(applyMigrations(db.url, { migrationsDir: dir })).rejects.toThrow(
      /Migration 20260102000000_second is recorded as applied .* missing/,
    );
  });

  it("refuses to continue after a failed attempt is recorded, until it is marked rolled back", async () => {
    const db = await track(await provision());
    const dir = migrationsDir({ "20260101000000_first": FIRST });
    await applyMigrations(db.url, { migrationsDir: dir });
    writeMigration(dir, "20260102000000_second", SECOND);
    // What `prisma migrate deploy` leaves after a failure: a started row without finished_at.
    await query(
      db.url,
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, logs) VALUES ($1, $2, $3, $4)`,
      [
        "00000000-0000-4000-8000-000000000000",
        migrationChecksum(SECOND),
        "20260102000000_second",
        "relation already exists",
      ],
    );

    await expect(applyMigrations(db.url, { migrationsDir: dir })).rejects.toThrow(
      /Migration 20260102000000_second is recorded as started but not finished .*relation already exists/,
    );

    await query(
      db.url,
      "UPDATE _prisma_migrations SET rolled_back_at = now() WHERE finished_at IS NULL",
    );
    expect(await applyMigrations(db.url, { migrationsDir: dir })).toEqual({
      applied: ["20260102000000_second"],
      alreadyApplied: 1,
    });
  });

  it("rolls a failing migration back entirely and names it in the error", async () => {
    const db = await track(await provision());
    const broken =
      'CREATE TABLE "Partial" ("id" TEXT);\n\nCREATE TABLE "Broken" ("id" NOT_A_TYPE);\n';
    const dir = migrationsDir({
      "20260101000000_first": FIRST,
      "20260102000000_broken": broken,
      "20260103000000_after": SECOND,
    });

    const failure = applyMigrations(db.url, { migrationsDir: dir });

    await expect(failure).rejects.toThrow(
      /Migration 20260102000000_broken failed at line 3 and was rolled back; nothing of it was applied: type "not_a_type" does not exist/,
    );
    // The earlier migration committed on its own; nothing of the broken one or after it exists.
    expect(await tableNames(db.url)).toEqual(["Alpha", "_prisma_migrations"]);
    expect((await migrationRows(db.url)).map((r) => r.migration_name)).toEqual([
      "20260101000000_first",
    ]);

    // Fixed file: the next run picks up where it stopped.
    writeMigration(dir, "20260102000000_broken", broken.replace("NOT_A_TYPE", "TEXT"));
    expect(await applyMigrations(db.url, { migrationsDir: dir })).toEqual({
      applied: ["20260102000000_broken", "20260103000000_after"],
      alreadyApplied: 1,
    });
  });

  it("releases the advisory lock when it is done, even after a failure", async () => {
    const db = await track(await provision());
    const dir = migrationsDir({ "20260101000000_bad": "SELECT 1/0;\n" });
    await expect(applyMigrations(db.url, { migrationsDir: dir })).rejects.toThrow(
      /division by zero/,
    );
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT pg_try_advisory_lock($1) AS locked", [
        MIGRATION_LOCK_KEY,
      ]);
      expect(rows[0].locked).toBe(true);
    } finally {
      await client.end();
    }
  });
});

describe("applyMigrations from two processes at once (PostgreSQL server)", () => {
  it("serializes on the advisory lock: both succeed and the migration runs once", async (context) => {
    const db = await track(await provisionTestDatabase("migrate_concurrent"));
    // PGlite serves one connection: there is no second session to race with.
    if (db.isEmbedded) context.skip();
    // Slow enough that, without the lock, both runs would be inside it at the same time
    // and the second CREATE TABLE would fail.
    const dir = migrationsDir({ "20260101000000_slow": `SELECT pg_sleep(0.5);\n\n${FIRST}` });
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);

    const results = await Promise.all([
      applyMigrations(db.url, { migrationsDir: dir, log }),
      applyMigrations(db.url, { migrationsDir: dir, log }),
    ]);

    expect(results.map((r) => r.applied).sort()).toEqual([[], ["20260101000000_slow"]]);
    expect(results.map((r) => r.alreadyApplied).sort()).toEqual([0, 1]);
    expect((await migrationRows(db.url)).map((r) => r.migration_name)).toEqual([
      "20260101000000_slow",
    ]);
    expect(
      lines.some((line) => line.includes("waiting for another instance applying migrations")),
    ).toBe(true);
  });
});

describe("a migration lock that is never released (PostgreSQL server)", () => {
  /** Another session holds the lock for the whole test, as a stuck instance would. */
  async function holdLock(url: string): Promise<pg.Client> {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    cleanups.push(async () => void (await holder.end().catch(() => undefined)));
    await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    return holder;
  }

  it("says it is waiting, then gives up after the timeout with an error naming the lock and what to do", async (context) => {
    const db = await track(await provisionTestDatabase("migrate_stuck"));
    // PGlite serves one connection: no other session can hold the lock.
    if (db.isEmbedded) context.skip();
    await holdLock(db.url);
    const dir = migrationsDir({ "20260101000000_first": FIRST });
    const lines: string[] = [];
    const started = Date.now();

    const run = applyMigrations(db.url, {
      migrationsDir: dir,
      log: (line) => lines.push(line),
      lockTimeoutMs: 500,
    });

    await expect(run).rejects.toThrow(/72707369[\s\S]*pg_locks[\s\S]*MIGRATION_LOCK_TIMEOUT_MS/);
    await expect(run).rejects.toThrow(/gave up after 0\.5 s waiting for the migration lock/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(
      lines.some((line) => line.includes("waiting for another instance applying migrations")),
    ).toBe(true);
    expect(await tableNames(db.url)).not.toContain("Alpha");
  });

  it("takes its timeout from MIGRATION_LOCK_TIMEOUT_MS when no option is given", async (context) => {
    const db = await track(await provisionTestDatabase("migrate_stuck_env"));
    if (db.isEmbedded) context.skip();
    await holdLock(db.url);
    const dir = migrationsDir({ "20260101000000_first": FIRST });
    process.env.MIGRATION_LOCK_TIMEOUT_MS = "300";
    try {
      await expect(applyMigrations(db.url, { migrationsDir: dir })).rejects.toThrow(
        /gave up after 0\.3 s/i,
      );
    } finally {
      delete process.env.MIGRATION_LOCK_TIMEOUT_MS;
    }
  });

  it("`npm run db:migrate` giving up on the lock prints only the clear message, with no stack trace around it", async (context) => {
    const db = await track(await provisionTestDatabase("migrate_stuck_cli"));
    if (db.isEmbedded) context.skip();
    await holdLock(db.url);
    const run = await runScript("scripts/migrate.ts", {
      DATABASE_URL: db.url,
      MIGRATION_LOCK_TIMEOUT_MS: "300",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^✖ Gave up after 0\.3 s waiting for the migration lock/m);
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stderr).not.toMatch(/MigrationRefusedError|node:internal/);
  }, 30_000);

  it("waits and succeeds when the lock is released before the timeout", async (context) => {
    const db = await track(await provisionTestDatabase("migrate_released"));
    if (db.isEmbedded) context.skip();
    const holder = await holdLock(db.url);
    const dir = migrationsDir({ "20260101000000_first": FIRST });
    const lines: string[] = [];
    const isWaiting = () =>
      lines.some((line) => line.includes("waiting for another instance applying migrations"));
    const run = applyMigrations(db.url, {
      migrationsDir: dir,
      log: (line) => lines.push(line),
      lockTimeoutMs: 10_000,
    });
    // Released once the run says it waits (not after a fixed time, which a busy machine can outlast).
    await vi.waitFor(() => expect(isWaiting()).toBe(true), { timeout: 8_000, interval: 20 });
    await holder.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    expect(await run).toEqual({ applied: ["20260101000000_first"], alreadyApplied: 0 });
  });
});

describe("checksums", () => {
  it("is the SHA-256 hex of the file, matching Prisma's render_checksum", () => {
    // prisma-engines checksum.rs test vector.
    expect(migrationChecksum("hello")).toBe(
      "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824",
    );
  });

  it("matches across line endings and old unpadded checksums, not across edits", () => {
    expect(scriptMatchesChecksum("a\r\nb\r\n", migrationChecksum("a\nb\n"))).toBe(true);
    expect(scriptMatchesChecksum("a\nb\n", migrationChecksum("a\r\nb\r\n"))).toBe(true);
    const unpadded = [...createHash("sha256").update("hello").digest()]
      .map((b) => b.toString(16))
      .join("");
    expect(unpadded.length).toBeLessThan(64);
    expect(scriptMatchesChecksum("hello", unpadded)).toBe(true);
    expect(scriptMatchesChecksum("abc\n", migrationChecksum("abc"))).toBe(false);
  });
});

describe("the line a start prints about the schema", () => {
  it("is one line however many migrations ran, naming the last", () => {
    const applied = ["20260101000000_first", "20260102000000_second"];
    expect(migrationSummary({ applied, alreadyApplied: 3 })).toBe(
      "Database schema updated: 2 migrations applied, the last 20260102000000_second",
    );
    expect(migrationSummary({ applied: applied.slice(0, 1), alreadyApplied: 0 })).toBe(
      "Database schema updated: 1 migration applied, the last 20260101000000_first",
    );
    expect(migrationSummary({ applied: [], alreadyApplied: 35 })).toBe(
      "Database schema is up to date (35 migrations)",
    );
  });
});
