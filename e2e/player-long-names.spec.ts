import { expect, test } from "@playwright/test";

/**
 * An 80-character name without spaces made phone pages 750 px wide. Every page that
 * shows names must fit the phone's width (long names wrap or truncate, the full name available).
 */
test("an 80-character name without spaces never makes a page wider than the phone", async ({
  page,
}) => {
  const longName = `${"Bartholomew".repeat(7)}Xyz`; // 80 characters, no spaces
  expect(longName).toHaveLength(80);
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(`Long Names ${Date.now()}`);
  await page.getByRole("button", { name: "Create tournament" }).click();
  for (const name of [longName, "Ana", "Bo", "Cy"]) {
    await page.getByLabel("Player name").fill(name);
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByRole("list", { name: "Registered players" }).getByText(name, { exact: true }),
    ).toBeVisible();
  }
  const tournamentPath = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  const tables = page.getByRole("list", { name: "Pairings" }).getByRole("listitem");
  for (let index = 0; index < 2; index++) {
    await tables.nth(index).getByRole("button", { name: "2-0", exact: true }).click();
    await tables.nth(index).getByRole("button", { name: "Save" }).click();
    await expect(tables.nth(index).getByRole("status")).toHaveText("Result saved.");
  }
  const viewportWidth = page.viewportSize()!.width;
  for (const path of [
    tournamentPath,
    `${tournamentPath}/rounds/1`,
    `${tournamentPath}/pairings`,
    `${tournamentPath}/standings`,
  ]) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide on a ${viewportWidth} px phone`).toBeLessThanOrEqual(
      viewportWidth,
    );
  }
});

test("at 390 px long names on the pairings page wrap in full, and the playoff standings keep OMW% on screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const names = [
    "Maximiliana Alexandrova Featherstonehaugh",
    "Bartholomew Montgomery Worthington-Smythe",
    "Ana Lu",
    "Bo Chen",
  ];
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(`Long Playoff ${Date.now()}`);
  await page.getByRole("button", { name: "Create tournament" }).click();
  for (const name of names) {
    await page.getByLabel("Player name").fill(name);
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByRole("list", { name: "Registered players" }).getByText(name, { exact: true }),
    ).toBeVisible();
  }
  const tournamentPath = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "Pair round 1" }).click();
  const tables = page.getByRole("list", { name: "Pairings" }).getByRole("listitem");
  for (let index = 0; index < 2; index++) {
    await tables.nth(index).getByRole("button", { name: "2-0", exact: true }).click();
    await tables.nth(index).getByRole("button", { name: "Save" }).click();
    await expect(tables.nth(index).getByRole("status")).toHaveText("Result saved.");
  }
  await page.goto(tournamentPath);
  await page.getByRole("form", { name: "Start playoff" }).getByLabel("Cut to").selectOption("4");
  await page.getByRole("button", { name: "Start playoff" }).click();
  await expect(page.getByRole("heading", { name: "Top 4" })).toBeVisible();

  await page.goto(`${tournamentPath}/pairings`);
  const byName = page.getByRole("list", { name: "Pairings by name" });
  for (const name of names.slice(0, 2))
    await expect(byName.getByText(name, { exact: true })).toBeVisible();
  // Nothing in the list is cut off with an ellipsis: each text fits its box.
  const cut = await byName
    .locator("span")
    .evaluateAll((spans) =>
      spans
        .filter((span) => span.scrollWidth > span.clientWidth + 1)
        .map((span) => span.textContent),
    );
  expect(cut).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("pairings-390.png"), fullPage: true });

  await page.goto(`${tournamentPath}/standings`);
  const table = page.getByRole("region", { name: "Standings table" });
  await expect(table.getByRole("columnheader", { name: "OMW%" })).toBeInViewport({ ratio: 1 });
  const overflow = await table.evaluate((box) => box.scrollWidth - box.clientWidth);
  expect(overflow, "the standings table scrolls sideways").toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath("standings-390.png"), fullPage: true });
});
