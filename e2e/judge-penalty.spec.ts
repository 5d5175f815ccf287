import { expect, test, type Page } from "@playwright/test";

// A judge's penalty changes
// the match as the rules say (CR 104.3k, IPG 1.2, IPG 3.3), and the match's history shows it.

async function pairedMatch(page: Page, name: string) {
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
  await page.getByRole("link", { name: "Games at table 1" }).click();
  const heading = page.getByRole("heading", { name: /^Table 1: / });
  await expect(heading).toBeVisible();
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
  const [, a, b] = (await heading.innerText()).match(/^Table 1: (\S+) vs (\S+)$/)!;
  return { a: a!, b: b! };
}

async function givePenalty(
  page: Page,
  penalty: { player: string; infraction: string; kind?: string; game?: string; note?: string },
) {
  const form = page.getByRole("form", { name: "Give a penalty" });
  await form.getByRole("radio", { name: penalty.player, exact: true }).check();
  await form.getByLabel("Infraction", { exact: true }).selectOption({ label: penalty.infraction });
  if (penalty.kind)
    await form.getByLabel("Penalty", { exact: true }).selectOption({ label: penalty.kind });
  if (penalty.game) await form.getByLabel("Game", { exact: true }).fill(penalty.game);
  if (penalty.note) await form.getByLabel("Note (optional)").fill(penalty.note);
  await form.getByRole("button", { name: "Give penalty" }).click();
  return form;
}

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
  }
}

test.describe("a judge's penalties", () => {
  test("CR 104.3k: a Game Loss in game 2 becomes that game's result, the match follows, and the history shows it", async ({
    page,
  }) => {
    const { a, b } = await pairedMatch(page, "Penalty game loss");
    // Game 1: b wins.
    const record = page.getByRole("form", { name: "Record game 1" });
    await record.getByRole("radio", { name: a }).first().check();
    await record.getByRole("radio", { name: "Play first" }).check();
    await record
      .getByLabel("How the game ended")
      .selectOption({ label: "Life total 0 or less (104.3b)" });
    await record
      .getByRole("group", { name: "Who won game 1" })
      .getByRole("radio", { name: b })
      .check();
    await record.getByRole("button", { name: "Record game 1" }).click();
    await expect(page.getByRole("status", { name: "Match result" })).toHaveText(
      "In progress: 0-1-0",
    );

    // Game 2: a judge gives a the usual penalty for a Decklist Problem, a Game Loss (IPG Appendix A).
    const form = await givePenalty(page, {
      player: a,
      infraction: "Decklist Problem (IPG 3.4)",
      game: "2",
      note: "Registered the wrong deck",
    });
    await expect(form.getByRole("status")).toContainText(
      `Game Loss to ${a}: game 2 is a loss for them`,
    );
    await expect(page.getByRole("status", { name: "Match result" })).toHaveText(`${b} wins 0-2-0`);
    const games = page.getByRole("list", { name: "Games played" }).getByRole("listitem");
    await expect(games).toHaveCount(2);
    await expect(games.nth(1)).toContainText(`${b} won: Game Loss penalty to ${a} (104.3k)`);
    // Nobody chose to play or draw a game the penalty decided.
    await expect(games.nth(1)).not.toContainText("chose to");
    // The penalty's game is not offered to be taken back; the page says why (CR 104.3k).
    await expect(page.getByTestId("take-back-refused")).toContainText(
      "Game 2 cannot be taken back: Game 2 is a Game Loss a judge gave",
    );
    await expect(page.getByText(/Take back game 2/)).toHaveCount(0);

    const history = page.getByRole("list", { name: "Match history" });
    await expect(history.getByText(`Game Loss to ${a} (game 2)`)).toBeVisible();
    await expect(
      history.getByText("Why: Decklist Problem (IPG 3.4) — Registered the wrong deck"),
    ).toBeVisible();
    await expect(
      history.getByText(/^Game recorded \(game 2: .* won, Game Loss penalty/),
    ).toBeVisible();
    await expect(history.getByText("games so far 0-2-0")).toBeVisible();

    // A Game Loss once the match has ended goes to the player's next match (IPG 1.2): refused here.
    await givePenalty(page, { player: a, infraction: "Tardiness (IPG 3.1)" });
    await expect(
      page.getByRole("form", { name: "Give a penalty" }).getByRole("alert"),
    ).toContainText("next match");
    await screenshots(page, "match-history");
  });

  test("IPG 3.3: a Slow Play Warning adds two turns before time is called, and none once the procedure has begun (turn 0 included)", async ({
    page,
  }) => {
    const { a, b } = await pairedMatch(page, "Penalty slow play");
    await page.getByRole("link", { name: "Time / end of match" }).click();
    await expect(page.getByRole("heading", { name: "Table 1: time" })).toBeVisible();

    // Before time is called: two turns are added.
    await givePenalty(page, { player: a, infraction: "Slow Play (IPG 3.3)" });
    await expect(
      page.getByRole("form", { name: "Give a penalty" }).getByRole("status"),
    ).toContainText("2 turns are added");
    await page.getByRole("form", { name: "Call time" }).getByRole("radio", { name: b }).check();
    await page.getByRole("button", { name: "Time", exact: true }).click();
    await expect(page.getByLabel("Current turn")).toHaveText("Turn 0");
    await expect(page.getByLabel("Whose turn")).toHaveText(`${b}'s turn`);
    await expect(page.getByLabel("Turns remaining")).toHaveText("7 more turns after this one.");

    // In turn 0 the procedure has begun: the Warning stands, but adds no turns.
    await givePenalty(page, {
      player: a,
      infraction: "Slow Play (IPG 3.3)",
      note: "Slow in turn 0",
    });
    await expect(
      page.getByRole("form", { name: "Give a penalty" }).getByRole("status"),
    ).toContainText("no turns are added");
    await expect(page.getByLabel("Turns remaining")).toHaveText("7 more turns after this one.");

    await page.getByRole("button", { name: "Turn 0 ended" }).click();
    await expect(page.getByLabel("Current turn")).toHaveText("Additional turn 1 of 7");
    await expect(page.getByLabel("Whose turn")).toHaveText(`${a}'s turn`);

    // During the additional turns: none either.
    await givePenalty(page, { player: a, infraction: "Slow Play (IPG 3.3)", note: "Still slow" });
    await expect(
      page.getByRole("form", { name: "Give a penalty" }).getByRole("status"),
    ).toContainText("no turns are added");
    await expect(page.getByLabel("Current turn")).toHaveText("Additional turn 1 of 7");
    await expect(page.getByLabel("Turns remaining")).toHaveText("6 more turns after this one.");

    const history = page.getByRole("list", { name: "Match history" });
    await expect(history.getByText(`Warning to ${a}`)).toHaveCount(3);
    await expect(history.getByText("+2 end-of-match turns")).toHaveCount(1);
    await expect(history.getByText(`${b}'s turn`)).toBeVisible();
    await screenshots(page, "time-screen-penalty");
  });
});
