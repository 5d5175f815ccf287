/**
 * Applies the SQL migrations in prisma/migrations without Prisma's native schema engine
 * (which cannot be downloaded on every machine this app runs on). It keeps Prisma Migrate's
 * on-disk layout and its `_prisma_migrations` bookkeeping table, so a database migrated here
 * stays usable with `prisma migrate deploy` / `status` wherever the engine is available.
 * See docs/database.md.
 *
 * Server-only: called from scripts (app start, `db:migrate`) and Next's instrumentation.
 * Works on PostgreSQL and on embedded PGlite, which serves a single connection, so
 * everything here goes through one `pg.Client`.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";

/**
 * Session-level advisory lock key. It is the key Prisma Migrate itself takes
 * (`SELECT pg_advisory_lock(72707369)`), so this runner also serializes with a concurrent
 * `prisma migrate deploy`, not only with other app processes starting at the same time.
 */
export const MIGRATION_LOCK_KEY = 72707369;

export const MIGRATIONS_TABLE = "_prisma_migrations";

/** A refusal whose message already says what happened and what to do: printed alone, without a stack. */
export class MigrationRefusedError extends Error {
  override name = "MigrationRefusedError";
}

/** For the command-line starts: a refusal ends the process with its message only; anything else keeps its stack. */
export function exitOnMigrationRefusal(error: unknown): never {
  if (!(error instanceof MigrationRefusedError)) throw error;
  console.error(`✖ ${error.message}`);
  process.exit(1);
}

export type ApplyMigrationsOptions = {
  /** Folder holding `<name>/migration.sql` folders; default `<cwd>/prisma/migrations`. */
  migrationsDir?: string;
  /** Lines about a wait for another instance's lock; silent by default. */
  log?: (line: string) => void;
  /**
   * How long to wait for another instance's migration lock before failing with an error that
   * says what to do. Default: env MIGRATION_LOCK_TIMEOUT_MS, else 60 s.
   */
  lockTimeoutMs?: number;
};

export const DEFAULT_MIGRATION_LOCK_TIMEOUT_MS = 60_000;
/** How often a busy lock is tried again; waiting sessions are cheap, so this can be short. */
const LOCK_POLL_MS = 200;
/** While waiting, the "still waiting" line is repeated this often so a long wait is never silent. */
const LOCK_WAIT_LOG_EVERY_MS = 10_000;

export type ApplyMigrationsResult = {
  /** Names of the migrations this call applied, in the order applied. */
  applied: string[];
  /** How many migrations on disk were already recorded as applied. */
  alreadyApplied: number;
};

export type LocalMigration = {
  name: string;
  script: string;
  checksum: string;
};

export type MigrationRecord = {
  migrationName: string;
  checksum: string;
  finishedAt: Date | null;
  rolledBackAt: Date | null;
  logs: string | null;
};

/** Applies pending migrations, each atomically with its bookkeeping row. */
export async function applyMigrations(
  connectionString: string,
  options: ApplyMigrationsOptions = {},
): Promise<ApplyMigrationsResult> {
  const migrationsDir = options.migrationsDir ?? path.join(process.cwd(), "prisma", "migrations");
  const log = options.log ?? (() => undefined);
  const lockTimeoutMs = options.lockTimeoutMs ?? lockTimeoutFromEnv();
  // Read the files before connecting: a broken checkout should fail without touching the DB.
  const local = await readLocalMigrations(migrationsDir);
  const client = new pg.Client({ connectionString });
  // Without a listener a dropped connection would crash the process instead of failing the query.
  client.on("error", (error) => log(`migrate: connection error: ${error.message}`));
  await client.connect();
  try {
    await acquireLock(client, log, lockTimeoutMs);
    try {
      return await applyPending(client, local);
    } finally {
      // Ending the session releases it anyway, so a failure here must not hide the real error.
      await client
        .query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY])
        .catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function applyPending(client: pg.Client, local: LocalMigration[]) {
  await ensureMigrationsTable(client);
  const records = await readMigrationRecords(client);
  const pending = planMigrations(local, records);
  for (const migration of pending) await applyOne(client, migration);
  return { applied: pending.map((m) => m.name), alreadyApplied: local.length - pending.length };
}

/**
 * Prisma's checksum: SHA-256 of the migration.sql bytes as lowercase, zero-padded hex
 * (prisma-engines, schema-connector `checksum.rs`: `render_checksum`).
 */
export function migrationChecksum(script: string | Buffer): string {
  return createHash("sha256").update(script).digest("hex");
}

/**
 * Whether `script` is the file that was recorded with `checksum`. Like Prisma
 * (`script_matches_checksum`), a file whose only change is LF ↔ CRLF line endings (git's
 * autocrlf) still matches, and so do old non-zero-padded checksums Prisma once wrote.
 */
export function scriptMatchesChecksum(script: string, checksum: string): boolean {
  const variants = [script, script.replaceAll("\r\n", "\n"), script.replaceAll("\n", "\r\n")];
  return variants.some((variant) => {
    const digest = createHash("sha256").update(variant).digest();
    const rendered =
      checksum.length === 64
        ? digest.toString("hex")
        : [...digest].map((b) => b.toString(16)).join("");
    return rendered === checksum;
  });
}

/** Every `<dir>/<name>/migration.sql`, sorted by folder name as Prisma sorts them. */
export async function readLocalMigrations(migrationsDir: string): Promise<LocalMigration[]> {
  const entries = await fs
    .readdir(migrationsDir, { withFileTypes: true })
    .catch((error: NodeJS.ErrnoException) => {
      throw new MigrationRefusedError(
        `Cannot read the migrations folder ${migrationsDir}: ${error.message}`,
        { cause: error },
      );
    });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort(compareNames);
  return Promise.all(names.map((name) => readLocalMigration(migrationsDir, name)));
}

async function readLocalMigration(migrationsDir: string, name: string): Promise<LocalMigration> {
  const file = path.join(migrationsDir, name, "migration.sql");
  const bytes = await fs.readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new MigrationRefusedError(
      `Migration ${name} has no readable migration.sql (${error.code ?? error.message})`,
      { cause: error },
    );
  });
  return { name, script: bytes.toString("utf8"), checksum: migrationChecksum(bytes) };
}

/** Byte-wise order (Rust's String order, which Prisma uses), not locale order. */
function compareNames(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function lockTimeoutFromEnv(): number {
  const raw = process.env.MIGRATION_LOCK_TIMEOUT_MS;
  if (raw === undefined || raw.trim() === "") return DEFAULT_MIGRATION_LOCK_TIMEOUT_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new MigrationRefusedError(
      `MIGRATION_LOCK_TIMEOUT_MS must be a whole number of milliseconds (0 or more), not "${raw}".`,
    );
  }
  return value;
}

/**
 * Waits for the migration lock, at most `timeoutMs`. It polls pg_try_advisory_lock rather than
 * blocking in pg_advisory_lock, so a busy lock is never a silent hang: it says that it waits
 * (and keeps saying so), and gives up with an error naming the lock and what to do.
 */
async function acquireLock(
  client: pg.Client,
  log: (line: string) => void,
  timeoutMs: number,
): Promise<void> {
  const started = Date.now();
  let nextLog = started;
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_lock($1) AS locked",
      [MIGRATION_LOCK_KEY],
    );
    if (rows[0]?.locked) return;
    const waited = Date.now() - started;
    if (waited >= timeoutMs) throw lockTimeoutError(timeoutMs);
    if (Date.now() >= nextLog) {
      log(
        `migrate: waiting for another instance applying migrations… (advisory lock ${MIGRATION_LOCK_KEY} is held; ` +
          `waited ${seconds(waited)} s of ${seconds(timeoutMs)} s)`,
      );
      nextLog += LOCK_WAIT_LOG_EVERY_MS;
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(LOCK_POLL_MS, Math.max(1, timeoutMs - waited))),
    );
  }
}

function lockTimeoutError(timeoutMs: number): Error {
  return new MigrationRefusedError(
    `Gave up after ${seconds(timeoutMs)} s waiting for the migration lock (PostgreSQL advisory lock ${MIGRATION_LOCK_KEY}, ` +
      `the key Prisma Migrate also uses). Another instance is applying migrations, or a session still holds the lock. ` +
      `Find the holder with: SELECT l.pid, a.application_name, a.client_addr, a.state, a.query_start FROM pg_locks l ` +
      `JOIN pg_stat_activity a USING (pid) WHERE l.locktype = 'advisory' AND l.objid = ${MIGRATION_LOCK_KEY}; ` +
      `let it finish, or end a stuck session with SELECT pg_terminate_backend(<pid>), then start again. ` +
      `To wait longer, set MIGRATION_LOCK_TIMEOUT_MS (milliseconds).`,
  );
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

/** Creates the bookkeeping table with exactly the columns Prisma Migrate creates. */
async function ensureMigrationsTable(client: pg.Client): Promise<void> {
  await client.query(`CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`);
}

async function readMigrationRecords(client: pg.Client): Promise<MigrationRecord[]> {
  const { rows } = await client.query<MigrationRecord>(
    `SELECT migration_name AS "migrationName", checksum, finished_at AS "finishedAt",
            rolled_back_at AS "rolledBackAt", logs
       FROM "${MIGRATIONS_TABLE}" ORDER BY started_at, migration_name`,
  );
  return rows;
}

/**
 * Decides what to apply, refusing to go on when the recorded history and the files
 * disagree: that means the database may not be what the migrations describe.
 * Rows marked rolled back (`prisma migrate resolve --rolled-back`) are ignored, as in Prisma.
 */
export function planMigrations(
  local: LocalMigration[],
  records: MigrationRecord[],
): LocalMigration[] {
  const live = records.filter((r) => r.rolledBackAt === null);
  const failed = live.find((r) => r.finishedAt === null);
  if (failed) {
    throw new MigrationRefusedError(
      `Migration ${failed.migrationName} is recorded as started but not finished in ${MIGRATIONS_TABLE} ` +
        `(a previous attempt failed${failed.logs ? `: ${failed.logs.split("\n")[0]}` : ""}). ` +
        `Check the database by hand, then mark it with \`prisma migrate resolve --rolled-back ${failed.migrationName}\` ` +
        `or set rolled_back_at = now() on that row.`,
    );
  }
  const byName = new Map(local.map((m) => [m.name, m]));
  for (const record of live) {
    const file = byName.get(record.migrationName);
    if (!file) {
      throw new MigrationRefusedError(
        `Migration ${record.migrationName} is recorded as applied in the database but its folder is missing from the migrations directory. ` +
          `Restore it (the app may be older than the database) before migrating.`,
      );
    }
    if (!scriptMatchesChecksum(file.script, record.checksum)) {
      throw new MigrationRefusedError(
        `Migration ${record.migrationName} was changed after it was applied (checksum ${file.checksum} on disk, ` +
          `${record.checksum} recorded). Revert the file and put the change in a new migration.`,
      );
    }
  }
  const applied = new Set(live.map((r) => r.migrationName));
  return local.filter((m) => !applied.has(m.name));
}

/** Runs one migration and records it in the same transaction: either both happen or neither. */
async function applyOne(client: pg.Client, migration: LocalMigration): Promise<void> {
  await client.query("BEGIN");
  try {
    // No parameters: pg uses the simple-query protocol, which runs a multi-statement script.
    await client.query(migration.script);
    await client.query(
      `INSERT INTO "${MIGRATIONS_TABLE}" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), clock_timestamp(), 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw migrationError(migration, error);
  }
}

/** What a start says about the schema, in one line however many migrations it applied. */
export function migrationSummary({ applied, alreadyApplied }: ApplyMigrationsResult): string {
  if (applied.length === 0) return `Database schema is up to date (${alreadyApplied} migrations)`;
  const count = applied.length === 1 ? "1 migration" : `${applied.length} migrations`;
  return `Database schema updated: ${count} applied, the last ${applied.at(-1)}`;
}

function migrationError(migration: LocalMigration, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const position = (error as { position?: string }).position;
  const line = position ? ` at line ${lineOf(migration.script, Number(position))}` : "";
  return new MigrationRefusedError(
    `Migration ${migration.name} failed${line} and was rolled back; nothing of it was applied: ${message}`,
    { cause: error },
  );
}

/** 1-based line of a 1-based character position, as Postgres reports error positions. */
function lineOf(script: string, position: number): number {
  return script.slice(0, Math.max(0, position - 1)).split("\n").length;
}
