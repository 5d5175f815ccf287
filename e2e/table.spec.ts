import { expect, test, type Page } from "@playwright/test";

// At the table: a match entered game by game with the MTR 2.2 play/draw chooser, a
// concession by a player who had won a game (reported 2-1, MTR 2.5) and an intentional draw with
// no game played (0-0-3, MTR 2.5), and a game recorded in error taken back and recorded again.

/** A two-player Swiss event paired for round 1; answers the round page's one table. */
async function pairedTable(page: Page, name: string) {
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(`${name} ${Date.now()}`);
  await page.getByRole("button", { name: "Create tournament" }).click();
  for (const player of ["Ada", "Bo"]) {
    await page.getByLabel("Player name").fill(player);
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByRole("list", { name: "Registered players" }).getByText(player),
    ).toBeVisible();
  }
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  return page.getByRole("list", { name: "Pairings" }).getByRole("listitem").first();
}

/** Opens the match page from the round page; answers the players as seated (A, B). */
async function openMatch(page: Page) {
  await page.getByRole("link", { name: "Games at table 1" }).click();
  const heading = page.getByRole("heading", { name: /^Table 1: / });
  await expect(heading).toBeVisible();
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
  const [, a, b] = (await heading.innerText()).match(/^Table 1: (\S+) vs (\S+)$/)!;
  return { a: a!, b: b! };
}

async function recordGame(
  page: Page,
  number: number,
  game: { chooser?: string; choice: "Play first" | "Draw first"; reason: string; winner?: string },
) {
  const form = page.getByRole("form", { name: `Record game ${number}` });
  if (game.chooser) await form.getByRole("radio", { name: game.chooser }).first().check();
  await form.getByRole("radio", { name: game.choice }).check();
  await form.getByLabel("How the game ended").selectOption({ label: game.reason });
  if (game.winner)
    await form
      .getByRole("group", { name: `Who won game ${number}` })
      .getByRole("radio", { name: game.winner })
      .check();
  await form.getByRole("button", { name: `Record game ${number}` }).click();
  await expect(page.getByRole("list", { name: "Games played" }).getByRole("listitem")).toHaveCount(
    number,
  );
}

test.describe("at the table", () => {
  test("a best-of-three entered game by game shows the MTR 2.2 chooser for each game", async ({
    page,
  }) => {
    await pairedTable(page, "Game by game");
    const { a, b } = await openMatch(page);
    const nextChooser = page.getByLabel("Next chooser");

    // Game 1: the app cannot know the die roll; the staff member records its winner.
    await expect(nextChooser).toContainText("die roll");
    await recordGame(page, 1, {
      chooser: b,
      choice: "Draw first",
      reason: "Life total 0 or less (104.3b)",
      winner: a,
    });
    await expect(page.getByRole("status", { name: "Match result" })).toHaveText(
      "In progress: 1-0-0",
    );

    // Game 2: the loser of game 1 chooses; the chooser is shown, not asked.
    await expect(nextChooser).toHaveText(
      `${b} chooses to play or draw: the loser of game 1 chooses (MTR 2.2).`,
    );
    await expect(page.getByTestId("chooser")).toHaveText(b);
    await recordGame(page, 2, { choice: "Play first", reason: "Draw: a mandatory loop (104.4b)" });

    // Game 3: after a drawn game, the chooser of that game chooses again.
    await expect(nextChooser).toHaveText(
      `${b} chooses to play or draw: game 2 was a draw, so its chooser chooses again (MTR 2.2).`,
    );
    await expect(page.getByTestId("chooser")).toHaveText(b);
    await recordGame(page, 3, {
      choice: "Play first",
      reason: "Ten poison counters (104.3d)",
      winner: b,
    });

    // Game 4: now the loser of game 3 chooses.
    await expect(nextChooser).toHaveText(
      `${a} chooses to play or draw: the loser of game 3 chooses (MTR 2.2).`,
    );
    await expect(page.getByTestId("chooser")).toHaveText(a);
    const form = page.getByRole("form", { name: "Record game 4" });
    await form
      .getByLabel("How the game ended")
      .selectOption({ label: "Drew from an empty library (104.3c)" });
    await form
      .getByRole("group", { name: "Who won game 4" })
      .getByRole("radio", { name: a })
      .check();
    await expect(form.getByText(`${a} will win the match 2-1-1.`)).toBeVisible();
    await recordGame(page, 4, {
      choice: "Play first",
      reason: "Drew from an empty library (104.3c)",
      winner: a,
    });

    await expect(page.getByRole("status", { name: "Match result" })).toHaveText(`${a} wins 2-1-1`);
    await expect(page.getByRole("form", { name: "Record game 5" })).toHaveCount(0);
    const games = page.getByRole("list", { name: "Games played" }).getByRole("listitem");
    await expect(games.nth(0)).toContainText(`${b} chose to draw`);
    await expect(games.nth(1)).toContainText(`${b} chose to play`);
    await expect(games.nth(3)).toContainText(`${a} chose to play`);

    // MTR 2.5: decided is not recorded; one tap records it, and the concession buttons go.
    const record = page.getByRole("form", { name: "Record the result" });
    await expect(record).toContainText(`${a} wins 2-1-1`);
    await expect(page.getByRole("form", { name: "Concession or intentional draw" })).toBeVisible();
    await record.getByRole("button", { name: "Record the result" }).click();
    await expect(page.getByTestId("match-phase")).toHaveText("The result is recorded.");
    await expect(page.getByRole("form", { name: "Concession or intentional draw" })).toHaveCount(0);

    // The round page shows the derived result.
    await page.getByRole("link", { name: "Round 1", exact: true }).click();
    await expect(page.getByText(`✓ ${a} wins 2-1-1`)).toBeVisible();
  });

  test("CR 104.3f and 104.4a: when two things happened at once the judge ticks them and the rules decide the game", async ({
    page,
  }) => {
    await pairedTable(page, "At once");
    const { a, b } = await openMatch(page);
    const form = page.getByRole("form", { name: "Record game 1" });
    await form.getByRole("radio", { name: a }).first().check();
    await form.getByText("Two things happened at once?").click();
    await form.getByRole("group", { name: a }).getByLabel("An effect said they win").check();
    await form.getByRole("group", { name: a }).getByLabel("Life 0 or less").check();
    await expect(form.getByTestId("at-once-outcome")).toContainText(`${b} wins`);
    await form.getByRole("group", { name: b }).getByLabel("Life 0 or less").check();
    await expect(form.getByTestId("at-once-outcome")).toContainText("a draw");
    await form.getByRole("button", { name: "Record game 1" }).click();
    await expect(
      page.getByRole("list", { name: "Games played" }).getByRole("listitem"),
    ).toHaveCount(1);
    await expect(page.getByRole("status", { name: "Match result" })).toHaveText(
      "In progress: 0-0-1",
    );
  });

  test("a player who won a game and concedes is reported 2-1 for the opponent (MTR 2.5)", async ({
    page,
  }) => {
    await pairedTable(page, "Concession");
    const { a, b } = await openMatch(page);
    await recordGame(page, 1, {
      chooser: a,
      choice: "Play first",
      reason: "Conceded the game (104.3a)",
      winner: a,
    });
    const concede = page
      .getByRole("form", { name: "Concession or intentional draw" })
      .getByRole("button", { name: new RegExp(`^${a} concedes`) });
    await expect(concede).toContainText(`${b} wins 1-2-0`);
    await concede.click();
    await expect(page.getByRole("status", { name: "Match result" })).toHaveText(
      `${b} wins 1-2-0 (${a} conceded)`,
    );
  });

  test("MTR 2.1: a deciding game recorded with the wrong winner is taken back, with a reason in the history, and recorded again", async ({
    page,
  }) => {
    await pairedTable(page, "Take back");
    const { a, b } = await openMatch(page);
    await recordGame(page, 1, {
      chooser: a,
      choice: "Play first",
      reason: "Life total 0 or less (104.3b)",
      winner: a,
    });
    // Game 2 was won by the second player, but the first is tapped: the match reads as decided.
    await recordGame(page, 2, {
      choice: "Play first",
      reason: "Life total 0 or less (104.3b)",
      winner: a,
    });
    await expect(page.getByRole("status", { name: "Match result" })).toHaveText(`${a} wins 2-0-0`);

    await page.getByText("Recorded in error? Take back game 2").click();
    const takeBack = page.getByRole("form", { name: "Take back game 2" });
    page.once("dialog", (dialog) => void dialog.accept());
    await takeBack
      .getByLabel("Why (kept in the history)")
      .fill("Wrong winner tapped: the second player won game 2.");
    await takeBack.getByRole("button", { name: "Take back game 2" }).click();
    await expect(page.getByRole("status", { name: "Match result" })).toHaveText(
      "In progress: 1-0-0",
    );
    await expect(
      page.getByRole("list", { name: "Games played" }).getByRole("listitem"),
    ).toHaveCount(1);
    const history = page.getByRole("list", { name: "Match history" });
    await expect(history.getByText(`Game taken back (game 2: ${a} won`)).toBeVisible();
    await expect(
      history.getByText("Why: Wrong winner tapped: the second player won game 2."),
    ).toBeVisible();

    // Recorded again as it was played; the loser of game 1 still chooses (MTR 2.2).
    await expect(page.getByTestId("chooser")).toHaveText(b);
    await recordGame(page, 2, {
      choice: "Play first",
      reason: "Life total 0 or less (104.3b)",
      winner: b,
    });
    await expect(page.getByRole("status", { name: "Match result" })).toHaveText(
      "In progress: 1-1-0",
    );
    // Screenshots to look at (screenshots/, git-ignored): the form open, at desktop and phone widths.
    await page.getByText("Recorded in error? Take back game 2").click();
    await expect(page.getByRole("form", { name: "Take back game 2" })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: "screenshots/take-back-game-1280.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "screenshots/take-back-game-390.png", fullPage: true });
  });

  test("an intentional draw with no game played is reported 0-0-3 (MTR 2.5)", async ({ page }) => {
    const row = await pairedTable(page, "Intentional draw");
    await row.getByLabel("Intentional draw").check();
    // The preview and the stored line keep the story: an intentional draw, not a drawn match.
    await expect(row.getByText("Intentional draw, 0-0-3").first()).toBeVisible();
    await row.getByRole("button", { name: "Save" }).click();
    await expect(row.getByRole("status")).toHaveText("Result saved.");
    await expect(row.getByText("✓ Intentional draw, 0-0-3")).toBeVisible();
  });
});

test("CR 104.6, MTR 2.2: game 1 restarted before it was recorded: the game form asks who won the die roll, says so when it is missing, and keeps the winner as game 1's chooser", async ({
  page,
}) => {
  await pairedTable(page, "Die roll");
  const { a, b } = await openMatch(page);
  await page.getByText("Game 1 restarted? (Karn Liberated, CR 104.6)").click();
  const restart = page.getByRole("form", { name: "Game 1 restarted" });
  await restart.getByRole("radio", { name: b }).check();
  await restart.getByRole("button", { name: "Record the restart" }).click();
  const form = page.getByRole("form", { name: "Record game 1" });
  const dieRoll = form.getByRole("group", { name: /Who won the die roll\?/ });
  await expect(dieRoll).toBeVisible();
  await form.getByRole("radio", { name: "Play first" }).check();
  await form
    .getByLabel("How the game ended")
    .selectOption({ label: "Life total 0 or less (104.3b)" });
  await form.getByRole("group", { name: "Who won game 1" }).getByRole("radio", { name: a }).check();
  await form.getByRole("button", { name: "Record game 1" }).click();
  // The refusal is read with the question it belongs to.
  await expect(
    page
      .getByRole("form", { name: "Record game 1" })
      .getByRole("group", { name: /Who won the die roll\?/ }),
  ).toHaveAccessibleDescription(/die roll/i);
  // A refused save keeps every choice on screen, as the form will send it again.
  await expect(form.getByLabel("How the game ended")).toHaveValue("LIFE");
  await expect(
    form.getByRole("group", { name: "Who won game 1" }).getByRole("radio", { name: a }),
  ).toBeChecked();
  await expect(form.getByRole("radio", { name: "Play first" })).toBeChecked();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `screenshots/table-die-roll-${width}.png`, fullPage: true });
  }
  const again = page.getByRole("form", { name: "Record game 1" });
  await again
    .getByRole("group", { name: /Who won the die roll\?/ })
    .getByRole("radio", { name: a })
    .check();
  await again
    .getByLabel("How the game ended")
    .selectOption({ label: "Life total 0 or less (104.3b)" });
  await again
    .getByRole("group", { name: "Who won game 1" })
    .getByRole("radio", { name: a })
    .check();
  await again.getByRole("button", { name: "Record game 1" }).click();
  await expect(page.getByRole("list", { name: "Games played" })).toContainText(`${a} won`);
});
