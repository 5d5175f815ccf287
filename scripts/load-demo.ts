/**
 * `npm run db:demo`: loads the demo event into DATABASE_URL or the embedded database.
 *
 * When the app is running on the embedded database (`npm run dev` or `npm start`), the demo is
 * loaded through that running server, so the app sees it at once and nothing is written to the
 * data folder behind the running database's back.
 */
import path from "node:path";
import { openEmbeddedDatabase } from "../lib/server/infra/embedded-postgres";
import { applyMigrations } from "../lib/server/infra/migrate";
import { ensureAuthSecret } from "./auth-secret";

const root = path.resolve(import.meta.dirname, "..");
const embedded = process.env.DATABASE_URL
  ? undefined
  : await openEmbeddedDatabase(process.env.EMBEDDED_DATA_DIR ?? path.join(root, ".data", "pglite"));
if (embedded?.servedByPid)
  console.log(
    `▸ The app is running on the embedded database (process ${embedded.servedByPid}): loading the demo through it.`,
  );
if (embedded) {
  process.env.DATABASE_URL = embedded.url;
  process.env.DATABASE_POOL_MAX = "1";
}
ensureAuthSecret(root);
await applyMigrations(process.env.DATABASE_URL!, {
  migrationsDir: path.join(root, "prisma", "migrations"),
});
const { loadDemoEvent } = await import("../lib/server/tournament/demo");
const { DEMO_ORGANIZER, ensureDemoOrganizer } = await import("../lib/server/access/accounts");
const { prisma } = await import("../lib/server/infra/db");
const { tournamentId } = await loadDemoEvent(await ensureDemoOrganizer());
console.log(`Demo event loaded: open /tournaments/${tournamentId}/standings`);
console.log(
  `It belongs to the demo organizer: sign in as ${DEMO_ORGANIZER.email} with the password ${DEMO_ORGANIZER.password}`,
);
await prisma.$disconnect();
await embedded?.stop();
