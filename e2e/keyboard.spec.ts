import { expect, test, type Page } from "@playwright/test";
import { createTournamentWithPlayers } from "./support/players";

/**
 * A whole Swiss round run from the keyboard alone (no pointer after the players are registered):
 * skip to the content, pair, start, enter every result (one through its table's form, the rest
 * through quick entry) and read the standings. After "Start round" and after a save the cursor
 * stays where the work is, never back at the top of the page.
 */
const PLAYERS = [
  "Keyla Tabwright",
  "Lorcan Enterby",
  "Mireille Shiftwood",
  "Norberto Arrowkey",
  "Ottilie Spacebar",
  "Piran Escapade",
];

/** What the focused element is called: its label, else its text, else its id. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return "";
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
    return (element.getAttribute("aria-label") ?? (element.innerText.trim() || element.id)).trim();
  });
}

/** Presses Tab (or Shift+Tab) until the focused element has this name; fails past 150 presses. */
async function tabTo(page: Page, name: string | RegExp, key: "Tab" | "Shift+Tab" = "Tab") {
  for (let presses = 0; presses < 150; presses++) {
    await page.keyboard.press(key);
    const focused = await focusedName(page);
    if (typeof name === "string" ? focused === name : name.test(focused)) return;
  }
  throw new Error(`${key} never reached ${name}`);
}

test("a whole Swiss round is run with the keyboard alone, and the cursor stays where the work is", async ({
  page,
}) => {
  const overview = await createTournamentWithPlayers(page, `Keyboard Open ${Date.now()}`, PLAYERS);
  await page.goto(overview);

  // The first Tab offers the skip link; it moves the cursor past the header into the page.
  await page.keyboard.press("Tab");
  expect(await focusedName(page)).toBe("Skip to main content");
  await page.keyboard.press("Enter");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");

  await tabTo(page, "Pair round 1");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();

  await tabTo(page, "Start round 1");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Start round 1" })).toHaveCount(0);
  // The button is gone with the pairing tools: the cursor waits in quick entry, not at the top of the page.
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("quick-entry");

  // Table 1 through its own form: a slip button, then Save.
  const tableOne = page.getByRole("list", { name: "Pairings" }).getByRole("listitem").first();
  await tabTo(page, "2-1");
  await page.keyboard.press("Enter");
  await tabTo(page, "Save", "Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(tableOne.getByRole("status")).toHaveText("Result saved.");
  // The form folded away with its Save button: the cursor is still on table 1.
  await expect.poll(() => focusedName(page)).toBe("Correct or clear");

  // Tables 2 and 3 through quick entry.
  await tabTo(page, "quick-entry", "Shift+Tab");
  const quick = page.getByRole("form", { name: "Quick entry" });
  await page.keyboard.type("2 2-0");
  await page.keyboard.press("Enter");
  await expect(quick.getByRole("status")).toHaveText(/^Table 2: .+ wins 2-0\.$/);
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("quick-entry");
  await page.keyboard.type("3 0-2");
  await page.keyboard.press("Enter");
  await expect(quick.getByRole("status")).toHaveText(/^Table 3: .+ wins 2-0\.$/);
  await expect(page.getByTestId("round-progress")).toHaveText("Results in 3 / 3, outstanding 0");

  // The standings, through the tournament's tabs.
  await tabTo(page, "Standings", "Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Standings after round 1" })).toBeVisible();
  const rows = page.getByRole("row");
  await expect(rows).toHaveCount(PLAYERS.length + 1);
  await expect(rows.nth(1).getByRole("cell").nth(2)).toHaveText("3");
});
