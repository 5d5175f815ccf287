import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";

// MTR 8.2: a Team Trios event as an organizer runs it — teams pasted with their seats, a round of
// seat matches entered by quick entry ("1A 2-0"), each team match shown as its seats finish, and
// team standings whose games are the seat matches.

async function screenshots(page: Page, name: string) {
  mkdirSync("screenshots", { recursive: true });
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `screenshots/team-event-${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

const TEAMS = [
  "Rocket: Ana Arden, Ben Birch, Cleo Cole",
  "Blue: Dora Dale, Eli Eastwood, Fay Finch",
  "Green: Gus Grove, Hal Hart, Ivy Irons",
  "Red: Jo Judd, Kim Kent, Lea Lowe",
];

test("organizer: a Team Trios round from pasted teams to team standings", async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Trios ${Date.now()}`;
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(name);
  await page.getByLabel("Each side is").selectOption("TEAMS_OF_THREE");
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Trios");

  // A player alone cannot enter a team event; the team form has a seat per player.
  const form = page.getByRole("form", { name: "Register a team" });
  await expect(form.getByLabel("Seat C")).toBeVisible();
  await page.getByText("Paste a list of teams").click();
  await page
    .getByLabel(/One team per line/)
    .fill([...TEAMS, "Short: Max Moss, Ned Noon"].join("\n"));
  const preview = page.getByRole("list", { name: "Preview" });
  await expect(preview).toContainText("Rocket: A Ana Arden, B Ben Birch, C Cleo Cole");
  await expect(preview).toContainText(
    "Short needs exactly 3 members, one in each seat A, B, C; 2 were given. Skipped.",
  );
  await page.getByRole("button", { name: "Register 4 teams" }).click();
  const teams = page.getByRole("list", { name: "Registered teams" });
  await expect(teams.getByRole("listitem")).toHaveCount(4);
  await expect(teams).toContainText("A Ana Arden · B Ben Birch · C Cleo Cole");
  // MTR 8.2: before the team plays, a new player may take a seat.
  await page.getByRole("button", { name: "Replace member of Rocket" }).click();
  const replace = page.getByRole("form", { name: "Replace a member of Rocket" });
  await replace.getByLabel("Seat").selectOption("B");
  await replace.getByLabel("New player").fill("Dora Dale");
  await replace.getByRole("button", { name: "Replace" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "Dora Dale is already on another team in this tournament" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Replace member of Rocket" }).click();
  await replace.getByLabel("Seat").selectOption("B");
  await replace.getByLabel("New player").fill("Bea Bright");
  await replace.getByRole("button", { name: "Replace" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Bea Bright now plays seat B for Rocket" }),
  ).toBeVisible();
  await expect(teams).toContainText("A Ana Arden · B Bea Bright · C Cleo Cole");
  await screenshots(page, "overview");
  // MTR Appendix E counts each team as one entrant.
  await expect(page.getByLabel("Swiss rounds")).toContainText(
    "recommended 2 for 4 teams, no playoff",
  );

  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  const pairings = page.getByRole("list", { name: "Pairings" });
  await expect(pairings.getByText("Table 1A")).toBeVisible();
  await expect(pairings.getByText("Table 2C")).toBeVisible();
  await page.getByRole("button", { name: "Start round 1" }).click();
  await expect(page.getByRole("button", { name: "Start round 1" })).toHaveCount(0);

  const bar = page.getByRole("textbox", { name: /Quick entry/ });
  const quick = page.getByRole("form", { name: "Quick entry" });
  await bar.fill("1 2-0");
  await bar.press("Enter");
  await expect(quick.getByRole("alert")).toContainText(
    'Table 1 is a team table: type the seat too, e.g. "1A 2-0"',
  );
  for (const line of ["1A 2-0", "1B 2-1"]) {
    await bar.fill(line);
    await bar.press("Enter");
    await expect(quick.getByRole("status")).toContainText(`Table ${line.split(" ")[0]}: `);
  }
  // Two seats of three won: the team match is decided while seat C still plays.
  await expect(page.getByTestId("team-table-1")).toContainText(
    / 2-0 \S.* wins; 1 seat still open$/,
  );
  for (const line of ["1C 0-2", "2A 0-2", "2B 0-2", "2C 1-2"]) {
    await bar.fill(line);
    await bar.press("Enter");
    await expect(quick.getByRole("status")).toContainText(`Table ${line.split(" ")[0]}: `);
  }
  await expect(page.getByTestId("team-table-1")).toContainText(/ 2-1 \S.* wins$/);
  await expect(page.getByTestId("team-table-2")).toContainText(/ 0-3 \S.* wins$/);
  await screenshots(page, "round");

  // MTR 8.2: the printed result slips are one per team table, a row per seat.
  const roundUrl = page.url().replace(/[?#].*$/, "");
  await page.goto(`${roundUrl}/print/slips`);
  await expect(page.getByRole("article", { name: /^Team result slip, table / })).toHaveCount(2);
  await expect(
    page.getByRole("article", { name: "Team result slip, table 1" }).getByRole("row"),
  ).toHaveCount(4);
  await screenshots(page, "team-slips");
  await page.goto(roundUrl);

  await page
    .getByRole("navigation", { name: "Tournament" })
    .getByRole("link", { name: "Standings" })
    .click();
  const rows = page.getByRole("table").getByRole("row");
  // Appendix C, a team's games being its seat matches: table 2's winner won every seat (game-win 100%), table 1's won 2-1 (66.67%).
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(1)).toContainText("1-0-0");
  await expect(rows.nth(1)).toContainText("100.00%");
  await expect(rows.nth(2)).toContainText("66.67%");
  await screenshots(page, "standings");

  // MTR 8.2: a team table is one table however many seat matches it holds; the list counts teams.
  await page.getByRole("link", { name: "Players & rounds" }).click();
  await expect(page.getByRole("list", { name: "Rounds" }).getByRole("listitem")).toHaveText([
    /Round 1\s*2 tables/,
  ]);
  await page.goto("/");
  await expect(
    page.getByRole("list", { name: "Your tournaments" }).getByRole("listitem").filter({
      hasText: name,
    }),
  ).toContainText("4 teams · 1 Swiss round");
});
