import { expect, test } from "@playwright/test";
import { createTournamentWithPlayers, readPlayerCodes, reportAll } from "./support/players";

/** MTR 2.4, 2.10: once the event is finished, no page counts down and no player is sent to play. */

test("a finished event: the pairings and round pages say the round is over, and a player's phone says where they finished", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const players = ["Alder", "Basswood", "Catalpa", "Deodar"];
  const overview = await createTournamentWithPlayers(page, `Finished ${Date.now()}`, players);
  const codes = await readPlayerCodes(page, players);
  await page.goto(`${overview}/staff`);
  const settings = page.getByRole("form", { name: "Settings" });
  await settings.getByLabel("Swiss rounds").fill("1");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Settings saved.");
  await page.goto(overview);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await page.getByRole("button", { name: "Start round 1" }).click();
  await expect(page.getByRole("button", { name: "Start round 1" })).toHaveCount(0);
  await expect(page.getByLabel("Round clock", { exact: false }).first()).toContainText(":");
  await reportAll(page, "2-0");
  // Every result in: the round page says so, as the projector does.
  await page.reload();
  await expect(page.getByLabel("Round clock: round over")).toHaveText("Round over");
  await expect(page.getByText("Time left")).toHaveCount(0);

  await page.goto(overview);
  await page.getByRole("button", { name: "Finish the event", exact: true }).click();
  await page.getByRole("button", { name: "Yes, finish the event" }).click();
  await expect(page.getByRole("button", { name: "Yes, finish the event" })).toHaveCount(0);
  await expect(page.getByText("Complete", { exact: true })).toBeVisible();

  await page.goto(`${overview}/pairings`);
  await expect(page.getByLabel("Round clock: round over")).toHaveText("Round over");
  await expect(page.getByText("Time left")).toHaveCount(0);

  const phone = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const me = await phone.newPage();
  await me.goto(`/play/${codes.get("Alder")!.replaceAll("-", "")}`);
  await expect(me).toHaveURL(/\/play\/me$/);
  await expect(me.getByTestId("event-over")).toContainText("The event is over.");
  await expect(me.getByTestId("my-final-standing")).toContainText(
    /You finished \d(st|nd|rd|th) of 4/,
  );
  await expect(me.getByTestId("my-table")).toHaveCount(0);
  await expect(me.getByRole("button", { name: /Call a judge/ })).toHaveCount(0);
  await expect(me.getByRole("button", { name: /I won/ })).toHaveCount(0);
  await phone.close();
});
