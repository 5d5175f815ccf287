import { expect, test, type Locator, type Page } from "@playwright/test";
import { createTournamentWithPlayers } from "./support/players";

/**
 * MTR 2.5: one match's result form open in two tabs. A form someone opened keeps the version it
 * was opened on: another tab's save never becomes its own, its save never goes over the newer
 * result, it says what changed, and what was typed stays until its user chooses.
 */

const REASON = "Reason for the correction (kept in the history)";

/** Two tabs of one browser on round 1 of a fresh two-player event; `nameA` is the pairing's first side. */
async function twoTabs(page: Page, title: string) {
  const players = [`${title} Ashgrove`, `${title} Brindlecombe`];
  await createTournamentWithPlayers(page, `${title} ${Date.now()}`, players);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  const other = await page.context().newPage();
  await other.goto(page.url());
  const row = (tab: Page) =>
    tab.getByRole("list", { name: "Pairings" }).getByRole("listitem").first();
  const first = row(page);
  const label = await first.getByRole("textbox").first().getAttribute("aria-label");
  const nameA = players.find((name) => label === `Games won by ${name}`)!;
  const nameB = players.find((name) => name !== nameA)!;
  return { tab1: first, tab2: row(other), other, nameA, nameB };
}

async function save(row: Locator, slip: string) {
  await row.getByRole("button", { name: slip, exact: true }).click();
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("status")).toHaveText("Result saved.");
}

async function correct(row: Locator, slip: string, reason: string) {
  await row.getByText("Correct or clear").click();
  await row.getByRole("button", { name: slip, exact: true }).click();
  await row.getByLabel(REASON).fill(reason);
  await row.getByRole("button", { name: "Correct" }).click();
}

test("MTR 2.5: a form opened but untouched in tab 2 does not take tab 1's save; its save is refused and tab 1's result stands", async ({
  page,
}) => {
  const { tab1, tab2, other, nameA } = await twoTabs(page, "Untouched");
  // Tab 2's cursor is in the form; nothing typed.
  await tab2.getByRole("textbox").first().click();
  await save(tab1, "2-0");

  const notice = tab2.getByRole("alert");
  await expect(notice).toContainText(
    `This result was changed to “${nameA} wins 2-0” by someone else while you had it open.`,
    { timeout: 15_000 },
  );
  await expect(tab2.getByRole("textbox").nth(0)).toHaveValue("");
  await tab2.getByRole("button", { name: "2-1", exact: true }).click();
  // The button says what a save would be now: a correction of the stored result.
  await tab2.getByRole("button", { name: "Correct" }).click();
  await expect(notice).toContainText("it is now 2-0-0");
  await expect(tab2.getByRole("textbox").nth(0)).toHaveValue("2");
  await expect(tab2.getByRole("textbox").nth(1)).toHaveValue("1");

  // Loading the new result shows it, folded, as a fresh page would.
  await notice.getByRole("button", { name: "Load the new result" }).click();
  await expect(tab2.getByRole("alert")).toHaveCount(0);
  await expect(tab2).toContainText(`✓ ${nameA} wins 2-0`);
  await other.reload();
  await expect(tab2).toContainText(`✓ ${nameA} wins 2-0`);
});

test("MTR 2.5: a correction opened but untouched in tab 2 is refused once tab 1 corrected the result", async ({
  page,
}) => {
  const { tab1, tab2, other, nameA, nameB } = await twoTabs(page, "Opened");
  await save(tab1, "0-2");
  await expect(tab2).toContainText(`✓ ${nameB} wins 2-0`, { timeout: 15_000 });
  // Tab 2 opens the correction and leaves it as it is.
  await tab2.getByText("Correct or clear").click();
  await correct(tab1, "2-0", "Players said 2-0");
  await expect(tab1.getByRole("status")).toHaveText("Result saved.");

  await expect(tab2).toContainText(`✓ ${nameA} wins 2-0`, { timeout: 15_000 });
  await tab2.getByRole("button", { name: "2-1", exact: true }).click();
  await tab2.getByLabel(REASON).fill("Looked at the slip");
  await tab2.getByRole("button", { name: "Correct" }).click();
  const notice = tab2.getByRole("alert");
  await expect(notice).toContainText("it is now 2-0-0");
  await expect(notice).toContainText(
    `This result was changed to “${nameA} wins 2-0” by someone else while you had it open.`,
  );
  await other.reload();
  await expect(tab2).toContainText(`✓ ${nameA} wins 2-0`);
});

test("MTR 2.5: a correction being typed in tab 2 is refused after tab 1's correction and keeps what was typed until its user chooses", async ({
  page,
}) => {
  const { tab1, tab2, other, nameA, nameB } = await twoTabs(page, "Typing");
  await save(tab1, "0-2");
  await expect(tab2).toContainText(`✓ ${nameB} wins 2-0`, { timeout: 15_000 });
  await tab2.getByText("Correct or clear").click();
  await tab2.getByRole("button", { name: "2-1", exact: true }).click();
  await tab2.getByLabel("Conceded by").selectOption({ label: nameB });
  await tab2.getByLabel(REASON).fill("Looked at the slip");

  await correct(tab1, "2-0", "Players said 2-0");
  await expect(tab1.getByRole("status")).toHaveText("Result saved.");
  await expect(tab2).toContainText(`✓ ${nameA} wins 2-0`, { timeout: 15_000 });
  await tab2.getByRole("button", { name: "Correct" }).click();
  const notice = tab2.getByRole("alert");
  await expect(notice).toContainText("it is now 2-0-0");
  await expect(tab2.getByRole("textbox").nth(0)).toHaveValue("2");
  await expect(tab2.getByRole("textbox").nth(1)).toHaveValue("1");
  await expect(tab2.getByLabel("Conceded by")).toHaveValue("B");
  await expect(tab2.getByLabel(REASON)).toHaveValue("Looked at the slip");
  await expect(notice).toContainText(
    `This result was changed to “${nameA} wins 2-0” by someone else while you had it open.`,
  );

  // Having seen the new result, tab 2's user keeps theirs: now a correction of 2-0, it is saved.
  await notice.getByRole("button", { name: "Keep typing" }).click();
  await expect(tab2.getByRole("alert")).toHaveCount(0);
  await tab2.getByRole("button", { name: "Correct" }).click();
  await expect(tab2.getByRole("status")).toHaveText("Result saved.");
  await expect(tab1).toContainText(`✓ ${nameB} conceded: ${nameA} wins 2-1`, { timeout: 15_000 });
  await other.close();
});

test("a form its user left for quick entry on the same page follows that entry, with no notice", async ({
  page,
}) => {
  const { tab1, other, nameA } = await twoTabs(page, "Same tab");
  await other.close();
  await tab1.getByRole("textbox").first().click();
  const bar = page.getByRole("textbox", { name: /Quick entry/ });
  await bar.click();
  await bar.fill("1 2-0");
  await bar.press("Enter");
  await expect(tab1).toContainText(`✓ ${nameA} wins 2-0`);
  await expect(tab1.getByRole("alert")).toHaveCount(0);
  await expect(tab1.getByText("Correct or clear")).toBeVisible();
  await expect(tab1.getByRole("button", { name: "Correct" })).toBeHidden();
});
