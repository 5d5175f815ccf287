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
