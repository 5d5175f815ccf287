import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { reportAll } from "./support/players";

/** Screenshots for looking at, not compared: git-ignored. */
async function screenshots(page: Page, name: string) {
  mkdirSync("screenshots", { recursive: true });
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `screenshots/event-day-${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

async function createTournament(page: Page, name: string) {
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(name);
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
}

const players = (page: Page) => page.getByRole("list", { name: "Registered players" });

async function pasteList(page: Page, names: string[]) {
  await page.getByText("Paste a list of players").click();
  await page.getByLabel("One name per line").fill(names.join("\n"));
}

test.describe("the event day", () => {
  test("registration: a pasted list with a line-by-line preview, registered at once; names in locale order; rename and remove before round 1", async ({
    page,
  }) => {
    await createTournament(page, `Paste Open ${Date.now()}`);
    await page.getByLabel("Player name").fill("Zoë Quist");
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(players(page).getByText("Zoë Quist")).toBeVisible();

    await pasteList(page, [
      "Émile Roux",
      "anders berg",
      "",
      "Anders Berg",
      "zoë quist",
      "x".repeat(81),
      "Ångel Ruiz",
      "Bea Typo",
    ]);
    const preview = page.getByRole("list", { name: "Preview" });
    await expect(preview.getByRole("listitem")).toHaveCount(8);
    await expect(preview).toContainText("Line 3 is empty. Skipped.");
    await expect(preview).toContainText("Line 4: Anders Berg is already on line 2. Skipped.");
    await expect(preview).toContainText("Line 5: zoë quist is already registered. Skipped.");
    await expect(preview).toContainText(
      "Line 6: keep the name to 80 characters or fewer (it has 81). Skipped.",
    );
    await screenshots(page, "paste-preview");
    await page.getByRole("button", { name: "Register 4 players" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "4 players registered." }),
    ).toContainText("Skipped: Line 3 is empty.");
    // Intl.Collator order: Å next to A, É next to E, not after Z as by character code.
    await expect(players(page).getByRole("listitem")).toHaveText([
      /^anders berg/,
      /^Ångel Ruiz/,
      /^Bea Typo/,
      /^Émile Roux/,
      /^Zoë Quist/,
    ]);

    await page.getByRole("button", { name: "Rename Bea Typo" }).click();
    await page.getByLabel("New name for Bea Typo").fill("Bea Tipo");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(players(page).getByText("Bea Tipo")).toBeVisible();

    await page.getByRole("button", { name: "Remove anders berg" }).click();
    await expect(page.getByRole("group", { name: "Remove anders berg" })).toContainText(
      "will no longer be registered",
    );
    await page.getByRole("button", { name: "Remove anders berg" }).click();
    await expect(players(page).getByRole("listitem")).toHaveCount(4);
    await screenshots(page, "registered");

    await page.getByRole("button", { name: "Pair round 1" }).click();
    await page.getByRole("link", { name: "Players & rounds" }).click();
    // Once round 1 is paired an entry is no longer removed: the player drops.
    await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Drop Bea Tipo" })).toBeVisible();
    // MTR: a late entry's missed round counts as a loss, and the organizer is told so.
    await page.getByLabel("Player name").fill("Late Lou");
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByText(
        "Late Lou is registered. They join in round 2: the round they missed counts as a match loss (0-2).",
      ),
    ).toBeVisible();
  });

  test("MTR 2.10: a drop is confirmed naming its consequence, undone before the next round is paired, and the history says who did each", async ({
    page,
  }) => {
    await createTournament(page, `Undo Cup ${Date.now()}`);
    await pasteList(page, ["Ada", "Bo", "Cy", "Di"]);
    await page.getByRole("button", { name: "Register 4 players" }).click();
    await expect(players(page).getByRole("listitem")).toHaveCount(4);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await reportAll(page, "2-0");
    await page.getByRole("link", { name: "Players & rounds" }).click();

    await page.getByRole("button", { name: "Drop Cy" }).click();
    const confirm = page.getByRole("group", { name: "Drop Cy" });
    await expect(confirm).toContainText(
      "Cy keeps their results, finishes round 1 as paired and is not paired again. Staff can undo this only until round 2 is paired.",
    );
    await screenshots(page, "drop-confirm");
    await confirm.getByRole("button", { name: "Drop Cy" }).click();
    const cy = players(page).getByRole("listitem").filter({ hasText: "Cy" });
    await expect(cy).toContainText("dropped after round 1");
    await expect(cy.getByTestId("drop-history")).toHaveText(
      "Dropped after round 1 by Erin Organizer",
    );

    await cy.getByRole("button", { name: "Undo drop Cy" }).click();
    await expect(page.getByRole("group", { name: "Undo Cy's drop" })).toContainText(
      "Cy will be paired again from round 2.",
    );
    await page.getByRole("button", { name: "Undo Cy's drop" }).click();
    await expect(cy.getByTestId("drop-history")).toHaveText(
      "Dropped after round 1 by Erin Organizer · Drop undone by Erin Organizer",
    );
    await expect(cy).not.toContainText("dropped after round");
    await expect(cy.getByRole("button", { name: "Drop Cy" })).toBeVisible();
    await screenshots(page, "drop-undone");

    await page.getByRole("button", { name: "Pair round 2" }).click();
    await expect(page.getByRole("list", { name: "Pairings" })).toContainText("Cy");
  });

  test("a top 4 to a champion: playoff rounds are named, untimed and over once played; bracket cards open the match; final standings follow the playoff", async ({
    page,
  }) => {
    await createTournament(page, `Top Four ${Date.now()}`);
    await pasteList(page, ["Ash", "Birch", "Cedar", "Dogwood", "Elm", "Fir"]);
    await page.getByRole("button", { name: "Register 6 players" }).click();
    await expect(players(page).getByRole("listitem")).toHaveCount(6);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await reportAll(page, "2-1");
    await page.getByRole("link", { name: "Players & rounds" }).click();
    await page.getByRole("form", { name: "Start playoff" }).getByLabel("Cut to").selectOption("4");
    await page.getByRole("button", { name: "Start playoff" }).click();
    await expect(page.getByRole("heading", { name: "Top 4" })).toBeVisible();
    // Bracket order 1 v 4, then 2 v 3, the higher seed named first (MTR 2.2).
    const cards = page
      .getByRole("region", { name: "Semifinals" })
      .getByRole("link", { name: /^Semifinals: / });
    await expect(cards).toHaveCount(2);
    const summaries = await Promise.all(
      // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
      (await cards.all()).map((card) => card.getByTestId("bracket-match-summary").innerText()),
    );
    const pairs = summaries.map((summary) =>
      summary
        .trim()
        .replace(/^Semifinals: /, "")
        .replace(/\.$/, "")
        .split(" vs "),
    );
    const seeds = [pairs[0]![0]!, pairs[1]![0]!, pairs[1]![1]!, pairs[0]![1]!];
    const bySeed = (seed: number) => seeds[seed - 1]!;

    // A bracket card opens its match for staff.
    await page.getByRole("link", { name: `Semifinals: ${bySeed(1)} vs ${bySeed(4)}` }).click();
    await expect(
      page.getByRole("heading", { name: `Table 1: ${bySeed(1)} vs ${bySeed(4)}` }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Semifinals", exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Semifinals", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Semifinals (playoff)" })).toBeVisible();
    await expect(page.getByText("No time limit", { exact: true })).toBeVisible();
    await screenshots(page, "semifinals-round");
    await expect(page.getByRole("button", { name: /^Start round/ })).toHaveCount(0);
    // Quick entry offers neither an intentional draw nor a drop in a playoff round.
    await expect(page.locator("#quick-entry-help")).not.toContainText("ID");
    await expect(page.locator("#quick-entry-help")).not.toContainText("drop");
    // Seed 4 beats seed 1 (side B), seed 2 beats seed 3.
    const rows = page.getByRole("list", { name: "Pairings" }).getByRole("listitem");
    await rows.nth(0).getByRole("button", { name: "0-2", exact: true }).click();
    await rows.nth(0).getByRole("button", { name: "Save" }).click();
    await expect(rows.nth(0).getByRole("status")).toHaveText("Result saved.");
    await rows.nth(1).getByRole("button", { name: "2-0", exact: true }).click();
    await rows.nth(1).getByRole("button", { name: "Save" }).click();
    await expect(rows.nth(1).getByRole("status")).toHaveText("Result saved.");

    const semifinalRound = page.url().match(/\/rounds\/(\d+)$/)![1]!;
    await page.goto(page.url().replace(/\/rounds\/\d+$/, `/rounds/${semifinalRound}/clock`));
    await expect(page.getByText("Semifinals", { exact: true })).toBeVisible();
    await expect(page.getByText("Round over")).toBeVisible();
    await expect(page.getByText("Not started")).toHaveCount(0);
    await screenshots(page, "projector-semifinals-over");
    const missing = await page.request.get(
      page.url().replace(/\/rounds\/\d+\/clock$/, "/rounds/99/clock"),
    );
    expect(missing.status()).toBe(404);

    await page.goto(page.url().replace(/\/rounds\/\d+\/clock$/, "/standings"));
    // During the playoff the Swiss order stands and each playoff player shows their stage.
    await expect(page.getByRole("row").filter({ hasText: bySeed(1) })).toContainText(
      "Semifinalist",
    );
    await expect(page.getByRole("row").filter({ hasText: bySeed(4) })).toContainText(
      "In the Final",
    );

    await page.goto(page.url().replace(/\/standings$/, "/playoff"));
    await page.getByRole("link", { name: "Final", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Final (playoff)" })).toBeVisible();
    // The final: seed 2 is side A (higher seed); seed 4 wins it.
    await reportAll(page, "1-2");
    await page.getByRole("link", { name: "Playoff" }).click();
    await expect(page.getByRole("status")).toHaveText(`Champion: ${bySeed(4)}`);
    await screenshots(page, "bracket-champion");

    await page.getByRole("link", { name: "Standings" }).click();
    await expect(page.getByRole("heading", { name: "Final standings" })).toBeVisible();
    const body = page.getByRole("row");
    await expect(body.nth(1)).toContainText(bySeed(4));
    await expect(body.nth(1)).toContainText("Champion");
    await expect(body.nth(2)).toContainText(bySeed(2));
    await expect(body.nth(2)).toContainText("Finalist");
    await expect(body.nth(3)).toContainText(bySeed(1));
    await expect(body.nth(3)).toContainText("Semifinalist");
    await expect(body.nth(4)).toContainText(bySeed(3));
    await expect(body.nth(4)).toContainText("Semifinalist");
    await expect(body.nth(5)).not.toContainText(/Champion|Finalist|Semifinalist/);
    await screenshots(page, "final-standings");
  });
});
