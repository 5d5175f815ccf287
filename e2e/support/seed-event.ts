/**
 * Seeds an event for the fault specs, through the data layer, before the app starts on it:
 *
 *   node --import tsx --conditions=react-server e2e/support/seed-event.ts <matches> [published]
 *
 * On DATABASE_URL, or without it on the embedded folder EMBEDDED_DATA_DIR (opened, then closed).
 * Migrates, signs an organizer up (BETTER_AUTH_SECRET must be the app's), gives them an API
 * token, and pairs round 1 of a tournament with `<matches>` open matches. Prints one JSON line.
 */
export {};

const matchCount = Number(process.argv[2] ?? 40);
const isPublished = process.argv[3] === "published";
const { openEmbeddedDatabase } = await import("../../lib/server/infra/embedded-postgres");
const embedded = process.env.DATABASE_URL
  ? undefined
  : await openEmbeddedDatabase(process.env.EMBEDDED_DATA_DIR!);
if (embedded) {
  process.env.DATABASE_URL = embedded.url;
  process.env.DATABASE_POOL_MAX = "1";
}
const { applyMigrations } = await import("../../lib/server/infra/migrate");
await applyMigrations(process.env.DATABASE_URL!);
const { createSignedInAccount } = await import("../../test/accounts");
const { seedLargeEvent } = await import("../../bench/seed-large-event");
const { pairNextSwissRound } = await import("../../lib/server/round/rounds");
const { setTournamentPublished } = await import("../../lib/server/tournament/tournaments");
const { createApiToken } = await import("../../lib/server/api/api-tokens");
const { prisma } = await import("../../lib/server/infra/db");

const organizer = await createSignedInAccount("Fault Organizer");
const { tournamentId } = await seedLargeEvent({
  players: matchCount * 2,
  rounds: 0,
  owner: organizer,
  seed: "faults",
  name: "Fault Cup",
});
const paired = await pairNextSwissRound(tournamentId, "faults");
if (!paired.ok) throw new Error(paired.error.message);
if (isPublished) await setTournamentPublished(tournamentId, true);
const token = await createApiToken({ name: "Fault tests", tournamentId }, organizer);
if (!token.ok) throw new Error(token.error.message);
const matches = await prisma.match.findMany({
  where: { round: { tournamentId }, sideBId: { not: null } },
  select: { id: true, version: true },
  orderBy: { tableNumber: "asc" },
});
await prisma.$disconnect();
await embedded?.stop();
console.log(
  JSON.stringify({ tournamentId, cookie: organizer.cookie, token: token.value.secret, matches }),
);
