import { mkdirSync } from "node:fs";
import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { createTournamentWithPlayers, readPlayerCodes } from "./support/players";
import { axeFor } from "./support/axe";

/**
 * A player's phone (390 px) shows what the judge recorded before the player reports: a Game Loss
 * on game 1 (IPG 1.2) takes the choices it contradicts off the phone (MTR 2.1), the end-of-match
 * procedure's turns show as the judge counts them and its decided result is offered to confirm
 * (MTR 2.4); a Commander pod player's phone has the round clock and "Call a judge" (CR 100.6a).
 */

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [] },
  });
  return context.newPage();
}

/** Kept with the screenshots, and held to WCAG 2.2 A and AA as every other page. */
async function shoot(page: Page, name: string) {
  mkdirSync("screenshots", { recursive: true });
  await page.screenshot({ path: `screenshots/${name}-390.png`, fullPage: true });
  const results = await axeFor(page).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

test.describe("a player's phone and the judge's record", () => {
  test.skip(
    ({ isMobile }) => isMobile,
    "drives its own phone contexts; run once, from the desktop project",
  );

  test("IPG 1.2, MTR 2.4: after a Game Loss the phone offers only what the record allows; time, the turns and the decided result show on it", async ({
    page,
    browser,
  }) => {
    const names = ["Ada", "Bo"];
    const overview = await createTournamentWithPlayers(page, `Record ${Date.now()}`, names);
    const codes = await readPlayerCodes(page, names);
    await page.goto(overview);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await page.getByRole("link", { name: "Games at table 1" }).click();
    const heading = page.getByRole("heading", { name: /^Table 1: / });
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
    const [, a, b] = (await heading.innerText()).match(/^Table 1: (\S+) vs (\S+)$/)!;
    const player = await phone(browser);
    await player.goto(`/play/${codes.get(a!)!.replaceAll("-", "")}`);
    await expect(player).toHaveURL(/\/play\/me$/);
    const choices = player.getByRole("group", { name: "What happened?" });
    await expect(choices.getByText("I won 2-0", { exact: true })).toBeVisible();

    // The judge gives the player a Game Loss for game 1.
    const penalty = page.getByRole("form", { name: "Give a penalty" });
    await penalty.getByRole("radio", { name: a!, exact: true }).check();
    await penalty
      .getByLabel("Infraction", { exact: true })
      .selectOption({ label: "Decklist Problem (IPG 3.4)" });
    await penalty.getByLabel("Game", { exact: true }).fill("1");
    await penalty.getByRole("button", { name: "Give penalty" }).click();
    await expect(penalty.getByRole("status")).toContainText(`Game Loss to ${a}`);

    await player.reload();
    await expect(player.getByRole("list", { name: "Games on record" })).toHaveText(
      "Game 1: Game Loss for you (judge)",
    );
    await expect(choices.getByText("I won 2-0", { exact: true })).toHaveCount(0);
    await expect(choices.getByText("I won 2-1", { exact: true })).toBeVisible();
    await expect(choices.getByText(`${b} won 2-0`, { exact: true })).toBeVisible();
    await shoot(player, "player-game-loss-on-record");
    // Told game by game, a 2-0 win is refused before sending, by the same rule the server uses.
    await player.getByText("Another result? Tell it game by game").click();
    const games = player.getByRole("list", { name: "Games" });
    await games.getByRole("group", { name: "Game 1" }).getByText("I won").click();
    await games.getByRole("group", { name: "Game 2" }).getByText("I won").click();
    await expect(player.getByTestId("report-refused")).toContainText(
      `A judge recorded game 1 as won by ${b}`,
    );
    await expect(player.getByRole("button", { name: "Report: I won 2-0" })).toBeDisabled();
    await player.getByRole("button", { name: "Start the games again" }).click();
    await expect(player.getByTestId("report-refused")).toHaveCount(0);

    // Time is called during game 2 on the player's turn; the phone follows the judge's count.
    await page.getByRole("link", { name: "Time / end of match" }).click();
    await page.getByRole("form", { name: "Call time" }).getByRole("radio", { name: a! }).check();
    await page.getByRole("button", { name: "Time", exact: true }).click();
    await expect(page.getByLabel("Current turn")).toHaveText("Turn 0");
    await player.reload();
    const procedure = player.getByTestId("end-of-match");
    await expect(procedure).toContainText("Time has been called");
    await expect(procedure.getByLabel("Current turn")).toHaveText("Turn 0");
    await expect(procedure.getByLabel("Whose turn")).toHaveText("Your turn");
    await page.getByRole("button", { name: "Turn 0 ended" }).click();
    await expect(page.getByLabel("Current turn")).toHaveText("Additional turn 1 of 5");
    await player.reload();
    await expect(procedure.getByLabel("Current turn")).toHaveText("Additional turn 1 of 5");
    await expect(procedure.getByLabel("Whose turn")).toHaveText(`${b}'s turn`);
    await shoot(player, "player-additional-turn");
    for (let turn = 1; turn <= 5; turn++) {
      const label = `Additional turn ${turn} of 5`;
      await expect(page.getByLabel("Current turn")).toHaveText(label);
      await page.getByRole("button", { name: `${label} ended` }).click();
    }
    await expect(page.getByLabel("Match result at time")).toBeVisible();

    // The unfinished game 2 is a draw: the match is decided, and the player confirms it.
    await player.reload();
    await expect(player.getByTestId("end-of-match")).toHaveCount(0);
    await expect(player.getByRole("list", { name: "Games on record" })).toContainText(
      "Game 2: draw at time (end of match)",
    );
    await expect(player.getByTestId("match-status")).toContainText(
      `The match is decided at time: ${b} wins 0-1-1.`,
    );
    await shoot(player, "player-decided-at-time");
    await player.getByRole("button", { name: "Confirm: that is right" }).click();
    await expect(player.getByTestId("match-status")).toContainText(`Waiting for ${b} to confirm`);
    await player.context().close();
  });

  test("CR 100.6a: a pod player's phone has the round clock and calls a judge to their pod; the judges' queue shows the pod", async ({
    page,
    browser,
  }) => {
    await page.goto("/");
    await page.getByLabel("Tournament name").fill(`Pod calls ${Date.now()}`);
    await page.getByLabel("Format").fill("Commander");
    await page.getByLabel("Games are").selectOption("PODS");
    await page.getByRole("button", { name: "Create tournament" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Pod calls");
    const overview = page.url();
    const names = ["Ada", "Bea", "Cy", "Dee"];
    await page.getByText("Paste a list of players").click();
    await page.getByLabel("One name per line").fill(names.join("\n"));
    await page.getByRole("button", { name: "Register 4 players" }).click();
    const codes = await readPlayerCodes(page, names);
    await page.goto(overview);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await expect(page.getByRole("heading", { name: "Round 1 pods" })).toBeVisible();
    await page.getByRole("button", { name: "Start round 1" }).click();
    await expect(page.getByRole("button", { name: "Start round 1" })).toHaveCount(0);

    const player = await phone(browser);
    await player.goto(`/play/${codes.get("Ada")!.replaceAll("-", "")}`);
    await expect(player.getByTestId("my-pod")).toHaveText("1");
    await expect(player.getByLabel("Round clock")).toBeVisible();
    const call = player.getByRole("form", { name: "Call a judge" });
    await expect(call).toContainText("A judge comes to pod 1.");
    await call.getByLabel("What is it about?").fill("Stack question");
    await call.getByRole("button", { name: "Call a judge" }).click();
    await expect(player.getByTestId("judge-call-status")).toContainText(
      "A judge has been called to pod 1",
    );
    await shoot(player, "pod-player-judge-call");

    await page.goto(`${overview}/judge-calls`);
    const open = page.getByRole("list", { name: "Open judge calls" });
    await expect(open).toContainText("Pod 1");
    await expect(open).toContainText("“Stack question”");
    await open.getByRole("button", { name: "Take this call" }).click();
    await player.reload();
    await expect(player.getByTestId("judge-call-status")).toContainText("is coming to pod 1");
    await player.context().close();
  });
});
