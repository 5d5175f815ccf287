import { mkdirSync } from "node:fs";
import { axeFor } from "./support/axe";
import { devices, expect, test, type Page } from "@playwright/test";

// CR 100.6a and the community tournament addenda: a Commander pod event as an organizer runs it —
// 13 players seated in three pods of 3 and one of 4 (no byes), results entered per pod (a win, a
// draw every remaining player agreed to, a draw at time), standings by the event's points, and
// the next round paired through the pod pairer.

/** WCAG 2.2 A and AA, as the accessibility gate checks every other page. */
async function expectAccessible(page: Page) {
  const results = await axeFor(page).analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

async function screenshots(page: Page, name: string) {
  mkdirSync("screenshots", { recursive: true });
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `screenshots/pod-event-${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

const PLAYERS = [
  "Ada",
  "Bea",
  "Cy",
  "Dee",
  "Eve",
  "Fay",
  "Gus",
  "Hal",
  "Ivy",
  "Jo",
  "Kim",
  "Lea",
  "Max",
];

test("organizer: a 13-player Commander pod event, pods of 3 and 4, results per pod and standings by points", async ({
  page,
  browser,
  isMobile,
}) => {
  test.skip(isMobile, "an organizer's journey, run once from the desktop project");
  test.setTimeout(180_000);
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(`Commander Night ${Date.now()}`);
  await page.getByLabel("Format").fill("Commander");
  await page.getByLabel("Games are").selectOption("PODS");
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Commander Night");
  await expect(page.getByText("Swiss pods of 4 · win 5, draw 1, loss 0")).toBeVisible();

  await page.getByText("Paste a list of players").click();
  await page.getByLabel("One name per line").fill(PLAYERS.join("\n"));
  await page.getByRole("button", { name: "Register 13 players" }).click();
  await expect(
    page.getByRole("list", { name: "Registered players" }).getByRole("listitem"),
  ).toHaveCount(13);
  // The Commander addendum's advice for 13 players, not MTR Appendix E's for two-player Swiss.
  await expect(page.getByLabel("Swiss rounds")).toContainText(
    "recommended 1 for 13 players, top 4 (cEDH addendum)",
  );
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pods" })).toBeVisible();

  // 13 players: three pods of 3 and one of 4, each seat numbered from 1 (seat 1 plays first).
  const pods = page.getByRole("list", { name: "Pods" }).locator(":scope > li");
  await expect(pods).toHaveCount(4);
  const sizes = [];
  for (let index = 0; index < 4; index++)
    sizes.push(
      await pods
        .nth(index)
        .getByRole("list", { name: /^Seats of pod / })
        .getByRole("listitem")
        .count(),
    );
  expect(sizes.sort()).toEqual([3, 3, 3, 4]);
  await expect(page.getByTestId("round-progress")).toContainText("Results in 0 / 4, outstanding 4");
  await screenshots(page, "round");
  await expectAccessible(page);
  const roundUrl = page.url();

  // A player's phone (390 px) shows their pod, their seat and their pod-mates.
  const podOneSeats = page
    .getByTestId("pod-1")
    .getByRole("list", { name: "Seats of pod 1" })
    .getByRole("listitem");
  const podOneSize = await podOneSeats.count();
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
  const seatTwo = (await podOneSeats.nth(1).locator("span.font-medium").innerText()).trim();
  await page.getByRole("link", { name: "Players & rounds" }).click();
  await page.getByRole("link", { name: "Players' codes and QR codes" }).click();
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
  const code = (await page.getByTestId(`code-${seatTwo}`).innerText()).trim();
  const phone = await (
    await browser.newContext({
      ...devices["Pixel 7"],
      viewport: { width: 390, height: 844 },
      storageState: { cookies: [], origins: [] },
    })
  ).newPage();
  await phone.goto(`/play/${code.replaceAll("-", "")}`);
  await expect(phone.getByTestId("my-pod")).toHaveText("1");
  await expect(phone.getByTestId("my-seat")).toHaveText("2");
  await expect(phone.getByRole("list", { name: "Seats" }).getByRole("listitem")).toHaveCount(
    podOneSize,
  );
  await phone.screenshot({ path: "screenshots/pod-event-phone-390.png", fullPage: true });
  await expectAccessible(phone);
  await page.goto(roundUrl);

  // Pod 1: seat 2 wins. Pod 2: the players agree to a draw (104.4i). Pod 3: a draw at time. Pod 4: seat 1 wins.
  const winner = async (pod: number, seat: number) => {
    const card = page.getByTestId(`pod-${pod}`);
    const name = (
      await card
        .getByRole("list", { name: `Seats of pod ${pod}` })
        .getByRole("listitem")
        .nth(seat - 1)
        .locator("span.font-medium")
        // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
        .innerText()
    ).trim();
    const form = page.getByRole("form", { name: `Result of pod ${pod}` });
    await form.getByRole("radio", { name }).check();
    await form.getByRole("button", { name: "Record the win" }).click();
    await expect(page.getByTestId(`pod-${pod}-result`)).toHaveText(`✓ ${name} won`);
    return name;
  };
  // Recording a win without choosing the winner is refused plainly.
  await page
    .getByRole("form", { name: "Result of pod 1" })
    .getByRole("button", { name: "Record the win" })
    .click();
  await expect(
    page.getByRole("form", { name: "Result of pod 1" }).getByRole("alert"),
  ).toContainText("Choose who won the pod.");
  const first = await winner(1, 2);
  await page
    .getByRole("form", { name: "Result of pod 2" })
    .getByRole("button", { name: "Agreed draw" })
    .click();
  await expect(page.getByTestId("pod-2-result")).toHaveText("✓ Agreed draw");
  await page
    .getByRole("form", { name: "Result of pod 3" })
    .getByRole("button", { name: "Draw at time" })
    .click();
  await expect(page.getByTestId("pod-3-result")).toHaveText("✓ Draw at time");
  // Pod 4 by quick entry: seat 1 won.
  const fourth = (
    await page
      .getByTestId("pod-4")
      .getByRole("list", { name: "Seats of pod 4" })
      .getByRole("listitem")
      .nth(0)
      .locator("span.font-medium")
      // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
      .innerText()
  ).trim();
  const bar = page.getByRole("textbox", { name: /Quick entry/ });
  await bar.fill("4 win 9");
  await bar.press("Enter");
  await expect(page.getByRole("form", { name: "Quick entry" }).getByRole("alert")).toContainText(
    "Name the winner's seat, 1 to 5",
  );
  await bar.fill("4 win 1");
  await bar.press("Enter");
  await expect(page.getByRole("form", { name: "Quick entry" }).getByRole("status")).toHaveText(
    `Pod 4: ${fourth} won.`,
  );
  await expect(page.getByTestId("pod-4-result")).toHaveText(`✓ ${fourth} won`);
  await expect(page.getByTestId("round-progress")).toContainText("Results in 4 / 4, outstanding 0");
  await phone.reload();
  await expect(phone.getByTestId("pod-status")).toHaveText(`Result recorded: ${first} won.`);
  await phone.context().close();

  await page
    .getByRole("navigation", { name: "Tournament" })
    .getByRole("link", { name: "Standings" })
    .click();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(14);
  // The two winners lead on 5 points; every player of a drawn pod has 1.
  await expect(rows.nth(1)).toContainText(/5\s*1-0-0/);
  await expect(rows.nth(2)).toContainText(/5\s*1-0-0/);
  // W-L-D as in every other standings: a drawn pod is 0-0-1; no repository file is named.
  await expect(page.getByRole("columnheader", { name: "W-L-D" })).toBeVisible();
  await expect(rows.nth(3)).toContainText(/1\s*0-0-1/);
  await expect(page.getByText(/docs\//)).toHaveCount(0);
  await expect(page.getByRole("table")).toContainText(first);
  await expect(page.getByRole("table")).toContainText(fourth);
  await screenshots(page, "standings");
  await expectAccessible(page);

  await page
    .getByRole("navigation", { name: "Tournament" })
    .getByRole("link", { name: "Pairings" })
    .click();
  await expect(
    page.getByRole("list", { name: "Pairings by name" }).getByRole("listitem"),
  ).toHaveCount(13);
  await expect(
    page
      .getByRole("list", { name: "Pairings by name" })
      .getByRole("listitem")
      .filter({ has: page.getByText(first, { exact: true }) }),
  ).toContainText("won");
  await screenshots(page, "pairings");
  await expectAccessible(page);

  await page.getByRole("link", { name: "Players & rounds" }).click();
  await page.getByRole("button", { name: "Pair round 2" }).click();
  await expect(page.getByRole("heading", { name: "Round 2 pods" })).toBeVisible();
  // The two winners (5 points) sit together in the top pod.
  await expect(page.getByTestId("pod-1")).toContainText(first);
  await expect(page.getByTestId("pod-1")).toContainText(fourth);

  // Addenda: a top 4 is one final pod, named so, played to a winner without a round clock.
  for (const pod of [1, 2, 3, 4]) {
    await bar.fill(`${pod} win 1`);
    await bar.press("Enter");
    await expect(page.getByRole("form", { name: "Quick entry" }).getByRole("status")).toHaveText(
      new RegExp(`^Pod ${pod}: .+ won\\.$`),
    );
  }
  await expect(page.getByTestId("round-progress")).toContainText("Results in 4 / 4, outstanding 0");
  await page.getByRole("link", { name: "Players & rounds" }).click();
  await page.getByLabel("Cut to").selectOption("4");
  await page.getByRole("button", { name: "Start the top cut" }).click();
  await expect(page.getByRole("heading", { name: "Top 4" })).toBeVisible();
  await page.goto(roundUrl.replace(/\/rounds\/1$/, "/rounds/3"));
  await expect(page.getByRole("heading", { name: "Final pod", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Start / })).toHaveCount(0);
  await expect(page.getByText("Time left")).toHaveCount(0);
});
