import { expect, test, type Page } from "@playwright/test";

/**
 * A shared device (a judge's station, a borrowed laptop): after signing out, nothing the staff saw
 * is readable offline, above all not the players' codes (public/sw.js keeps only published events'
 * public pages, and signing out forgets every kept page).
 */

const CODE = /[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}/;

/** Whether this browser's service worker kept `url` (any cache). */
function isKept(page: Page, url: string) {
  return page.evaluate(
    async (href) => Boolean(await caches.match(new URL(href, location.href).href)),
    url,
  );
}

test("offline after sign-out shows no player code and no page the staff member saw", async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const stamp = Date.now();
  await page.goto("/sign-up");
  await page.getByLabel("Your name").fill("Shared Device Organizer");
  await page.getByLabel("Email").fill(`shared-${stamp}@example.test`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Your tournaments" })).toBeVisible();

  await page.getByLabel("Tournament name").fill(`Shared device ${stamp}`);
  await page.getByRole("button", { name: "Create tournament" }).click();
  for (const player of ["Ada", "Bo"]) {
    await page.getByLabel("Player name").fill(player);
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByRole("list", { name: "Registered players" }).getByText(player),
    ).toBeVisible();
  }
  const tournamentId = new URL(page.url()).pathname.split("/")[2]!;
  const codesUrl = `/tournaments/${tournamentId}/codes`;
  const pairingsUrl = `/tournaments/${tournamentId}/pairings`;

  // The service worker runs, and keeps no page of a tournament still in preparation: a session that
  // ends without "Sign out" (it expires) must not leave a hidden event readable offline.
  await page.goto(pairingsUrl);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect(page.getByText("Round 1 has not been paired yet.")).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(await isKept(page, pairingsUrl)).toBe(false);

  // Published, its public pages are kept, for its staff and for visitors.
  await page.goto(`/tournaments/${tournamentId}/staff`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  await page.goto(pairingsUrl);
  await expect.poll(() => isKept(page, pairingsUrl), { timeout: 15_000 }).toBe(true);
  const visitor = await (
    await browser.newContext({ storageState: { cookies: [], origins: [] } })
  ).newPage();
  await visitor.goto(pairingsUrl);
  await visitor.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await visitor.reload();
  await expect.poll(() => isKept(visitor, pairingsUrl), { timeout: 15_000 }).toBe(true);
  // Unpublished, the next load of it (a 404) forgets the visitor's kept copy.
  await page.goto(`/tournaments/${tournamentId}/staff`);
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
  await visitor.goto(pairingsUrl);
  await expect.poll(() => isKept(visitor, pairingsUrl), { timeout: 10_000 }).toBe(false);
  await visitor.context().close();

  await page.goto(codesUrl);
  await expect(page.getByTestId("code-Ada")).toHaveText(CODE);
  // A page with players' codes is never kept, not even while signed in.
  await page.reload();
  await expect(page.getByTestId("code-Ada")).toHaveText(CODE);
  await page.waitForTimeout(1_000);
  expect(await isKept(page, codesUrl)).toBe(false);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect.poll(() => isKept(page, pairingsUrl), { timeout: 10_000 }).toBe(false);

  await context.setOffline(true);
  for (const url of [codesUrl, pairingsUrl, `/tournaments/${tournamentId}`]) {
    await page.goto(url).catch(() => undefined);
    await expect(page.getByText(CODE)).toHaveCount(0);
    await expect(page.getByText("Ada")).toHaveCount(0);
  }
  await context.close();
});
