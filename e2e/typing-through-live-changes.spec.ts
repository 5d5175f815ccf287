import { expect, test, type Page } from "@playwright/test";
import { createTournamentWithPlayers } from "./support/players";

/**
 * MTR 2.5: a game being typed into the match page in tab 1 is kept while tab 2 changes the match:
 * the live update does not clear it, the form says the match changed meanwhile, and its save is
 * refused as stale rather than applied over the newer change.
 */
/** A two-player event paired, table 1's match page open in this tab and in a second one. */
async function tableOneInTwoTabs(page: Page) {
  await createTournamentWithPlayers(page, `Typing through ${Date.now()}`, ["Ada", "Bo"]);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  await page.getByRole("link", { name: "Games at table 1" }).click();
  const heading = page.getByRole("heading", { name: /^Table 1: / });
  await expect(heading).toBeVisible();
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
  const [, a, b] = (await heading.innerText()).match(/^Table 1: (\S+) vs (\S+)$/)!;
  const other = await page.context().newPage();
  await other.goto(page.url());
  return { a: a!, b: b!, other };
}

test("MTR 2.5: the record-game form keeps what was typed through another tab's change, says so, and its save is refused", async ({
  page,
}) => {
  const { a, b, other } = await tableOneInTwoTabs(page);

  // Tab 1: game 1 typed, not sent.
  const record = page.getByRole("form", { name: "Record game 1" });
  await record.getByRole("radio", { name: "Draw first" }).check();
  await record
    .getByLabel("How the game ended")
    .selectOption({ label: "Life total 0 or less (104.3b)" });
  const winner = record.getByRole("group", { name: "Who won game 1" });
  await winner.getByRole("radio", { name: b }).check();

  // Tab 2: game 1 restarted (CR 104.6), a change to the match that keeps it at game 1.
  await other.getByText("Game 1 restarted? (Karn Liberated, CR 104.6)").click();
  const restart = other.getByRole("form", { name: "Game 1 restarted" });
  await restart.getByRole("radio", { name: a }).check();
  await restart.getByRole("button", { name: "Record the restart" }).click();
  await expect(other.getByLabel("Next chooser")).toContainText("restarted");

  // Tab 1 follows the live change, and what was typed is still there.
  await expect(page.getByLabel("Next chooser")).toContainText("restarted", { timeout: 15_000 });
  await expect(
    record.getByText("changed by someone else while you had this form open"),
  ).toBeVisible();
  await expect(record.getByRole("radio", { name: "Draw first" })).toBeChecked();
  await expect(record.getByLabel("How the game ended")).toHaveValue("LIFE");
  await expect(winner.getByRole("radio", { name: b })).toBeChecked();

  // Its save is refused as stale, not applied over the warning; nothing typed is lost.
  await record.getByRole("button", { name: "Record game 1" }).click();
  await expect(record.getByRole("alert")).toContainText("changed by someone else in the meantime");
  await expect(record.getByLabel("How the game ended")).toHaveValue("LIFE");
  await other.reload();
  await expect(other.getByText("No game recorded yet.")).toBeVisible();
  await other.close();
});

test("MTR 2.5: a game typed while another tab records that game is kept with its refusal, until the judge chooses to see the record", async ({
  page,
}) => {
  const { a, b, other } = await tableOneInTwoTabs(page);
  const record = page.getByRole("form", { name: "Record game 1" });
  await record
    .getByLabel("How the game ended")
    .selectOption({ label: "Life total 0 or less (104.3b)" });
  await record
    .getByRole("group", { name: "Who won game 1" })
    .getByRole("radio", { name: b })
    .check();

  // Tab 2 records game 1 the other way: the match moves on to game 2.
  const theirs = other.getByRole("form", { name: "Record game 1" });
  await theirs
    .getByRole("group", { name: /won the die roll/ })
    .getByRole("radio", { name: a })
    .check();
  await theirs
    .getByLabel("How the game ended")
    .selectOption({ label: "Life total 0 or less (104.3b)" });
  await theirs
    .getByRole("group", { name: "Who won game 1" })
    .getByRole("radio", { name: a })
    .check();
  await theirs.getByRole("button", { name: "Record game 1" }).click();
  await expect(other.getByRole("form", { name: "Record game 2" })).toBeVisible();

  // Tab 1 still holds game 1 as typed, and says the match changed.
  await expect(
    record.getByText("changed by someone else while you had this form open"),
  ).toBeVisible({ timeout: 15_000 });
  await expect(record.getByLabel("How the game ended")).toHaveValue("LIFE");
  await record.getByRole("button", { name: "Record game 1" }).click();
  await expect(record.getByRole("alert")).toContainText("changed by someone else in the meantime");
  await expect(record.getByLabel("How the game ended")).toHaveValue("LIFE");

  // The judge chooses to see the record: the form moves on to game 2, blank.
  await record.getByRole("button", { name: "Show the match as it is now" }).click();
  const next = page.getByRole("form", { name: "Record game 2" });
  await expect(next.getByLabel("How the game ended")).toHaveValue("");
  await other.reload();
  await expect(other.getByRole("form", { name: "Record game 2" })).toBeVisible();
  await other.close();
});
