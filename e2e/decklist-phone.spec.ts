import { devices, expect, test } from "@playwright/test";
import { axeFor } from "./support/axe";
import { createTournamentWithPlayers, readPlayerCodes } from "./support/players";
import { importSampleCards, takeDecklists } from "./support/decklists";

/** A Modern burn list: 60 cards, with `bolts` Lightning Bolts (spelled as given) and a sideboard. */
function burn(bolts: number, boltName = "Lightning Bolt"): string {
  return [
    `${bolts} ${boltName}`,
    "4 Monastery Swiftspear",
    "4 Lava Spike",
    "4 Rift Bolt",
    "4 Skewer the Critics",
    "4 Shock",
    `${36 - (bolts - 4)} Mountain`,
    "",
    "Sideboard",
    "3 Thoughtseize",
  ].join("\n");
}

/**
 * MTR 2.7, CR 100.2a: a player registers their decklist on a 390 px phone with their code: a
 * misspelt card is refused with its suggestion and nothing saved, a fifth copy is saved as not
 * legal with its rule, and the fixed list is legal as of the card data's date.
 */
test("a player pastes their decklist on a phone, fixes a misspelt card and a fifth copy, and registers a legal list", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  importSampleCards();

  const players = ["Ada", "Bo"];
  const overview = await createTournamentWithPlayers(page, `Decklists ${Date.now()}`, players);
  const codes = await readPlayerCodes(page, players);
  await takeDecklists(page, overview, "Modern");

  const phone = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [] },
  });
  const me = await phone.newPage();
  await me.goto(`/play/${codes.get("Ada")!.replaceAll("-", "")}`);
  await expect(me).toHaveURL(/\/play\/me$/);
  await me.getByRole("link", { name: /Your decklist/ }).click();
  await expect(me.getByRole("heading", { name: "Your decklist" })).toBeVisible();

  const form = me.getByRole("form", { name: "Your decklist" });
  const list = form.getByLabel("Your list");
  // Read as it is typed: the counts before anything is sent.
  await list.fill(burn(4, "Lightnig Bolt"));
  await expect(me.getByTestId("decklist-reading")).toHaveText("Main deck 60 · Sideboard 3");
  await form.getByRole("button", { name: "Save my list" }).click();
  await expect(form.getByRole("list", { name: "What to fix" })).toHaveText(
    "Line 1: no card is named “Lightnig Bolt”. Did you mean Lightning Bolt?",
  );
  await expect(me.getByTestId("decklist-verdict")).toHaveCount(0);
  // Nothing was lost: the text is still there to fix.
  await expect(list).toHaveValue(burn(4, "Lightnig Bolt"));

  await list.fill(burn(5));
  await form.getByRole("button", { name: "Save my list" }).click();
  const verdict = me.getByTestId("decklist-verdict");
  await expect(verdict).toContainText("Not legal yet");
  await expect(verdict.getByRole("list", { name: "Problems" })).toContainText("Lightning Bolt");
  await expect(verdict).toContainText("100.2a");
  await me.screenshot({ path: "screenshots/decklist-phone-illegal-390.png", fullPage: true });

  await me.getByRole("form", { name: "Your decklist" }).getByLabel("Your list").fill(burn(4));
  await me.getByRole("form", { name: "Your decklist" }).getByLabel("Deck name").fill("Burn");
  await me
    .getByRole("form", { name: "Your decklist" })
    .getByRole("button", { name: "Save my list" })
    .click();
  await expect(verdict).toContainText("Legal as of 28 Nov 2026 · Burn");
  await expect(verdict).toContainText("Main deck 60 · Sideboard 3 · version 2");
  await expect(
    me.getByRole("list", { name: "Changes to your list" }).getByRole("listitem"),
  ).toHaveCount(2);
  await me.screenshot({ path: "screenshots/decklist-phone-legal-390.png", fullPage: true });
  const results = await axeFor(me).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  // No sideways scroll on the phone.
  expect(await me.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();
});

/**
 * MTR 2.7: in a team event each member registers the deck they play, on their own phone with
 * their own code; the staff see each member's list, and the team's decks registered only once
 * every member's list is in.
 */
test("a team member registers their own deck on their phone; staff see each member's list", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  importSampleCards();
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(`Trios lists ${Date.now()}`);
  await page.getByLabel("Each side is").selectOption("TEAMS_OF_THREE");
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Trios lists");
  const overview = page.url();
  await page.getByText("Paste a list of teams").click();
  await page.getByLabel(/One team per line/).fill("Rocket: Ana, Ben, Cleo\nBlue: Dora, Eli, Fay");
  await page.getByRole("button", { name: "Register 2 teams" }).click();
  await expect(
    page.getByRole("list", { name: "Registered teams" }).getByRole("listitem"),
  ).toHaveCount(2);
  const codes = await readPlayerCodes(page, ["Ben (Rocket)"]);
  await takeDecklists(page, overview, "Modern");

  const phone = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [] },
  });
  const ben = await phone.newPage();
  await ben.goto(`/play/${codes.get("Ben (Rocket)")!.replaceAll("-", "")}`);
  await ben.getByRole("link", { name: /Your decklist/ }).click();
  await expect(ben.getByText("Ben (Rocket)")).toBeVisible();
  const form = ben.getByRole("form", { name: "Your decklist" });
  await form.getByLabel("Your list").fill(burn(4));
  await form.getByRole("button", { name: "Save my list" }).click();
  await expect(ben.getByTestId("decklist-verdict")).toContainText("Legal as of 28 Nov 2026");
  expect((await axeFor(ben).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await phone.close();

  await page.goto(`${overview}/decklists`);
  await expect(page.getByTestId("decklist-counts")).toHaveText(
    "Modern: 1 of 6 players have a legal list, 5 without a list.",
  );
  const rows = page.getByRole("list", { name: "Players' decklists" });
  await expect(rows.getByRole("listitem").filter({ hasText: "Ben (Rocket)" })).toContainText(
    "Legal · v1",
  );
  await expect(rows.getByRole("listitem").filter({ hasText: "Ana (Rocket)" })).toContainText(
    "No list",
  );
  // The drop step names the teams, not their members.
  await page.getByRole("button", { name: "Drop the 2 without a legal list" }).click();
  await expect(page.getByText(/Blue, Rocket will be dropped before round 1/)).toBeVisible();
  await rows.getByRole("link", { name: "Ben (Rocket)" }).click();
  await expect(page).toHaveURL(/\?seat=1$/);
  await expect(page.getByTestId("decklist-verdict")).toContainText("Legal");
});
