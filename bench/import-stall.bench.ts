/**
 * How long an import of published results holds the event loop (the longest single stall and the
 * whole import), on a fresh database: `tsx --conditions=react-server bench/import-stall.bench.ts [players] [rounds]`.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { provisionTestDatabase } from "../test/database";
import { syntheticPublishedEvent } from "../test/published-event-generator";

const players = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 8);
const database = await provisionTestDatabase("import-stall");
process.env.DATABASE_URL = database.url;
process.env.BETTER_AUTH_SECRET ??= "import-stall-bench-secret-0123456789abcdef";
const { applyMigrations } = await import("../lib/server/infra/migrate");
await applyMigrations(database.url, {});
const { prisma } = await import("../lib/server/infra/db");
const { importPublishedEvent } = await import("../lib/server/archive/published-import");
const { getPublishedComparison } = await import("../lib/server/archive/published-import");
const user = await prisma.user.create({
  data: {
    id: `importer-${Date.now()}`,
    name: "Importer",
    email: `importer-${Date.now()}@example.test`,
    emailVerified: false,
  },
});
// A running server has prepared its queries before: one small import first, unmeasured.
await importPublishedEvent(syntheticPublishedEvent(8, 3), {
  userId: user.id,
  name: user.name,
  email: user.email,
});
const text = JSON.stringify(syntheticPublishedEvent(players, rounds));
const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
const started = performance.now();
const parsed = JSON.parse(text);
await new Promise((resolve) => setImmediate(resolve));
const imported = await importPublishedEvent(parsed, {
  userId: user.id,
  name: user.name,
  email: user.email,
});
const importMs = performance.now() - started;
if (!imported.ok) throw new Error(imported.error.message);
const importStall = histogram.max / 1e6;
histogram.reset();
const comparedAt = performance.now();
await getPublishedComparison(imported.value.id);
const compareMs = performance.now() - comparedAt;
histogram.disable();
console.log(
  `${players} players, ${rounds} rounds, ${(text.length / 1e6).toFixed(2)} MB: import ${importMs.toFixed(0)} ms (longest stall ${importStall.toFixed(0)} ms), comparison ${compareMs.toFixed(0)} ms (longest stall ${(histogram.max / 1e6).toFixed(0)} ms)`,
);
await prisma.$disconnect();
await database.drop();
process.exit(0);
