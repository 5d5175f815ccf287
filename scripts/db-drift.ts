/**
 * `npm run db:drift`: are prisma/migrations and prisma/schema.prisma in step? Builds a throwaway
 * in-memory PGlite database from the migrations with the app's runner (no server needed), diffs
 * it with the schema through Prisma's schema engine (prisma/schema-diff.ts), and prints the
 * differences and the SQL of a draft migration.
 *
 *   npm run db:drift                          # check; exit 1 on drift
 *   npm run db:drift -- --write add_notes     # also save the draft as
 *                                             #   prisma/migrations/<UTC timestamp>_add_notes/
 *   npm run db:drift -- --database <url>      # diff an existing database instead (read-only)
 *   npm run db:drift -- --sql                 # print the DDL of the whole schema
 *   [--schema path/to/schema.prisma] [--migrations path/to/migrations]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { startEmbeddedPostgres } from "../lib/server/infra/embedded-postgres";
import {
  diffDatabase,
  diffMigrations,
  MIGRATIONS_DIR,
  SCHEMA_PATH,
  type SchemaDiff,
  schemaSql,
} from "../prisma/schema-diff";

const { values } = parseArgs({
  options: {
    schema: { type: "string", default: path.relative(process.cwd(), SCHEMA_PATH) },
    migrations: { type: "string", default: path.relative(process.cwd(), MIGRATIONS_DIR) },
    database: { type: "string" },
    write: { type: "string" },
    sql: { type: "boolean", default: false },
  },
});

const schema = fs.readFileSync(values.schema, "utf8");
const started = performance.now();
if (values.database) {
  report("the database", await diffDatabase(values.database, schema));
} else {
  const embedded = await startEmbeddedPostgres();
  try {
    if (values.sql) process.stdout.write(await schemaSql(embedded.url, schema));
    else
      report(
        `the database built from ${values.migrations}`,
        await diffMigrations(embedded.url, values.migrations, schema),
      );
  } finally {
    await embedded.stop();
  }
}

function report(subject: string, diff: SchemaDiff): void {
  const took = `${Math.round(performance.now() - started)} ms`;
  if (diff.summary === "") {
    console.log(`✓ In step: ${subject} matches ${values.schema} (${took}).`);
    return;
  }
  console.log(`✗ ${subject} differs from ${values.schema} (${took}):\n\n${diff.summary}\n`);
  process.exitCode = 1;
  if (diff.sql === "") {
    console.log("No SQL to draft: an enum's values need reordering, which takes recreating it.");
  } else if (values.write) {
    const file = writeMigration(values.migrations, values.write, diff.sql);
    console.log(`Draft written to ${file}: review it, then run npm run db:drift again.`);
  } else {
    console.log(`Draft migration (review it; --write <name> saves it):\n\n${diff.sql}`);
  }
}

/** `<migrations>/<YYYYMMDDHHMMSS UTC>_<name>/migration.sql`, Prisma's folder naming. */
function writeMigration(migrationsDir: string, name: string, sql: string): string {
  if (!/^[a-z0-9_]+$/i.test(name))
    throw new Error(`Migration name must be letters, digits and underscores: ${name}`);
  const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const dir = path.join(migrationsDir, `${stamp}_${name}`);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "migration.sql");
  fs.writeFileSync(file, sql);
  return file;
}
