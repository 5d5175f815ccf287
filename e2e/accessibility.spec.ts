import { axeFor } from "./support/axe";
import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";
import { createTournamentWithPlayers, reportAll } from "./support/players";
import { joinStaff, signUp } from "./support/staff";

/**
 * The accessibility gate: every page, at a phone's and a laptop's width, signed out and as each role
 * (organizer, head judge, judge, scorekeeper, a player with a code), has no WCAG 2.2 A/AA violation
 * that axe-core can find. One Swiss event (round 1 running, a result in, a drop) and one event in
 * its playoff are seeded once and shared by every test.
 */
const NO_SESSION = { cookies: [], origins: [] };
const WIDTHS = [390, 1280] as const;
const SWISS_PLAYERS = [
  "Aurelia Brightwater",
  "Bastian Oakhollow",
  "Cordelia Fenwick",
  "Dorian Ashgrove",
  "Evander Thistle",
];
const PLAYOFF_PLAYERS = [
  "Ferris Longbottom",
  "Greta Marrowind",
  "Hollis Pennywhistle",
  "Imogen Starling",
  "Jasper Quillfeather",
];

type StorageState = NonNullable<BrowserContextOptions["storageState"]>;
const ORGANIZER_STATE = "e2e/.auth/organizer.json";
type Seed = {
  swiss: string;
  playoff: string;
  matchId: string;
  playoffMatchId: string;
  registrationId: string;
  swissCode: string;
  playoffCode: string;
  staff: Record<"HEAD_JUDGE" | "JUDGE" | "SCOREKEEPER", StorageState>;
};

let seed: Seed | undefined;

async function firstMatchId(page: Page, roundUrl: string): Promise<string> {
  await page.goto(roundUrl);
  const href = await page
    .getByRole("link", { name: /^Games at table/ })
    .first()
    .getAttribute("href");
  return href!.split("/").at(-1)!;
}

async function seedEvents(page: Page, browser: Browser): Promise<Seed> {
  const stamp = Date.now().toString(36);
  // A Swiss event: round 1 started, one result in, one player dropped, published.
  const swiss = await createTournamentWithPlayers(page, `Axe Open ${stamp}`, SWISS_PLAYERS);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  await page.getByRole("button", { name: "Start round 1" }).click();
  await expect(page.getByRole("button", { name: "Start round 1" })).toHaveCount(0);
  const first = page.getByRole("list", { name: "Pairings" }).getByRole("listitem").first();
  await first.getByRole("button", { name: "2-1", exact: true }).click();
  await first.getByRole("button", { name: "Save" }).click();
  await expect(first.getByRole("status")).toHaveText("Result saved.");
  const matchId = await firstMatchId(page, `${swiss}/rounds/1`);
  await page.goto(swiss);
  await page.getByRole("button", { name: `Drop ${SWISS_PLAYERS[4]}` }).click();
  await page.getByRole("button", { name: `Drop ${SWISS_PLAYERS[4]}` }).click();
  await expect(page.getByTestId("drop-history")).toContainText("Dropped after round 1");
  await page.goto(`${swiss}/staff`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  await page.goto(`${swiss}/codes`);
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
  const swissCode = (await page.getByTestId(`code-${SWISS_PLAYERS[0]}`).innerText()).trim();
  const registrationId = (await page.locator(`a[href*="/codes/"]`).first().getAttribute("href"))!
    .split("/")
    .at(-1)!;

  // An event in its playoff: a top 4 after one Swiss round, semifinals paired.
  const playoff = await createTournamentWithPlayers(page, `Axe Playoff ${stamp}`, PLAYOFF_PLAYERS);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByText("Bye: 2-0 win")).toBeVisible();
  await reportAll(page, "2-0");
  await page.goto(playoff);
  await page.getByRole("form", { name: "Start playoff" }).getByLabel("Cut to").selectOption("4");
  await page.getByRole("button", { name: "Start playoff" }).click();
  await expect(page.getByRole("heading", { name: "Top 4" })).toBeVisible();
  const playoffMatchId = await firstMatchId(page, `${playoff}/rounds/2`);
  await page.goto(`${playoff}/staff`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  await page.goto(`${playoff}/rounds/2`);
  const seated = await page
    .getByRole("list", { name: "Pairings" })
    .getByRole("listitem")
    .first()
    .locator(".font-medium")
    .first()
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
    .innerText();
  await page.goto(`${playoff}/codes`);
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
  const playoffCode = (await page.getByTestId(`code-${seated.trim()}`).innerText()).trim();

  const staff = {} as Seed["staff"];
  for (const [role, name] of [
    ["HEAD_JUDGE", "Hedda Headjudge"],
    ["JUDGE", "Jonas Floorjudge"],
    ["SCOREKEEPER", "Sybil Scorekeeper"],
  ] as const) {
    const account = await signUp(browser, name);
    await joinStaff(page, swiss, account, role);
    await joinStaff(page, playoff, account, role);
    staff[role] = await account.page.context().storageState();
    await account.page.context().close();
  }
  return { swiss, playoff, matchId, playoffMatchId, registrationId, swissCode, playoffCode, staff };
}

/** Every staff page of both events. */
function staffPages(s: Seed): string[] {
  return [
    "/",
    "/account",
    s.swiss,
    `${s.swiss}/staff`,
    `${s.swiss}/codes`,
    `${s.swiss}/codes/${s.registrationId}`,
    `${s.swiss}/rounds/1`,
    `${s.swiss}/rounds/1?show=outstanding`,
    `${s.swiss}/rounds/1/queue`,
    `${s.swiss}/rounds/1/queue/${s.matchId}`,
    `${s.swiss}/matches/${s.matchId}`,
    `${s.swiss}/matches/${s.matchId}/time`,
    `${s.swiss}/rounds/1/clock`,
    `${s.swiss}/rounds/1/print`,
    `${s.swiss}/rounds/1/print/by-name`,
    `${s.swiss}/rounds/1/print/by-table`,
    `${s.swiss}/rounds/1/print/slips`,
    `${s.swiss}/rounds/1/print/player-slips`,
    `${s.swiss}/rounds/1/print/standings`,
    `${s.swiss}/pairings`,
    `${s.swiss}/standings`,
    `${s.swiss}/judge-calls`,
    `${s.swiss}/check-in/screen`,
    s.playoff,
    `${s.playoff}/playoff`,
    `${s.playoff}/rounds/2`,
    `${s.playoff}/rounds/2/queue`,
    `${s.playoff}/matches/${s.playoffMatchId}`,
    `${s.playoff}/rounds/2/clock`,
    `${s.playoff}/standings`,
  ];
}

/** What someone without an account reaches. */
function publicPages(s: Seed): string[] {
  return [
    "/",
    "/sign-in",
    "/sign-up",
    "/play",
    "/invite/not-a-real-invitation-token",
    "/no-such-page",
    "/tournaments/no-such-tournament",
    s.swiss,
    `${s.swiss}/pairings`,
    `${s.swiss}/pairings?q=a`,
    `${s.swiss}/standings`,
    `${s.swiss}/rounds/1/clock`,
    `${s.swiss}/check-in`,
    "/api/v1/reference",
    s.playoff,
    `${s.playoff}/playoff`,
    `${s.playoff}/standings`,
  ];
}

/** Runs axe once the page has settled; a page that refreshes itself as it opens (live updates, a player's cached page) is analysed again. */
async function analyze(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await axeFor(page).analyze();
    } catch (error) {
      if (attempt === 3) throw error;
      await page.waitForLoadState("load");
    }
  }
}

async function violationsOf(page: Page, url: string, who: string): Promise<string[]> {
  await page.goto(url);
  const results = await analyze(page);
  const width = page.viewportSize()?.width;
  if (process.env.A11Y_SHOTS && seed)
    await page.screenshot({
      path: `${process.env.A11Y_SHOTS}/${who}-${width}-${shotName(url, seed)}.png`,
      fullPage: true,
    });
  const found = results.violations.map(
    (violation) =>
      `${url} [${width}px] ${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  // axe files this under best practice, not WCAG: checked here because a page without a title heading is hard to find one's way in.
  if ((await page.locator("h1, [role=heading][aria-level='1']").count()) === 0)
    found.push(`${url} [${width}px] page-has-heading-one: the page has no level-one heading`);
  return found;
}

async function auditAs(
  browser: Browser,
  who: string,
  storageState: StorageState,
  urls: string[],
  setUp?: (page: Page) => Promise<void>,
) {
  const found: string[] = [];
  for (const width of WIDTHS) {
    const context = await browser.newContext({
      storageState,
      viewport: { width, height: 900 },
      isMobile: width < 600,
      hasTouch: width < 600,
    });
    const page = await context.newPage();
    await setUp?.(page);
    for (const url of urls) found.push(...(await violationsOf(page, url, who)));
    await context.close();
  }
  expect(found, "WCAG 2.2 A/AA violations").toEqual([]);
}

/** "swiss-rounds-1-queue" for a page of the Swiss event, and so on. */
function shotName(url: string, s: Seed): string {
  const event = url.startsWith(s.playoff) ? "playoff" : url.startsWith(s.swiss) ? "swiss" : "";
  const { pathname } = new URL(url, "http://localhost");
  const rest = (event ? pathname.replace(/^\/tournaments\/[^/]+/, "") : pathname).replaceAll(
    /[^a-z0-9]+/gi,
    "-",
  );
  return `${event}${rest}`.replace(/^-|-$/g, "") || "home";
}

async function signInWithCode(page: Page, code: string) {
  await page.goto("/play");
  await page.getByLabel("Your player code").fill(code);
  await page.getByRole("button", { name: "Open my match" }).click();
  await expect(page).toHaveURL(/\/play\/me$/);
}

test.describe("accessibility gate (WCAG 2.2 A and AA)", () => {
  // Each test opens dozens of pages at two widths and runs axe on each: a busy CI machine needs minutes, not one.
  test.describe.configure({ timeout: 240_000 });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ storageState: ORGANIZER_STATE });
    seed = await seedEvents(await context.newPage(), browser);
    await context.close();
  });

  test("signed out: the public pages", async ({ browser }) => {
    await auditAs(browser, "visitor", NO_SESSION, publicPages(seed!));
  });

  // Two halves, so that a failure says which half.
  test("organizer: home, account and the Swiss event's staff pages", async ({ browser }) => {
    const s = seed!;
    await auditAs(
      browser,
      "organizer",
      ORGANIZER_STATE,
      staffPages(s).filter((url) => !url.includes("/print") && !url.startsWith(s.playoff)),
    );
  });

  test("organizer: print views and the playoff", async ({ browser }) => {
    const s = seed!;
    await auditAs(
      browser,
      "organizer",
      ORGANIZER_STATE,
      staffPages(s).filter((url) => url.includes("/print") || url.startsWith(s.playoff)),
    );
  });

  for (const role of ["HEAD_JUDGE", "JUDGE", "SCOREKEEPER"] as const) {
    test(`${role.toLowerCase().replace("_", " ")}: the pages staff work in`, async ({
      browser,
    }) => {
      const s = seed!;
      const pages = [
        `${s.swiss}/rounds/1`,
        `${s.swiss}/rounds/1/queue`,
        `${s.swiss}/matches/${s.matchId}`,
        `${s.swiss}/staff`,
      ];
      await auditAs(browser, role.toLowerCase(), s.staff[role], pages);
    });
  }

  test("player with a code: My match in Swiss and in the playoff", async ({ browser }) => {
    const s = seed!;
    await auditAs(browser, "player-swiss", NO_SESSION, ["/play", "/play/me"], (page) =>
      signInWithCode(page, s.swissCode),
    );
    await auditAs(browser, "player-playoff", NO_SESSION, ["/play/me"], async (page) => {
      await signInWithCode(page, s.playoffCode);
      // A playoff round is named by its place in the bracket, not by its number.
      await expect(page.getByRole("region", { name: "Your pairing" })).toContainText("Semifinals");
    });
  });

  test("phones: no page scrolls sideways at 360 and 390 px", async ({ browser }) => {
    const s = seed!;
    const pages = [
      "/",
      s.swiss,
      `${s.swiss}/standings`,
      `${s.swiss}/pairings`,
      `${s.swiss}/rounds/1`,
      `${s.swiss}/rounds/1/queue`,
      `${s.swiss}/rounds/1/queue/${s.matchId}`,
      `${s.swiss}/matches/${s.matchId}`,
      `${s.swiss}/matches/${s.matchId}/time`,
      `${s.swiss}/codes`,
      `${s.swiss}/staff`,
      s.playoff,
      `${s.playoff}/playoff`,
      `${s.playoff}/rounds/2`,
      `${s.playoff}/rounds/2/queue`,
      `${s.playoff}/standings`,
    ];
    const tooWide: string[] = [];
    for (const width of process.env.A11Y_SHOTS ? [360, 390, 1280] : [360, 390]) {
      const context = await browser.newContext({
        storageState: ORGANIZER_STATE,
        viewport: { width, height: 800 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      for (const url of pages) {
        await page.goto(url);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) tooWide.push(`${url} at ${width} px is ${scrollWidth} px wide`);
        // A11Y_SHOTS=<folder> keeps a picture of every page checked, for a person to look at.
        if (process.env.A11Y_SHOTS)
          await page.screenshot({
            path: `${process.env.A11Y_SHOTS}/${width}-${shotName(url, s)}.png`,
            fullPage: true,
          });
      }
      await context.close();
    }
    expect(tooWide).toEqual([]);
  });
});

test("WCAG 2.5.3: the gate runs label-content-name-mismatch, so a name unlike its visible text fails", async ({
  page,
}) => {
  await page.setContent(
    '<main><h1>Names</h1><button type="button" aria-label="Edit the team">Correct a name</button></main>',
  );
  const ids = (await axeFor(page).analyze()).violations.map((violation) => violation.id);
  expect(ids).toContain("label-content-name-mismatch");
});
