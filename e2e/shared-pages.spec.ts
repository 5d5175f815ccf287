import { expect, test, type Page } from "@playwright/test";

// The page cache (lib/server/live/page-cache.ts): a published tournament's standings and pairings are
// rendered once and served to every visitor without a session, under a policy naming the hashes
// of their inline scripts. The copies must run (no script blocked), stay live, follow every change
// at once, and answer 304 to a phone that kept the same page. Runs on PostgreSQL and embedded.

const NO_SESSION = { cookies: [], origins: [] };

async function publishedEvent(page: Page): Promise<{ tournamentId: string; matchIds: string[] }> {
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(`Shared pages ${Date.now()}`);
  await page.getByRole("button", { name: "Create tournament" }).click();
  for (const player of ["Ada Lovelace", "Bo Diddley", "Cy Young", "Di Fosse"]) {
    await page.getByLabel("Player name").fill(player);
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByRole("list", { name: "Registered players" }).getByText(player),
    ).toBeVisible();
  }
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  await page.getByRole("button", { name: "Start round 1" }).click();
  const tournamentId = new URL(page.url()).pathname.split("/")[2]!;
  const matchIds: string[] = [];
  for (const table of [1, 2])
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

test("a visitor's standings and pairings come from the page cache, run under their scripts' hashes, stay live and answer 304 when unchanged", async ({
  page,
  browser,
  baseURL,
  isMobile,
}) => {
  test.skip(isMobile, "one visitor's journey, from the desktop project");
  const event = await publishedEvent(page);
  const standings = `/tournaments/${event.tournamentId}/standings`;
  const visitor = await browser.newContext({ storageState: NO_SESSION, baseURL });
  const phone = await visitor.newPage();
  const violations: string[] = [];
  phone.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy|violates/i.test(message.text()))
      violations.push(message.text());
  });

  // The first visit renders the page for everyone; the next is served from the copy.
  await phone.goto(standings);
  const again = await phone.goto(standings);
  const headers = again!.headers();
  // "stale" when a change was heard meanwhile (the copy of a moment ago, its live updates refresh it).
  expect(headers["x-page-cache"]).toMatch(/^(hit|stale)$/);
  const scriptSources =
    /script-src [^;]*/.exec(headers["content-security-policy"] ?? "")?.[0] ?? "";
  expect(scriptSources).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
  // Its scripts ran: the page subscribed to the tournament's changes.
  await expect(phone.locator("[data-live-updates]")).toHaveAttribute("data-live-updates", "open");
  await expect(phone.getByRole("heading", { name: "Standings" })).toBeVisible();

  // A result entered by the organizer reaches the open copy within 3 s, and a new visit at once.
  const report = await page.request.post(`/api/matches/${event.matchIds[0]}/result`, {
    data: {
      winsA: 2,
      winsB: 0,
      draws: 0,
      expectedVersion: 0,
      idempotencyKey: `shared-${Date.now()}`,
    },
  });
  expect(report.status(), await report.text()).toBe(200);
  await phone.goto(`/tournaments/${event.tournamentId}/pairings`);
  await expect(phone.getByText("2-0").first()).toBeVisible({ timeout: 3_000 });

  // Unchanged, the same page is 304 to a phone that kept it (its validator leaves out only the render time).
  const first = await visitor.request.get(standings, { headers: { "accept-encoding": "gzip" } });
  const etag = first.headers().etag!;
  expect(etag).toMatch(/^W\/"/);
  const revisit = await visitor.request.get(standings, {
    headers: { "if-none-match": etag, "accept-encoding": "gzip" },
  });
  expect(revisit.status()).toBe(304);

  // A signed-in organizer never gets the shared copy: their page carries a nonce of its own.
  const own = await page.goto(standings);
  expect(own!.headers()["x-page-cache"]).toBeUndefined();
  expect(own!.headers()["content-security-policy"]).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
  expect(violations).toEqual([]);
  await visitor.close();
});
