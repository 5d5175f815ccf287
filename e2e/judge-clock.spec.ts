import { expect, test, type Locator, type Page } from "@playwright/test";

/**
 * The organizer starts a round, gives one table a 5-minute time
 * extension (MTR 2.6); that table's clock runs 5 minutes behind the round's; the projector view
 * lists the tables still playing, and a browser whose clock is 7 minutes fast still shows the
 * server's time.
 */

/** Full-page screenshots for looking at, under screenshots/ (git-ignored). */
async function shoot(page: Page, name: string, widths: number[]) {
  const size = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** "49:58" → 2998 seconds. */
async function secondsShown(clock: Locator): Promise<number> {
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
  const text = (await clock.innerText()).trim();
  const match = /^(?:(\d+):)?(\d+):(\d\d)$/.exec(text);
  if (!match) throw new Error(`not a countdown: ${text}`);
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

test("a judge's time extension moves one table's clock; the projector lists the tables still playing", async ({
  page,
  browser,
}) => {
  const name = `Clock Open ${Date.now()}`;
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(name);
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  for (const player of ["Alice Archer", "Bob Baker", "Carol Chen", "Dave Diaz"]) {
    await page.getByLabel("Player name").fill(player);
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByRole("list", { name: "Registered players" }).getByText(player),
    ).toBeVisible();
  }
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  const roundUrl = page.url();

  // Before the start the clock says so; once started it counts down from the round's 50 minutes.
  await expect(page.getByText("Not started")).toBeVisible();
  await page.getByRole("button", { name: "Start round 1" }).click();
  const roundClock = page.getByLabel(/^Round clock: /);
  await expect(roundClock).toHaveText(/^(50:00|49:\d\d)$/);

  // Table 1 gets 5 minutes for a deck check.
  const tables = page.getByRole("list", { name: "Pairings" }).getByRole("listitem");
  const tableOne = tables.filter({ hasText: "Table 1" });
  await tableOne.locator("summary", { hasText: "Add time" }).click();
  const extension = tableOne.getByRole("form", { name: "Time extension for table 1" });
  await extension.getByLabel("Minutes").fill("40");
  await extension.getByLabel("Reason").fill("Deck check");
  // Over 30 minutes: the browser already refuses it (the server would too: see time-extensions.test.ts).
  expect(
    await extension
      .getByLabel("Minutes")
      .evaluate((input: HTMLInputElement) => input.checkValidity()),
  ).toBe(false);
  await extension.getByLabel("Minutes").fill("5");
  await extension.getByRole("button", { name: "Add time" }).click();
  await expect(extension.getByRole("status")).toHaveText("Table 1: 5 minutes added.");

  const tableClock = page.getByTestId("table-clock-1");
  await expect(tableClock).toContainText("+5 min");
  await expect(tableClock).toContainText("5 min: Deck check");
  const tableOneClock = tableClock.getByLabel("Table 1 clock: ");
  const [roundEnds, tableEnds] = await Promise.all([
    roundClock.getAttribute("data-ends-at"),
    tableOneClock.getAttribute("data-ends-at"),
  ]);
  expect(Number(tableEnds) - Number(roundEnds)).toBe(5 * 60_000);
  const [roundLeft, tableLeft] = await Promise.all([
    secondsShown(roundClock),
    secondsShown(tableOneClock),
  ]);
  expect(Math.abs(tableLeft - roundLeft - 300)).toBeLessThanOrEqual(1);
  await expect(page.getByTestId("table-clock-2")).toHaveCount(0);

  // Table 2 reports; the projector then lists table 1 only, with its own later clock.
  const tableTwo = tables.filter({ hasText: "Table 2" });
  await tableTwo
    .getByLabel(/^Games won by /)
    .first()
    .fill("2");
  await tableTwo
    .getByLabel(/^Games won by /)
    .last()
    .fill("0");
  await tableTwo.getByRole("button", { name: "Save" }).click();
  await expect(tableTwo.getByText("Result saved.")).toBeVisible();

  await page.goto(`${roundUrl}/clock`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Round 1", { exact: true })).toBeVisible();
  await expect(page.getByLabel(/^Round clock: /)).toHaveText(/^\d+:\d\d$/);
  await expect(page.getByRole("heading", { name: "Still playing: 1 table" })).toBeVisible();
  await expect(page.getByTestId("playing-table-1")).toContainText("+5′");
  await expect(page.getByTestId("playing-table-2")).toHaveCount(0);
  await shoot(page, "projector", [390, 1280]);

  // MTR 2.6: table 1's own clock (round end + its 5 minutes) still runs, so "Time" is refused,
  // naming the time left and the extension; the screen says who chooses play or draw.
  await page.goto(roundUrl);
  await page.getByRole("link", { name: "Games at table 1" }).click();
  await page.getByRole("link", { name: "Time / end of match" }).click();
  await expect(page.getByRole("heading", { name: "Table 1: time" })).toBeVisible();
  await expect(page.getByLabel("Next chooser")).toContainText("die roll or coin toss");
  await page.getByRole("form", { name: "Call time" }).getByRole("radio").first().check();
  await page.getByRole("button", { name: "Time", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "on its clock" })).toContainText(
    /Table 1 still has \d+:\d\d on its clock \(includes 5 minutes of time extension\)/,
  );
  await expect(page.getByRole("status", { name: "Procedure" })).toContainText(
    "Time has not been called",
  );
  await shoot(page, "time-screen", [1280]);
  // The hall's clock is the judges': with a reason, time is called anyway, and the history says why.
  // After the refusal the reason field is already open.
  const callTime = page.getByRole("form", { name: "Call time" });
  // The refused form keeps whose turn the judge said.
  await expect(callTime.getByRole("radio").first()).toBeChecked();
  await callTime
    .getByLabel("Why time is called now (kept in the history)")
    .fill("Round started 5 minutes late in the app");
  await callTime.getByRole("button", { name: "Time", exact: true }).click();
  await expect(page.getByLabel("Current turn")).toHaveText("Turn 0");
  await expect(
    page.getByText("Before the app's clock ran out: Round started 5 minutes late in the app"),
  ).toBeVisible();
  await page.goto(`${roundUrl}/clock`);

  // A device whose clock is 7 minutes fast still shows the server's time left.
  const skewed = await browser.newContext({ storageState: "e2e/.auth/organizer.json" });
  await skewed.clock.install({ time: Date.now() + 7 * 60_000 });
  const phone = await skewed.newPage();
  await phone.goto(`${roundUrl}/clock`);
  const skewedClock = phone.getByLabel(/^Round clock: /);
  await expect(skewedClock).toHaveText(/^\d+:\d\d$/);
  await phone.waitForTimeout(1500);
  const skewedLeft = await secondsShown(skewedClock);
  const trueLeft = await secondsShown(page.getByLabel(/^Round clock: /));
  expect(Math.abs(skewedLeft - trueLeft)).toBeLessThanOrEqual(3);
  expect(skewedLeft).toBeGreaterThan(45 * 60);
  await skewed.close();
});
