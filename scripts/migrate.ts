/** Applies pending migrations to DATABASE_URL (or the embedded database): `npm run db:migrate`. */
import path from "node:path";
import { openEmbeddedDatabase } from "../lib/server/infra/embedded-postgres";
import {
  applyMigrations,
  exitOnMigrationRefusal,
  migrationSummary,
} from "../lib/server/infra/migrate";

const root = path.resolve(import.meta.dirname, "..");
const embedded = process.env.DATABASE_URL
  ? undefined
  : await openEmbeddedDatabase(process.env.EMBEDDED_DATA_DIR ?? path.join(root, ".data", "pglite"));
const url = process.env.DATABASE_URL ?? embedded!.url;
const migrated = await applyMigrations(url, {
  migrationsDir: path.join(root, "prisma", "migrations"),
  log: (line) => console.log(line),
}).catch(async (error: unknown) => {
  await embedded?.stop().catch(() => undefined);
  return exitOnMigrationRefusal(error);
});
console.log(migrationSummary(migrated));
await embedded?.stop();
