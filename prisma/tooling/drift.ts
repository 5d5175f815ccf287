/**
 * CLI: are prisma/migrations and prisma/schema.prisma in step? Builds a throwaway
 * in-memory PGlite database from the migrations (no server needed), compares it with the
 * schema, prints each difference and a draft migration that would remove them.
 *
 *   npx tsx prisma/tooling/drift.ts                      # check; exit 1 on drift
 *   npx tsx prisma/tooling/drift.ts --write add_notes    # also save the draft as
 *                                                        #   prisma/migrations/<UTC timestamp>_add_notes/migration.sql
 *   npx tsx prisma/tooling/drift.ts --database <url>     # compare an existing database instead
 *                                                        #   (read-only: nothing is applied to it)
 *   [--schema path/to/schema.prisma] [--migrations path/to/migrations]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { startEmbeddedPostgres } from "../../lib/server/infra/embedded-postgres";
import { diffCatalogs, formatDifferences, type Difference } from "./compare";
import { readSchemaCatalog } from "./datamodel";
import { checkMigrationsDrift } from "./drift-check";
import { introspectDatabase } from "./introspect";
import { suggestMigration } from "./suggest-migration";

const { values } = parseArgs({
  options: {
    schema: { type: "string", default: path.join("prisma", "schema.prisma") },
    migrations: { type: "string", default: path.join("prisma", "migrations") },
    database: { type: "string" },
    write: { type: "string" },
  },
});

const expected = readSchemaCatalog(values.schema);
const subject = values.database ? "the database" : `the database built from ${values.migrations}`;
const differences = values.database
  ? diffCatalogs(expected, await introspectDatabase(values.database))
  : await fromMigrations();
report(differences);

async function fromMigrations(): Promise<Difference[]> {
  const embedded = await startEmbeddedPostgres();
  try {
    const result = await checkMigrationsDrift({
      databaseUrl: embedded.url,
      migrationsDir: values.migrations,
      expected,
    });
    return result.differences;
  } finally {
    await embedded.stop();
  }
}

function report(found: Difference[]): void {
  if (found.length === 0) {
    console.log(
      `✓ In step: ${subject} matches ${values.schema} (${expected.tables.length} tables, ${expected.enums.length} enums).`,
    );
    return;
  }
  console.log(
    `✗ ${found.length} difference(s) between ${subject} and ${values.schema}:\n${formatDifferences(found)}\n`,
  );
  const draft = suggestMigration(found);
  if (values.write) {
    const file = writeMigration(values.migrations, values.write, draft);
    console.log(
      `Draft written to ${file}: review it, then run the drift test (npx vitest run --project integration prisma/schema-drift.test.ts).`,
    );
  } else {
    console.log(
      `Draft migration (review before use; --write <name> saves it as a new migration):\n\n${draft}`,
    );
  }
  process.exitCode = 1;
}

/** `prisma/migrations/<YYYYMMDDHHMMSS UTC>_<name>/migration.sql`, Prisma's folder naming. */
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
