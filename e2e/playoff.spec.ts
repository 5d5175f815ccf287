import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { reportAll } from "./support/players";

test.describe("organizer runs a playoff", () => {
  test("cuts to a top 4 after Swiss, the bracket advances with each result to a champion", async ({
    page,
  }) => {
    const name = `Playoff Cup ${Date.now()}`;
    await page.goto("/");
    await page.getByLabel("Tournament name").fill(name);
    await page.getByRole("button", { name: "Create tournament" }).click();
    for (const player of ["Ash", "Birch", "Cedar", "Dogwood", "Elm"]) {
      await page.getByLabel("Player name").fill(player);
      await page.getByRole("button", { name: "Add player" }).click();
      await expect(
        page.getByRole("list", { name: "Registered players" }).getByText(player),
      ).toBeVisible();
    }
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await expect(page.getByText("Bye: 2-0 win")).toBeVisible();
    await reportAll(page, "2-0");

    await page.getByRole("link", { name: "Players & rounds" }).click();
    await page.getByRole("form", { name: "Start playoff" }).getByLabel("Cut to").selectOption("4");
    await page.getByRole("button", { name: "Start playoff" }).click();
    await expect(page.getByRole("heading", { name: "Top 4" })).toBeVisible();
    const semifinals = page.getByRole("region", { name: "Semifinals" });
    await expect(semifinals.getByRole("listitem")).toHaveCount(2);
    await expect(
      page.getByRole("region", { name: "Final", exact: true }).getByText("To be decided"),
    ).toHaveCount(2);

    await semifinals.getByRole("link", { name: "Semifinals", exact: true }).click();
    // Playoff rounds are named by their place in the bracket.
    await expect(page.getByRole("heading", { name: "Semifinals (playoff)" })).toBeVisible();
    // No draws in single elimination: the quick buttons offer none, and a typed 1-1 is refused.
    const first = page.getByRole("list", { name: "Pairings" }).getByRole("listitem").first();
    await expect(first.getByRole("button", { name: "1-1-1", exact: true })).toHaveCount(0);
    await first
      .getByLabel(/^Games won by/)
      .first()
      .fill("1");
    await first
      .getByLabel(/^Games won by/)
      .last()
      .fill("1");
    await first.getByRole("button", { name: "Save" }).click();
    await expect(first.getByRole("alert")).toContainText(/draw/i);
    await reportAll(page, "2-1");

    await page.getByRole("link", { name: "Playoff" }).click();
    // Both semifinals went to side A, the higher seed: the final is seed 1 against seed 2.
    const finalCard = page
      .getByRole("region", { name: "Final", exact: true })
      .getByRole("listitem");
    await expect(finalCard).toContainText(/1\s*\w+\s*2\s*\w+/);
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
    const secondSeed = (await finalCard.innerText()).match(/2\s*(\w+)/)![1]!;
    await page.getByRole("link", { name: "Final", exact: true }).click();
    await reportAll(page, "0-2");
    await page.getByRole("link", { name: "Playoff" }).click();
    // Seed 2, side B, won the final 2-0.
    await expect(page.getByRole("status")).toHaveText(`Champion: ${secondSeed}`);

    // MTR 2.1: the playoff rounds keep their names in the pairings, their downloads and the list.
    await page
      .getByRole("navigation", { name: "Tournament" })
      .getByRole("link", { name: "Pairings" })
      .click();
    await expect(page.getByRole("heading", { name: "Final pairings by name" })).toBeVisible();
    const downloads = page.getByRole("group", { name: "Downloads" });
    await expect(downloads.getByRole("link", { name: "Final pairings" })).toBeVisible();
    const download = page.waitForEvent("download");
    await downloads.getByRole("link", { name: "Every result" }).click();
    const rounds = readFileSync(await (await download).path(), "utf8")
      .split("\r\n")
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(",")[0]);
    expect([...new Set(rounds)]).toEqual(["Round 1", "Semifinals", "Final"]);
    await page.goto("/");
    await expect(
      page.getByRole("list", { name: "Your tournaments" }).getByRole("listitem").filter({
        hasText: name,
      }),
    ).toContainText("5 players · 1 Swiss round · top 4");
  });
});
