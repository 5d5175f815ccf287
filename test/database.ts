import { randomBytes } from "node:crypto";
import pg from "pg";
import { isProcessAlive, startEmbeddedPostgres } from "../lib/server/infra/embedded-postgres";

export type TestDatabase = {
  url: string;
  isEmbedded: boolean;
  drop: () => Promise<void>;
};

const DEFAULT_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

/**
 * A fresh, empty database for one test run: a new database on the local PostgreSQL server
 * (TEST_DATABASE_ADMIN_URL, default postgres@127.0.0.1:5432) when one answers, otherwise an
 * in-memory embedded PGlite. Never reuses data a previous run left.
 */
export async function provisionTestDatabase(label = "run"): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE === "embedded") return provisionEmbedded();
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL;
  assertLocal(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch (error) {
    if (process.env.TEST_DATABASE_ADMIN_URL || process.env.CI) throw error;
    return provisionEmbedded();
  }
  await dropAbandonedDatabases(admin);
  const name = `mtg_test_${label}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    isEmbedded: false,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** An in-memory PGlite: what a machine with only Node.js runs the tests on (TEST_DATABASE=embedded forces it). */
async function provisionEmbedded(): Promise<TestDatabase> {
  const embedded = await startEmbeddedPostgres({ maxConnections: 4 });
  return { url: embedded.url, isEmbedded: true, drop: embedded.stop };
}

/** Tests create and drop databases: refuse anything but this machine. */
function assertLocal(connectionString: string): void {
  const host = new URL(connectionString).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    throw new Error(`Refusing to run tests against a non-local database host: ${host}`);
  }
}

/** Drops test databases left by runs whose process is gone (killed before cleanup). */
async function dropAbandonedDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'mtg\\_test\\_%'",
  );
  for (const { datname } of rows) {
    const pid = Number(datname.split("_").at(-2));
    if (Number.isInteger(pid) && !isProcessAlive(pid)) {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    }
  }
}
