/** `npm run db:demo`: loads the demo event into DATABASE_URL or the embedded database. */
import path from "node:path";
import { startEmbeddedPostgres } from "../lib/server/embedded-postgres";
import { applyMigrations } from "../lib/server/migrate";

const root = path.resolve(import.meta.dirname, "..");
const embedded = process.env.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: process.env.EMBEDDED_DATA_DIR ?? path.join(root, ".data", "pglite") }).catch((error: unknown) => {
      console.error("Could not open the embedded database. Is `npm run dev` running? Stop it first, or use the “Load demo event” button in the app.");
      throw error;
    });
process.env.DATABASE_URL ??= embedded!.url;
if (embedded) process.env.DATABASE_POOL_MAX = "1";
await applyMigrations(process.env.DATABASE_URL, { migrationsDir: path.join(root, "prisma", "migrations") });
const { loadDemoEvent } = await import("../lib/server/data/demo");
const { prisma } = await import("../lib/server/db");
const { tournamentId } = await loadDemoEvent();
console.log(`Demo event loaded: open /tournaments/${tournamentId}/standings`);
await prisma.$disconnect();
await embedded?.stop();
