/**
 * Pairing through the data layer at scale (under 1 s end to end at 4,096 players):
 *
 *   npx tsx --conditions=react-server bench/pairing-write.bench.ts [--players 4096] [--rounds 15] [--verbose]
 *
 * Creates a fresh database on the local PostgreSQL (an in-memory PGlite if none answers), migrates
 * it, seeds the players and round 1 (bench/seed-large-event.ts), then pairs rounds 2..rounds with
 * `pairNextSwissRound` and reports each one in bulk. Every SQL statement the pairing sends is
 * recorded at the `pg` driver, which splits each pairing into
 * - load:  from the call to the end of the last read before the first write (lock, checks, facts);
 * - pair:  the gap between that read and the first write (standings, field, the pure pairer);
 * - write: from the first write to the end of the transaction (rounds, matches, history, COMMIT).
 * The database is dropped at the end.
 */
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { createRandom } from "../lib/pairings/random";
import { applyMigrations } from "../lib/server/infra/migrate";
import { provisionTestDatabase } from "../test/database";
import { dropPlayersInBulk, reportRoundInBulk, seedLargeEvent } from "./seed-large-event";

const TARGET_MS = 1_000;
const { values } = parseArgs({
  options: {
    players: { type: "string", default: "4096" },
    rounds: { type: "string", default: "15" },
    seed: { type: "string", default: "pairing-bench" },
    verbose: { type: "boolean", default: false },
  },
});
const PLAYERS = Number(values.players);
const ROUNDS = Number(values.rounds);

type Statement = { sql: string; startedAt: number; endedAt: number };
let recording: Statement[] | null = null;

/** Records every statement any pg client sends while `recording` is set (Prisma's adapter uses pg). */
function recordStatements(): void {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const log = recording;
    const result = query.apply(this, args);
    if (!log || !(result instanceof Promise)) return result;
    const first = args[0];
    const sql = typeof first === "string" ? first : ((first as { text?: string }).text ?? "?");
    const statement: Statement = { sql, startedAt: performance.now(), endedAt: Number.NaN };
    log.push(statement);
    return result.finally(() => {
      statement.endedAt = performance.now();
    });
  } as typeof pg.Client.prototype.query;
}

const isWrite = (sql: string) => /^\s*(INSERT|UPDATE|DELETE|COMMIT)\b/i.test(sql);

type Row = {
  round: number;
  totalMs: number;
  loadMs: number;
  pairMs: number;
  writeMs: number;
  statements: number;
  writes: number;
  matches: number;
};

function split(
  round: number,
  startedAt: number,
  endedAt: number,
  statements: Statement[],
  matches: number,
): Row {
  const firstWrite = statements.findIndex(
    (statement) => isWrite(statement.sql) && !/^\s*COMMIT/i.test(statement.sql),
  );
  const lastRead = firstWrite > 0 ? statements[firstWrite - 1]! : statements.at(-1)!;
  const writeStart = firstWrite >= 0 ? statements[firstWrite]!.startedAt : endedAt;
  return {
    round,
    totalMs: endedAt - startedAt,
    loadMs: lastRead.endedAt - startedAt,
    pairMs: writeStart - lastRead.endedAt,
    writeMs: endedAt - writeStart,
    statements: statements.length,
    writes: statements.filter((statement) => isWrite(statement.sql)).length,
    matches,
  };
}

const ms = (value: number, width = 7) => `${value.toFixed(0)}`.padStart(width);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

recordStatements();
const database = await provisionTestDatabase("pairingbench");
try {
  await applyMigrations(database.url);
  process.env.DATABASE_URL = database.url;
  process.env.DATABASE_POOL_MAX = database.isEmbedded ? "1" : "5";
  console.log(
    `Pairing through the data layer: ${PLAYERS} players, rounds 2..${ROUNDS} (${database.isEmbedded ? "embedded PGlite" : "local PostgreSQL"}, node ${process.version})`,
  );
  const seedStarted = performance.now();
  const { tournamentId } = await seedLargeEvent({ players: PLAYERS, rounds: 1, seed: values.seed });
  console.log(
    `seeded ${PLAYERS} players and round 1 in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`,
  );
  const { pairNextSwissRound } = await import("../lib/server/round/rounds");
  const { prisma } = await import("../lib/server/infra/db");
  const random = createRandom(`${values.seed}:bench-results`);

  console.log("round   total    load    pair   write  statements  writes  matches");
  const rows: Row[] = [];
  for (let round = 2; round <= ROUNDS; round++) {
    const statements: Statement[] = [];
    recording = statements;
    const startedAt = performance.now();
    const paired = await pairNextSwissRound(tournamentId, `${values.seed}:round:${round}`);
    const endedAt = performance.now();
    recording = null;
    if (!paired.ok) throw new Error(`Round ${round}: ${paired.error.message}`);
    const matches = await prisma.match.count({ where: { round: { tournamentId, number: round } } });
    const row = split(round, startedAt, endedAt, statements, matches);
    rows.push(row);
    console.log(
      `${String(round).padStart(5)} ${ms(row.totalMs)} ${ms(row.loadMs)} ${ms(row.pairMs)} ${ms(row.writeMs)} ${String(row.statements).padStart(11)} ${String(row.writes).padStart(7)} ${String(row.matches).padStart(8)}` +
        (row.totalMs > TARGET_MS ? "  over 1 s" : ""),
    );
    if (values.verbose)
      for (const statement of statements)
        console.log(
          `        ${ms(statement.endedAt - statement.startedAt, 5)} ms  ${statement.sql.replace(/\s+/g, " ").slice(0, 140)}`,
        );
    await reportRoundInBulk(prisma, tournamentId, round, random);
    await dropPlayersInBulk(prisma, tournamentId, round, 0.01, random);
  }

  console.log(
    "\nrounds    median total   max total   max load   max pair   max write   statements",
  );
  for (const [from, to] of [
    [2, 9],
    [10, 15],
    [16, 28],
  ] as const) {
    const range = rows.filter((row) => row.round >= from && row.round <= to);
    if (range.length === 0) continue;
    const max = (pick: (row: Row) => number) => Math.max(...range.map(pick));
    console.log(
      `${`${from}-${Math.min(to, ROUNDS)}`.padEnd(8)} ${ms(median(range.map((row) => row.totalMs)), 10)} ms ${ms(
        max((row) => row.totalMs),
        8,
      )} ms ${ms(
        max((row) => row.loadMs),
        7,
      )} ms ${ms(
        max((row) => row.pairMs),
        7,
      )} ms ${ms(
        max((row) => row.writeMs),
        8,
      )} ms ${String(max((row) => row.statements)).padStart(12)}`,
    );
  }
  const worst = Math.max(...rows.map((row) => row.totalMs));
  console.log(
    `\ntarget: every round under ${TARGET_MS} ms end to end: ${worst < TARGET_MS ? "met" : `missed (worst ${worst.toFixed(0)} ms)`}`,
  );
  await prisma.$disconnect();
} finally {
  await database.drop();
}
