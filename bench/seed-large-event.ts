/**
 * Seeds a large Swiss event for benchmarks and load tests:
 *
 *   npx tsx bench/seed-large-event.ts --players 4096 --rounds 8 [--seed s] [--drop-rate 0.01] [--no-migrate]
 *
 * against DATABASE_URL (migrated first unless --no-migrate); prints the tournament id. From code:
 *
 *   const { seedLargeEvent } = await import("./seed-large-event");
 *   const { tournamentId } = await seedLargeEvent({ players: 4096, rounds: 8, databaseUrl });
 *
 * What goes through the data layer and what is bulk:
 * - the tournament: `createTournament` (data layer);
 * - players and registrations: one `createManyAndReturn` + one `createMany` (bulk; `registerPlayer`
 *   is one transaction of five statements per player, about half a minute for 4,096);
 * - every round: `pairNextSwissRound` (data layer, the real pairer and writes, seeded);
 * - results: `reportRoundInBulk`, one statement per round that updates the matches and appends the
 *   MatchReport and ResultChange rows `reportMatchResult` would write for a staff entry (bulk: the
 *   per-report path is ~10 statements per match, minutes for 8 x 2,048 matches);
 * - drops: `dropRate` of the active players drop after each round, one UPDATE per round (bulk).
 *
 * The data layer imports "server-only", which only resolves under Node's `react-server` condition:
 * import this module from a process started with `--conditions=react-server` (the CLI below
 * restarts itself with it). The data layer reads DATABASE_URL once, when first imported: pass
 * `databaseUrl` only if nothing has imported it yet.
 */
import { restartUnderReactServer } from "./bench-kit";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createRandom, type Random } from "../lib/pairings/random";
import type { PrismaClient } from "../lib/generated/prisma/client";
import type { Actor } from "../lib/server/tournament/staff";

export type SeedLargeEventOptions = {
  players: number;
  rounds: number;
  /** Every pairing and result derives from this: the same seed gives the same event. */
  seed?: string;
  /** Share of the active players who drop after each round (default 0.01). */
  dropRate?: number;
  /** Sets DATABASE_URL for the data layer, which must not have been imported yet. */
  databaseUrl?: string;
  name?: string;
  log?: (message: string) => void;
  /** The account that owns the tournament (its organizer), for writes over HTTP as a signed-in organizer. */
  owner?: Actor;
};

export type SeededEvent = {
  tournamentId: string;
  timings: { registerMs: number; pairMs: number[]; reportMs: number[] };
};

/** Best-of-three results (wins A, wins B, draws; conceded; intentional draw) with rough real-world weights. */
const RESULTS: readonly [weight: number, result: SeededResult][] = [
  [30, { winsA: 2, winsB: 0, draws: 0, concededBy: null, intentionalDraw: false }],
  [18, { winsA: 2, winsB: 1, draws: 0, concededBy: null, intentionalDraw: false }],
  [18, { winsA: 1, winsB: 2, draws: 0, concededBy: null, intentionalDraw: false }],
  [26, { winsA: 0, winsB: 2, draws: 0, concededBy: null, intentionalDraw: false }],
  [2, { winsA: 1, winsB: 0, draws: 1, concededBy: null, intentionalDraw: false }],
  [3, { winsA: 1, winsB: 1, draws: 1, concededBy: null, intentionalDraw: false }],
  [1, { winsA: 1, winsB: 1, draws: 0, concededBy: null, intentionalDraw: false }],
  [1, { winsA: 1, winsB: 2, draws: 0, concededBy: "A", intentionalDraw: false }],
  [1, { winsA: 0, winsB: 0, draws: 0, concededBy: null, intentionalDraw: true }],
];
const TOTAL_WEIGHT = RESULTS.reduce((sum, [weight]) => sum + weight, 0);

type SeededResult = {
  winsA: number;
  winsB: number;
  draws: number;
  concededBy: "A" | "B" | null;
  intentionalDraw: boolean;
};

function pickResult(random: Random): SeededResult {
  let remaining = random.nextInt(TOTAL_WEIGHT);
  for (const [weight, result] of RESULTS) {
    remaining -= weight;
    if (remaining < 0) return result;
  }
  return RESULTS[0]![1];
}

export async function seedLargeEvent(options: SeedLargeEventOptions): Promise<SeededEvent> {
  if (options.databaseUrl) process.env.DATABASE_URL = options.databaseUrl;
  const seed = options.seed ?? "large-event";
  const log = options.log ?? (() => undefined);
  const { prisma } = await import("../lib/server/infra/db");
  const { createTournament } = await import("../lib/server/tournament/tournaments");
  const { pairNextSwissRound } = await import("../lib/server/round/rounds");
  const { nameKey } = await import("../lib/rules/registration");

  const created = await createTournament(
    {
      name: options.name ?? `Large event ${options.players}x${options.rounds} (${seed})`,
      format: "Modern",
      teamSize: 1,
      gamesToWin: 2,
      roundMinutes: 50,
      // The most a tournament may plan: the benchmarks pair further rounds after the seeded ones.
      plannedRounds: 20,
    },
    options.owner,
  );
  if (!created.ok) throw new Error(`createTournament failed: ${created.error.message}`);
  const tournamentId = created.value.id;

  let started = performance.now();
  await registerPlayersInBulk(prisma, tournamentId, options.players, nameKey);
  const registerMs = performance.now() - started;
  log(`registered ${options.players} players in ${registerMs.toFixed(0)} ms`);

  const random = createRandom(`${seed}:results`);
  const pairMs: number[] = [];
  const reportMs: number[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    started = performance.now();
    const paired = await pairNextSwissRound(tournamentId, `${seed}:round:${round}`);
    if (!paired.ok) throw new Error(`Pairing round ${round} failed: ${paired.error.message}`);
    pairMs.push(performance.now() - started);
    started = performance.now();
    await reportRoundInBulk(prisma, tournamentId, round, random);
    await dropPlayersInBulk(prisma, tournamentId, round, options.dropRate ?? 0.01, random);
    reportMs.push(performance.now() - started);
    log(
      `round ${round}: paired in ${pairMs.at(-1)!.toFixed(0)} ms, reported in ${reportMs.at(-1)!.toFixed(0)} ms`,
    );
  }
  return { tournamentId, timings: { registerMs, pairMs, reportMs } };
}

async function registerPlayersInBulk(
  prisma: PrismaClient,
  tournamentId: string,
  count: number,
  nameKey: (name: string) => string,
): Promise<void> {
  const width = String(count).length;
  const names = Array.from(
    { length: count },
    (_, index) => `Player ${String(index + 1).padStart(width, "0")}`,
  );
  const players = await prisma.player.createManyAndReturn({
    data: names.map((name) => ({ name })),
    select: { id: true, name: true },
  });
  await prisma.registration.createMany({
    data: players.map((player) => ({
      tournamentId,
      playerId: player.id,
      displayName: player.name,
      nameKey: nameKey(player.name),
      firstRound: 1,
    })),
  });
}

/**
 * Reports every unreported match of a round in one statement, as a staff entry would be stored:
 * the match gets the slip, is confirmed and moves to the next version; a MatchReport and a
 * REPORTED ResultChange record it. Results are drawn from `random`.
 */
export async function reportRoundInBulk(
  prisma: PrismaClient,
  tournamentId: string,
  roundNumber: number,
  random: Random,
): Promise<number> {
  const matches = await prisma.match.findMany({
    where: { round: { tournamentId, number: roundNumber }, winsA: null, sideBId: { not: null } },
    orderBy: { tableNumber: "asc" },
    select: { id: true },
  });
  const results = matches.map(() => pickResult(random));
  return prisma.$executeRaw`
    WITH input AS (
      SELECT * FROM unnest(
        ${matches.map((match) => match.id)}::text[],
        ${results.map((result) => result.winsA)}::int[],
        ${results.map((result) => result.winsB)}::int[],
        ${results.map((result) => result.draws)}::int[],
        ${results.map((result) => result.concededBy)}::text[],
        ${results.map((result) => result.intentionalDraw)}::boolean[]
      ) AS t(id, "winsA", "winsB", draws, "concededBy", "intentionalDraw")
    ),
    updated AS (
      UPDATE "Match" AS m
      SET "winsA" = i."winsA", "winsB" = i."winsB", draws = i.draws, "concededBy" = i."concededBy"::"Side",
          "intentionalDraw" = i."intentionalDraw", "confirmedAt" = now() AT TIME ZONE 'UTC', version = m.version + 1, "updatedAt" = now() AT TIME ZONE 'UTC'
      FROM input AS i
      WHERE m.id = i.id AND m."winsA" IS NULL
      RETURNING m.id, m.version, m."winsA", m."winsB", m.draws, m."concededBy", m."intentionalDraw"
    ),
    reports AS (
      INSERT INTO "MatchReport" (id, "matchId", "idempotencyKey", source, "winsA", "winsB", draws, "concededBy", "intentionalDraw", "confirmedAt", "resultVersion")
      SELECT gen_random_uuid()::text, u.id, 'seed:' || u.id || ':' || u.version, 'STAFF', u."winsA", u."winsB", u.draws, u."concededBy", u."intentionalDraw", now() AT TIME ZONE 'UTC', u.version
      FROM updated AS u
    )
    INSERT INTO "ResultChange" (id, "matchId", version, kind, source, "actorName", after, note)
    SELECT gen_random_uuid()::text, u.id, u.version, 'REPORTED', 'STAFF', 'Seeder',
           jsonb_build_object('winsA', u."winsA", 'winsB', u."winsB", 'draws', u.draws, 'concededBy', u."concededBy", 'intentionalDraw', u."intentionalDraw"), ''
    FROM updated AS u`;
}

/** Drops a share of the still-active players after `roundNumber` (MTR: they keep their results). */
export async function dropPlayersInBulk(
  prisma: PrismaClient,
  tournamentId: string,
  roundNumber: number,
  rate: number,
  random: Random,
): Promise<number> {
  if (rate <= 0) return 0;
  const active = await prisma.registration.findMany({
    where: { tournamentId, droppedAfterRound: null },
    orderBy: { nameKey: "asc" },
    select: { id: true },
  });
  const dropping = active
    .filter(() => random.nextUint32() / 2 ** 32 < rate)
    .map((registration) => registration.id);
  if (dropping.length === 0) return 0;
  const { count } = await prisma.registration.updateMany({
    where: { id: { in: dropping } },
    data: { droppedAfterRound: roundNumber },
  });
  return count;
}

async function main(): Promise<void> {
  restartUnderReactServer();
  const { values } = parseArgs({
    options: {
      players: { type: "string", default: "4096" },
      rounds: { type: "string", default: "8" },
      seed: { type: "string", default: "large-event" },
      "drop-rate": { type: "string", default: "0.01" },
      "no-migrate": { type: "boolean", default: false },
    },
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("Set DATABASE_URL to the PostgreSQL database to seed.");
  if (!values["no-migrate"]) {
    const { applyMigrations } = await import("../lib/server/infra/migrate");
    await applyMigrations(databaseUrl);
  }
  const started = performance.now();
  const seeded = await seedLargeEvent({
    players: Number(values.players),
    rounds: Number(values.rounds),
    seed: values.seed,
    dropRate: Number(values["drop-rate"]),
    log: (message) => console.error(message),
  });
  console.error(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(seeded.tournamentId);
  const { prisma } = await import("../lib/server/infra/db");
  await prisma.$disconnect();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
