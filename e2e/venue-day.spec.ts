import { expect, test, type Page } from "@playwright/test";
import { createTournamentWithPlayers } from "./support/players";

/**
 * The venue day on a judge's phone and a keyboard: the time screen keeps the cursor on the next
 * tap and brings it into view, a refused tap keeps what was chosen, and the row form takes a
 * concession without game counts.
 */

async function pairTwo(page: Page, name: string, players: [string, string]) {
  const overview = await createTournamentWithPlayers(page, `${name} ${Date.now()}`, players);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  return overview;
}

async function openTimeScreen(page: Page) {
  await page.getByRole("link", { name: "Games at table 1" }).click();
  await page.getByRole("link", { name: "Time / end of match" }).click();
  await expect(page.getByRole("heading", { name: "Table 1: time" })).toBeVisible();
}

test("MTR 2.4: the time screen on a phone keeps the cursor on the next tap and in view", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await pairTwo(page, "Time Focus", ["Ada", "Bo"]);
  await page.getByRole("button", { name: "Start round 1" }).click();
  await expect(page.getByRole("button", { name: "Start round 1" })).toHaveCount(0);
  await openTimeScreen(page);
  const call = page.getByRole("form", { name: "Call time" });
  // The link lands on the procedure: its "Time" button is on the phone's screen, not below it.
  await expect(call.getByRole("button", { name: "Time", exact: true })).toBeInViewport();
  await call.getByRole("radio", { name: "Bo" }).check();
  await call.getByLabel("The active player had already passed the turn").check();
  // The round's clock still runs: calling time now is refused without a reason.
  await call.getByRole("button", { name: "Time", exact: true }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  // What the judge chose is still chosen.
  await expect(call.getByRole("radio", { name: "Bo" })).toBeChecked();
  await expect(call.getByLabel("The active player had already passed the turn")).toBeChecked();
  await call.getByLabel("Why time is called now (kept in the history)").fill("Hall clock");
  await call.getByLabel("The active player had already passed the turn").uncheck();
  await call.getByRole("button", { name: "Time", exact: true }).press("Enter");

  // What "Time" opened is in view, with the cursor on its one tap.
  const turn0 = page.getByRole("button", { name: "Turn 0 ended" });
  await expect(turn0).toBeFocused();
  await expect(turn0).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath("time-called-390.png") });
  // From the keyboard alone: each Enter ends a turn and the cursor waits on the next one.
  await page.keyboard.press("Enter");
  const turn1 = page.getByRole("button", { name: "Additional turn 1 of 5 ended" });
  await expect(turn1).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Additional turn 2 of 5 ended" })).toBeFocused();
  await expect(page.getByLabel("Current turn")).toHaveText("Additional turn 2 of 5");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath("time-turns-1280.png"), fullPage: true });
});

test("MTR 2.5: a concession is saved from the row form without typing game counts", async ({
  page,
}) => {
  await pairTwo(page, "Row Concede", ["Cleo Concedes", "Dax"]);
  const row = page.getByRole("list", { name: "Pairings" }).getByRole("listitem").first();
  await row.getByLabel("Conceded by").selectOption({ label: "Cleo Concedes" });
  await expect(row.getByText("Cleo Concedes conceded: Dax wins 2-0")).toBeVisible();
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("status")).toHaveText("Result saved.");
  await expect(row.getByText("✓ Cleo Concedes conceded: Dax wins 2-0")).toBeVisible();
});

test("MTR 2.5: a penalty form started before another judge's change keeps its version; its save is refused, not applied", async ({
  page,
}) => {
  await pairTwo(page, "Stale Penalty", ["Eli", "Fay"]);
  await openTimeScreen(page);
  const other = await page.context().newPage();
  await other.goto(page.url());
  const mine = page.getByRole("form", { name: "Give a penalty" });
  await mine.getByRole("radio", { name: "Eli" }).check();
  await mine.getByLabel("Note (optional)").fill("Mine, started first");

  const theirs = other.getByRole("form", { name: "Give a penalty" });
  await theirs.getByRole("radio", { name: "Fay" }).check();
  await theirs.getByLabel("Infraction").selectOption({ index: 1 });
  // A Game Loss makes a game (IPG 1.2), so the match moves on to a new version.
  await theirs.getByLabel("Penalty").selectOption({ label: "Game Loss" });
  await theirs.getByRole("button", { name: "Give penalty" }).click();
  await expect(theirs.getByRole("status")).toBeVisible();

  // The live page brings the new version; the started form keeps the one it was opened on.
  await expect(mine.getByText(/changed by someone else while you had this form open/)).toBeVisible({
    timeout: 15_000,
  });
  await mine.getByLabel("Infraction").selectOption({ index: 1 });
  await mine.getByRole("button", { name: "Give penalty" }).click();
  await expect(mine.getByRole("alert")).toContainText("changed by someone else in the meantime");
  await expect(mine.getByRole("radio", { name: "Eli" })).toBeChecked();
  await page.reload();
  await expect(page.getByText(/ to Eli/)).toHaveCount(0);
  await expect(page.getByText(/Game Loss to Fay/).first()).toBeVisible();
  await other.close();
});

test("CR 100.6a: the create form asks no match length for Commander pods, one game each", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByLabel("Match length")).toBeVisible();
  await page
    .getByLabel("Games are")
    .selectOption({ label: "Multiplayer pods of 3–4 players, one game each (Commander)" });
  await expect(page.getByLabel("Match length")).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("create-pods-390.png"), fullPage: true });
  await page.getByLabel("Games are").selectOption({ label: "Two-player matches" });
  await expect(page.getByLabel("Match length")).toBeVisible();
});
