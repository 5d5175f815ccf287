import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/matches/[id]/result/route";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { tournamentLockKey } from "./tournament-lock";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";

/**
 * Reliability: concurrent reports of one match, in every start order, and result writes
 * against the tournament lock held by someone else. Sent through the JSON route, so what is
 * checked is the HTTP answer a client gets.
 */

const openClients: pg.Client[] = [];
/** The tournaments' organizer: the result route needs a signed-in staff session. */
let organizer: TestAccount;
beforeAll(async () => {
  organizer = await createSignedInAccount("Concurrency Organizer");
});
afterAll(async () => {
  await Promise.all(openClients.map((client) => client.end().catch(() => undefined)));
  await prisma.$disconnect();
});

type Slip = { winsA: number; winsB: number };
/** Possible slips of a best-of-three Swiss match (MTR 2.1): wins either way, and a 1-1 draw. */
const SLIPS: Slip[] = [
  { winsA: 2, winsB: 0 },
  { winsA: 0, winsB: 2 },
  { winsA: 2, winsB: 1 },
  { winsA: 1, winsB: 2 },
  { winsA: 1, winsB: 1 },
];

type ReportBody = Slip & { draws: number; expectedVersion: number; idempotencyKey: string };
type Answer = { status: number; code?: string; version?: number; isDuplicate?: boolean };

async function post(matchId: string, body: ReportBody): Promise<Answer> {
  const response = await POST(
    new Request(`http://127.0.0.1/api/matches/${matchId}/result`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: organizer.cookie },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ id: matchId }) },
  );
  const json = (await response.json()) as {
    data?: { version: number; isDuplicate: boolean };
    error?: { code: string };
  };
  return {
    status: response.status,
    code: json.error?.code,
    version: json.data?.version,
    isDuplicate: json.data?.isDuplicate,
  };
}

/** Open matches (version 0) of one tournament's first round, seeded through the data layer. */
async function seedTournament(
  matchCount: number,
): Promise<{ tournamentId: string; matchIds: string[] }> {
  const created = await createTournament(
    {
      name: `Concurrency ${randomUUID()}`,
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
  const paired = await pairNextSwissRound(created.value.id, "concurrency");
  if (!paired.ok) throw new Error(paired.error.message);
  const matches = (await getRound(created.value.id, 1))!.matches.filter(
    (match) => match.sideB !== null,
  );
  expect(matches.every((match) => match.version === 0)).toBe(true);
  return { tournamentId: created.value.id, matchIds: matches.map((match) => match.id) };
}

/** Several tournaments seeded side by side (registration locks per tournament), their matches pooled. */
async function seedOpenMatches(matchCount: number): Promise<string[]> {
  const parts = 4;
  const seeded = await Promise.all(
    Array.from({ length: parts }, (_, part) =>
      seedTournament(
        Math.ceil((matchCount * (part + 1)) / parts) - Math.ceil((matchCount * part) / parts),
      ),
    ),
  );
  return seeded.flatMap((tournament) => tournament.matchIds);
}

function permutationsOf(count: number): number[][] {
  if (count === 1) return [[0]];
  return permutationsOf(count - 1).flatMap((shorter) =>
    Array.from({ length: count }, (_, at) => [
      ...shorter.slice(0, at),
      count - 1,
      ...shorter.slice(at),
    ]),
  );
}

/**
 * How the reporters' starts are spread, in the permutation's order: all in one tick (they race
 * for the row: the version-guarded UPDATE decides), one event-loop turn apart, or 2 ms apart
 * (later ones tend to read the winner's version and answer from the stale-version check).
 */
const STAGGERS = ["same tick", "event-loop turns", "2 ms apart"] as const;
type Stagger = (typeof STAGGERS)[number];

async function waitForTurn(stagger: Stagger, position: number): Promise<void> {
  if (stagger === "same tick") return;
  if (stagger === "2 ms apart") return new Promise((resolve) => setTimeout(resolve, position * 2));
  for (let turn = 0; turn < position; turn++) await new Promise((resolve) => setImmediate(resolve));
}

type Trial = {
  matchId: string;
  order: number[];
  stagger: Stagger;
  bodies: ReportBody[];
  answers: Answer[];
};

/** N reporters of one match, all from the form at version 0, each with its own key, started in `order`. */
async function runTrial(
  matchId: string,
  order: number[],
  stagger: Stagger,
  equalSlips: boolean,
  offset: number,
): Promise<Trial> {
  const bodies = order.map((_, reporter) => {
    const slip = equalSlips
      ? SLIPS[offset % SLIPS.length]!
      : SLIPS[(offset + reporter) % SLIPS.length]!;
    return { ...slip, draws: 0, expectedVersion: 0, idempotencyKey: randomUUID() };
  });
  const answers: Answer[] = new Array(order.length);
  await Promise.all(
    order.map(async (reporter, position) => {
      await waitForTurn(stagger, position);
      answers[reporter] = await post(matchId, bodies[reporter]!);
    }),
  );
  return { matchId, order, stagger, bodies, answers };
}

async function checkTrials(trials: Trial[]) {
  const matchIds = trials.map((trial) => trial.matchId);
  const [matches, reports, changes] = await Promise.all([
    prisma.match.findMany({
      where: { id: { in: matchIds } },
      select: { id: true, winsA: true, winsB: true, draws: true, version: true },
    }),
    prisma.matchReport.findMany({
      where: { matchId: { in: matchIds } },
      select: { matchId: true, idempotencyKey: true, resultVersion: true },
    }),
    prisma.resultChange.findMany({
      where: { matchId: { in: matchIds } },
      select: { matchId: true, version: true, kind: true, after: true },
    }),
  ]);
  for (const trial of trials) {
    const where = `${trial.order.length} reporters, order ${trial.order.join("")}, ${trial.stagger}: ${JSON.stringify(trial.answers)}`;
    const winners = trial.answers.flatMap((answer, reporter) =>
      answer.status === 200 ? [reporter] : [],
    );
    expect(winners, where).toHaveLength(1);
    const winner = winners[0]!;
    expect(trial.answers[winner], where).toEqual({
      status: 200,
      version: 1,
      isDuplicate: false,
      code: undefined,
    });
    for (const [reporter, answer] of trial.answers.entries()) {
      if (reporter !== winner)
        expect(answer, where).toEqual({
          status: 409,
          code: "CONFLICT",
          version: undefined,
          isDuplicate: undefined,
        });
    }
    const slip = trial.bodies[winner]!;
    expect(
      matches.find((match) => match.id === trial.matchId),
      where,
    ).toEqual({ id: trial.matchId, winsA: slip.winsA, winsB: slip.winsB, draws: 0, version: 1 });
    expect(
      reports.filter((report) => report.matchId === trial.matchId),
      where,
    ).toEqual([{ matchId: trial.matchId, idempotencyKey: slip.idempotencyKey, resultVersion: 1 }]);
    const history = changes.filter((change) => change.matchId === trial.matchId);
    expect(
      history.map((change) => [change.version, change.kind]),
      where,
    ).toEqual([[1, "REPORTED"]]);
    expect(history[0]!.after, where).toMatchObject({
      winsA: slip.winsA,
      winsB: slip.winsB,
      draws: 0,
    });
  }
}

/** The winner's request sent again is answered as the replay of what was saved; a loser's is still a conflict. */
async function checkReplays(trials: Trial[]) {
  for (const trial of trials) {
    const winner = trial.answers.findIndex((answer) => answer.status === 200);
    const loser = trial.answers.findIndex((answer) => answer.status !== 200);
    const where = `${trial.order.length} reporters, order ${trial.order.join("")}, ${trial.stagger}`;
    expect(await post(trial.matchId, trial.bodies[winner]!), where).toEqual({
      status: 200,
      version: 1,
      isDuplicate: true,
      code: undefined,
    });
    expect(await post(trial.matchId, trial.bodies[loser]!), where).toMatchObject({
      status: 409,
      code: "CONFLICT",
    });
  }
  const stored = await prisma.matchReport.count({
    where: { matchId: { in: trials.map((trial) => trial.matchId) } },
  });
  expect(stored).toBe(trials.length);
}

describe("concurrent reports of one match, in every start order: exactly one wins, the others get a conflict", () => {
  // Each order is run under every stagger, with equal and with different slips, except for 5
  // reporters (120 orders): there each order runs under one stagger, all three taking turns.
  for (const reporters of [2, 3, 4, 5]) {
    it(`${reporters} reporters of the same match at the same version with different keys, all ${permutationsOf(reporters).length} start orders`, async () => {
      const orders = permutationsOf(reporters);
      const plan = orders.flatMap((order, index) =>
        reporters < 5
          ? STAGGERS.flatMap((stagger) =>
              [true, false].map((equalSlips) => ({ order, stagger, equalSlips })),
            )
          : [{ order, stagger: STAGGERS[index % STAGGERS.length]!, equalSlips: index % 2 === 0 }],
      );
      const matchIds = await seedOpenMatches(plan.length);
      const trials: Trial[] = [];
      for (const [index, step] of plan.entries())
        trials.push(
          await runTrial(matchIds[index]!, step.order, step.stagger, step.equalSlips, index),
        );
      await checkTrials(trials);
      await checkReplays(trials);
    }, 60_000);
  }
});

/** A connection of its own, holding the tournament's lock in an open transaction as another writer would. */
async function holdTournamentLock(tournamentId: string, mode: "shared" | "exclusive") {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  openClients.push(client);
  await client.connect();
  await client.query("BEGIN");
  const lock = mode === "shared" ? "pg_advisory_xact_lock_shared" : "pg_advisory_xact_lock";
  await client.query(`SELECT ${lock}(hashtext($1 || $2))`, [tournamentLockKey(""), tournamentId]);
  return {
    /** Whether another session waits for this lock now (pg_locks: same advisory key, not granted). */
    hasWaiter: async () => {
      const { rows } = await client.query<{ waiting: boolean }>(
        `SELECT EXISTS (
           SELECT 1 FROM pg_locks held JOIN pg_locks waiting
             ON waiting.locktype = 'advisory' AND NOT waiting.granted AND waiting.classid = held.classid AND waiting.objid = held.objid AND waiting.objsubid = held.objsubid
           WHERE held.locktype = 'advisory' AND held.granted AND held.pid = pg_backend_pid()) AS waiting`,
      );
      return rows[0]!.waiting;
    },
    /** A statement in the lock holder's transaction (what the pairing writes while it holds the lock). */
    query: (sql: string, values: unknown[]) => client.query(sql, values),
    release: async () => {
      await client.query("COMMIT");
      await client.end();
    },
  };
}

async function storedMatch(matchId: string) {
  return prisma.match.findUniqueOrThrow({
    where: { id: matchId },
    select: { winsA: true, winsB: true, version: true },
  });
}

const body = (slip: Slip): ReportBody => ({
  ...slip,
  draws: 0,
  expectedVersion: 0,
  idempotencyKey: randomUUID(),
});

describe("result writes and the tournament lock", () => {
  it("while another result write holds the tournament's shared lock, reports to other matches of the tournament complete at once", async () => {
    const { tournamentId, matchIds } = await seedTournament(5);
    const inFlight = await holdTournamentLock(tournamentId, "shared");
    let reports: Promise<Answer[]> | undefined;
    try {
      // Were they to wait for that lock, none could answer before it is released (in `finally`).
      reports = Promise.all(
        matchIds.slice(0, 4).map((matchId) => post(matchId, body({ winsA: 2, winsB: 1 }))),
      );
      const answers = await Promise.race([
        reports,
        new Promise<"still waiting">((resolve) =>
          setTimeout(() => resolve("still waiting"), 3_000),
        ),
      ]);
      expect(
        answers,
        "the reports complete within 3 s while another result write holds the shared lock",
      ).not.toBe("still waiting");
      expect((answers as Answer[]).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      for (const matchId of matchIds.slice(0, 4))
        expect(await storedMatch(matchId)).toEqual({ winsA: 2, winsB: 1, version: 1 });
    } finally {
      await inFlight.release();
      // Nothing left in flight for the next test, whatever happened above.
      await reports;
    }
  });

  it("while pairing holds the tournament's exclusive lock, a report waits for it, then applies", async () => {
    const { tournamentId, matchIds } = await seedTournament(2);
    const matchId = matchIds[0]!;
    const pairing = await holdTournamentLock(tournamentId, "exclusive");
    let released = false;
    try {
      let answeredWhileHeld = false;
      const report = post(matchId, body({ winsA: 0, winsB: 2 })).then((answer) => {
        answeredWhileHeld = !released;
        return answer;
      });
      // Wait until the report is seen queued behind the lock (never a fixed sleep).
      const deadline = Date.now() + 5_000;
      while (!(await pairing.hasWaiter())) {
        expect(Date.now(), "the report queues behind the exclusive lock").toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await storedMatch(matchId)).toEqual({ winsA: null, winsB: null, version: 0 });
      released = true;
      await pairing.release();
      expect(await report).toEqual({
        status: 200,
        version: 1,
        isDuplicate: false,
        code: undefined,
      });
      expect(answeredWhileHeld).toBe(false);
      expect(await storedMatch(matchId)).toEqual({ winsA: 0, winsB: 2, version: 1 });
    } finally {
      if (!released) await pairing.release();
    }
  });
  it("a correction that waited while the next round was paired says that round was paired with the old result", async () => {
    const { tournamentId, matchIds } = await seedTournament(2);
    const matchId = matchIds[0]!;
    expect((await post(matchId, body({ winsA: 2, winsB: 0 }))).status).toBe(200);
    const pairing = await holdTournamentLock(tournamentId, "exclusive");
    let released = false;
    try {
      // The pairing writes round 2 while it holds the lock; the correction arrives meanwhile.
      await pairing.query(
        `INSERT INTO "Round" (id, "tournamentId", "phaseId", number, "pairingSeed")
         SELECT $1, "tournamentId", "phaseId", 2, 'concurrency' FROM "Round" WHERE "tournamentId" = $2 AND number = 1`,
        [randomUUID(), tournamentId],
      );
      const correction = POST(
        new Request(`http://127.0.0.1/api/matches/${matchId}/result`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: organizer.cookie },
          body: JSON.stringify({
            winsA: 0,
            winsB: 2,
            draws: 0,
            expectedVersion: 1,
            idempotencyKey: randomUUID(),
            note: "The slip was read the wrong way round.",
          }),
        }),
        { params: Promise.resolve({ id: matchId }) },
      );
      const deadline = Date.now() + 5_000;
      while (!(await pairing.hasWaiter())) {
        expect(Date.now(), "the correction queues behind the exclusive lock").toBeLessThan(
          deadline,
        );
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      released = true;
      await pairing.release();
      const answer = (await (await correction).json()) as {
        ok: boolean;
        data?: { version: number; laterRoundsPaired?: boolean };
      };
      // Read after the lock was granted, not from before the wait: round 2 exists now.
      expect(answer).toMatchObject({ ok: true, data: { version: 2, laterRoundsPaired: true } });
    } finally {
      if (!released) await pairing.release();
    }
  });
});
