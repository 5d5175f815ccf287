import { expect, test } from "@playwright/test";
import { axeFor } from "./support/axe";
import { createTournamentWithPlayers, reportAll } from "./support/players";
import { importSampleCards, takeDecklists } from "./support/decklists";
import { joinStaff, signUp } from "./support/staff";

const PAPER_LIST = [
  "4 Lightning Bolt",
  "4 Monastery Swiftspear",
  "4 Lava Spike",
  "4 Rift Bolt",
  "4 Skewer the Critics",
  "4 Shock",
  "36 Mountain",
].join("\n");

/**
 * MTR 2.7, 2.10: staff type a player's paper list, see who has no legal list, and before round 1
 * drop the players still without one in one confirmed step.
 */
test("staff type a paper decklist, see who has none, and drop those players before round 1 in one confirmed step", async ({
  page,
}) => {
  test.setTimeout(120_000);
  importSampleCards();
  const overview = await createTournamentWithPlayers(page, `Paper lists ${Date.now()}`, [
    "Ada",
    "Bo",
    "Cy",
  ]);
  await takeDecklists(page, overview, "Modern");

  await page.getByRole("link", { name: "Decklists" }).click();
  await expect(page.getByTestId("decklist-counts")).toHaveText(
    "Modern: 0 of 3 players have a legal list, 3 without a list.",
  );
  await page
    .getByRole("list", { name: "Players' decklists" })
    .getByRole("link", { name: "Bo" })
    .click();
  const form = page.getByRole("form", { name: "Enter the list" });
  await form.getByLabel("List").fill(PAPER_LIST);
  await form.getByRole("button", { name: "Save the list" }).click();
  await expect(page.getByTestId("decklist-verdict")).toContainText("Legal as of 28 Nov 2026");
  await expect(page.getByRole("list", { name: "Changes to the list" })).toContainText(
    "Version 1 by",
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `screenshots/decklist-staff-${width}.png`, fullPage: true });
  }
  expect((await axeFor(page).analyze()).violations.map((violation) => violation.id)).toEqual([]);

  await page.getByRole("link", { name: "All decklists" }).click();
  await expect(page.getByTestId("decklist-counts")).toHaveText(
    "Modern: 1 of 3 players have a legal list, 2 without a list.",
  );
  await page.getByRole("button", { name: "Drop the 2 without a legal list" }).click();
  await expect(page.getByText(/Ada, Cy will be dropped before round 1/)).toBeVisible();
  await page.getByRole("button", { name: "Yes, drop 2" }).click();
  await expect(page.getByTestId("decklist-counts")).toHaveText(
    "Modern: 1 of 1 players have a legal list.",
  );
  expect((await axeFor(page).analyze()).violations.map((violation) => violation.id)).toEqual([]);
});

/** MTR 2.7: lists are private until the organizer publishes them; then anyone reads them, with the metagame. */
test("the organizer publishes the decklists: a visitor reads each list and the metagame by archetype", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  importSampleCards();
  const overview = await createTournamentWithPlayers(page, `Public lists ${Date.now()}`, [
    "Ada",
    "Bo",
  ]);
  await page.goto(`${overview}/staff`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  const settings = page.getByRole("form", { name: "Settings" });
  await settings.getByLabel("Checked as").selectOption({ label: "Modern" });
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Settings saved.");
  for (const player of ["Ada", "Bo"]) {
    await page.goto(`${overview}/decklists`);
    await page
      .getByRole("list", { name: "Players' decklists" })
      .getByRole("link", { name: player })
      .click();
    const form = page.getByRole("form", { name: "Enter the list" });
    await form.getByLabel("List").fill(PAPER_LIST);
    await form.getByLabel("Deck name").fill("Burn");
    await form.getByRole("button", { name: "Save the list" }).click();
    await expect(page.getByTestId("decklist-verdict")).toContainText("Legal");
  }

  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guest = await visitor.newPage();
  await guest.goto(`${overview}/decklists`);
  await expect(guest.getByText("No decklists are public for this event yet.")).toBeVisible();

  await page.goto(`${overview}/staff`);
  await settings.getByLabel("Public lists").selectOption({ label: "All" });
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Settings saved.");

  // DL4: published, the lists still wait until players may no longer change theirs.
  await guest.reload();
  await expect(guest.getByText("No decklists are public for this event yet.")).toBeVisible();
  await page.goto(overview);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();

  await guest.reload();
  await expect(guest.getByRole("region", { name: "Metagame" })).toContainText(/Burn\s*2 \(100%\)/);
  const lists = guest
    .getByRole("list", { name: "Decklists" })
    .getByRole("listitem")
    .filter({ hasText: "Ada" });
  await lists.getByText("Ada").click();
  await expect(lists).toContainText("4 Lightning Bolt");
  await guest.setViewportSize({ width: 390, height: 844 });
  await guest.screenshot({ path: "screenshots/decklists-public-390.png", fullPage: true });
  expect((await axeFor(guest).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await visitor.close();
});

/**
 * MTR 2.7, IPG 3.4: a scorekeeper types a paper list, fixes the name the app could not match, and
 * once round 1 makes the lists final corrects it only with a reason kept in its history.
 */
test("a scorekeeper types a paper list, resolves an unknown name, and corrects it after the deadline with a reason", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  importSampleCards();
  const overview = await createTournamentWithPlayers(page, `Scorekeeper lists ${Date.now()}`, [
    "Ada",
    "Bo",
  ]);
  await takeDecklists(page, overview, "Modern");
  const scorekeeper = await signUp(browser, "Sam Scorekeeper");
  await joinStaff(page, overview, scorekeeper, "SCOREKEEPER");

  const desk = scorekeeper.page;
  await desk.goto(`${overview}/decklists`);
  await desk
    .getByRole("list", { name: "Players' decklists" })
    .getByRole("link", { name: "Ada" })
    .click();
  const form = desk.getByRole("form", { name: "Enter the list" });
  await form.getByLabel("List").fill(PAPER_LIST.replace("Lightning Bolt", "Lightnin Bolt"));
  await form.getByRole("button", { name: "Save the list" }).click();
  await expect(form.getByRole("alert", { name: "What to fix" })).toContainText(
    "Line 1: no card is named “Lightnin Bolt”. Did you mean Lightning Bolt?",
  );
  // Nothing typed is lost: the list comes back as it was sent, to fix one line.
  await expect(form.getByLabel("List")).toHaveValue(/^4 Lightnin Bolt\n/);
  await form.getByLabel("List").fill(PAPER_LIST);
  await form.getByRole("button", { name: "Save the list" }).click();
  await expect(desk.getByTestId("decklist-verdict")).toContainText("Legal as of 28 Nov 2026");

  await page.goto(overview);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();

  await desk.reload();
  const late = desk.getByRole("form", { name: "Enter the list" });
  await late.getByLabel(/^List/).fill(PAPER_LIST.replace("36 Mountain", "35 Mountain\n1 Shock"));
  await late.getByRole("button", { name: "Save the list" }).click();
  await expect(late.getByRole("alert")).toHaveText(/say why you change this one/);
  await late.getByLabel(/^Reason/).fill("Registered 4 Shock on paper, wrote 5: list corrected.");
  await late.getByRole("button", { name: "Save the list" }).click();
  const history = desk.getByRole("list", { name: "Changes to the list" });
  await expect(history).toContainText("Version 2 by Sam Scorekeeper");
  await expect(history).toContainText("Registered 4 Shock on paper, wrote 5: list corrected.");
  expect((await axeFor(desk).analyze()).violations.map((violation) => violation.id)).toEqual([]);
});

/** MTR 2.7: published as "the top cut's", only the lists of players in the top 8 are public. */
test("the organizer publishes the top 8's lists: a visitor reads those eight and no other", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  importSampleCards();
  const players = ["Ash", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Gum", "Hazel", "Ivy"];
  const overview = await createTournamentWithPlayers(page, `Top 8 lists ${Date.now()}`, players);
  await page.goto(`${overview}/staff`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  await takeDecklists(page, overview, "Modern");
  for (const player of players) {
    await page.goto(`${overview}/decklists`);
    await page
      .getByRole("list", { name: "Players' decklists" })
      .getByRole("link", { name: player, exact: true })
      .click();
    const form = page.getByRole("form", { name: "Enter the list" });
    await form.getByLabel("List").fill(PAPER_LIST);
    await form.getByLabel("Deck name").fill(player === "Ivy" ? "Mono-Red" : "Burn");
    await form.getByRole("button", { name: "Save the list" }).click();
    await expect(page.getByTestId("decklist-verdict")).toContainText("Legal");
  }
  await page.goto(`${overview}/staff`);
  const settings = page.getByRole("form", { name: "Settings" });
  await settings.getByLabel("Public lists").selectOption({ label: "The top cut's" });
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Settings saved.");

  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guest = await visitor.newPage();
  await guest.goto(`${overview}/decklists`);
  // Before the cut nobody is in it, so nothing is public yet.
  await expect(guest.getByText("No decklists are public for this event yet.")).toBeVisible();

  await page.goto(overview);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByText("Bye: 2-0 win")).toBeVisible();
  await reportAll(page, "2-0");
  await page.getByRole("link", { name: "Players & rounds" }).click();
  await page.getByRole("form", { name: "Start playoff" }).getByLabel("Cut to").selectOption("8");
  await page.getByRole("button", { name: "Start playoff" }).click();
  const quarterfinals = page.getByRole("region", { name: "Quarterfinals" });
  await expect(quarterfinals.getByRole("listitem")).toHaveCount(4);
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
  const bracket = await quarterfinals.innerText();
  const cut = players.filter((player) => new RegExp(`\\b${player}\\b`).test(bracket));
  expect(cut).toHaveLength(8);
  const left = players.find((player) => !cut.includes(player))!;

  await guest.reload();
  const lists = guest.getByRole("list", { name: "Decklists" }).getByRole("listitem");
  await expect(lists).toHaveCount(8);
  for (const player of cut) await expect(lists.filter({ hasText: player })).toHaveCount(1);
  await expect(lists.filter({ hasText: left })).toHaveCount(0);
  await guest.setViewportSize({ width: 390, height: 844 });
  await guest.screenshot({ path: "screenshots/decklists-top-cut-390.png", fullPage: true });
  expect((await axeFor(guest).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await visitor.close();
});
