import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { createHash } from "node:crypto";
import { prisma, type Transaction } from "@/lib/server/infra/db";
import { failure, success, type ActionResult } from "@/lib/action-result";

type Reader = Transaction | typeof prisma;

export type ReadSnapshotKind = "STANDINGS" | "PAIRINGS_BY_NAME" | "POD_STANDINGS";

/** Where a read was answered from: this process's memory, the stored snapshot, or a fresh computation. */
export type SnapshotSource = "memory" | "stored" | "computed";

export type SnapshotRead<P> = {
  fingerprint: string;
  etag: string;
  value: P;
  source: SnapshotSource;
};

/**
 * How a kind of snapshot is computed and kept in memory. `compute` runs inside the transaction
 * that holds the snapshot's advisory lock; `prepare` turns the stored value into what readers
 * page and search (for example with search keys), once per process and fingerprint.
 */
export type SnapshotSpec<T, P> = {
  kind: ReadSnapshotKind;
  lockName: string;
  compute: (tx: Transaction, tournamentId: string) => Promise<ActionResult<T>>;
  prepare: (value: T) => P;
};

type Fingerprints = { current: string; stored: string | null };

/**
 * The fingerprint of everything standings and pairings-by-name are derived from, in one indexed
 * statement, with the stored snapshot's fingerprint alongside. It changes with every write that
 * can change what they show:
 * - a match is created, deleted, or changed: every result write, correction, clear and seat swap
 *   moves the match to its next `version` (the optimistic-concurrency contract), so the sum of
 *   versions only grows; count and the latest `updatedAt` catch creations and deletions (for
 *   standings, only in complete Swiss rounds and the playoff: see standingsMatchesPart);
 * - a registration is added (late entry), removed before round 1, or drops; a rename touches the
 *   tournament's updatedAt;
 * - the tournament's name or standings settings change, or a phase is added (playoff cut);
 * - a pod is paired or changed (each write moves it to its next `version`), in a pod event.
 * No shared row is written by result writes: they stay independent of each other. The cost is one
 * pass over the tournament's matches through the ("roundId", "tableNumber") index: about 30,000
 * rows at 4,096 players x 15 rounds (see bench/standings-read.bench.ts). A covering index on
 * version would allow an index-only scan but would end HOT updates for every result write.
 */
const allMatchesPart = Prisma.sql`(SELECT concat_ws(',', count(*), sum(m.version), max(m."updatedAt"))
                FROM "Round" r JOIN "Match" m ON m."roundId" = r.id
               WHERE r."tournamentId" = t.id)`;

/**
 * Standings are published after the last complete Swiss round (MTR 3.1): a Swiss round with a
 * match still open counts only as open, so a result in the round in progress does not make a
 * 4,096-player event compute its standings again; the result that completes the round does, and
 * so does any change in a complete round or in the playoff.
 */
const standingsMatchesPart = Prisma.sql`(SELECT string_agg(part, ';' ORDER BY number) FROM (
                SELECT r.number,
                       CASE WHEN ph.kind = 'SWISS' AND bool_or(m."voidedAt" IS NULL AND (m."winsA" IS NULL OR m."winsB" IS NULL))
                            THEN r.number || ':open'
                            ELSE concat_ws(',', r.number, count(m.id), sum(m.version), max(m."updatedAt")) END AS part
                  FROM "Round" r JOIN "Phase" ph ON ph.id = r."phaseId" LEFT JOIN "Match" m ON m."roundId" = r.id
                 WHERE r."tournamentId" = t.id
                 GROUP BY r.id, r.number, ph.kind) per_round)`;

async function readFingerprints(
  db: Reader,
  tournamentId: string,
  kind: ReadSnapshotKind,
): Promise<Fingerprints | null> {
  const rows = await db.$queryRaw<Fingerprints[]>`
    SELECT concat_ws('|',
             t.name, t."percentageFloor", t."byeCountsInOwnPercentages", t."updatedAt",
             (SELECT concat_ws(',', count(*), sum(p."gamesToWin")) FROM "Phase" p WHERE p."tournamentId" = t.id),
             ${kind === "STANDINGS" ? standingsMatchesPart : allMatchesPart},
             (SELECT concat_ws(',', count(*), sum(g."firstRound"), count(g."droppedAfterRound"), sum(g."droppedAfterRound"), max(g."createdAt"))
                FROM "Registration" g WHERE g."tournamentId" = t.id),
             (SELECT concat_ws(',', count(*), sum(p.version))
                FROM "Round" r JOIN "Pod" p ON p."roundId" = r.id
               WHERE r."tournamentId" = t.id)
           ) AS current,
           (SELECT s.fingerprint FROM "ReadSnapshot" s
             WHERE s."tournamentId" = t.id AND s.kind = ${kind}::"ReadSnapshotKind") AS stored
      FROM "Tournament" t
     WHERE t.id = ${tournamentId}`;
  return rows[0] ?? null;
}

async function loadStored(
  db: Reader,
  tournamentId: string,
  kind: ReadSnapshotKind,
  fingerprint: string,
): Promise<string | null> {
  const rows = await db.$queryRaw<{ data: string }[]>`
    SELECT data FROM "ReadSnapshot"
     WHERE "tournamentId" = ${tournamentId} AND kind = ${kind}::"ReadSnapshotKind" AND fingerprint = ${fingerprint}`;
  return rows[0]?.data ?? null;
}

async function storeSnapshot(
  tx: Transaction,
  tournamentId: string,
  kind: ReadSnapshotKind,
  fingerprint: string,
  data: string,
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "ReadSnapshot" ("tournamentId", kind, fingerprint, data, "computedAt")
    VALUES (${tournamentId}, ${kind}::"ReadSnapshotKind", ${fingerprint}, ${data}, now())
    ON CONFLICT ("tournamentId", kind)
    DO UPDATE SET fingerprint = EXCLUDED.fingerprint, data = EXCLUDED.data, "computedAt" = EXCLUDED."computedAt"`;
}

type Waiter = { resolve: (value: Fingerprints | null) => void; reject: (error: unknown) => void };
const fingerprintQueues = new Map<string, Waiter[]>();

/**
 * The fingerprints as of a moment after the caller arrived, with at most one query in flight per
 * tournament and kind in this process: readers arriving while one runs (it may have started
 * before they arrived, so it could miss a write they have seen committed) share the next one.
 * Twenty readers at once cost two queries, not twenty.
 */
function freshFingerprints(
  tournamentId: string,
  kind: ReadSnapshotKind,
): Promise<Fingerprints | null> {
  const key = `${kind}:${tournamentId}`;
  return new Promise((resolve, reject) => {
    const queue = fingerprintQueues.get(key);
    if (queue) {
      queue.push({ resolve, reject });
      return;
    }
    const waiting: Waiter[] = [{ resolve, reject }];
    fingerprintQueues.set(key, waiting);
    void (async () => {
      while (waiting.length > 0) {
        // Everyone in this batch arrived before its query starts.
        const batch = waiting.splice(0);
        try {
          const fingerprints = await readFingerprints(prisma, tournamentId, kind);
          for (const waiter of batch) waiter.resolve(fingerprints);
        } catch (error) {
          for (const waiter of batch) waiter.reject(error);
        }
      }
      fingerprintQueues.delete(key);
    })();
  });
}

/** An HTTP entity tag for what a fingerprint describes (weak: the same rows may be encoded differently). */
export function etagFor(kind: ReadSnapshotKind, fingerprint: string): string {
  return `W/"${createHash("sha256").update(`${kind}\n${fingerprint}`).digest("base64url").slice(0, 22)}"`;
}

/** The current entity tag of a tournament's snapshot of this kind, without reading or computing it (one query). */
export async function currentEtag(
  tournamentId: string,
  kind: ReadSnapshotKind,
): Promise<string | null> {
  const fingerprints = await freshFingerprints(tournamentId, kind);
  return fingerprints && etagFor(kind, fingerprints.current);
}

/**
 * Prepared snapshots of recently read tournaments, per process. Always checked against the
 * database's current fingerprint before use, so several app instances never serve each other's
 * stale rows; bounded, so a server reading many events does not grow without limit.
 */
const MEMORY_LIMIT = 16;
const memory = new Map<string, { fingerprint: string; value: unknown }>();
/** Computations in flight in this process, per fingerprint: concurrent readers share one. */
const inFlight = new Map<string, Promise<ActionResult<SnapshotRead<unknown>>>>();

function remember(key: string, fingerprint: string, value: unknown): void {
  memory.delete(key);
  memory.set(key, { fingerprint, value });
  while (memory.size > MEMORY_LIMIT) memory.delete(memory.keys().next().value!);
}

/** Forgets this process's prepared snapshots, as a freshly started app instance would have none (tests, benchmarks). */
export function forgetSnapshotsInMemory(): void {
  memory.clear();
}

/** How often a computation that a concurrent write overtook is retried before it is served unstored. */
const COMPUTE_ATTEMPTS = 3;

/**
 * Reads a tournament's snapshot of `spec.kind`: from memory or the stored row when its fingerprint
 * is current, otherwise computed once, under a PostgreSQL advisory lock per tournament and kind,
 * so concurrent readers (in any app instance) wait for the one computing and then read its row.
 */
export async function readSnapshot<T, P>(
  spec: SnapshotSpec<T, P>,
  tournamentId: string,
): Promise<ActionResult<SnapshotRead<P>>> {
  const key = `${spec.kind}:${tournamentId}`;
  const fingerprints = await freshFingerprints(tournamentId, spec.kind);
  if (!fingerprints) return failure("NOT_FOUND", "That tournament does not exist.");
  const { current } = fingerprints;

  const remembered = memory.get(key);
  if (remembered?.fingerprint === current) {
    remember(key, current, remembered.value);
    return success({
      fingerprint: current,
      etag: etagFor(spec.kind, current),
      value: remembered.value as P,
      source: "memory",
    });
  }
  // Readers in this process that arrive together share one load (or computation) of this
  // fingerprint's snapshot: one JSON.parse of a large table, not one per reader.
  const flightKey = `${key}:${current}`;
  let flight = inFlight.get(flightKey) as Promise<ActionResult<SnapshotRead<P>>> | undefined;
  if (!flight) {
    flight = loadOrCompute(spec, tournamentId, key, fingerprints).finally(() =>
      inFlight.delete(flightKey),
    );
    inFlight.set(flightKey, flight as Promise<ActionResult<SnapshotRead<unknown>>>);
  }
  return flight;
}

async function loadOrCompute<T, P>(
  spec: SnapshotSpec<T, P>,
  tournamentId: string,
  key: string,
  fingerprints: Fingerprints,
): Promise<ActionResult<SnapshotRead<P>>> {
  if (fingerprints.stored === fingerprints.current) {
    const data = await loadStored(prisma, tournamentId, spec.kind, fingerprints.current);
    if (data !== null)
      return success(prepared(spec, key, fingerprints.current, JSON.parse(data) as T, "stored"));
  }
  return computeUnderLock(spec, tournamentId, key);
}

function prepared<T, P>(
  spec: SnapshotSpec<T, P>,
  key: string,
  fingerprint: string,
  value: T,
  source: SnapshotSource,
): SnapshotRead<P> {
  const ready = spec.prepare(value);
  remember(key, fingerprint, ready);
  return { fingerprint, etag: etagFor(spec.kind, fingerprint), value: ready, source };
}

async function computeUnderLock<T, P>(
  spec: SnapshotSpec<T, P>,
  tournamentId: string,
  key: string,
): Promise<ActionResult<SnapshotRead<P>>> {
  const outcome = await prisma.$transaction(
    async (
      tx,
    ): Promise<ActionResult<{ fingerprint: string; value: T; source: SnapshotSource }>> => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`${spec.lockName}:${tournamentId}`}))`;
      // READ COMMITTED: each statement sees what was committed before it, including the row a
      // reader we waited for has just stored.
      let fingerprints = await readFingerprints(tx, tournamentId, spec.kind);
      if (!fingerprints) return failure("NOT_FOUND", "That tournament does not exist.");
      if (fingerprints.stored === fingerprints.current) {
        const data = await loadStored(tx, tournamentId, spec.kind, fingerprints.current);
        if (data !== null)
          return success({
            fingerprint: fingerprints.current,
            value: JSON.parse(data) as T,
            source: "stored",
          });
      }
      let lastComputed: T | undefined;
      for (let attempt = 1; attempt <= COMPUTE_ATTEMPTS; attempt++) {
        // The fingerprint is read before the facts and again after: equal, no write committed in
        // between, so the rows are exactly what that fingerprint describes. A stored snapshot is
        // never labelled with a fingerprint newer than its facts.
        const before = fingerprints.current;
        const computed = await spec.compute(tx, tournamentId);
        if (!computed.ok) return computed;
        lastComputed = computed.value;
        fingerprints = await readFingerprints(tx, tournamentId, spec.kind);
        if (!fingerprints) return failure("NOT_FOUND", "That tournament does not exist.");
        if (fingerprints.current === before) {
          await storeSnapshot(tx, tournamentId, spec.kind, before, JSON.stringify(computed.value));
          return success({ fingerprint: before, value: computed.value, source: "computed" });
        }
      }
      // Writes keep arriving faster than the computation: serve what was read, store nothing.
      // Labelled with a fingerprint no reader will match, so nothing remembers it as current.
      return success({
        fingerprint: `unstored:${fingerprints.current}`,
        value: lastComputed as T,
        source: "computed",
      });
    },
    // A waiting reader holds a connection while the first one computes (a few hundred ms for 4,096 players).
    { maxWait: 10_000, timeout: 30_000 },
  );
  if (!outcome.ok) return outcome;
  return success(
    prepared(spec, key, outcome.value.fingerprint, outcome.value.value, outcome.value.source),
  );
}
