import { mkdirSync } from "node:fs";
import path from "node:path";
import { devices, expect, type Page, test } from "@playwright/test";
import { readPlayerCodes, reportAll } from "./support/players";

/**
 * MTR 3.1: a player reads "What do I need?" and "Why this pairing?" on their phone (390 px) and
 * on the standings, readable without sideways scrolling; the top cut is planned at creation.
 */

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-h3";

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a player on a phone reads what they need and why they were paired, on their page and the standings", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const players = ["Alder", "Beech", "Cedar", "Dogwood", "Elm", "Fir", "Ginkgo", "Holly"];
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(`Phone Outlook ${Date.now()}`);
  await page.getByLabel("Swiss rounds").fill("5");
  await page.getByLabel("Top cut").selectOption("4");
  await page.getByRole("button", { name: "Create tournament" }).click();
  for (const player of players) {
    await page.getByLabel("Player name").fill(player);
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByRole("list", { name: "Registered players" }).getByText(player),
    ).toBeVisible();
  }
  const overview = page.url();
  // MTR Appendix E: the advice takes the planned cut, and the line says it is planned.
  await expect(page.getByLabel("Swiss rounds")).toHaveText(
    "Swiss rounds: 0 of 5, then a top 4 · recommended 3 for 8 players, top 4 (MTR Appendix E)",
  );
  const codes = await readPlayerCodes(page, players);
  await page.goto(overview);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await reportAll(page, "2-0");
  const next = page.getByRole("region", { name: "Next step" });
  await next.getByRole("button", { name: "Pair round 2" }).click();
  await expect(page.getByRole("heading", { name: "Round 2 pairings" })).toBeVisible();

  // The leader after round 1 (a 1-0 player), as the standings rank them.
  await page.goto(`${overview}/standings`);
  const leaderRow = page.getByRole("table").getByRole("row").nth(1);
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
  const leader = (await leaderRow.getByRole("cell").nth(1).innerText()).split("\n")[0]!.trim();

  const phone = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [] },
  });
  const me = await phone.newPage();
  await me.goto(`/play/${codes.get(leader)!.replaceAll("-", "")}`);
  await expect(me).toHaveURL(/\/play\/me$/);
  await me.getByText("Why this pairing?").click();
  await expect(
    me.getByText("Both on 3 points: players meet others on the same points."),
  ).toBeVisible();
  const need = me.getByTestId("what-do-i-need");
  await need.getByText("What do I need?").click();
  // 4 rounds left of 5, 8 players: the labelled estimate, saying what it assumes.
  await expect(need.getByTestId("outlook-estimate")).toBeVisible();
  // Labelled once: by its note, not by a heading saying it again.
  await expect(need.getByText(/Estimate/)).toHaveCount(1);
  // Fifteen records from here read as two ranges, not fifteen lines.
  await expect(need.getByRole("listitem")).toHaveText([
    "4-0 to 3-0-1: in the top 4, whatever else happens",
    "3-1 to 0-4: 12 to 3 points; depends on other results",
  ]);
  await expect(need).toContainText(
    "assumes nobody else drops; exact figures need every other result",
  );
  await expect(need).not.toContainText("too large");
  await expectNoSidewaysScroll(me);
  await me.screenshot({ path: path.join(SHOTS, "player-page-390.png"), fullPage: true });

  await me.setViewportSize({ width: 1280, height: 900 });
  await me.reload();
  await me.getByTestId("what-do-i-need").getByText("What do I need?").click();
  await expectNoSidewaysScroll(me);
  await me.screenshot({ path: path.join(SHOTS, "player-page-1280.png"), fullPage: true });

  // The standings, as anyone the organizer shows them to reads them.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${overview}/standings`);
    const need = page.getByRole("table").getByTestId("what-do-i-need").first();
    await need.getByText("What do I need?").click();
    await expect(need).toContainText("Estimate: with ");
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: path.join(SHOTS, `standings-${width}.png`), fullPage: true });
  }
  await phone.close();
});
