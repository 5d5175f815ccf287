import { expect, test } from "@playwright/test";
import { createTournamentWithPlayers, reportAll } from "./support/players";

/** MTR 2.5: once a round's last result is in, its own page offers the event's next step. */

test("the round page offers the next round, the playoff, and leads on through the bracket", async ({
  page,
}) => {
  const overview = await createTournamentWithPlayers(page, `Next Here ${Date.now()}`, [
    "Alder",
    "Basswood",
    "Catalpa",
    "Deodar",
  ]);
  await page.goto(`${overview}/staff`);
  const settings = page.getByRole("form", { name: "Settings" });
  await settings.getByLabel("Swiss rounds").fill("2");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Settings saved.");
  await page.goto(overview);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  const here = page.getByRole("region", { name: "Next step" });
  await expect(here).toHaveCount(0);

  await reportAll(page, "2-0");
  await expect(here.getByRole("heading", { name: "Pair round 2" })).toBeVisible();
  await here.getByRole("button", { name: "Pair round 2" }).click();
  await expect(page.getByRole("heading", { name: "Round 2 pairings" })).toBeVisible();
  await expect(here).toHaveCount(0);

  await reportAll(page, "2-1");
  await expect(here).toContainText("Start the playoff or finish the event");
  await expect(here.getByRole("button", { name: "Finish the event" })).toBeVisible();
  await page.goto(`${overview}/rounds/1`);
  await here.getByRole("link", { name: "Go to Round 2" }).click();
  await expect(page.getByRole("heading", { name: "Round 2 pairings" })).toBeVisible();

  await here.getByRole("form", { name: "Start playoff" }).getByLabel("Cut to").selectOption("4");
  await here.getByRole("button", { name: "Start playoff" }).click();
  await expect(page.getByRole("region", { name: "Semifinals" })).toBeVisible();
  await page.goto(`${overview}/rounds/3`);
  await reportAll(page, "2-0");
  await here.getByRole("link", { name: "Go to Final" }).click();
  await expect(page.getByRole("heading", { name: /Final/ })).toBeVisible();
  await reportAll(page, "2-0");
  await here.getByRole("link", { name: "See the champion" }).click();
  await expect(page).toHaveURL(/\/playoff$/);
});

test("MTR 2.6: a result saved before the round starts leaves its Start button, and the clock starts", async ({
  page,
}) => {
  await createTournamentWithPlayers(page, `Early Result ${Date.now()}`, [
    "Elm",
    "Fir",
    "Ginkgo",
    "Hazel",
  ]);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  const first = page.getByRole("list", { name: "Pairings" }).getByRole("listitem").first();
  await first.getByRole("button", { name: "2-1", exact: true }).click();
  await first.getByRole("button", { name: "Save" }).click();
  await expect(first.getByRole("status")).toHaveText("Result saved.");
  // The other table still plays: its time runs from the start (MTR 2.6).
  const start = page.getByRole("button", { name: "Start round 1" });
  await expect(start).toBeVisible();
  // Pairings with a result in them are fixed: no swap is offered.
  await expect(page.getByRole("form", { name: "Swap players" })).toHaveCount(0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`early-start-${width}.png`) });
  }
  await start.click();
  await expect(start).toHaveCount(0);
  await expect(page.getByText("Not started")).toHaveCount(0);
});
