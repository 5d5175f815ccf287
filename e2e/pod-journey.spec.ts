import { mkdirSync, readFileSync } from "node:fs";
import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { axeFor } from "./support/axe";

// CR 100.6a and the community tournament addenda, end to end: a 13-player Commander event of four
// Swiss rounds (three pods of 3 and one of 4 each round) and a top 4 final pod. Players report
// their pod from their phones and the others confirm; a disagreement goes to staff; a judge calls
// time at a pod and ends the turn, and the game is a draw; the final pod's winner is the champion.

const PLAYERS = [
  "Ari",
  "Bex",
  "Cal",
  "Dot",
  "Eli",
  "Flo",
  "Gil",
  "Hux",
  "Ida",
  "Jax",
  "Kai",
  "Liv",
  "Mo",
];

async function seatNames(page: Page, pod: number): Promise<string[]> {
  const items = page
    .getByTestId(`pod-${pod}`)
    .getByRole("list", { name: `Seats of pod ${pod}` })
    .getByRole("listitem");
  // allInnerTexts does not wait: wait for the pod's seats first (a live refresh may be re-rendering them).
  await expect(items.nth(2)).toBeVisible();
  return (await items.locator("span.font-medium").allInnerTexts()).map((name) => name.trim());
}

async function phoneFor(browser: Browser, code: string): Promise<Page> {
  const phone = await (
    await browser.newContext({
      ...devices["Pixel 7"],
      viewport: { width: 390, height: 844 },
      storageState: { cookies: [], origins: [] },
    })
  ).newPage();
  await phone.goto(`/play/${code.replaceAll("-", "")}`);
  await expect(phone.getByRole("region", { name: "Your pod" })).toBeVisible();
  return phone;
}

/** One player reports `winner` from their phone and every other player of the pod confirms it. */
async function reportFromPhones(
  browser: Browser,
  codes: Map<string, string>,
  seats: string[],
  winner: string,
  { screenshot, endsEvent = false }: { screenshot?: string; endsEvent?: boolean } = {},
) {
  const [reporter, ...others] = seats;
  const first = await phoneFor(browser, codes.get(reporter!)!);
  const report = first.getByRole("form", { name: "Report the pod's result" });
  await report.getByRole("radio", { name: winner, exact: true }).check();
  await report.getByRole("button", { name: "Report the win" }).click();
  await expect(first.getByText(/^Sent: waiting for /)).toBeVisible();
  await first.context().close();
  for (const [index, name] of others.entries()) {
    const phone = await phoneFor(browser, codes.get(name)!);
    await expect(phone.getByTestId("pod-status")).toContainText(`reported: ${winner} won.`);
    if (screenshot && index === 0)
      await phone.screenshot({ path: `screenshots/${screenshot}-390.png`, fullPage: true });
    await phone.getByRole("button", { name: `Confirm: ${winner} won` }).click();
    // The last confirmation records the result, and the phone shows it in place of the form;
    // the final pod's ends the event, and the phone says where its player finished instead.
    if (index === others.length - 1 && endsEvent) {
      await expect(phone.getByTestId("my-final-standing")).toContainText(/\(Final pod\)/);
      await phone.screenshot({ path: "screenshots/pod-journey-phone-event-over-390.png" });
    } else if (index === others.length - 1)
      await expect(phone.getByTestId("pod-status")).toHaveText(`Result recorded: ${winner} won.`);
    else await expect(phone.getByText(/^Sent: waiting for /)).toBeVisible();
    await phone.context().close();
  }
}

async function quickEntry(page: Page, line: string, answer: string | RegExp) {
  const bar = page.getByRole("textbox", { name: /Quick entry/ });
  await bar.fill(line);
  await bar.press("Enter");
  await expect(page.getByRole("form", { name: "Quick entry" }).getByRole("status")).toHaveText(
    answer,
  );
}

test("a 13-player pod event: four Swiss rounds and a top 4 final pod, players reporting from phones, a judge calling time", async ({
  page,
  browser,
  isMobile,
}) => {
  test.skip(isMobile, "a whole event, run once from the desktop project");
  test.setTimeout(720_000);
  mkdirSync("screenshots", { recursive: true });
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(`cEDH Weekly ${Date.now()}`);
  await page.getByLabel("Format").fill("Commander");
  await page.getByLabel("Games are").selectOption("PODS");
  await page.getByLabel("Swiss rounds").fill("4");
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.getByText("Swiss pods of 4 · win 5, draw 1, loss 0")).toBeVisible();
  const overview = page.url();
  await page.getByText("Paste a list of players").click();
  await page.getByLabel("One name per line").fill(PLAYERS.join("\n"));
  await page.getByRole("button", { name: "Register 13 players" }).click();
  await page.getByRole("link", { name: "Players' codes and QR codes" }).click();
  const codes = new Map<string, string>();
  for (const name of PLAYERS) {
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
    codes.set(name, (await page.getByTestId(`code-${name}`).innerText()).trim());
  }

  for (let round = 1; round <= 4; round++) {
    await page.goto(overview);
    await page.getByRole("button", { name: `Pair round ${round}` }).click();
    await expect(page.getByRole("heading", { name: `Round ${round} pods` })).toBeVisible();
    await expect(page.getByRole("list", { name: "Pods" }).locator(":scope > li")).toHaveCount(4);
    const roundUrl = page.url();

    // Pod 1 every round: one player reports from their phone, the others confirm.
    const podOne = await seatNames(page, 1);
    await reportFromPhones(browser, codes, podOne, podOne[round % podOne.length]!, {
      screenshot: round === 1 ? "pod-journey-phone-confirm" : undefined,
    });
    await page.goto(roundUrl);
    await expect(page.getByTestId("pod-1-result")).toHaveText(
      `✓ ${podOne[round % podOne.length]} won`,
    );

    if (round === 2) {
      // Two players report different results: the pod is disputed and staff record it.
      const [a, b] = await seatNames(page, 2);
      const first = await phoneFor(browser, codes.get(a!)!);
      await first
        .getByRole("form", { name: "Report the pod's result" })
        .getByRole("radio", { name: a!, exact: true })
        .check();
      await first
        .getByRole("form", { name: "Report the pod's result" })
        .getByRole("button", { name: "Report the win" })
        .click();
      await expect(first.getByText(/^Sent: waiting for /)).toBeVisible();
      await first.context().close();
      const second = await phoneFor(browser, codes.get(b!)!);
      await second.getByRole("button", { name: "Draw at time" }).click();
      await expect(
        second.getByText(
          "Your report differs from another player's: a judge will come to record the result.",
        ),
      ).toBeVisible();
      await second.context().close();
      await page.goto(roundUrl);
      await expect(page.getByTestId("pod-2-reports")).toContainText(
        `Players disagree: ${a} reported ${a} won; ${b} reported a draw at time.`,
      );
      // The page may refresh once on opening (the reports came a moment before it was rendered): choose once it has settled.
      const winnerChoice = page
        .getByRole("form", { name: "Result of pod 2" })
        .getByRole("radio", { name: a!, exact: true });
      await expect(async () => {
        await winnerChoice.check();
        await page.waitForTimeout(400);
        await expect(winnerChoice).toBeChecked({ timeout: 100 });
      }).toPass({ timeout: 10_000 });
      await page
        .getByRole("form", { name: "Result of pod 2" })
        .getByRole("button", { name: "Record the win" })
        .click();
      await expect(page.getByTestId("pod-2-result")).toHaveText(`✓ ${a} won`);
    } else if (round === 3) {
      // A judge calls time at pod 2: the active player finishes the turn, then the game is a draw.
      await page
        .getByRole("form", { name: "Time at pod 2" })
        .getByRole("button", { name: "Call time" })
        .click();
      await expect(page.getByTestId("pod-2-time")).toHaveText(
        "Time has been called: the active player finishes this turn, then the game is a draw.",
      );
      await page
        .getByRole("form", { name: "Time at pod 2" })
        .getByRole("button", { name: "End the turn" })
        .click();
      await expect(page.getByTestId("pod-2-result")).toHaveText("Draw at time (not recorded)");
      // The game's facts decided it: staff record that result as it stands.
      await page
        .getByRole("form", { name: "Record the result of pod 2" })
        .getByRole("button", { name: "Record this result" })
        .click();
      await expect(page.getByTestId("pod-2-result")).toHaveText("✓ Draw at time");
    } else if (round === 4) {
      // IPG 1.2, CR 104.3k: a Game Loss removes one player from pod 2; the others play on, and seat 2 wins.
      const [penalized, survivor] = await seatNames(page, 2);
      await page.getByTestId("pod-2").getByText("A player left the game").click();
      const left = page.getByRole("form", { name: "A player left pod 2" });
      await left.getByRole("checkbox", { name: penalized!, exact: true }).check();
      await left.getByLabel("Why").selectOption({ label: "Game Loss penalty (CR 104.3k)" });
      await left.getByRole("button", { name: "Record" }).click();
      await expect(page.getByTestId("pod-2-left")).toHaveText(
        `Left the game: ${penalized} (Game Loss)`,
      );
      await expect(
        page
          .getByRole("form", { name: "Result of pod 2" })
          .getByRole("radio", { name: penalized!, exact: true }),
      ).toHaveCount(0);
      await quickEntry(page, "2 win 2", `Pod 2: ${survivor} won.`);
      // The penalized player's phone says they lost, and asks them for nothing.
      const penalizedPhone = await phoneFor(browser, codes.get(penalized!)!);
      await expect(penalizedPhone.getByTestId("pod-status")).toHaveText(
        "You left the game (Game Loss): you lost this pod.",
      );
      await expect(
        penalizedPhone.getByRole("form", { name: "Report the pod's result" }),
      ).toHaveCount(0);
      await penalizedPhone.context().close();
    } else {
      await quickEntry(page, "2 win 1", /^Pod 2: .+ won\.$/);
    }
    await quickEntry(page, "3 win 2", /^Pod 3: .+ won\.$/);
    if (round === 1) {
      // A seat typed wrong: staff correct the recorded result, with a reason.
      const [seatOne] = await seatNames(page, 3);
      await page.getByTestId("pod-3").getByText("Correct the result").click();
      const correction = page.getByRole("form", { name: "Correct the result of pod 3" });
      await correction.getByRole("radio", { name: seatOne!, exact: true }).check();
      await correction.getByLabel("Why it changes").fill("seat typed wrong");
      await correction.getByRole("button", { name: "Correct to this win" }).click();
      await expect(page.getByTestId("pod-3-result")).toHaveText(`✓ ${seatOne} won`);
    }
    if (round === 3) {
      // CR 104.4b: a mandatory loop nobody can stop: the judge records the draw, and the result with it.
      await page.getByTestId("pod-4").getByText("Ended by an effect or a loop").click();
      const ending = page.getByRole("form", { name: "Pod 4 ended by an effect or a loop" });
      await ending.getByLabel("How the game ended").selectOption("DRAW_LOOP");
      await ending.getByRole("button", { name: "Record the result" }).click();
      await expect(page.getByTestId("pod-4-result")).toHaveText("✓ Draw (a loop)");
    } else if (round === 4) {
      // CR 104.4a: every player still in loses at the same moment (one fact): the game is a draw, recorded as the rules decided it.
      const players = await seatNames(page, 4);
      await page.getByTestId("pod-4").getByText("A player left the game").click();
      const left = page.getByRole("form", { name: "A player left pod 4" });
      for (const player of players)
        await left.getByRole("checkbox", { name: player, exact: true }).check();
      await left.getByLabel("Why").selectOption({ label: "0 or less life (CR 104.3b)" });
      await page.getByTestId("pod-4").getByText("Ended by an effect or a loop").click();
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page
          .getByTestId("pod-4")
          .screenshot({ path: `screenshots/pod-journey-endings-${width}.png` });
      }
      await left.getByRole("button", { name: "Record" }).click();
      await expect(page.getByTestId("pod-4-result")).toHaveText(
        "Draw (all lost at once) (not recorded)",
      );
      await page
        .getByRole("form", { name: "Record the result of pod 4" })
        .getByRole("button", { name: "Record this result" })
        .click();
      await expect(page.getByTestId("pod-4-result")).toHaveText("✓ Draw (all lost at once)");
    } else if (round === 2) {
      // CR 104.2b: an effect says seat 1's player wins; everyone else still in loses.
      const [winner] = await seatNames(page, 4);
      await page.getByTestId("pod-4").getByText("Ended by an effect or a loop").click();
      const ending = page.getByRole("form", { name: "Pod 4 ended by an effect or a loop" });
      await ending.getByLabel("How the game ended").selectOption("WON_BY_EFFECT");
      await ending.getByLabel("Who wins").selectOption({ label: winner! });
      await ending.getByRole("button", { name: "Record the result" }).click();
      await expect(page.getByTestId("pod-4-result")).toHaveText(`✓ ${winner} won by an effect`);
    } else {
      await quickEntry(page, "4 draw", "Pod 4: agreed draw.");
    }
    await expect(page.getByTestId("round-progress")).toContainText(
      "Results in 4 / 4, outstanding 0",
    );
  }

  // After the planned rounds: the top 4 is one final pod of the four best seeds, seat 1 to the best.
  await page.goto(overview);
  await page
    .getByRole("navigation", { name: "Tournament" })
    .getByRole("link", { name: "Standings" })
    .click();
  // The standings download as a spreadsheet, in the same order.
  const download = page.waitForEvent("download");
  await page
    .getByRole("group", { name: "Downloads" })
    .getByRole("link", { name: "Standings" })
    .click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe("\uFEFFRank,Player,Points,Wins,Losses,Draws,OMW%,OOMW%,Status");
  const topFour = [];
  for (let rank = 1; rank <= 4; rank++)
    topFour.push(
      (
        await page
          .getByRole("table")
          .getByRole("row")
          .nth(rank)
          .getByTestId("standing-name")
          // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
          .innerText()
      ).trim(),
    );
  expect(
    csv
      .split("\r\n")
      .slice(1, 5)
      .map((line) => line.split(",")[1]),
  ).toEqual(topFour);
  await page.goto(overview);
  await page.getByLabel("Cut to").selectOption("4");
  await page.getByRole("button", { name: "Start the top cut" }).click();
  await expect(page.getByRole("heading", { name: "Top 4" })).toBeVisible();
  const final = page.getByTestId("cut-F");
  await expect(
    final.getByRole("list", { name: "Seats of the final" }).getByRole("listitem"),
  ).toHaveText(
    topFour.map((name, index) => new RegExp(`Seat ${index + 1}\\s*#${index + 1}\\s*${name}`)),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "screenshots/pod-journey-cut-1280.png", fullPage: true });
  const results = await axeFor(page).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);

  // The finalists report the final pod from their phones; its winner is the champion.
  await reportFromPhones(browser, codes, topFour, topFour[2]!, { endsEvent: true });
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "Champion" })).toHaveText(
    `Champion: ${topFour[2]}`,
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "screenshots/pod-journey-champion-390.png", fullPage: true });
  await page.goto(overview);
  await expect(page.getByText("Event complete")).toBeVisible();
  // The final standings put the champion first, marked, with the final pod after.
  await page
    .getByRole("navigation", { name: "Tournament" })
    .getByRole("link", { name: "Standings" })
    .click();
  await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText(
    `${topFour[2]}Champion`,
  );
  await expect(page.getByRole("table").getByRole("row").nth(2)).toContainText("Final pod");
});
