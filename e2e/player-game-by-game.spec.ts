import { mkdirSync } from "node:fs";
import path from "node:path";
import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { createTournamentWithPlayers, readPlayerCodes } from "./support/players";

/**
 * A result no one-tap slip covers (time was called after a won game and a drawn one) is
 * told game by game on the player's phone; the opponent confirms it and the match is final, 1-0-1.
 */

const SHOTS = path.join(process.cwd(), "screenshots");

async function phone(browser: Browser, code: string): Promise<Page> {
  const context = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [] },
  });
  const player = await context.newPage();
  await player.goto(`/play/${code.replaceAll("-", "")}`);
  await expect(player).toHaveURL(/\/play\/me$/);
  return player;
}

test.skip(
  ({ isMobile }) => isMobile,
  "drives its own phone contexts; run once, from the desktop project",
);

test("MTR 2.1: a player tells the games one by one (a win, then a draw at time); the opponent confirms 1-0-1", async ({
  page,
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const names = ["Gia Moreno", "Hal Quist"];
  const overview = await createTournamentWithPlayers(page, `Game by game ${Date.now()}`, names);
  const codes = await readPlayerCodes(page, names);
  await page.goto(overview);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await page.getByRole("button", { name: "Start round 1" }).click();
  await expect(page.getByRole("button", { name: "Start round 1" })).toHaveCount(0);

  const seats = await page
    .getByRole("list", { name: "Pairings" })
    .getByRole("listitem")
    .first()
    .locator("span.font-medium")
    .allInnerTexts();
  const [sideA, sideB] = seats as [string, string];
  const reporter = await phone(browser, codes.get(sideA)!);
  const opponent = await phone(browser, codes.get(sideB)!);
  const opponentFirst = sideB.split(" ")[0]!;

  const form = reporter.getByRole("form", { name: "Report your match" });
  await form.getByText("Another result? Tell it game by game").click();
  const games = form.getByRole("list", { name: "Games" });
  await games.getByRole("group", { name: "Game 1" }).getByText("I won").click();
  // Game 2 is offered once game 1 is told; a third only because the second was drawn.
  await games.getByRole("group", { name: "Game 2" }).getByText("Draw").click();
  await expect(games.getByRole("group", { name: "Game 3" })).toBeVisible();
  await expect(
    games.getByRole("group", { name: "Game 2" }).getByText(`${opponentFirst} won`),
  ).toBeVisible();
  await reporter.screenshot({
    path: path.join(SHOTS, "player-game-by-game-390.png"),
    fullPage: true,
  });
  await form.getByRole("button", { name: "Report: I won 1-0-1" }).click();
  await expect(
    reporter.getByRole("status").filter({ hasText: `Waiting for ${sideB} to confirm` }),
  ).toBeVisible();

  await expect(opponent.getByTestId("match-status")).toContainText(
    `${sideA} reported: ${sideA.split(" ")[0]} won 1-0-1`,
    { timeout: 3_000 },
  );
  await opponent.getByRole("button", { name: "Confirm: that is right" }).click();
  await expect(opponent.getByTestId("match-status")).toContainText(
    `Result final: ${sideA.split(" ")[0]} won 1-0-1`,
  );
});
