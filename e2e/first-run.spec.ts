import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { startAppOnEmbeddedDatabase, type RunningApp } from "./support/app-server";

/**
 * The default path a newcomer runs — `npm start` on the production build with no
 * DATABASE_URL, so the app serves its embedded PGlite database — must serve pages, route handlers
 * and server actions together, in whichever order they are first used, and keep its data across a
 * restart. (Before the fix, the first of the server's bundles to connect kept the embedded
 * database's only connection and the others answered 500.)
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

const dataDir = mkdtempSync(path.join(tmpdir(), "first-run-pglite-"));
const port = Number(process.env.FIRST_RUN_PORT ?? 3170);
let app: RunningApp | undefined;
let demoRoundUrl = "";
const serverErrors: string[] = [];
const ORGANIZER = { email: "first@example.test", password: "first organizer password" };

test.afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function watchForServerErrors(page: Page) {
  page.on("response", (response) => {
    if (response.status() >= 500)
      serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
}

async function expectJson(request: APIRequestContext, url: string, status: number) {
  const response = await request.get(url);
  expect(response.status(), `${url} answered ${response.status()}: ${await response.text()}`).toBe(
    status,
  );
  return response.json();
}

async function saveFirstOpenResult(page: Page, quickSlip: string) {
  const tables = page.getByRole("list", { name: "Pairings" }).getByRole("listitem");
  // The round streams in after its loading state (app/tournaments/[id]/rounds/[number]/loading.tsx), possibly after
  // the load event: wait for the rows before counting them.
  await expect(tables.first()).toBeVisible();
  const saveButtons = await Promise.all(
    (await tables.all()).map((table) => table.getByRole("button", { name: "Save" }).count()),
  );
  // Pinned by position: once saved, the table no longer matches "has a Save button".
  const table = tables.nth(saveButtons.findIndex((count) => count > 0));
  const [winsA, winsB] = quickSlip.split("-");
  // A click before the page has hydrated does nothing: click again until the slip shows it.
  await expect(async () => {
    await table.getByRole("button", { name: quickSlip, exact: true }).click();
    await expect(table.locator('input[name="winsA"]')).toHaveValue(winsA!, { timeout: 1_000 });
    await expect(table.locator('input[name="winsB"]')).toHaveValue(winsB!, { timeout: 1_000 });
  }).toPass();
  await table.getByRole("button", { name: "Save" }).click();
  await expect(table.getByRole("status")).toHaveText(/Result saved/);
}

test("cold start, route handlers first: then pages and a server action work, and a result saved through the page shows", async ({
  page,
  request,
}) => {
  watchForServerErrors(page);
  app = await startAppOnEmbeddedDatabase({ mode: "start", dataDir, port });
  const base = app.baseURL;

  // Route handlers first: readiness, a read and a write, each with its expected (non-500) answer.
  expect(await expectJson(request, `${base}/api/health`, 200)).toEqual({ ok: true });
  await expectJson(request, `${base}/api/tournaments/no-such-tournament/standings`, 404);
  const write = await request.post(`${base}/api/matches/no-such-match/result`, {
    data: { winsA: 2, winsB: 0, draws: 0, expectedVersion: 0, idempotencyKey: "first-run-missing" },
  });
  expect(write.status()).toBe(401); // nobody is signed in yet

  // Then a page: the first visit offers the first organizer account (a server action signs them in).
  const home = await page.goto(`${base}/`);
  expect(home?.status()).toBe(200);
  await page.getByRole("link", { name: "Create the first organizer account" }).click();
  await page.getByLabel("Your name").fill("First Organizer");
  await page.getByLabel("Email").fill(ORGANIZER.email);
  await page.getByLabel("Password").fill(ORGANIZER.password);
  await page.getByRole("button", { name: "Create account" }).click();
  // And a server action (the demo loader) that redirects to a page.
  await page.getByRole("button", { name: "Load demo event" }).click();
  await expect(page).toHaveURL(/\/tournaments\/[^/]+\/standings$/);
  const tournamentId = page.url().split("/").at(-2)!;

  // A result saved through the round page's form (a server action) shows on the page.
  demoRoundUrl = `${base}/tournaments/${tournamentId}/rounds/4`;
  await page.goto(demoRoundUrl);
  await saveFirstOpenResult(page, "2-0");
  await page.reload();
  await expect(page.getByText("1 of 11 results in")).toBeVisible();

  // And the route handlers still answer after the pages used the database.
  const standings = await expectJson(
    request,
    `${base}/api/tournaments/${tournamentId}/standings`,
    200,
  );
  expect(standings.ok).toBe(true);
  expect(await expectJson(request, `${base}/api/health`, 200)).toEqual({ ok: true });
  expect(serverErrors).toEqual([]);
});

test("after a restart, pages first: the saved result survived, and route handlers and actions still work", async ({
  page,
  request,
}) => {
  expect(demoRoundUrl, "the first run must have loaded the demo").not.toBe("");
  watchForServerErrors(page);
  await app!.stop();
  app = await startAppOnEmbeddedDatabase({ mode: "start", dataDir, port });
  const base = app.baseURL;
  const tournamentId = demoRoundUrl.split("/").at(-3)!;

  // A page first (signing in, a server action), then the result saved before the restart.
  const signIn = await page.goto(
    `${base}/sign-in?next=${encodeURIComponent(new URL(demoRoundUrl).pathname)}`,
  );
  expect(signIn?.status()).toBe(200);
  await page.getByLabel("Email").fill(ORGANIZER.email);
  await page.getByLabel("Password").fill(ORGANIZER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/rounds\/4$/);
  await expect(page.getByText("1 of 11 results in")).toBeVisible();

  // Then a route handler reading and one writing, with the ids and version the page shows.
  expect(
    (await expectJson(request, `${base}/api/tournaments/${tournamentId}/standings`, 200)).ok,
  ).toBe(true);
  const openForm = page
    .getByRole("list", { name: "Pairings" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: "Save" }) })
    .first();
  const resultForm = openForm.getByRole("form", { name: /^Result for/ });
  const matchId = await resultForm.locator('input[name="matchId"]').getAttribute("value");
  const version = Number(
    await resultForm.locator('input[name="expectedVersion"]').getAttribute("value"),
  );
  const written = await page.request.post(`${base}/api/matches/${matchId}/result`, {
    data: {
      winsA: 1,
      winsB: 2,
      draws: 0,
      expectedVersion: version,
      idempotencyKey: `first-run-${Date.now()}`,
    },
  });
  expect(written.status(), await written.text()).toBe(200);

  // Then a server action, and the page shows both new results.
  await page.reload();
  await expect(page.getByText("2 of 11 results in")).toBeVisible();
  await saveFirstOpenResult(page, "2-1");
  await page.reload();
  await expect(page.getByText("3 of 11 results in")).toBeVisible();
  expect(serverErrors).toEqual([]);
});
