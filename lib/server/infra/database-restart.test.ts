import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { applyMigrations } from "./migrate";
import {
  findPostgresBinaries,
  startPrivateCluster,
  type PrivateCluster,
} from "@/test/private-postgres";

/**
 * Reliability: the database restarts (orderly, or crashes) during a burst of result
 * reports sent through the real JSON route. Every 200 is stored, every failure is a retryable
 * 503 with Retry-After (or a 409 that an earlier success explains), never a 500; the same
 * requests sent again after the restart, by the same app process, are saved or answered as
 * replays; nothing is recorded twice.
 *
 * The database is a PostgreSQL cluster this file creates itself (initdb in a temporary folder,
 * its own port on 127.0.0.1), never the machine's shared server. The app's Prisma client is a
 * process-wide singleton that reads DATABASE_URL when first imported, so the app modules are
 * imported only after the environment points at the private cluster.
 */

const binaries = findPostgresBinaries();
if (!binaries) {
  console.warn(
    "database-restart.test.ts skipped: no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql on this machine.",
  );
}

const PRISMA_KEY = Symbol.for("spellbook-to.prisma-client");
const processGlobal = globalThis as unknown as Record<symbol, unknown>;
const ENV_KEYS = [
  "DATABASE_URL",
  "DATABASE_POOL_MAX",
  "DATABASE_CONNECT_TIMEOUT_MS",
  "TRANSACTION_MAX_WAIT_MS",
] as const;

/** Matches per burst, requests started per second, and at most this many in flight (as from a busy event hall). */
const MATCHES_PER_BURST = 160;
const START_INTERVAL_MS = 8;
const MAX_IN_FLIGHT = 20;
/** Every fifth match also gets a second, competing report (another staff member's form) with another slip. */
const SECOND_REPORTER_EVERY = 5;

type App = {
  POST: (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;
  prisma: { $disconnect: () => Promise<void> };
  createTournament: typeof import("@/lib/server/tournament/tournaments").createTournament;
  registerPlayer: typeof import("@/lib/server/registration/registrations").registerPlayer;
  pairNextSwissRound: typeof import("@/lib/server/round/rounds").pairNextSwissRound;
  getRound: typeof import("@/lib/server/round/rounds").getRound;
  createSignedInAccount: typeof import("@/test/accounts").createSignedInAccount;
};
/** The staff member sending every report: the result route needs a signed-in session. */
let organizer: import("@/test/accounts").TestAccount | undefined;

let cluster: PrivateCluster | undefined;
let app: App | undefined;
const savedEnv = new Map<string, string | undefined>();
let savedClient: unknown;

beforeAll(async () => {
  if (!binaries) return;
  cluster = await startPrivateCluster(binaries);
  await applyMigrations(cluster.url);
  for (const key of ENV_KEYS) savedEnv.set(key, process.env[key]);
  process.env.DATABASE_URL = cluster.url;
  process.env.DATABASE_POOL_MAX = "10";
  process.env.DATABASE_CONNECT_TIMEOUT_MS = "2000";
  process.env.TRANSACTION_MAX_WAIT_MS = "3000";
  savedClient = processGlobal[PRISMA_KEY];
  delete processGlobal[PRISMA_KEY];
  const [route, db, tournaments, registrations, rounds, accounts] = await Promise.all([
    import("@/app/api/matches/[id]/result/route"),
    import("./db"),
    import("@/lib/server/tournament/tournaments"),
    import("@/lib/server/registration/registrations"),
    import("@/lib/server/round/rounds"),
    import("@/test/accounts"),
  ]);
  app = {
    POST: route.POST,
    prisma: db.prisma,
    ...tournaments,
    ...registrations,
    ...rounds,
    createSignedInAccount: accounts.createSignedInAccount,
  };
  organizer = await app.createSignedInAccount("Restart Organizer");
}, 90_000);

afterAll(async () => {
  try {
    await app?.prisma.$disconnect().catch(() => undefined);
  } finally {
    delete processGlobal[PRISMA_KEY];
    if (savedClient !== undefined) processGlobal[PRISMA_KEY] = savedClient;
    for (const [key, value] of savedEnv) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await cluster?.destroy();
  }
}, 60_000);

type Slip = { winsA: number; winsB: number };
const SLIPS: Slip[] = [
  { winsA: 2, winsB: 0 },
  { winsA: 2, winsB: 1 },
  { winsA: 0, winsB: 2 },
  { winsA: 1, winsB: 2 },
];

type ResultRequest = {
  matchId: string;
  body: {
    winsA: number;
    winsB: number;
    draws: number;
    expectedVersion: number;
    idempotencyKey: string;
  };
};
type Answer = {
  status: number;
  code?: string;
  retryAfter: string | null;
  isDuplicate?: boolean;
  sentAt: number;
  answeredAt: number;
};

async function seedOpenMatches(matchCount: number): Promise<string[]> {
  const { createTournament, registerPlayer, pairNextSwissRound, getRound } = app!;
  const created = await createTournament(
    {
      name: `Restart burst ${randomUUID()}`,
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    },
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  for (let player = 0; player < matchCount * 2; player++) {
    const registered = await registerPlayer({
      tournamentId: created.value.id,
      name: `Player ${player + 1}`,
    });
    if (!registered.ok) throw new Error(registered.error.message);
  }
  const paired = await pairNextSwissRound(created.value.id, "restart-burst");
  if (!paired.ok) throw new Error(paired.error.message);
  const round = await getRound(created.value.id, 1);
  const matches = round!.matches.filter((match) => match.sideB !== null);
  expect(matches).toHaveLength(matchCount);
  return matches.map((match) => match.id);
}

/** One POST through the route handler, as Next.js would call it. */
async function send(request: ResultRequest): Promise<Answer> {
  const sentAt = Date.now();
  const response = await app!.POST(
    new Request(`http://127.0.0.1/api/matches/${request.matchId}/result`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: organizer!.cookie },
      body: JSON.stringify(request.body),
    }),
    { params: Promise.resolve({ id: request.matchId }) },
  );
  const body = (await response.json()) as {
    ok: boolean;
    data?: { isDuplicate: boolean };
    error?: { code: string };
  };
  return {
    status: response.status,
    code: body.error?.code,
    retryAfter: response.headers.get("retry-after"),
    isDuplicate: body.data?.isDuplicate,
    sentAt,
    answeredAt: Date.now(),
  };
}

function requestsFor(matchIds: string[]): ResultRequest[] {
  const requests: ResultRequest[] = [];
  matchIds.forEach((matchId, index) => {
    const slip = SLIPS[index % SLIPS.length]!;
    requests.push({
      matchId,
      body: { ...slip, draws: 0, expectedVersion: 0, idempotencyKey: randomUUID() },
    });
    if (index % SECOND_REPORTER_EVERY === 0) {
      const other = SLIPS[(index + 1) % SLIPS.length]!;
      requests.push({
        matchId,
        body: { ...other, draws: 0, expectedVersion: 0, idempotencyKey: randomUUID() },
      });
    }
  });
  return requests;
}

/**
 * Sends every request, one started every START_INTERVAL_MS with at most MAX_IN_FLIGHT in flight,
 * and restarts the cluster once a third of them have started (and some were answered), so the
 * middle third meets the restart; the last third waits until the server is back, so however
 * slow the machine, some reports are sent before, during and after it.
 */
async function burstWithRestart(requests: ResultRequest[], mode: "fast" | "immediate") {
  const answers: Answer[] = new Array(requests.length);
  const startedAt = Date.now();
  let next = 0;
  let answered = 0;
  let restart: Promise<{ from: number; to: number }> | undefined;
  const restartAt = Math.floor(requests.length / 3);
  const afterRestartFrom = Math.floor((requests.length * 2) / 3);
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= requests.length) return;
      const due = startedAt + index * START_INTERVAL_MS;
      if (Date.now() < due) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      if (index === restartAt) {
        while (answered < MAX_IN_FLIGHT) await new Promise((resolve) => setTimeout(resolve, 5));
        const from = Date.now();
        restart = cluster!.restart(mode).then(() => ({ from, to: Date.now() }));
      }
      if (index >= afterRestartFrom) {
        while (!restart) await new Promise((resolve) => setTimeout(resolve, 5));
        await restart;
      }
      answers[index] = await send(requests[index]!);
      answered++;
    }
  };
  await Promise.all(Array.from({ length: MAX_IN_FLIGHT }, worker));
  const window = await restart!;
  return { answers, window, elapsedMs: Date.now() - startedAt };
}

/** What the database holds, read on a connection of its own (the restart closed every earlier one). */
async function storedState(matchIds: string[]) {
  const admin = new pg.Client({ connectionString: cluster!.url });
  await admin.connect();
  try {
    return await readState(admin, matchIds);
  } finally {
    await admin.end();
  }
}

async function readState(admin: pg.Client, matchIds: string[]) {
  const matches = await admin.query<{
    id: string;
    winsA: number | null;
    winsB: number | null;
    version: number;
  }>(`SELECT id, "winsA", "winsB", version FROM "Match" WHERE id = ANY($1)`, [matchIds]);
  const reports = await admin.query<{
    matchId: string;
    idempotencyKey: string;
    winsA: number;
    winsB: number;
    resultVersion: number;
  }>(
    `SELECT "matchId", "idempotencyKey", "winsA", "winsB", "resultVersion" FROM "MatchReport" WHERE "matchId" = ANY($1)`,
    [matchIds],
  );
  const changes = await admin.query<{
    matchId: string;
    version: number;
    kind: string;
    after: Slip;
  }>(`SELECT "matchId", version, kind::text, after FROM "ResultChange" WHERE "matchId" = ANY($1)`, [
    matchIds,
  ]);
  return { matches: matches.rows, reports: reports.rows, changes: changes.rows };
}

function describeAnswers(answers: Answer[]) {
  const counts = new Map<string, number>();
  for (const answer of answers) {
    const label = `${answer.status}${answer.code ? ` ${answer.code}` : ""}${answer.isDuplicate ? " replay" : ""}`;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return Object.fromEntries(counts);
}

describe.skipIf(!binaries)(
  "a private PostgreSQL cluster restarted during a burst of result reports",
  () => {
    for (const mode of ["fast", "immediate"] as const) {
      it(`pg_ctl restart -m ${mode}: every 200 is stored, every failure is a retryable 503 (or a 409 an earlier success explains), the same requests sent again succeed, nothing is recorded twice`, async () => {
        const matchIds = await seedOpenMatches(MATCHES_PER_BURST);
        const requests = requestsFor(matchIds);
        const unexpected: unknown[] = [];
        const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
        const error = vi
          .spyOn(console, "error")
          .mockImplementation(
            (...args: unknown[]) =>
              void unexpected.push(args.map((arg) => (arg instanceof Error ? arg.message : arg))),
          );
        let burst: Awaited<ReturnType<typeof burstWithRestart>>;
        try {
          burst = await burstWithRestart(requests, mode);
        } finally {
          warn.mockRestore();
          error.mockRestore();
        }
        const { answers, window } = burst;
        const summary = {
          mode,
          restartMs: window.to - window.from,
          burstMs: burst.elapsedMs,
          answers: describeAnswers(answers),
        };
        console.info(`database restart burst: ${JSON.stringify(summary)}`);
        // Better Auth logs the failed session lookups itself (console.error); what must not appear is
        // our wrapper's "unexpected" path, nor any 500 answer.
        expect(
          unexpected.filter((entry) => JSON.stringify(entry).includes("Unexpected error")),
          "no request was answered 500 INTERNAL (an error not classified as retryable)",
        ).toEqual([]);
        expect(answers.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual(
          [],
        );

        // The restart really hit the burst: some reports failed while it ran, others were saved before and after.
        expect(answers.some((answer) => answer.status === 503)).toBe(true);
        expect(
          answers.some((answer) => answer.status === 200 && answer.answeredAt < window.from),
        ).toBe(true);
        expect(answers.some((answer) => answer.status === 200 && answer.sentAt > window.to)).toBe(
          true,
        );

        const afterBurst = await storedState(matchIds);
        const reportByKey = new Map(
          afterBurst.reports.map((report) => [report.idempotencyKey, report]),
        );
        answers.forEach((answer, index) => {
          const request = requests[index]!;
          const where = `${mode} #${index} ${JSON.stringify(answer)}`;
          expect([200, 409, 503], where).toContain(answer.status);
          if (answer.status === 200) {
            // A success answer is stored: its report, and the match holds its slip.
            const report = reportByKey.get(request.body.idempotencyKey);
            expect(report, where).toMatchObject({
              matchId: request.matchId,
              winsA: request.body.winsA,
              winsB: request.body.winsB,
              resultVersion: 1,
            });
            const match = afterBurst.matches.find((row) => row.id === request.matchId);
            expect(match, where).toMatchObject({
              winsA: request.body.winsA,
              winsB: request.body.winsB,
              version: 1,
            });
          }
          if (answer.status === 503) {
            expect(answer.code, where).toBe("UNAVAILABLE");
            expect(Number(answer.retryAfter), where).toBeGreaterThan(0);
          }
          if (answer.status === 409) {
            // Only the competing report of the same match, saved first, may explain a conflict.
            expect(answer.code, where).toBe("CONFLICT");
            const saved = afterBurst.reports.find((report) => report.matchId === request.matchId);
            const explainedBy = requests.findIndex(
              (other) => other !== request && other.body.idempotencyKey === saved?.idempotencyKey,
            );
            expect(explainedBy, where).toBeGreaterThanOrEqual(0);
            expect(requests[explainedBy]!.matchId, where).toBe(request.matchId);
          }
        });

        // The same app process, with no restart of its own, takes the failed requests again as they
        // were (same key): each is saved, answered as a replay of what was saved, or, for a competing
        // report, a conflict with the other report that was saved.
        const retried = answers.flatMap((answer, index) => (answer.status === 200 ? [] : [index]));
        const retryAnswers = new Map<number, Answer>();
        for (const index of retried) retryAnswers.set(index, await send(requests[index]!));
        const final = await storedState(matchIds);
        for (const index of retried) {
          const request = requests[index]!;
          const answer = retryAnswers.get(index)!;
          const where = `${mode} retry of #${index} ${JSON.stringify(answer)}`;
          if (answer.status === 409) {
            const stored = final.reports.find((report) => report.matchId === request.matchId);
            expect(stored?.idempotencyKey, where).not.toBe(request.body.idempotencyKey);
            expect(
              requests.some((other) => other.body.idempotencyKey === stored?.idempotencyKey),
              where,
            ).toBe(true);
          } else {
            expect(answer.status, where).toBe(200);
          }
        }

        // Nothing is recorded twice: one report and one REPORTED change per match, and what the match holds is that report's slip.
        for (const matchId of matchIds) {
          const reports = final.reports.filter((report) => report.matchId === matchId);
          const changes = final.changes.filter((change) => change.matchId === matchId);
          const match = final.matches.find((row) => row.id === matchId)!;
          expect(reports, matchId).toHaveLength(1);
          expect(
            changes.map((change) => [change.version, change.kind]),
            matchId,
          ).toEqual([[1, "REPORTED"]]);
          expect(match, matchId).toMatchObject({
            version: 1,
            winsA: reports[0]!.winsA,
            winsB: reports[0]!.winsB,
          });
          expect(changes[0]!.after).toMatchObject({
            winsA: reports[0]!.winsA,
            winsB: reports[0]!.winsB,
          });
        }
        console.info(
          `database restart retries (${mode}): ${JSON.stringify(describeAnswers([...retryAnswers.values()]))}`,
        );
      }, 60_000);
    }
  },
);
