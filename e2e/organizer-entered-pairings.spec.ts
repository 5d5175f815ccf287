import { expect, test, type Page } from "@playwright/test";
import { reportAll } from "./support/players";

/** A round's exact pairings pasted from another tool: the round page opens, with the entry's warnings on it. */

const tab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Tournament" }).getByRole("link", { name, exact: true });

async function enterPairings(page: Page, round: number, text: string) {
  await page.getByText(`Or enter round ${round}'s pairings from another tool`).click();
  const form = page.getByRole("form", { name: `Enter round ${round}'s pairings` });
  await form.getByRole("textbox").fill(text);
  await form.getByRole("button", { name: `Enter round ${round}` }).click();
}

test.describe("entering pairings from another tool", () => {
  test("a pasted round opens its round page; a rematch is shown there, at the top, until the round starts", async ({
    page,
  }) => {
    const name = `Entered ${Date.now()}`;
    await page.goto("/");
    await page.getByLabel("Tournament name").fill(name);
    await page.getByRole("button", { name: "Create tournament" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    for (const player of ["Smith, Ann", "Ben Baker", "Cal Chen", "Dee Diaz"]) {
      await page.getByLabel("Player name").fill(player);
      await page.getByRole("button", { name: "Add player" }).click();
      await expect(
        page.getByRole("list", { name: "Registered players" }).getByText(player),
      ).toBeVisible();
    }

    // A name with a comma, as another tool exports it.
    await enterPairings(page, 1, "1 Smith, Ann vs Ben Baker\n2 Cal Chen vs Dee Diaz");
    await expect(page).toHaveURL(/\/rounds\/1$/);
    await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
    const tables = page.getByRole("list", { name: "Pairings" }).getByRole("listitem");
    await expect(tables.nth(0)).toContainText("Smith, Ann");
    await expect(tables.nth(0)).toContainText("Ben Baker");
    await expect(page.getByTestId("entered-warnings")).toHaveCount(0);
    await reportAll(page, "2-0");

    await tab(page, "Players & rounds").click();
    await enterPairings(page, 2, '"Smith, Ann",Ben Baker\nCal Chen,Dee Diaz');
    await expect(page).toHaveURL(/\/rounds\/2$/);
    await expect(page.getByRole("heading", { name: "Round 2 pairings" })).toBeVisible();
    const warnings = page.getByTestId("entered-warnings");
    await expect(warnings).toBeVisible();
    await expect(warnings).toHaveAttribute("role", "status");
    await expect(warnings).toContainText(
      "Smith, Ann and Ben Baker have already played each other.",
    );
    await expect(warnings).toContainText("Cal Chen and Dee Diaz have already played each other.");

    await page.getByRole("button", { name: "Start round 2" }).click();
    await expect(page.getByRole("form", { name: "Swap players" })).toHaveCount(0);
    await expect(warnings).toHaveCount(0);
  });
});
