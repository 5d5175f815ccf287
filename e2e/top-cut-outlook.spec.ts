import { expect, test } from "@playwright/test";
import { createTournamentWithPlayers, reportAll } from "./support/players";

/** MTR 3.1: the cut goes by the Swiss standings; players see what each record from here means. */
test("after round 2 of 3 with a top 4, the leader is in with a win and their pairing says why", async ({
  page,
}, testInfo) => {
  const players = ["Alder", "Beech", "Cedar", "Dogwood", "Elm", "Fir", "Ginkgo", "Holly"];
  const overview = await createTournamentWithPlayers(page, `Outlook Cup ${Date.now()}`, players);
  await page.goto(`${overview}/staff`);
  const settings = page.getByRole("form", { name: "Settings" });
  await settings.getByLabel("Swiss rounds").fill("3");
  await settings.getByLabel("Planned top cut").fill("4");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Settings saved.");

  await page.goto(overview);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await reportAll(page, "2-0");
  const next = page.getByRole("region", { name: "Next step" });
  await next.getByRole("button", { name: "Pair round 2" }).click();
  await expect(page.getByRole("heading", { name: "Round 2 pairings" })).toBeVisible();
  await reportAll(page, "2-0");
  await next.getByRole("button", { name: "Pair round 3" }).click();
  await expect(page.getByRole("heading", { name: "Round 3 pairings" })).toBeVisible();

  await page.goto(`${overview}/standings`);
  await expect(page.getByRole("heading", { name: "Standings after round 2" })).toBeVisible();
  const leaderRow = page.getByRole("table").getByRole("row").nth(1);
  // The leader's outlook is the table's first, in the row under theirs.
  const need = page.getByRole("table").getByTestId("what-do-i-need").first();
  await need.getByText("What do I need?").click();
  await expect(need).toContainText("Win (1-0): in the top 4, whatever else happens");
  await expect(need).toContainText("Exact on points");
  await expect(need.getByTestId("outlook-estimate")).toHaveCount(0);
  // 8 players, three at most on 6 points: a 2-0 player is in even after a loss.
  await expect(need).toContainText("Lose (0-1): in the top 4, whatever else happens");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: testInfo.outputPath(`standings-outlook-${width}.png`),
      fullPage: true,
    });
  }

  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
  const leaderName = (await leaderRow.getByRole("cell").nth(1).innerText()).split("\n")[0]!.trim();
  await page.goto(`${overview}/pairings`);
  const row = page
    .getByRole("list", { name: "Pairings by name" })
    .getByRole("listitem")
    .filter({ has: page.getByText(leaderName, { exact: true }) });
  const why = row.getByTestId("why-this-pairing");
  await why.getByText("Why this pairing?").click();
  await expect(why).toContainText("Both on 6 points: players meet others on the same points.");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: testInfo.outputPath(`pairings-why-${width}.png`),
      fullPage: true,
    });
  }
});
