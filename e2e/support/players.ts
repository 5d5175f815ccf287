import { expect, type Page } from "@playwright/test";

/** Creates a tournament signed in as the journeys' organizer and registers these players; returns its overview URL. */
export async function createTournamentWithPlayers(
  page: Page,
  name: string,
  players: readonly string[],
): Promise<string> {
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(name);
  await page.getByRole("button", { name: "Create tournament" }).click();
  for (const player of players) {
    await page.getByLabel("Player name").fill(player);
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByRole("list", { name: "Registered players" }).getByText(player),
    ).toBeVisible();
  }
  return page.url();
}

/** Each player's code as staff see it on the tournament's codes page (from its overview). */
export async function readPlayerCodes(
  page: Page,
  players: readonly string[],
): Promise<Map<string, string>> {
  await page.getByRole("link", { name: "Players' codes and QR codes" }).click();
  const codes = new Map<string, string>();
  for (const player of players) {
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
    codes.set(player, (await page.getByTestId(`code-${player}`).innerText()).trim());
  }
  return codes;
}

/** Saves the same slip at every table of the round page shown (byes have none). */
export async function reportAll(page: Page, slip: string) {
  const rows = page.getByRole("list", { name: "Pairings" }).getByRole("listitem");
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  for (let index = 0; index < count; index++) {
    const row = rows.nth(index);
    if (await row.getByText("Bye: 2-0 win").isVisible()) continue;
    await row.getByRole("button", { name: slip, exact: true }).click();
    await row.getByRole("button", { name: "Save" }).click();
    await expect(row.getByRole("status")).toHaveText("Result saved.");
  }
}
