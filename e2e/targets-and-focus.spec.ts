import { devices, expect, test } from "@playwright/test";
import { createTournamentWithPlayers, readPlayerCodes } from "./support/players";

/** WCAG 2.5.8 target size (24 px) and 2.4.7 visible focus on the controls a phone and a judge use most. */

test("small controls are 24 px targets and a player's choices show keyboard focus", async ({
  page,
  browser,
}) => {
  const names = ["Ada Lark", "Bo Finch"];
  const overview = await createTournamentWithPlayers(page, `Targets ${Date.now()}`, names);
  const codes = await readPlayerCodes(page, names);
  await page.goto(overview);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await page.getByRole("button", { name: "Start round 1" }).click();
  const addTime = page.locator("summary", { hasText: "Add time" }).first();
  await expect(addTime).toBeVisible();
  expect((await addTime.boundingBox())!.height).toBeGreaterThanOrEqual(24);

  const context = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [] },
  });
  const player = await context.newPage();
  await player.goto(`/play/${codes.get(names[0]!)!.replaceAll("-", "")}`);
  await expect(player).toHaveURL(/\/play\/me$/);
  const notYou = player.getByRole("button", { name: "Not you?" });
  const box = (await notYou.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);

  const first = player.getByRole("group", { name: "What happened?" }).getByRole("radio").first();
  await first.focus();
  await player.keyboard.press("ArrowRight");
  const focusedLabel = player.locator("label:has(input:focus-visible)");
  await expect(focusedLabel).toHaveCount(1);
  expect(await focusedLabel.evaluate((label) => getComputedStyle(label).outlineStyle)).not.toBe(
    "none",
  );
  await context.close();
});
