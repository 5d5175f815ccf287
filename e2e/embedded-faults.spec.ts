import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "./support/instance";
import pg from "pg";
import { npmStart, type NpmStart } from "./support/npm-start";
import { burst, reportsFor, retryUntilAnswered, seedEvent } from "./support/result-burst";

/**
 * The venue laptop's faults, on `npm start` with its embedded database in a folder of the test's
 * own: the production build, as an organizer runs it.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const workspace = mkdtempSync(path.join(tmpdir(), "embedded-faults-"));
const started: NpmStart[] = [];
test.afterAll(() => {
  for (const app of started) app.kill("SIGKILL");
  rmSync(workspace, { recursive: true, force: true });
});

const SECRET = "embedded-faults-secret-0123456789abcdef";

async function start(dataDir: string): Promise<NpmStart> {
  const app = await npmStart(await freePort(), {
    EMBEDDED_DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: SECRET,
  });
  started.push(app);
  return app;
}

test("SIGTERM to `npm start` stops the server and its embedded database, and frees the folder for the next start", async () => {
  const dataDir = path.join(workspace, "sigterm");
  const app = await start(dataDir);
  expect((await fetch(`${app.baseURL}/api/health`)).status).toBe(200);

  process.kill(app.child.pid!, "SIGTERM"); // npm's own process, as a service manager or `kill <pid>` sends it

  await expect
    .poll(app.isRunning, {
      timeout: 20_000,
      message: `still running after SIGTERM:\n${app.output()}`,
    })
    .toBe(false);
  await expect(fetch(`${app.baseURL}/api/health`)).rejects.toThrow();
  expect(existsSync(`${dataDir}.server.json`)).toBe(false);
  const again = await start(dataDir);
  expect((await fetch(`${again.baseURL}/api/health`)).status, again.output()).toBe(200);
  again.kill("SIGTERM");
  await expect.poll(again.isRunning, { timeout: 20_000 }).toBe(false);
});

test("kill -9 of `npm start` mid-burst: started again on the folder, every 2xx is there exactly once and every retried write is saved", async () => {
  const dataDir = path.join(workspace, "killed");
  const event = await seedEvent(40, { EMBEDDED_DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET });
  const app = await start(dataDir);
  const requests = reportsFor(event);

  const answers = await burst(app.baseURL, event, requests, 4, () => app.kill("SIGKILL"));
  const saved = answers.flatMap((answer, index) =>
    answer.status === 200 ? [requests[index]!] : [],
  );
  expect(saved.length).toBeGreaterThan(0);
  expect(answers.some((answer) => answer.status === 0)).toBe(true);
  expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 0)).toEqual([]);

  // The lock the killed server left is taken over; every request is sent again with its key.
  const again = await start(dataDir);
  const retries = await Promise.all(
    requests.map((request) => retryUntilAnswered(again.baseURL, event, request, 20_000)),
  );
  expect(retries.map((retry) => retry.answer.status)).toEqual(requests.map(() => 200));

  const { url } = JSON.parse(readFileSync(`${dataDir}.server.json`, "utf8")) as { url: string };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = requests.map((request) => request.matchId);
    const reports = (
      await client.query<{ matchId: string; winsA: number; winsB: number }>(
        `SELECT "matchId", "winsA", "winsB" FROM "MatchReport" WHERE "matchId" = ANY($1)`,
        [ids],
      )
    ).rows;
    const matches = (
      await client.query<{ id: string; version: number; winsA: number; winsB: number }>(
        `SELECT id, version, "winsA", "winsB" FROM "Match" WHERE id = ANY($1)`,
        [ids],
      )
    ).rows;
    for (const request of requests) {
      expect(
        reports.filter((report) => report.matchId === request.matchId),
        request.matchId,
      ).toEqual([
        { matchId: request.matchId, winsA: request.body.winsA, winsB: request.body.winsB },
      ]);
      expect(
        matches.find((match) => match.id === request.matchId),
        request.matchId,
      ).toMatchObject({ version: 1, winsA: request.body.winsA, winsB: request.body.winsB });
    }
  } finally {
    await client.end();
  }
  again.kill("SIGTERM");
  await expect.poll(again.isRunning, { timeout: 20_000 }).toBe(false);
});
