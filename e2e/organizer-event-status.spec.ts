import { expect, test, type Page } from "@playwright/test";
import { reportAll } from "./support/players";

/** The overview's next step, a Swiss-only finish, names, settings, the list. */

const APP = "Spellbook TO";

async function createTournament(page: Page, name: string, plannedRounds?: number) {
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(name);
  if (plannedRounds) await page.getByLabel("Swiss rounds").fill(String(plannedRounds));
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

async function register(page: Page, players: string[]) {
  for (const player of players) {
    await page.getByLabel("Player name").fill(player);
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByRole("list", { name: "Registered players" }).getByText(player),
    ).toBeVisible();
  }
}

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Nothing (a long name, a badge) may make the page wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const tab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Tournament" }).getByRole("link", { name, exact: true });

test.describe("round and event status", () => {
  test("the overview offers only the next step and says why; a Swiss-only event finishes with final standings", async ({
    page,
  }) => {
    const name = `Swiss Only ${Date.now()}`;
    await createTournament(page, name, 2);
    const next = page.getByRole("region", { name: "Next step" });
    const whyNot = page.getByRole("list", { name: "Not offered now" });
    // Its own title, and the current tab marked.
    await expect(page).toHaveTitle(`Players & rounds · ${name} · ${APP}`);
    await expect(tab(page, "Players & rounds")).toHaveAttribute("aria-current", "page");
    await expect(tab(page, "Standings")).not.toHaveAttribute("aria-current", "page");

    await expect(
      next.getByRole("heading", { name: "Register players", exact: true }),
    ).toBeVisible();
    await expect(whyNot).toContainText(
      "Pair a Swiss round: Round 1 needs at least two players; no player is registered yet.",
    );
    await expect(page.getByRole("button", { name: /Pair round/ })).toHaveCount(0);

    await register(page, ["Aspen", "Birch", "Cedar", "Dogwood"]);
    await expect(next.getByRole("heading", { name: "Pair round 1", exact: true })).toBeVisible();
    await expect(page.getByLabel("Swiss rounds")).toHaveText(
      "Swiss rounds: 0 of 2 · recommended 2 for 4 players, no playoff (MTR Appendix E)",
    );
    await expect(page.getByRole("form", { name: "Start playoff" })).toHaveCount(0);
    await screenshots(page, "overview-next-step");

    await page.getByRole("button", { name: "Pair round 1" }).click();
    await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
    await expect(page).toHaveTitle(`Round 1 · ${name} · ${APP}`);
    // Round pages belong to running the event.
    await expect(tab(page, "Players & rounds")).toHaveAttribute("aria-current", "page");

    await tab(page, "Players & rounds").click();
    await expect(
      next.getByRole("heading", { name: "Round 1: enter results", exact: true }),
    ).toBeVisible();
    await expect(whyNot).toContainText(
      "Pair a Swiss round: Round 1 has 2 matches without a result.",
    );
    await expect(whyNot).toContainText("Finish the event: Round 1 has 2 matches without a result.");
    await expect(page.getByRole("button", { name: /Pair round/ })).toHaveCount(0);
    await screenshots(page, "overview-waiting");

    await next.getByRole("link", { name: "Enter round 1 results" }).click();
    await reportAll(page, "2-0");
    await tab(page, "Players & rounds").click();
    await expect(next.getByRole("heading", { name: "Pair round 2", exact: true })).toBeVisible();
    await expect(whyNot).toContainText(
      "Start the playoff: Round 1 of 2 is complete: the Swiss ends after round 2.",
    );
    await expect(page.getByRole("button", { name: "Finish the event" })).toHaveCount(0);

    await page.getByRole("button", { name: "Pair round 2" }).click();
    await reportAll(page, "2-1");
    await tab(page, "Players & rounds").click();
    await expect(
      next.getByRole("heading", { name: "Start the playoff or finish the event", exact: true }),
    ).toBeVisible();
    await expect(whyNot).toContainText("All 2 planned Swiss rounds are played.");
    await expect(page.getByRole("button", { name: /Pair round/ })).toHaveCount(0);
    await screenshots(page, "overview-end-of-swiss");

    // Finishing asks first, naming what becomes final; Escape takes the question back.
    const finish = page.getByRole("button", { name: "Finish the event", exact: true });
    const confirmFinish = page.getByRole("group", { name: "Yes, finish the event" });
    await finish.click();
    await expect(confirmFinish).toContainText(
      "Finishing makes the standings after round 2 final; the playoff can no longer be started.",
    );
    await expect(confirmFinish).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(confirmFinish).toHaveCount(0);
    await expect(finish).toBeFocused();
    await expect(
      next.getByRole("heading", { name: "Start the playoff or finish the event" }),
    ).toBeVisible();
    // Confirmed from the keyboard alone.
    await page.keyboard.press("Enter");
    await expect(confirmFinish).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Yes, finish the event" })).toBeFocused();
    await screenshots(page, "overview-finish-confirm");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Final standings" })).toBeVisible();
    await expect(page).toHaveTitle(`Final standings · ${name} · ${APP}`);
    await expect(tab(page, "Standings")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("row")).toHaveCount(5);

    await tab(page, "Players & rounds").click();
    await expect(next.getByRole("heading", { name: "Event complete", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Drop/ })).toHaveCount(0);
    await expect(
      page.getByRole("button", { name: /Pair round|Start playoff|Finish the event/ }),
    ).toHaveCount(0);

    // A typo in the name is fixed after the event; what decides results stays final.
    await tab(page, "Staff & settings").click();
    const settings = page.getByRole("form", { name: "Settings" });
    await expect(settings.getByLabel("Swiss rounds")).toBeDisabled();
    await settings.getByLabel("Name").fill(`${name} (fixed)`);
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(settings.getByRole("status")).toHaveText("Settings saved.");
    await expect(page.getByRole("heading", { level: 1, name: `${name} (fixed)` })).toBeVisible();

    // Reopened, the event is back where it was before the finish: the playoff may start.
    await tab(page, "Players & rounds").click();
    await page.getByRole("button", { name: "Reopen the event", exact: true }).click();
    const confirmReopen = page.getByRole("group", { name: "Yes, reopen the event" });
    await expect(confirmReopen).toContainText("The standings after round 2 stop being final");
    await confirmReopen.getByRole("button", { name: "Yes, reopen the event" }).click();
    await expect(
      next.getByRole("heading", { name: "Start the playoff or finish the event", exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("form", { name: "Start playoff" })).toBeVisible();
    await expect(page.getByTestId("status-history")).toHaveText(
      /^Finished by .+ · Reopened by .+$/,
    );
  });

  test("playoff rounds are named on the overview, the round's title and the pairings", async ({
    page,
  }) => {
    const name = `Named Rounds ${Date.now()}`;
    await createTournament(page, name);
    await register(page, ["Ash", "Beech", "Cherry", "Dogwood", "Elder"]);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await reportAll(page, "2-0");
    await tab(page, "Players & rounds").click();
    // No number of rounds set: another round, the playoff or the end are all offered.
    await expect(page.getByRole("button", { name: "Pair round 2" })).toBeVisible();
    await page.getByRole("form", { name: "Start playoff" }).getByLabel("Cut to").selectOption("4");
    await page.getByRole("button", { name: "Start playoff" }).click();
    await expect(page.getByRole("region", { name: "Semifinals" })).toBeVisible();
    await expect(page).toHaveTitle(`Playoff · ${name} · ${APP}`);
    await expect(tab(page, "Playoff")).toHaveAttribute("aria-current", "page");

    await tab(page, "Players & rounds").click();
    await expect(page.getByRole("list", { name: "Rounds" })).toContainText("Round 1");
    await expect(page.getByRole("list", { name: "Rounds" })).toContainText("Semifinals");
    await expect(page.getByRole("region", { name: "Next step" })).toContainText(
      "Semifinals: enter results",
    );
    await page
      .getByRole("list", { name: "Rounds" })
      .getByRole("link", { name: /Semifinals/ })
      .click();
    await expect(page).toHaveTitle(`Semifinals · ${name} · ${APP}`);
    await tab(page, "Pairings").click();
    await expect(page.getByRole("heading", { name: "Semifinals pairings by name" })).toBeVisible();
    await expect(page).toHaveTitle(`Pairings · ${name} · ${APP}`);
  });

  test("settings are edited while they may change; the ones that may not say why", async ({
    page,
  }) => {
    const name = `Settings Cup ${Date.now()}`;
    await createTournament(page, name, 3);
    await tab(page, "Staff & settings").click();
    await expect(page).toHaveTitle(`Staff & settings · ${name} · ${APP}`);
    await expect(tab(page, "Staff & settings")).toHaveAttribute("aria-current", "page");
    const settings = page.getByRole("form", { name: "Settings" });
    await settings.getByLabel("Name").fill(`${name} (renamed)`);
    await settings.getByLabel("Swiss matches").selectOption("Best of one");
    await settings.getByLabel("Swiss rounds").fill("4");
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(settings.getByRole("status")).toHaveText("Settings saved.");
    await expect(page.getByRole("heading", { level: 1, name: `${name} (renamed)` })).toBeVisible();
    await expect(page.getByText("Swiss, best of one")).toBeVisible();
    await expect(page).toHaveTitle(`Staff & settings · ${name} (renamed) · ${APP}`);
    await expect(settings.getByLabel("Swiss rounds")).toHaveValue("4");

    // Once round 1 has a result, best-of and the tiebreakers are fixed (MTR 2.1, 3.1).
    await tab(page, "Players & rounds").click();
    await register(page, ["Ivy", "Juniper"]);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await reportAll(page, "1-0");
    await tab(page, "Staff & settings").click();
    await expect(settings.getByLabel("Swiss matches")).toBeDisabled();
    await expect(settings).toContainText(
      "Round 1 has started: the match length was announced for the Swiss (MTR 2.1).",
    );
    await settings.getByLabel("Swiss rounds").fill("2");
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(settings.getByRole("status")).toHaveText("Settings saved.");
    await screenshots(page, "settings");

    // Deleting asks for the name first.
    const remove = page.getByRole("form", { name: "Delete tournament" });
    await remove.getByRole("textbox").fill("not the name");
    await remove.getByRole("button", { name: "Delete tournament" }).click();
    await expect(remove).toContainText("The name does not match.");
    const tournamentUrl = page.url();
    const currentName = `${name} (renamed)`;
    await remove.getByRole("textbox").fill(currentName);
    await remove.getByRole("button", { name: "Delete tournament" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/?q=${encodeURIComponent(currentName)}`);
    await expect(page.getByRole("heading", { name: "Your tournaments" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: currentName })).toHaveCount(0);
    await page.goto(tournamentUrl);
    await expect(page.getByRole("heading", { name: "Tournament not found" })).toBeVisible();
  });

  test("the tournament list is searched and paged; unknown tournaments and rounds are not found", async ({
    page,
  }) => {
    // Twenty-one tournaments are made through the form, a page load and a server action each.
    test.setTimeout(180_000);
    const stamp = Date.now();
    for (let index = 1; index <= 21; index++) {
      await page.goto("/");
      await page
        .getByLabel("Tournament name")
        .fill(`${index === 7 ? "Zebra" : "Heron"} League ${stamp} #${index}`);
      await page.getByRole("button", { name: "Create tournament" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`#${index}`);
    }
    const roundUrl = page.url();
    await page.goto("/");
    await expect(page).toHaveTitle(APP);
    await page.getByLabel("Find a tournament").fill(`league ${stamp}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText(`21 matches for “league ${stamp}”`)).toBeVisible();
    const list = page.getByRole("list", { name: "Your tournaments" });
    await expect(list.getByRole("listitem")).toHaveCount(20);
    await page
      .getByRole("navigation", { name: "Pages" })
      .getByRole("link", { name: "2", exact: true })
      .click();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText(`#1`);
    await screenshots(page, "list-page-2");

    await page.getByLabel("Find a tournament").fill(`zebra league ${stamp}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText(`Zebra League ${stamp} #7`);
    await screenshots(page, "list-search");

    await page.goto("/tournaments/no-such-tournament");
    await expect(page.getByRole("heading", { name: "Tournament not found" })).toBeVisible();
    await page.goto(`${roundUrl}/rounds/99`);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    await expect(tab(page, "Players & rounds")).toBeVisible();
  });
});
