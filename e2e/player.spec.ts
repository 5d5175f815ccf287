import { expect, test } from "@playwright/test";

test.describe("player", () => {
  test("checks standings and pairings of a running event on a phone, without an account", async ({
    page,
    browser,
    playwright,
  }) => {
    // The organizer (signed in) loads the demo event; it is published.
    await page.goto("/");
    await page.getByRole("button", { name: "Load demo event" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Demo: Modern Showdown" }),
    ).toBeVisible({ timeout: 60_000 });
    const standingsUrl = page.url();

    // A player's phone: no session at all.
    const phone = await browser.newContext({
      ...playwright.devices["Pixel 7"],
      storageState: { cookies: [], origins: [] },
    });
    const player = await phone.newPage();
    await player.goto(standingsUrl);
    await expect(
      player.getByRole("heading", { level: 1, name: "Demo: Modern Showdown" }),
    ).toBeVisible();
    await expect(player.getByRole("link", { name: "Players & rounds" })).toHaveCount(0);
    const rows = player.getByRole("row");
    await expect(rows).toHaveCount(24); // header + 23 players
    // After three rounds the leader has three wins: 9 match points.
    await expect(rows.nth(1).getByRole("cell").nth(2)).toHaveText("9");

    // Where do I sit? Pairings by name, filtered to the player.
    await player.getByRole("link", { name: "Pairings" }).click();
    await expect(player.getByRole("heading", { name: "Round 4 pairings by name" })).toBeVisible();
    const byName = player.getByRole("list", { name: "Pairings by name" }).getByRole("listitem");
    await expect(byName).toHaveCount(23);
    // A plain GET search (?q=): it works before JavaScript loads and the link can be shared.
    await player.getByLabel("Find your name").fill("DÂRA");
    await player.getByLabel("Find your name").press("Enter");
    await expect(player).toHaveURL(/[?&]q=D%C3%82RA/);
    await expect(byName).toHaveCount(1);
    await expect(byName.first()).toContainText(/T\d+Dara Okaforvs \w+/);
    await phone.close();

    // The organizer runs the round.
    await page.getByRole("link", { name: "Players & rounds" }).click();
    await page.getByRole("link", { name: /Round 4/ }).click();
    await expect(page.getByRole("heading", { name: "Round 4 pairings" })).toBeVisible();
    await expect(page.getByText("Bye: 2-0 win")).toBeVisible();
  });
});
