import { mkdirSync } from "node:fs";
import path from "node:path";
import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { createTournamentWithPlayers, readPlayerCodes } from "./support/players";

/**
 * Players report from their phones. Three browser contexts: two players' phones (Pixel
 * 7 at 390 px) and the organizer's desktop. Both players sign in with their codes (typed, and by
 * the QR link), one reports, the other confirms, and the organizer's round page shows the result;
 * then two players disagree, the match shows up in the staff queue, and the organizer settles it.
 */

const SHOTS = path.join(process.cwd(), "screenshots");
/** The live-page budget: a change shows on an open page within 3 s, without a reload. */
const LIVE = { timeout: 3_000 };

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [] },
  });
  return context.newPage();
}

async function signInByTyping(player: Page, code: string) {
  await player.goto("/play");
  await player.getByLabel("Your player code").fill(code.toLowerCase().replaceAll("-", " "));
  await player.getByRole("button", { name: "Open my match" }).click();
  await expect(player).toHaveURL(/\/play\/me$/);
}

test.describe("players report their own results", () => {
  test.skip(
    ({ isMobile }) => isMobile,
    "drives its own phone contexts; run once, from the desktop project",
  );

  test("two phones report and confirm; a disagreement goes to the staff queue and is settled there", async ({
    page,
    browser,
  }) => {
    // Three browsers (two phones and the organizer) through two tables: longer than one page's journey.
    test.slow();
    mkdirSync(SHOTS, { recursive: true });
    const names = ["Ana Reyes", "Ben Okoro", "Cleo Park", "Dev Shah"];
    const overview = await createTournamentWithPlayers(page, `Reports ${Date.now()}`, names);

    // Staff see every player's code.
    const codes = await readPlayerCodes(page, names);
    for (const code of codes.values())
      expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);
    // One player's code, large, with a QR code (SVG rendered on the server) that opens /play/<code>.
    await page.getByRole("link", { name: "QR" }).first().click();
    await expect(page.getByTestId("player-code")).toHaveText(codes.get(names[0]!)!);
    await expect(
      page.getByRole("img", { name: `QR code opening ${names[0]}'s match` }).locator("svg"),
    ).toBeVisible();
    await expect(
      page.getByText(`/play/${codes.get(names[0]!)!.replaceAll("-", "")}`),
    ).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, "staff-player-code-390.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto(overview);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
    await page.getByRole("button", { name: "Start round 1" }).click();
    await expect(page.getByRole("button", { name: "Start round 1" })).toHaveCount(0);
    const tables = page.getByRole("list", { name: "Pairings" }).getByRole("listitem");
    const seats = await tables.locator("span.font-medium").allInnerTexts();
    const [a1, b1, a2, b2] = seats as [string, string, string, string];

    // Phone 1 types the code; phone 2 opens the QR code's link.
    const first = await phone(browser);
    const second = await phone(browser);
    // A wrong code is refused plainly.
    await first.goto("/play");
    await first.getByLabel("Your player code").fill("ABCD-EFGH-JKMN");
    await first.getByRole("button", { name: "Open my match" }).click();
    await expect(first.getByRole("alert").filter({ hasText: /code/ })).toHaveText(
      "That code does not match any player. Check it on your player slip, or ask a judge.",
    );
    await first.screenshot({ path: path.join(SHOTS, "player-sign-in-390.png"), fullPage: true });
    await signInByTyping(first, codes.get(a1)!);
    await second.goto(`/play/${codes.get(b1)!.replaceAll("-", "")}`);
    await expect(second).toHaveURL(/\/play\/me$/);
    await expect(first.getByTestId("my-opponent")).toHaveText(b1);
    await expect(second.getByTestId("my-opponent")).toHaveText(a1);
    await expect(first.getByTestId("my-table")).toHaveText("1");
    await expect(first.getByLabel("Round clock")).toBeVisible();
    await first.screenshot({ path: path.join(SHOTS, "player-my-match-390.png"), fullPage: true });

    // Phone 1 reports a 2-1 win; it waits for the opponent.
    await first.getByText("I won 2-1", { exact: true }).click();
    await first.getByRole("button", { name: "Report: I won 2-1" }).click();
    await expect(
      first.getByRole("status").filter({ hasText: `Waiting for ${b1} to confirm` }),
    ).toBeVisible();
    await first.screenshot({ path: path.join(SHOTS, "player-waiting-390.png"), fullPage: true });

    // Phone 2 sees it without a reload (live pages) and confirms: the match is complete.
    const firstName = a1.split(" ")[0]!;
    await expect(second.getByTestId("match-status")).toContainText(
      `${a1} reported: ${firstName} won 2-1`,
      LIVE,
    );
    await second.screenshot({ path: path.join(SHOTS, "player-confirm-390.png"), fullPage: true });
    await second.getByRole("button", { name: "Confirm: that is right" }).click();
    await expect(second.getByTestId("match-status")).toContainText(
      `Result final: ${firstName} won 2-1`,
    );
    await second.screenshot({ path: path.join(SHOTS, "player-final-390.png"), fullPage: true });

    // The organizer's round page, open before the confirmation, shows the result without a reload.
    await expect(page.getByText(/\d of 2 results in/)).toHaveText("1 of 2 results in", {
      timeout: 10_000,
    });
    await expect(tables.nth(0)).toContainText(`${a1} wins 2-1`);

    // Table 2: both players claim the win.
    await signInByTyping(first, codes.get(a2)!);
    await signInByTyping(second, codes.get(b2)!);
    await first.getByText("I won 2-0", { exact: true }).click();
    await first.getByRole("button", { name: "Report: I won 2-0" }).click();
    await expect(first.getByRole("status").filter({ hasText: "Waiting for" })).toBeVisible();
    // Phone 2 sees the report live, without a reload.
    await expect(second.getByTestId("match-status")).toContainText(`${a2} reported:`, LIVE);
    await second.getByText("No, report what happened").click();
    await second.getByText("I won 2-0", { exact: true }).click();
    await second.getByRole("button", { name: "Report: I won 2-0" }).click();
    await expect(second.getByTestId("match-status")).toContainText("Your reports differ");
    await second.screenshot({ path: path.join(SHOTS, "player-disputed-390.png"), fullPage: true });

    // The staff queue lists it first, disputed; one tap opens both reports side by side.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("link", { name: "Results queue" }).click();
    await expect(page.getByRole("heading", { name: "Round 1: results queue" })).toBeVisible();
    const row = page.getByTestId("queue-table-2");
    await expect(row).toContainText("disputed");
    await expect(
      page.getByRole("table", { name: "Matches not final" }).getByRole("row"),
    ).toHaveCount(2);
    await page.screenshot({ path: path.join(SHOTS, "staff-queue-1280.png"), fullPage: true });
    await row.getByRole("link", { name: "Settle table 2" }).click();
    await expect(page.getByTestId("report-A")).toContainText(`2-0-0: ${a2} wins`);
    await expect(page.getByTestId("report-B")).toContainText(`0-2-0: ${b2} wins`);
    await page.getByRole("button", { name: `Take ${b2}'s report` }).click();
    await page.getByLabel(/How it was settled/).fill("Both players agreed at the judge station");
    await page.screenshot({ path: path.join(SHOTS, "staff-settle-1280.png"), fullPage: true });
    await page.getByRole("button", { name: "Settle the result" }).click();
    await expect(page.getByRole("status")).toHaveText("Settled. The result is final.");
    await page.getByRole("link", { name: "Back to the queue" }).click();
    await expect(page.getByText("Every match of this round is final.")).toBeVisible();

    // The player sees the settled result live, without a reload.
    await expect(second.getByTestId("match-status")).toContainText(`Result final: I won 2-0`, LIVE);
    await first.context().close();
    await second.context().close();
  });
});
