import { expect, type Page, test } from "@playwright/test";
import { axeFor } from "./support/axe";
import { importSampleCards, takeDecklists } from "./support/decklists";
import { createTournamentWithPlayers } from "./support/players";

const PAPER_LIST = [
  "4 Lightning Bolt",
  "4 Monastery Swiftspear",
  "4 Lava Spike",
  "4 Rift Bolt",
  "4 Skewer the Critics",
  "4 Shock",
  "36 Mountain",
  "",
  "Sideboard",
  "3 Counterspell",
].join("\n");

/** Pages the open view prints to, as Chromium lays it out on the paper its @page names. */
async function printedPages(page: Page): Promise<number> {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
  return pdf.match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;
}

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.emulateMedia({ media: "print" });
  // 190 mm, A4's width inside its margins, at 96 px an inch.
  await page.setViewportSize({ width: 718, height: 1047 });
  await page.screenshot({ path: `screenshots/${name}-print.png`, fullPage: true });
  // Back to no emulation: with "screen" emulated, page.pdf() would print the screen's styles.
  await page.emulateMedia({ media: null });
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * MTR 2.7, 2.8: staff print the paper decklists of a Competitive event: every player's
 * registration sheet (filled in from a list, or blank), one player's, and a deck-check sheet of a
 * player at a table chosen for a deck check, each on one page.
 */
test("staff print registration sheets, filled in or blank, and a deck-check sheet by card type, each on one page", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  importSampleCards();
  const overview = await createTournamentWithPlayers(page, `Paper decklists ${Date.now()}`, [
    "Ada",
    "Bo",
    "Cy",
    "Di",
  ]);
  await takeDecklists(page, overview, "Modern");
  await page.goto(`${overview}/decklists`);
  await page
    .getByRole("list", { name: "Players' decklists" })
    .getByRole("link", { name: "Bo" })
    .click();
  const form = page.getByRole("form", { name: "Enter the list" });
  await form.getByLabel("List").fill(PAPER_LIST);
  await form.getByLabel("Deck name").fill("Mono-Red Burn");
  await form.getByRole("button", { name: "Save the list" }).click();
  await expect(page.getByTestId("decklist-verdict")).toContainText("Legal as of 28 Nov 2026");
  const boPage = page.url();

  // Bo's sheet, filled in from the list.
  await page.getByRole("link", { name: "Print the registration sheet" }).click();
  const sheet = page.getByRole("article", { name: "Decklist registration, Bo" });
  await expect(sheet.getByTestId("sheet-player")).toHaveText("Bo");
  const bolt = sheet.getByTestId("sheet-line").filter({ hasText: "Lightning Bolt" });
  await expect(bolt).toHaveText(/^4\s*Lightning Bolt$/);
  await expect(sheet.getByTestId("sheet-line").filter({ hasText: "Mountain" })).toHaveText(
    /^36\s*Mountain$/,
  );
  await expect(
    sheet.getByRole("region", { name: "Sideboard" }).getByTestId("sheet-line"),
  ).toHaveText([/^3\s*Counterspell$/]);
  await expect(sheet.getByTestId("sheet-total-main")).toHaveText("60");
  await expect(sheet.getByTestId("sheet-total-sideboard")).toHaveText("3");
  await expect(sheet.getByTestId("sheet-source")).toHaveText(
    "Filled in from version 1 of Bo’s list, checked against card data of 28 Nov 2026.",
  );
  // 60 main-deck lines and 15 sideboard lines, filled or not.
  await expect(sheet.getByRole("listitem")).toHaveCount(75);
  expect(await printedPages(page)).toBe(1);
  await screenshots(page, "decklist-paper-registration");
  expect((await axeFor(page).analyze()).violations.map((violation) => violation.id)).toEqual([]);

  // Ada has no list: her sheet is blank but for her name.
  await page.goto(`${overview}/decklists`);
  await page
    .getByRole("list", { name: "Players' decklists" })
    .getByRole("link", { name: "Ada" })
    .click();
  await page.getByRole("link", { name: "Print a blank registration sheet" }).click();
  const blank = page.getByRole("article", { name: "Decklist registration, Ada" });
  await expect(blank.getByTestId("sheet-player")).toHaveText("Ada");
  await expect(blank.getByTestId("sheet-line")).toHaveCount(0);
  await expect(blank.getByTestId("sheet-total-main")).toHaveText("\u00a0");
  await expect(blank.getByTestId("sheet-source")).toContainText("No list submitted yet");

  // Every player's sheet in one document, one a page; then only the blank ones.
  await page.goto(`${overview}/decklists`);
  await page.getByRole("link", { name: "Print registration sheets" }).click();
  const sheets = page.getByRole("article", { name: /^Decklist registration, / });
  await expect(sheets).toHaveCount(4);
  await expect(sheets.nth(1).getByTestId("sheet-total-main")).toHaveText("60");
  for (const index of [0, 2, 3])
    await expect(sheets.nth(index).getByTestId("sheet-line")).toHaveCount(0);
  expect(await printedPages(page)).toBe(4);
  await page.getByRole("link", { name: "Only blank sheets, for players without a list" }).click();
  await expect(page).toHaveURL(/\/decklists\/print\?only=missing/);
  await expect(sheets).toHaveCount(3);
  await expect(page.getByRole("article", { name: "Decklist registration, Bo" })).toHaveCount(0);

  // A deck check in round 1: Bo's sheet from the table chosen.
  await page.goto(overview);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  await page.getByRole("link", { name: "Deck checks", exact: true }).click();
  await page.getByLabel("Tables at random").fill("2");
  await page.getByRole("button", { name: "Choose" }).click();
  await expect(page).toHaveURL(/\?tables=\d+,\d+$/);
  await page.getByRole("link", { name: "Deck-check sheet of Bo" }).click();
  const check = page.getByRole("article", { name: "Deck check, Bo" });
  await expect(check.getByTestId("sheet-player")).toHaveText("Bo");
  await expect(check.getByTestId("sheet-table")).toHaveText(/^\d+$/);
  await expect(check.getByRole("heading", { level: 3 })).toHaveText([
    /^Creatures\s*4$/,
    /^Instants\s*8$/,
    /^Sorceries\s*12$/,
    /^Lands\s*36$/,
    /^Sideboard\s*3$/,
  ]);
  await expect(check.getByText("Total main deck")).toBeVisible();
  await expect(check.getByRole("listitem").filter({ hasText: "Rift Bolt" })).toHaveText(
    /^4\s*Rift Bolt$/,
  );
  expect(await printedPages(page)).toBe(1);
  await screenshots(page, "decklist-paper-deck-check");
  expect((await axeFor(page).analyze()).violations.map((violation) => violation.id)).toEqual([]);

  // Anyone but staff is answered as on the staff decklist pages: sent to the pairings.
  await page.goto(`${overview}/staff`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guest = await visitor.newPage();
  for (const address of [boPage, `${boPage}/print`, `${boPage}/deck-check-sheet`]) {
    await guest.goto(address);
    await expect(guest).toHaveURL(/\/pairings$/);
  }
  await guest.goto(`${overview}/decklists/print`);
  await expect(guest).toHaveURL(/\/pairings$/);
  await visitor.close();
});
