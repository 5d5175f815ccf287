import { expect, test } from "@playwright/test";
import { createTournamentWithPlayers } from "./support/players";

/** Players find check-in and registration from the event's public pages, not only from the venue's QR code. */

test("a published event's public pages link to check-in until round 1 is paired", async ({
  page,
  browser,
}) => {
  const overview = await createTournamentWithPlayers(page, `Doors ${Date.now()}`, ["Ana", "Ben"]);
  await page.goto(`${overview}/staff`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();

  const visitor = await (
    await browser.newContext({ storageState: { cookies: [], origins: [] } })
  ).newPage();
  await visitor.goto(`${overview}/pairings`);
  await visitor.getByRole("link", { name: "Check in or register" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Check in" })).toBeVisible();

  await page.goto(overview);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  await visitor.goto(`${overview}/standings`);
  await expect(visitor.getByRole("link", { name: "Check in or register" })).toHaveCount(0);
});
