import { expect, test } from "@playwright/test";
import pg from "pg";
import {
  findPostgresBinaries,
  startPrivateCluster,
  type PrivateCluster,
} from "../test/private-postgres";
import { freePort } from "./support/instance";
import { npmStart, type NpmStart } from "./support/npm-start";
import {
  burst,
  reportsFor,
  retryUntilAnswered,
  seedEvent,
  sendReport,
} from "./support/result-burst";

/**
 * PostgreSQL's faults under `npm start` (the production build), on a cluster of the test's own:
 * an outage, and an app instance killed mid-burst with the clients retrying on another instance.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const binaries = findPostgresBinaries();
const SECRET = "database-faults-secret-0123456789abcdef";
let cluster: PrivateCluster | undefined;
const started: NpmStart[] = [];

test.beforeAll(async () => {
  test.skip(!binaries, "no PostgreSQL server binaries (initdb, pg_ctl) on this machine");
  cluster = await startPrivateCluster(binaries!);
});
test.afterAll(async () => {
  for (const app of started) app.kill("SIGKILL");
  await cluster?.destroy();
});

async function start(): Promise<NpmStart> {
  const app = await npmStart(await freePort(), {
    DATABASE_URL: cluster!.url,
    DATABASE_POOL_MAX: "5",
    BETTER_AUTH_SECRET: SECRET,
    PAGE_CACHE: "off",
  });
  started.push(app);
  expect(app.child.exitCode, app.output()).toBeNull();
  return app;
}

async function query<T extends pg.QueryResultRow>(
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster!.url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

test("while PostgreSQL is down, pages answer 503 with Retry-After and say the event is back in a moment; once it is back they render", async () => {
  const event = await seedEvent(
    4,
    { DATABASE_URL: cluster!.url, BETTER_AUTH_SECRET: SECRET },
    { isPublished: true },
  );
  const app = await start();
  const pages: { path: string; headers: Record<string, string> }[] = [
    { path: "/", headers: {} },
    { path: `/tournaments/${event.tournamentId}/pairings`, headers: {} },
    { path: `/tournaments/${event.tournamentId}`, headers: { cookie: event.cookie } },
  ];
  for (const page of pages)
    expect(
      (await fetch(`${app.baseURL}${page.path}`, { headers: page.headers })).status,
      page.path,
    ).toBe(200);

  await cluster!.stop("fast");
  try {
    for (const page of pages) {
      const response = await fetch(`${app.baseURL}${page.path}`, { headers: page.headers });
      const html = await response.text();
      expect(response.status, `${page.path}: ${html.slice(0, 300)}`).toBe(503);
      expect(Number(response.headers.get("retry-after")), page.path).toBeGreaterThan(0);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(html).toContain("The event is back in a moment");
    }
    const write = await sendReport(app.baseURL, event, reportsFor(event)[0]!);
    expect(write).toMatchObject({ status: 503, code: "UNAVAILABLE" });
    expect(Number(write.retryAfter)).toBeGreaterThan(0);
  } finally {
    await cluster!.start();
  }
  for (const page of pages) {
    await expect
      .poll(
        async () => (await fetch(`${app.baseURL}${page.path}`, { headers: page.headers })).status,
        { timeout: 10_000, message: page.path },
      )
      .toBe(200);
  }
  app.kill("SIGTERM");
});

test("an instance killed (kill -9) mid-burst, the clients retrying on another: every 2xx is stored exactly once, and no key stays in use", async () => {
  const event = await seedEvent(48, { DATABASE_URL: cluster!.url, BETTER_AUTH_SECRET: SECRET });
  const [first, second] = await Promise.all([start(), start()]);
  const requests = reportsFor(event);

  // Every fourth match is locked by another session, so its report waits holding its key's claim:
  // the instance is killed while such a claim is open (claimed, not answered), the case a retry elsewhere must get past.
  const held = requests.filter((_, index) => index % 4 === 3);
  const locker = new pg.Client({ connectionString: cluster!.url });
  await locker.connect();
  await locker.query("BEGIN");
  await locker.query(`SELECT id FROM "Match" WHERE id = ANY($1) FOR UPDATE`, [
    held.map((request) => request.matchId),
  ]);
  const openClaims = (keys: string[]) =>
    locker
      .query(
        `SELECT count(*)::int AS count FROM "ApiIdempotencyKey" WHERE answer IS NULL AND key = ANY($1)`,
        [keys],
      )
      .then((result) => result.rows[0].count as number);
  const killWhileAClaimIsOpen = async () => {
    while ((await openClaims(held.map((request) => request.key))) === 0)
      await new Promise((resolve) => setTimeout(resolve, 5));
    first.kill("SIGKILL");
  };
  let killed: Promise<void> | undefined;
  const answers = await burst(first.baseURL, event, requests, 12, () => {
    killed = killWhileAClaimIsOpen();
  });
  await killed;
  await locker.query("ROLLBACK");
  const claimsCutOff = await openClaims(requests.map((request) => request.key));
  await locker.end();
  expect(claimsCutOff, "the kill left claims of requests in flight").toBeGreaterThan(0);
  expect(answers.some((answer) => answer.status === 200)).toBe(true);
  expect(answers.some((answer) => answer.status === 0)).toBe(true); // the kill cut requests off
  // A report waiting on a locked match keeps its pooled connection: others may be told the database is busy.
  expect(
    answers.filter(
      (answer) => answer.status !== 200 && answer.status !== 0 && answer.code !== "UNAVAILABLE",
    ),
  ).toEqual([]);

  // Every request again on the other instance, with its key: the unanswered ones are run (or replayed), the answered ones replayed.
  const retries = await Promise.all(
    requests.map((request) => retryUntilAnswered(second.baseURL, event, request, 20_000)),
  );
  const inUse = Math.max(...retries.map((retry) => retry.inUseMs));
  console.info(
    `kill -9 mid-burst: ${answers.filter((answer) => answer.status === 200).length} answered 200 before the kill; longest wait on a key in use: ${inUse} ms`,
  );
  expect(retries.map((retry) => retry.answer.status)).toEqual(requests.map(() => 200));
  expect(inUse).toBeLessThan(8_000);

  const reports = await query<{ matchId: string; winsA: number; winsB: number }>(
    `SELECT "matchId", "winsA", "winsB" FROM "MatchReport" WHERE "matchId" = ANY($1)`,
    [requests.map((request) => request.matchId)],
  );
  const matches = await query<{
    id: string;
    version: number;
    winsA: number | null;
    winsB: number | null;
  }>(`SELECT id, version, "winsA", "winsB" FROM "Match" WHERE id = ANY($1)`, [
    requests.map((request) => request.matchId),
  ]);
  for (const request of requests) {
    expect(
      reports.filter((report) => report.matchId === request.matchId),
      request.matchId,
    ).toEqual([{ matchId: request.matchId, winsA: request.body.winsA, winsB: request.body.winsB }]);
    expect(
      matches.find((match) => match.id === request.matchId),
      request.matchId,
    ).toMatchObject({ version: 1, winsA: request.body.winsA, winsB: request.body.winsB });
  }
  expect(await query(`SELECT key FROM "ApiIdempotencyKey" WHERE answer IS NULL`)).toEqual([]);
  second.kill("SIGTERM");
});
