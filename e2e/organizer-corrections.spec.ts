import { expect, test } from "@playwright/test";
import { createTournamentWithPlayers } from "./support/players";

/**
 * MTR 2.5: two staff correct the same table at once. The form one of them is typing in keeps the
 * result it was opened with; its save is refused as stale and the current result is shown, never
 * recorded as a correction of the other's result. A correction that changes nothing is refused.
 */
test("MTR 2.5: a correction being typed is not refreshed under the hand; its save is refused as stale and the current result shown", async ({
  page,
  browser,
}) => {
  const players = ["Corra Slipwright", "Dunstan Tallyman"];
  const overview = await createTournamentWithPlayers(page, `Corrections ${Date.now()}`, players);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  const roundUrl = page.url();
  const table = page.getByRole("list", { name: "Pairings" }).getByRole("listitem").first();
  await table.getByRole("button", { name: "2-1", exact: true }).click();
  await table.getByRole("button", { name: "Save" }).click();
  await expect(table.getByRole("status")).toHaveText("Result saved.");
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
  const savedLine = await table.getByText(/^✓ /).innerText();
  const nameA = players.find((name) => savedLine.includes(name))!;
  const nameB = players.find((name) => name !== nameA)!;
  expect(savedLine).toContain(`${nameA} wins 2-1`);

  // The first staff member opens the correction and starts typing.
  await table.getByText("Correct or clear").click();
  await table.getByRole("button", { name: "2-0", exact: true }).click();
  await table.getByLabel("Reason for the correction (kept in the history)").fill("Looked again");

  // Meanwhile a second staff member corrects the same table to 0-2.
  const other = await browser.newContext({ storageState: "e2e/.auth/organizer.json" });
  const otherPage = await other.newPage();
  await otherPage.goto(roundUrl);
  const otherTable = otherPage
    .getByRole("list", { name: "Pairings" })
    .getByRole("listitem")
    .first();
  await otherTable.getByText("Correct or clear").click();
  await otherTable.getByRole("button", { name: "0-2", exact: true }).click();
  await otherTable
    .getByLabel("Reason for the correction (kept in the history)")
    .fill("Players said 0-2");
  await otherTable.getByRole("button", { name: "Correct" }).click();
  await expect(otherTable.getByRole("status")).toHaveText("Result saved.");

  // The first form keeps what is being typed, and says the result changed underneath it.
  await expect(table.getByRole("alert")).toContainText(
    `This result was changed to “${nameB} wins 2-0” by someone else while you had it open.`,
    { timeout: 15_000 },
  );
  await expect(table.getByRole("textbox").nth(0)).toHaveValue("2");
  await expect(table.getByRole("textbox").nth(1)).toHaveValue("0");
  await table.getByRole("button", { name: "Correct" }).click();
  await expect(table.getByRole("alert")).toContainText("changed by someone else");
  await expect(table).toContainText(`✓ ${nameB} wins 2-0`);
  // Nothing was recorded over the other's correction.
  await page.goto(overview);
  await page.goto(roundUrl);
  await expect(
    page.getByRole("list", { name: "Pairings" }).getByRole("listitem").first(),
  ).toContainText(`✓ ${nameB} wins 2-0`);

  // A correction to the result already stored changes nothing: refused.
  const again = page.getByRole("list", { name: "Pairings" }).getByRole("listitem").first();
  await again.getByText("Correct or clear").click();
  await again.getByRole("button", { name: "0-2", exact: true }).click();
  await again.getByLabel("Reason for the correction (kept in the history)").fill("Same again");
  await again.getByRole("button", { name: "Correct" }).click();
  await expect(again.getByRole("alert")).toContainText("nothing to correct");
  await other.close();
});
