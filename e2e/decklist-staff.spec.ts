import { expect, test } from "@playwright/test";
import { axeFor } from "./support/axe";
import { createTournamentWithPlayers } from "./support/players";
import { importSampleCards, takeDecklists } from "./support/decklists";

const PAPER_LIST = [
  "4 Lightning Bolt",
  "4 Monastery Swiftspear",
  "4 Lava Spike",
  "4 Rift Bolt",
  "4 Skewer the Critics",
  "4 Shock",
  "36 Mountain",
].join("\n");

/**
 * MTR 2.7, 2.10: staff type a player's paper list, see who has no legal list, and before round 1
 * drop the players still without one in one confirmed step.
 */
test("staff type a paper decklist, see who has none, and drop those players before round 1 in one confirmed step", async ({
  page,
}) => {
  test.setTimeout(120_000);
  importSampleCards();
  const overview = await createTournamentWithPlayers(page, `Paper lists ${Date.now()}`, [
    "Ada",
    "Bo",
    "Cy",
  ]);
  await takeDecklists(page, overview, "Modern");

  await page.getByRole("link", { name: "Decklists" }).click();
  await expect(page.getByTestId("decklist-counts")).toHaveText(
    "Modern: 0 of 3 players have a legal list, 3 without a list.",
  );
  await page
    .getByRole("list", { name: "Players' decklists" })
    .getByRole("link", { name: "Bo" })
    .click();
  const form = page.getByRole("form", { name: "Enter the list" });
  await form.getByLabel("List").fill(PAPER_LIST);
  await form.getByRole("button", { name: "Save the list" }).click();
  await expect(page.getByTestId("decklist-verdict")).toContainText("Legal as of 28 Nov 2026");
  await expect(page.getByRole("list", { name: "Changes to the list" })).toContainText(
    "Version 1 by",
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `screenshots/decklist-staff-${width}.png`, fullPage: true });
  }
  expect((await axeFor(page).analyze()).violations.map((violation) => violation.id)).toEqual([]);

  await page.getByRole("link", { name: "All decklists" }).click();
  await expect(page.getByTestId("decklist-counts")).toHaveText(
    "Modern: 1 of 3 players have a legal list, 2 without a list.",
  );
  await page.getByRole("button", { name: "Drop the 2 without a legal list" }).click();
  await expect(page.getByText(/Ada, Cy will be dropped before round 1/)).toBeVisible();
  await page.getByRole("button", { name: "Yes, drop 2" }).click();
  await expect(page.getByTestId("decklist-counts")).toHaveText(
    "Modern: 1 of 1 players have a legal list.",
  );
  expect((await axeFor(page).analyze()).violations.map((violation) => violation.id)).toEqual([]);
});

/** MTR 2.7: lists are private until the organizer publishes them; then anyone reads them, with the metagame. */
test("the organizer publishes the decklists: a visitor reads each list and the metagame by archetype", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  importSampleCards();
  const overview = await createTournamentWithPlayers(page, `Public lists ${Date.now()}`, [
    "Ada",
    "Bo",
  ]);
  await page.goto(`${overview}/staff`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  const settings = page.getByRole("form", { name: "Settings" });
  await settings.getByLabel("Checked as").selectOption({ label: "Modern" });
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Settings saved.");
  for (const player of ["Ada", "Bo"]) {
    await page.goto(`${overview}/decklists`);
    await page
      .getByRole("list", { name: "Players' decklists" })
      .getByRole("link", { name: player })
      .click();
    const form = page.getByRole("form", { name: "Enter the list" });
    await form.getByLabel("List").fill(PAPER_LIST);
    await form.getByLabel("Deck name").fill("Burn");
    await form.getByRole("button", { name: "Save the list" }).click();
    await expect(page.getByTestId("decklist-verdict")).toContainText("Legal");
  }

  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guest = await visitor.newPage();
  await guest.goto(`${overview}/decklists`);
  await expect(guest.getByText("No decklists are public for this event yet.")).toBeVisible();

  await page.goto(`${overview}/staff`);
  await settings.getByLabel("Public lists").selectOption({ label: "All" });
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Settings saved.");

  await guest.reload();
  await expect(guest.getByRole("region", { name: "Metagame" })).toContainText(/Burn\s*2 \(100%\)/);
  const lists = guest
    .getByRole("list", { name: "Decklists" })
    .getByRole("listitem")
    .filter({ hasText: "Ada" });
  await lists.getByText("Ada").click();
  await expect(lists).toContainText("4 Lightning Bolt");
  await guest.setViewportSize({ width: 390, height: 844 });
  await guest.screenshot({ path: "screenshots/decklists-public-390.png", fullPage: true });
  expect((await axeFor(guest).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await visitor.close();
});
