import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { LIVE_CHANNEL, LiveListener, liveListener, type LiveEvent, type LiveView } from "./live";
import { getStandingsShownDigest } from "@/lib/server/standings/standings";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { ReportMatchResultSchema } from "@/lib/schemas/match-result";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";
import { startEmbeddedPostgres } from "@/lib/server/infra/embedded-postgres";

/**
 * Live pages: Postgres itself announces every committed change to a tournament
 * (migration 20261124105552_live_announcements), and this process's one listener hands it to the
 * subscribers of that tournament. Runs on the PostgreSQL server and on embedded PGlite, where the
 * announcement comes back on the pooled connection that committed (lib/server/live/live.ts).
 */

const isEmbedded = inject("databaseIsEmbedded");
let organizer: TestAccount;
beforeAll(async () => {
  organizer = await createSignedInAccount("Live Organizer");
  await liveListener().ready();
});
afterAll(async () => {
  await liveListener().close();
  await prisma.$disconnect();
});

/** Everything one tournament's subscriber hears, and a way to wait for the next event. */
function record(
  tournamentId: string,
  view: LiveView = "all",
  listener: LiveListener = liveListener(),
) {
  const events: LiveEvent[] = [];
  const waiters: (() => void)[] = [];
  const unsubscribe = listener.subscribe(
    tournamentId,
    (event) => {
      events.push(event);
      for (const wake of waiters.splice(0)) wake();
    },
    view,
  );
  return {
    events,
    unsubscribe,
    /** Resolves when `count` events in all have arrived; fails after `ms`. */
    until: async (count: number, ms = 3_000) => {
      const deadline = Date.now() + ms;
      while (events.length < count) {
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`waited ${ms} ms for ${count} event(s), got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}

/** Long enough for a change to be told: a tournament's pages are told at most once a second (changes meanwhile together, after it). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_300));

async function pairedTournament(players: number) {
  const created = await createTournament(
    { name: `Live ${randomUUID()}`, format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 },
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  for (let player = 0; player < players; player++) {
    const registered = await registerPlayer({ tournamentId, name: `Player ${player + 1}` });
    if (!registered.ok) throw new Error(registered.error.message);
  }
  const paired = await pairNextSwissRound(tournamentId, "live");
  if (!paired.ok) throw new Error(paired.error.message);
  const match = (await getRound(tournamentId, 1))!.matches.find(
    (candidate) => candidate.sideB !== null,
  )!;
  return { tournamentId, match };
}

async function report(matchId: string, winsA: number, winsB: number) {
  const reported = await reportMatchResult(
    ReportMatchResultSchema.parse({
      matchId,
      winsA,
      winsB,
      draws: 0,
      expectedVersion: 0,
      idempotencyKey: randomUUID(),
    }),
    { source: "STAFF", name: "Live test" },
  );
  if (!reported.ok) throw new Error(reported.error.message);
}

describe("live pages at a large event: refreshes are paced, and the standings page refreshes only when the standings change", () => {
  it("a change to a tournament with many open pages tells them spread out at the process's pace, each once, and changes meanwhile together afterwards", async () => {
    const listener = new LiveListener({
      connectionString: process.env.DATABASE_URL!,
      pacing: { refreshesPerSecond: 10, minWindowMs: 200 },
      log: () => undefined,
    });
    onTestFinished(() => listener.close());
    const tournamentId = `paced-${randomUUID()}`;
    const started = Date.now();
    // Seven open pages: when each heard of a change (ms after the first change).
    const heard: number[][] = Array.from({ length: 7 }, () => []);
    const stops = heard.map((times) =>
      listener.subscribe(tournamentId, () => times.push(Date.now() - started)),
    );
    listener.deliver(LIVE_CHANNEL, tournamentId);
    await new Promise((resolve) => setImmediate(resolve));
    // Seven pages at 10 a second: told over 700 ms, one at once.
    expect(heard.filter((times) => times.length === 1)).toHaveLength(1);
    listener.deliver(LIVE_CHANNEL, tournamentId);
    listener.deliver(LIVE_CHANNEL, tournamentId);
    await expect
      .poll(() => heard.every((times) => times.length >= 2), { timeout: 3_000 })
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 900));
    // Each page once per round; the two changes during the first round make one more round, after its window.
    expect(heard.map((times) => times.length)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(Math.max(...heard.map((times) => times[0]!))).toBeLessThan(700);
    expect(Math.min(...heard.map((times) => times[1]!))).toBeGreaterThanOrEqual(650);
    for (const stop of stops) stop();
  });

  it("MTR 3.1: once a standings page has heard a change, a result of the round in progress leaves it alone (the standings are after the last complete round); the result that completes the round refreshes it", async () => {
    // The process's own listener: on embedded PGlite only it hears (the pooled connections relay to it).
    const listener = liveListener();
    listener.setViewDigest("standings", getStandingsShownDigest);
    await listener.ready();
    const created = await createTournament(
      {
        name: `Live standings ${randomUUID()}`,
        format: "",
        gamesToWin: 2,
        roundMinutes: 50,
        teamSize: 1,
      },
      organizer,
    );
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    for (let player = 0; player < 6; player++)
      await registerPlayer({ tournamentId, name: `Player ${player + 1}` });
    const paired = await pairNextSwissRound(tournamentId, "live");
    if (!paired.ok) throw new Error(paired.error.message);
    const [first, second, third] = (await getRound(tournamentId, 1))!.matches;
    await settle();
    const roundPage = record(tournamentId, "all", listener);
    const standingsPage = record(tournamentId, "standings", listener);
    await settle();

    // A page's first change since it subscribed is always told: what it was rendered with is not known.
    await report(first!.id, 2, 0);
    await roundPage.until(1);
    await standingsPage.until(1);
    await settle();

    await report(second!.id, 2, 1);
    await roundPage.until(2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(standingsPage.events).toEqual(["changed"]);

    await report(third!.id, 0, 2);
    await standingsPage.until(2);
    expect(standingsPage.events).toEqual(["changed", "changed"]);
    await roundPage.until(3);
    roundPage.unsubscribe();
    standingsPage.unsubscribe();
  });
});

describe("an open page ends on the latest change", () => {
  it("MTR 3.1: a standings digest read after a later change tells its pages to end on a render after that read (else the later change, digest unchanged, is never told)", async () => {
    const listener = new LiveListener({
      connectionString: process.env.DATABASE_URL!,
      log: () => undefined,
    });
    onTestFinished(() => listener.close());
    let shown = "after change 1";
    let releaseRead: () => void = () => undefined;
    const readHeld = new Promise<void>((resolve) => {
      releaseRead = resolve;
    });
    listener.setViewDigest("standings", async () => {
      await readHeld;
      return shown;
    });
    await listener.ready();
    const tournamentId = `digest-race-${randomUUID()}`;
    const told: number[] = [];
    const stop = listener.subscribe(tournamentId, (_event, since) => told.push(since), "standings");
    listener.deliver(LIVE_CHANNEL, tournamentId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The round-completing result commits while the first change's digest is still being read.
    shown = "after change 2";
    const secondChangeAt = Date.now();
    listener.deliver(LIVE_CHANNEL, tournamentId);
    releaseRead();
    await expect.poll(() => told.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Told once (the second round's digest equals what the page heard), so that once must ask for a render after the read.
    expect(told).toHaveLength(1);
    expect(told[0]).toBeGreaterThanOrEqual(secondChangeAt);
    stop();
  });
});

describe("changes are announced through Postgres", () => {
  it("a result written through the data layer reaches that tournament's subscribers within 3 s, and no one else's", async () => {
    const [one, other] = await Promise.all([pairedTournament(4), pairedTournament(4)]);
    await settle();
    const heard = record(one.tournamentId);
    const elsewhere = record(other.tournamentId);
    const started = Date.now();
    const reported = await reportMatchResult(
      ReportMatchResultSchema.parse({
        matchId: one.match.id,
        winsA: 2,
        winsB: 0,
        draws: 0,
        expectedVersion: 0,
        idempotencyKey: randomUUID(),
      }),
      { source: "STAFF", name: "Live test" },
    );
    expect(reported.ok).toBe(true);
    await heard.until(1);
    expect(Date.now() - started).toBeLessThan(3_000);
    await settle();
    // One transaction (match, report, change rows) is one announcement: Postgres folds equal payloads.
    expect(heard.events).toEqual(["changed"]);
    expect(elsewhere.events).toEqual([]);
    heard.unsubscribe();
    elsewhere.unsubscribe();
  });

  it("pairing a round (one statement for all its matches) is a single announcement; a rolled-back write is none", async () => {
    const created = await createTournament(
      {
        name: `Live pairing ${randomUUID()}`,
        format: "",
        gamesToWin: 2,
        roundMinutes: 50,
        teamSize: 1,
      },
      organizer,
    );
    if (!created.ok) throw new Error(created.error.message);
    for (let player = 0; player < 40; player++)
      await registerPlayer({ tournamentId: created.value.id, name: `Player ${player + 1}` });
    await settle();
    const heard = record(created.value.id);
    const paired = await pairNextSwissRound(created.value.id, "live");
    expect(paired.ok).toBe(true);
    await heard.until(1);
    await settle();
    expect(heard.events).toEqual(["changed"]);

    await prisma
      .$transaction(async (tx) => {
        await tx.tournament.update({
          where: { id: created.value.id },
          data: { name: "Never committed" },
        });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await settle();
    expect(heard.events).toEqual(["changed"]);
    heard.unsubscribe();
  });

  it("an unsubscribed page hears nothing more", async () => {
    const { tournamentId } = await pairedTournament(2);
    await settle();
    const heard = record(tournamentId);
    heard.unsubscribe();
    await prisma.tournament.update({ where: { id: tournamentId }, data: { name: "Renamed" } });
    await settle();
    expect(heard.events).toEqual([]);
  });

  it.skipIf(isEmbedded)(
    "a dropped listening connection reconnects by itself and tells every subscriber to catch up (PostgreSQL server only: PGlite has no backends to terminate)",
    async () => {
      const { tournamentId, match } = await pairedTournament(2);
      await settle();
      const heard = record(tournamentId);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        const terminated = await admin.query<{ done: boolean }>(
          "SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = current_database() AND query = $1 AND pid <> pg_backend_pid()",
          [`LISTEN ${LIVE_CHANNEL}`],
        );
        expect(terminated.rows.map((row) => row.done)).toEqual([true]);
        // A change while nobody listens is lost to LISTEN; the catch-up covers it.
        await prisma.tournament.update({
          where: { id: tournamentId },
          data: { name: "Changed while disconnected" },
        });
        await heard.until(1, 5_000);
        expect(heard.events).toEqual(["catch-up"]);
        await liveListener().ready();

        // Listening again: the next change arrives as usual.
        const reported = await reportMatchResult(
          ReportMatchResultSchema.parse({
            matchId: match.id,
            winsA: 0,
            winsB: 2,
            draws: 0,
            expectedVersion: 0,
            idempotencyKey: randomUUID(),
          }),
          { source: "STAFF", name: "Live test" },
        );
        expect(reported.ok).toBe(true);
        await heard.until(2);
        expect(heard.events).toEqual(["catch-up", "changed"]);
      } finally {
        heard.unsubscribe();
        await admin.end();
      }
    },
  );
});

describe("every table a tournament page shows is watched", () => {
  /** Columns that lead from a row to its tournament (migration 20261124105552_live_announcements, live_watch). */
  const LEADS = ["tournamentId", "roundId", "matchId", "phaseId", "registrationId"];
  /**
   * Written by reads: announcing it would make every refresh cause the next one. A player's
   * sign-in session changes no page either.
   */
  // API tokens live on the account page, and their last-used time must not refresh every reader of a tournament;
  // a push subscription's last success neither (each phone shows its own subscription's state itself).
  const NOT_WATCHED = [
    "ReadSnapshot",
    "PlayerSession",
    "ApiToken",
    "PushSubscription",
    "Announcement",
  ];

  it("each such table has the insert, update and delete announcements (a new table: SELECT live_watch('Table', 'column') in its migration)", async () => {
    const tables = await prisma.$queryRaw<{ table: string }[]>`
      SELECT DISTINCT c.relname AS "table" FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped AND (a.attname = ANY(${LEADS}) OR c.relname = 'Tournament')`;
    const triggers = await prisma.$queryRaw<{ table: string; name: string }[]>`
      SELECT c.relname AS "table", t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND t.tgname LIKE 'live_announce_%'`;
    const watched = new Map<string, string[]>();
    for (const { table, name } of triggers)
      watched.set(table, [...(watched.get(table) ?? []), name].sort());
    const expected = tables.map((row) => row.table).filter((table) => !NOT_WATCHED.includes(table));
    expect(expected.length).toBeGreaterThanOrEqual(15);
    for (const table of expected)
      expect(watched.get(table), table).toEqual([
        "live_announce_delete",
        "live_announce_insert",
        "live_announce_update",
      ]);
    for (const table of NOT_WATCHED) expect(watched.get(table), table).toBeUndefined();
  });
});

describe("LISTEN/NOTIFY through the embedded database's socket server", () => {
  it("PGlite has one session: a notification reaches the connection that committed, not the one that listened (why pooled connections relay)", async () => {
    const embedded = await startEmbeddedPostgres();
    const listening = new pg.Client({ connectionString: embedded.url });
    const writing = new pg.Client({ connectionString: embedded.url });
    try {
      await listening.connect();
      await writing.connect();
      const heardBy = { listening: [] as string[], writing: [] as string[] };
      listening.on("notification", (message) => heardBy.listening.push(message.payload ?? ""));
      writing.on("notification", (message) => heardBy.writing.push(message.payload ?? ""));
      await listening.query(`LISTEN ${LIVE_CHANNEL}`);
      await writing.query("BEGIN");
      await writing.query(
        `SELECT pg_notify('${LIVE_CHANNEL}', 't1'), pg_notify('${LIVE_CHANNEL}', 't1')`,
      );
      await writing.query("COMMIT");
      await listening.query("SELECT 1");
      await settle();
      expect(heardBy).toEqual({ listening: [], writing: ["t1"] });
    } finally {
      await listening.end();
      await writing.end();
      await embedded.stop();
    }
  });
});
