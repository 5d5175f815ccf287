import { expect, test, type Page } from "@playwright/test";
import { readE2EServerInfo } from "./support/server-info";
import { freePort, startSecondInstance } from "./support/instance";

// Memory that stays bounded (docs/performance.md): an instance started as `npm start` starts it
// takes the same bounded load eight times over loopback (shared and rendered pages, RSC refreshes,
// the standings API, event streams opened and closed, a result per batch). The first three batches
// warm it up (its heap grows to its working size); after them, the lower of the last two readings
// may not exceed the reading after the warm-up by 40 MB. V8 grows its heap in steps of about 30 MB
// and gives memory back late, so one reading may jump; a cache or a list that keeps something per
// request or per stream grows it batch after batch, both last readings with it, and fails.

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BATCHES = 8;
const WARM_UP_BATCHES = 3;
const ALLOWED_GROWTH_BYTES = 40 * 1024 * 1024;
const NAMES = Array.from(
  { length: 16 },
  (_, index) => `Memory Player ${String(index + 1).padStart(2, "0")}`,
);

async function publishedRound(page: Page): Promise<{ tournamentId: string; matchIds: string[] }> {
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(`Memory ${Date.now()}`);
  await page.getByRole("button", { name: "Create tournament" }).click();
  await page.getByText("Paste a list of players").click();
  await page.getByLabel("One name per line").fill(NAMES.join("\n"));
  await page.getByRole("button", { name: `Register ${NAMES.length} players` }).click();
  await expect(
    page.getByRole("list", { name: "Registered players" }).getByRole("listitem"),
  ).toHaveCount(NAMES.length);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  const tournamentId = new URL(page.url()).pathname.split("/")[2]!;
  const matchIds: string[] = [];
  for (let table = 1; table <= NAMES.length / 2; table++)
    matchIds.push(
      (await page.getByRole("link", { name: `Games at table ${table}` }).getAttribute("href"))!
        .split("/")
        .pop()!,
    );
  await page.goto(`/tournaments/${tournamentId}/staff`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  return { tournamentId, matchIds };
}

/** Runs `count` requests, `concurrency` at a time; each must be answered 2xx (or 304). */
async function load(
  count: number,
  concurrency: number,
  send: (index: number) => Promise<Response>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let index = next++; index < count; index = next++) {
        const answer = await send(index);
        await answer.arrayBuffer();
        expect(
          answer.status === 304 || answer.ok,
          `request ${index} answered ${answer.status}`,
        ).toBe(true);
      }
    }),
  );
}

/** Opens event streams, holds them a second and closes them. */
async function openAndCloseStreams(url: string, count: number): Promise<void> {
  const controllers = Array.from({ length: count }, () => new AbortController());
  const opened = await Promise.all(
    controllers.map((controller) =>
      fetch(url, { signal: controller.signal, headers: { accept: "text/event-stream" } }),
    ),
  );
  for (const stream of opened) expect(stream.status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (const controller of controllers) controller.abort();
}

test("an instance's memory stays bounded under the same load repeated eight times", async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, "a server measurement, run once from the desktop project");
  const server = readE2EServerInfo(PORT);
  test.skip(
    server.isEmbedded || !server.databaseUrl,
    "The embedded database belongs to one app process: a second instance cannot share it.",
  );
  test.setTimeout(240_000);
  const event = await publishedRound(page);
  const cookie = (await page.context().cookies())
    .map((entry) => `${entry.name}=${entry.value}`)
    .join("; ");
  const instance = await startSecondInstance(server.databaseUrl!, await freePort());
  try {
    const base = `${instance.baseURL}/tournaments/${event.tournamentId}`;
    const resident: number[] = [];
    for (let batch = 0; batch < BATCHES; batch++) {
      await load(400, 10, () => fetch(`${base}/standings`, { headers: { accept: "text/html" } }));
      await load(100, 5, (index) =>
        fetch(`${base}/pairings?q=${encodeURIComponent(NAMES[index % NAMES.length]!.slice(-2))}`, {
          headers: { accept: "text/html" },
        }),
      );
      await load(50, 5, () => fetch(`${base}/standings`, { headers: { rsc: "1" } }));
      await load(100, 10, () =>
        fetch(`${instance.baseURL}/api/tournaments/${event.tournamentId}/standings`),
      );
      await openAndCloseStreams(
        `${instance.baseURL}/api/tournaments/${event.tournamentId}/events`,
        15,
      );
      // A change per batch, so shared pages are rendered again and the live listener tells the streams.
      const report = await fetch(
        `${instance.baseURL}/api/matches/${event.matchIds[batch]}/result`,
        {
          method: "POST",
          headers: { cookie, "content-type": "application/json" },
          body: JSON.stringify({
            winsA: 2,
            winsB: 1,
            draws: 0,
            expectedVersion: 0,
            idempotencyKey: `memory-${batch}-${Date.now()}`,
          }),
        },
      );
      expect(report.status, await report.text()).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      resident.push(instance.residentBytes());
    }
    const mb = resident.map((bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`);
    test
      .info()
      .annotations.push({ type: "resident memory after each batch", description: mb.join(" → ") });
    console.log(`memory: resident after each batch ${mb.join(" → ")}`);
    const settled = Math.min(resident.at(-1)!, resident.at(-2)!);
    expect(
      settled - resident[WARM_UP_BATCHES - 1]!,
      `resident memory after each batch: ${mb.join(" → ")}`,
    ).toBeLessThan(ALLOWED_GROWTH_BYTES);
  } finally {
    await instance.stop();
  }
});
