import { expect, test, type Browser, type Page } from "@playwright/test";
import { freePort, startSecondInstance } from "./support/instance";
import { createTournamentWithPlayers, reportAll } from "./support/players";
import { readE2EServerInfo } from "./support/server-info";

// A phone that reopens a public page (a reload, the home-screen icon, a link) must get a page that
// runs: a 304 only for exactly the document it kept, under that document's own script hashes. Every
// page a visitor without a session opens is checked: load, a change, past the page cache's lifetime
// (3 s) twice, reopened, then hydrated (live again, no CSP violation) and told the next change.

const NO_SESSION = { cookies: [], origins: [] };
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** Longer than the page cache keeps a copy (lib/server/live/page-cache.ts), so the page is rendered again. */
const PAST_CACHE_LIFETIME_MS = 3_500;

type Visitor = { pages: Page[]; problems: string[]; close: () => Promise<void> };

/** A phone with no session, one tab per address; CSP violations and page errors are collected. */
async function openAsVisitor(
  browser: Browser,
  baseURL: string,
  addresses: string[],
): Promise<Visitor> {
  const context = await browser.newContext({ storageState: NO_SESSION, baseURL });
  const problems: string[] = [];
  const pages: Page[] = [];
  for (const address of addresses) {
    const tab = await context.newPage();
    tab.on("console", (message) => {
      if (/Content[- ]Security[- ]Policy|violates|Minified React error/i.test(message.text()))
        problems.push(`${address}: ${message.text()}`);
    });
    tab.on("pageerror", (error) => problems.push(`${address}: ${error.message}`));
    await tab.goto(address);
    await expectLive(tab);
    pages.push(tab);
  }
  return { pages, problems, close: () => context.close() };
}

async function expectLive(tab: Page) {
  await expect(tab.locator("[data-live-updates]")).toHaveAttribute("data-live-updates", "open");
}

/** Reopens every tab twice, each time after the kept copy expired; the second reopen meets a render of the same content. */
async function reopenTwice(visitor: Visitor) {
  for (let time = 0; time < 2; time++) {
    await new Promise((resolve) => setTimeout(resolve, PAST_CACHE_LIFETIME_MS));
    for (const tab of visitor.pages) await tab.reload();
  }
  for (const tab of visitor.pages) await expectLive(tab);
  expect(visitor.problems).toEqual([]);
}

async function publish(page: Page, tournamentId: string) {
  await page.goto(`/tournaments/${tournamentId}/staff`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
}

async function quickEntry(page: Page, line: string) {
  const bar = page.getByRole("textbox", { name: /Quick entry/ });
  await bar.fill(line);
  await bar.press("Enter");
  await expect(page.getByRole("form", { name: "Quick entry" }).getByRole("status")).toContainText(
    / wins | won\./,
  );
}

const idOf = (page: Page) => new URL(page.url()).pathname.split("/")[2]!;

/** An event of another shape (pods, teams), its entries pasted as a list, one per line. */
async function pastedEvent(
  page: Page,
  name: string,
  shape: { field: string; value: string },
  entries: string[],
) {
  const isTeams = shape.value.startsWith("TEAMS");
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(name);
  await page.getByLabel(shape.field).selectOption(shape.value);
  await page.getByRole("button", { name: "Create tournament" }).click();
  await page.getByText(isTeams ? "Paste a list of teams" : "Paste a list of players").click();
  await page
    .getByLabel(isTeams ? /One team per line/ : "One name per line")
    .fill(entries.join("\n"));
  await page
    .getByRole("button", { name: `Register ${entries.length} ${isTeams ? "teams" : "players"}` })
    .click();
}

test.describe("reopened public pages come alive", () => {
  test.skip(({ isMobile }) => isMobile, "visitors' pages, from the desktop project");

  test("Swiss pairings, standings and the round clock", async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await createTournamentWithPlayers(page, `Reopened Swiss ${Date.now()}`, [
      "Ada",
      "Bo",
      "Cy",
      "Di",
    ]);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await page.getByRole("button", { name: "Start round 1" }).click();
    const tournamentId = idOf(page);
    const roundUrl = page.url();
    await publish(page, tournamentId);
    await page.goto(roundUrl);
    const base = `/tournaments/${tournamentId}`;
    const visitor = await openAsVisitor(browser, baseURL!, [
      `${base}/pairings`,
      `${base}/standings`,
      `${base}/rounds/1/clock`,
    ]);
    const [pairings, standings] = visitor.pages as [Page, Page];

    await quickEntry(page, "1 2-0");
    await expect(pairings.getByText("2-0").first()).toBeVisible({ timeout: 3_000 });
    await reopenTwice(visitor);
    // The round completes: pairings and standings (MTR 3.1, after the last complete round) follow live.
    await quickEntry(page, "2 2-1");
    await expect(pairings.getByText("2-1").first()).toBeVisible({ timeout: 3_000 });
    await expect(standings.getByRole("cell", { name: "3", exact: true }).first()).toBeVisible({
      timeout: 3_000,
    });
    expect(visitor.problems).toEqual([]);
    await visitor.close();
  });

  test("Commander pods' pairings and standings", async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await pastedEvent(page, `Reopened pods ${Date.now()}`, { field: "Games are", value: "PODS" }, [
      "Ada",
      "Bea",
      "Cy",
      "Dee",
      "Eve",
      "Fay",
      "Gus",
      "Hal",
    ]);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await expect(page.getByRole("heading", { name: "Round 1 pods" })).toBeVisible();
    const tournamentId = idOf(page);
    const roundUrl = page.url();
    await publish(page, tournamentId);
    await page.goto(roundUrl);
    const base = `/tournaments/${tournamentId}`;
    const visitor = await openAsVisitor(browser, baseURL!, [
      `${base}/pairings`,
      `${base}/standings`,
    ]);
    const [, standings] = visitor.pages as [Page, Page];

    await quickEntry(page, "1 win 1");
    await reopenTwice(visitor);
    await quickEntry(page, "2 win 1");
    // Both pods decided: the standings of the complete round show a winner's 5 points.
    await expect(standings.getByRole("cell", { name: "5", exact: true }).first()).toBeVisible({
      timeout: 3_000,
    });
    expect(visitor.problems).toEqual([]);
    await visitor.close();
  });

  test("Team Trios pairings", async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await pastedEvent(
      page,
      `Reopened trios ${Date.now()}`,
      { field: "Each side is", value: "TEAMS_OF_THREE" },
      ["Rocket: Ana Arden, Ben Birch, Cleo Cole", "Blue: Dora Dale, Eli Eastwood, Fay Finch"],
    );
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await page.getByRole("button", { name: "Start round 1" }).click();
    const tournamentId = idOf(page);
    const roundUrl = page.url();
    await publish(page, tournamentId);
    await page.goto(roundUrl);
    const visitor = await openAsVisitor(browser, baseURL!, [
      `/tournaments/${tournamentId}/pairings`,
    ]);
    const [pairings] = visitor.pages as [Page];

    await quickEntry(page, "1A 2-0");
    await expect(pairings.getByText("2-0").first()).toBeVisible({ timeout: 3_000 });
    await reopenTwice(visitor);
    await quickEntry(page, "1B 2-1");
    await expect(pairings.getByText("2-1").first()).toBeVisible({ timeout: 3_000 });
    expect(visitor.problems).toEqual([]);
    await visitor.close();
  });

  test("the playoff page", async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await createTournamentWithPlayers(page, `Reopened playoff ${Date.now()}`, [
      "Ash",
      "Birch",
      "Cedar",
      "Dogwood",
    ]);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await reportAll(page, "2-0");
    const tournamentId = idOf(page);
    await page.getByRole("link", { name: "Players & rounds" }).click();
    await page.getByRole("form", { name: "Start playoff" }).getByLabel("Cut to").selectOption("4");
    await page.getByRole("button", { name: "Start playoff" }).click();
    await expect(page.getByRole("heading", { name: "Top 4" })).toBeVisible();
    const semifinals = page.getByRole("region", { name: "Semifinals" });
    await semifinals.getByRole("link", { name: "Semifinals", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Semifinals (playoff)" })).toBeVisible();
    const roundUrl = page.url();
    await publish(page, tournamentId);
    await page.goto(roundUrl);
    const visitor = await openAsVisitor(browser, baseURL!, [
      `/tournaments/${tournamentId}/playoff`,
    ]);
    const [playoff] = visitor.pages as [Page];

    await quickEntry(page, "1 2-0");
    await reopenTwice(visitor);
    await quickEntry(page, "2 2-0");
    // Both semifinals decided: the final is seated on the open page.
    await expect(
      playoff.getByRole("region", { name: "Final", exact: true }).getByText("To be decided"),
    ).toHaveCount(0, { timeout: 3_000 });
    expect(visitor.problems).toEqual([]);
    await visitor.close();
  });
});

test.describe("open pages end on the latest change", () => {
  test.skip(({ isMobile }) => isMobile, "visitors' pages, from the desktop project");

  for (const instances of [1, 2]) {
    test(`two changes 0.5 s apart and nothing after: every open pairings and standings page shows the second within ${instances > 1 ? 5 : 2} s (${instances} instance${instances > 1 ? "s" : ""})`, async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const server = readE2EServerInfo(PORT);
      if (instances > 1)
        test.skip(
          server.isEmbedded || !server.databaseUrl,
          "The embedded database belongs to one app process: a second instance cannot share it.",
        );
      const second =
        instances > 1 ? await startSecondInstance(server.databaseUrl!, await freePort()) : null;
      try {
        await createTournamentWithPlayers(page, `Burst ${instances} ${Date.now()}`, [
          "Ada",
          "Bo",
          "Cy",
          "Di",
        ]);
        await page.getByRole("button", { name: "Pair round 1" }).click();
        await page.getByRole("button", { name: "Start round 1" }).click();
        const tournamentId = idOf(page);
        const matchIds: string[] = [];
        for (const table of [1, 2])
          matchIds.push(
            (await page
              .getByRole("link", { name: `Games at table ${table}` })
              .getAttribute("href"))!
              .split("/")
              .pop()!,
          );
        await publish(page, tournamentId);
        const origins = [baseURL!, ...(second ? [second.baseURL] : [])];
        const base = `/tournaments/${tournamentId}`;
        const visitors: Visitor[] = [];
        for (const origin of origins)
          visitors.push(
            await openAsVisitor(browser, origin, [
              `${base}/pairings`,
              `${base}/pairings`,
              `${base}/standings`,
              `${base}/standings`,
            ]),
          );
        // Each page's own first refresh is done and its shared copy a moment old, as in a round under way.
        await new Promise((resolve) => setTimeout(resolve, 1_200));

        const report = async (origin: string, matchId: string, winsB: number) => {
          const answer = await page.request.post(`${origin}/api/matches/${matchId}/result`, {
            data: {
              winsA: 2,
              winsB,
              draws: 0,
              expectedVersion: 0,
              idempotencyKey: `burst-${matchId}`,
            },
          });
          expect(answer.status(), await answer.text()).toBe(200);
        };
        await report(origins[0]!, matchIds[0]!, 0);
        await new Promise((resolve) => setTimeout(resolve, 500));
        // The round completes: the standings (MTR 3.1, after the last complete round) change only now.
        await report(origins.at(-1)!, matchIds[1]!, 1);
        // Across instances the change travels through PostgreSQL and each instance renders its own copy: 5 s there, 2 s on one.
        const within = instances > 1 ? 5_000 : 2_000;
        const shown = visitors.flatMap((visitor) =>
          visitor.pages.map((tab) =>
            tab.url().endsWith("/pairings")
              ? expect(tab.getByText("2-1").first(), tab.url()).toBeVisible({ timeout: within })
              : expect(
                  tab.getByRole("cell", { name: "3", exact: true }).first(),
                  tab.url(),
                ).toBeVisible({ timeout: within }),
          ),
        );
        await Promise.all(shown);
        for (const visitor of visitors) expect(visitor.problems).toEqual([]);
        for (const visitor of visitors) await visitor.close();
      } finally {
        await second?.stop();
      }
    });
  }
});

test.describe("a hidden event's shared copies", () => {
  test.skip(({ isMobile }) => isMobile, "visitors' pages, from the desktop project");

  test("unpublishing and deleting take effect on the next request: no shared copy names the event afterwards", async ({
    page,
    browser,
    baseURL,
  }) => {
    const name = `Soon hidden ${Date.now()}`;
    await createTournamentWithPlayers(page, name, ["Ada", "Bo", "Cy", "Di"]);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    const tournamentId = idOf(page);
    await publish(page, tournamentId);
    const visitor = await browser.newContext({ storageState: NO_SESSION, baseURL });
    const pages = [
      `/tournaments/${tournamentId}/standings`,
      `/tournaments/${tournamentId}/pairings`,
    ];
    for (const address of pages) {
      await visitor.request.get(address);
      const copy = await visitor.request.get(address);
      expect(copy.headers()["x-page-cache"], address).toMatch(/^(hit|stale)$/);
    }
    await page.goto(`/tournaments/${tournamentId}/staff`);
    await page.getByRole("button", { name: "Unpublish" }).click();
    await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
    for (const address of pages) {
      const after = await visitor.request.get(address);
      expect(after.status(), address).toBe(404);
      expect(await after.text(), address).not.toContain(name);
    }
    await visitor.close();
  });
});
