import { expect, test, type Page } from "@playwright/test";
import { reportAll } from "./support/players";

// The MTR 2.4 end-of-match procedure run from the phone
// screen two taps from a table number, one tap per turn.

async function createWith(page: Page, name: string, players: string[]) {
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(`${name} ${Date.now()}`);
  await page.getByRole("button", { name: "Create tournament" }).click();
  for (const player of players) {
    await page.getByLabel("Player name").fill(player);
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByRole("list", { name: "Registered players" }).getByText(player),
    ).toBeVisible();
  }
  await page.getByRole("button", { name: "Pair round 1" }).click();
}

/** From the round page: table number → match page → time screen (two taps). */
async function openTimeScreen(page: Page) {
  await page.getByRole("link", { name: "Games at table 1" }).click();
  await page.getByRole("link", { name: "Time / end of match" }).click();
  await expect(page.getByRole("heading", { name: "Table 1: time" })).toBeVisible();
}

/** A four-player event reported 2-0, cut to a top 4, opened on its semifinals' round page. */
async function openSemifinals(page: Page, name: string) {
  await createWith(page, name, ["Ash", "Birch", "Cedar", "Dogwood"]);
  await reportAll(page, "2-0");
  await page.getByRole("link", { name: "Players & rounds" }).click();
  await page.getByRole("form", { name: "Start playoff" }).getByLabel("Cut to").selectOption("4");
  await page.getByRole("button", { name: "Start playoff" }).click();
  await page
    .getByRole("region", { name: "Semifinals" })
    .getByRole("link", { name: "Semifinals", exact: true })
    .click();
}

async function endTurns(page: Page, labels: string[]) {
  for (const label of labels) {
    await expect(page.getByLabel("Current turn")).toHaveText(label);
    await page.getByRole("button", { name: `${label} ended` }).click();
  }
}

test.describe("the judge's end-of-match screen", () => {
  test("a Swiss match at time ends in a draw after the additional turns", async ({ page }) => {
    await createWith(page, "Time Swiss", ["Ada", "Bo"]);
    await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
    await openTimeScreen(page);
    await expect(page.getByRole("status", { name: "Procedure" })).toContainText(
      "Time has not been called",
    );
    await page.getByRole("form", { name: "Call time" }).getByRole("radio", { name: "Ada" }).check();
    await page.getByRole("button", { name: "Time", exact: true }).click();
    // The screen names the player of each turn (turn 0 is the active player's, then they alternate).
    await expect(page.getByLabel("Whose turn")).toHaveText("Ada's turn");

    await expect(page.getByLabel("Current turn")).toHaveText("Turn 0");
    await expect(page.getByLabel("Turns remaining")).toHaveText("5 more turns after this one.");
    // Said once, in the procedure's own words.
    await expect(page.getByRole("status", { name: "Procedure" })).toContainText(
      "No new game may begin.",
    );
    await expect(page.getByText(/no new game may begin/i)).toHaveCount(1);
    // A reload resumes where the procedure was.
    await page.reload();
    await expect(page.getByLabel("Current turn")).toHaveText("Turn 0");
    await endTurns(page, [
      "Turn 0",
      "Additional turn 1 of 5",
      "Additional turn 2 of 5",
      "Additional turn 3 of 5",
      "Additional turn 4 of 5",
    ]);
    await expect(page.getByLabel("Turns remaining")).toHaveText("This is the last turn.");
    // Phone first: the screen as a judge's phone shows it (390 px), kept with the test results.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath("end-of-match-390.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("status", { name: "Procedure" })).toContainText(
      "if the game is unfinished when it ends, it is a draw",
    );
    await endTurns(page, ["Additional turn 5 of 5"]);

    await expect(page.getByLabel("Match result at time")).toHaveText("Drawn match, 0-0-1");
    await expect(page.getByText("The unfinished game is a draw (MTR 2.4)")).toBeVisible();
    await expect(
      page.getByRole("list", { name: "End-of-match steps" }).getByRole("listitem"),
    ).toHaveCount(7);

    // The judge records the drawn game through the game entry.
    await page.getByRole("link", { name: "Record the game" }).click();
    const form = page.getByRole("form", { name: "Record game 1" });
    // MTR 2.2: nobody recorded the die roll yet, so it is asked once; play or draw does not change a decided game.
    await form
      .getByRole("group", { name: "Who won the die roll and chose play or draw for game 1?" })
      .getByRole("radio", { name: "Ada" })
      .check();
    await expect(form.getByRole("radio", { name: "Play first" })).toBeHidden();
    // The procedure decided the game: the form starts with it (the only game the server accepts).
    await expect(form.getByTestId("decided-game")).toHaveText(
      "The end-of-match procedure decided this game: Draw: unfinished at time (MTR 2.4).",
    );
    await expect(form.getByLabel("How the game ended")).toHaveValue("DRAW_UNFINISHED_AT_TIME");
    await form.getByRole("button", { name: "Record game 1" }).click();
    await expect(page.getByRole("status", { name: "Match result" })).toHaveText(
      "Drawn match, 0-0-1",
    );
  });

  test("MTR 2.2, 2.4: a playoff game decided by life totals is recorded with its chooser named (the loser of the game before), not a die roll", async ({
    page,
  }) => {
    await openSemifinals(page, "Life Top");
    await page.getByRole("link", { name: "Games at table 1" }).click();
    const table = page.getByRole("heading", { level: 2, name: /^Table 1: / });
    await expect(table).toBeVisible();
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
    const [a, b] = (await table.innerText()).replace(/^Table 1: /, "").split(" vs ") as [
      string,
      string,
    ];
    for (const [number, winner] of [
      [1, a],
      [2, b],
    ] as const) {
      const game = page.getByRole("form", { name: `Record game ${number}` });
      await game.getByRole("radio", { name: "Play first" }).check();
      await game
        .getByLabel("How the game ended")
        .selectOption({ label: "Life total 0 or less (104.3b)" });
      await game
        .getByRole("group", { name: `Who won game ${number}` })
        .getByRole("radio", { name: winner })
        .check();
      await game.getByRole("button", { name: `Record game ${number}` }).click();
      await expect(
        page.getByRole("list", { name: "Games played" }).getByRole("listitem"),
      ).toHaveCount(number);
    }
    await page.getByRole("link", { name: "Time / end of match" }).click();
    await page.getByRole("form", { name: "Call time" }).getByRole("radio").first().check();
    await page.getByRole("button", { name: "Time", exact: true }).click();
    await endTurns(page, [
      "Turn 0",
      "Additional turn 1 of 5",
      "Additional turn 2 of 5",
      "Additional turn 3 of 5",
      "Additional turn 4 of 5",
      "Additional turn 5 of 5",
    ]);
    await page.getByLabel(`${a}'s life`).fill("7");
    await page.getByLabel(`${b}'s life`).fill("12");
    await page.getByRole("button", { name: "Enter life totals" }).click();
    await expect(page.getByLabel("Match result at time")).toHaveText(`${b} wins 1-2-0`);
    await page.getByRole("link", { name: "Record the game" }).click();
    const form = page.getByRole("form", { name: "Record game 3" });
    // MTR 2.2: the loser of game 2 chose for game 3; no die roll is asked.
    await expect(form.getByTestId("chooser")).toHaveText(a);
    await expect(form.getByText(/Who won the die roll/)).toHaveCount(0);
    await expect(form.getByText(`${b} will win the match 1-2-0.`)).toBeVisible();
    // The decided game is over: who played first is not asked again (no choice stated: play, MTR 2.2).
    await expect(form.getByRole("radio", { name: "Play first" })).toBeHidden();
    await expect(form.getByText(`${a} played first (MTR 2.2).`)).toBeVisible();
    await form.getByRole("button", { name: "Record game 3" }).click();
    await expect(page.getByRole("status", { name: "Match result" })).toHaveText(
      new RegExp(`^${b} wins 1-2-0`),
    );
  });

  test("a single-elimination match at time with tied life totals goes on under the added state-based action", async ({
    page,
  }) => {
    await openSemifinals(page, "Time Top");
    await openTimeScreen(page);
    await page.getByRole("form", { name: "Call time" }).getByRole("radio").first().check();
    await page.getByRole("button", { name: "Time", exact: true }).click();
    await endTurns(page, [
      "Turn 0",
      "Additional turn 1 of 5",
      "Additional turn 2 of 5",
      "Additional turn 3 of 5",
      "Additional turn 4 of 5",
      "Additional turn 5 of 5",
    ]);
    await expect(page.getByRole("status", { name: "Procedure" })).toContainText(
      "enter both life totals",
    );
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
    const [a, b] = (await page.getByRole("heading", { level: 2 }).first().innerText()).split(
      " vs ",
    );
    await page.getByLabel(`${a}'s life`).fill("6");
    await page.getByLabel(`${b}'s life`).fill("6");
    await page.getByRole("button", { name: "Enter life totals" }).click();
    await expect(page.getByLabel("Added state-based action")).toContainText(
      "a player who does not have the highest life total loses",
    );
    await page.reload();
    await expect(page.getByLabel("Added state-based action")).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: test.info().outputPath("added-state-based-action-390.png"),
      fullPage: true,
    });

    // The state-based action ends the game: the judge records it, and the screen shows the result.
    await page.getByRole("link", { name: "Match page" }).click();
    // MTR 2.4: the match page says time was called, not that the match has not started.
    await expect(page.getByRole("status", { name: "Match result" })).toHaveText(
      "Time called: games 0-0-0",
    );
    const form = page.getByRole("form", { name: "Record game 1" });
    await form.getByRole("radio", { name: "Play first" }).check();
    await form
      .getByLabel("How the game ended")
      .selectOption({ label: "Life total 0 or less (104.3b)" });
    await form
      .getByRole("group", { name: "Who won game 1" })
      .getByRole("radio", { name: a! })
      .check();
    await form.getByRole("button", { name: "Record game 1" }).click();
    await expect(page.getByRole("status", { name: "Match result" })).toHaveText(`${a} wins 1-0-0`);
    await page.getByRole("link", { name: "Time / end of match" }).click();
    await expect(page.getByLabel("Match result at time")).toHaveText(`${a} wins 1-0-0`);
    await expect(page.getByLabel("Added state-based action")).toHaveCount(0);
  });
});
