import { expect, test } from "@playwright/test";
import { axeFor } from "./support/axe";
import { createTournamentWithPlayers } from "./support/players";

/**
 * MTR 2.8, IPG 3.5: a judge chooses a table at random for a deck check before the round's games,
 * records one player's deck as passed and the other's as a Deck Problem, and goes on to its
 * penalty; the match page keeps both checks and the penalty.
 */
test("a judge's deck check at a random table: one deck passes, one has a Deck Problem, and its Warning is given", async ({
  page,
}) => {
  await createTournamentWithPlayers(page, `Deck checks ${Date.now()}`, ["Ada", "Bo", "Cy", "Di"]);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  await page.getByRole("link", { name: "Deck checks", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Round 1: deck checks" })).toBeVisible();

  await page.getByLabel("Tables at random").fill("1");
  await page.getByRole("button", { name: "Choose" }).click();
  // The choice is kept in the address: a refresh shows the same table.
  await expect(page).toHaveURL(/\?tables=\d+$/);
  const table = page.getByRole("heading", { name: /^Table \d+$/ });
  await expect(table).toHaveCount(1);
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a judge reads it
  const tableName = await table.innerText();
  await page.reload();
  await expect(page.getByRole("heading", { name: tableName })).toBeVisible();

  const forms = page.getByRole("form", { name: /^Deck check of / });
  await expect(forms).toHaveCount(2);
  const first = forms.nth(0);
  const firstName = (await first.getAttribute("aria-label"))!.replace("Deck check of ", "");
  await first.getByRole("button", { name: "Record the check" }).click();
  await expect(page.getByTestId("deck-check-outcome").first()).toContainText("Passed");

  const second = page.getByRole("form", { name: /^Deck check of / });
  await expect(second).toHaveCount(1);
  const secondName = (await second.getAttribute("aria-label"))!.replace("Deck check of ", "");
  await second.getByRole("radio", { name: "Deck Problem (IPG 3.5)" }).check();
  // A problem must say what was found.
  await second.getByRole("button", { name: "Record the check" }).click();
  await expect(second.getByRole("alert")).toBeVisible();
  await second.getByLabel(/^Note/).fill("Sideboard card in the main deck: 61 cards");
  await second.getByRole("button", { name: "Record the check" }).click();
  const penalty = page.getByRole("form", { name: "Penalty from this check" });
  await expect(penalty).toBeVisible();
  await expect(penalty.getByLabel("Penalty")).toHaveValue("");
  await expect(penalty.getByRole("option", { name: "Warning (the usual one)" })).toBeAttached();

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `screenshots/deck-check-${width}.png`, fullPage: true });
  }
  const results = await axeFor(page).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);

  await penalty.getByRole("button", { name: "Give the penalty" }).click();
  await expect(page.getByText("Warning given: Deck Problem (IPG 3.5).")).toBeVisible();

  // The match page keeps both checks and the penalty.
  await page.getByRole("link", { name: "Round 1 pairings" }).click();
  await page.getByRole("link", { name: `Games at ${tableName.toLowerCase()}` }).click();
  const checks = page.getByRole("list", { name: "Deck checks at this match" });
  await expect(checks.getByRole("listitem")).toHaveText([
    new RegExp(`^${firstName}: Passed`),
    new RegExp(`^${secondName}: Deck Problem.*Warning for Deck Problem \\(IPG 3\\.5\\)`),
  ]);
});
