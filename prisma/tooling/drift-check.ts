/**
 * The drift check shared by the test (prisma/schema-drift.test.ts) and the CLI
 * (prisma/tooling/drift.ts): build a database from the migrations with the app's own
 * runner, read it back, and compare it with what schema.prisma describes.
 */
import { applyMigrations } from "../../lib/server/infra/migrate";
import type { Catalog } from "./catalog";
import { diffCatalogs, type Difference } from "./compare";
import { introspectDatabase } from "./introspect";

export type DriftResult = {
  /** Migrations the check applied to the (empty) database it was given. */
  applied: string[];
  actual: Catalog;
  differences: Difference[];
};

/** Applies `migrationsDir` to the empty database at `databaseUrl` and diffs it against `expected`. */
export async function checkMigrationsDrift(options: {
  databaseUrl: string;
  migrationsDir: string;
  expected: Catalog;
}): Promise<DriftResult> {
  const { applied } = await applyMigrations(options.databaseUrl, {
    migrationsDir: options.migrationsDir,
  });
  const actual = await introspectDatabase(options.databaseUrl);
  return { applied, actual, differences: diffCatalogs(options.expected, actual) };
}
