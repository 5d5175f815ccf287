import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { axeFor } from "./support/axe";

// Entering an event run elsewhere: an organizer imports a real finished event from its published
// results (a melee.gg cache file), sees our standings beside the published ones, downloads the
// standings, a round's pairings and every result as spreadsheets, exports the tournament's archive
// and imports it again as a second tournament with the same standings.

const fixture = join(
  import.meta.dirname,
  "../test/fixtures/published-events/weekly-legacy-mont.json",
);

test("an organizer imports a finished event, compares its standings with the published ones, downloads the CSVs, and exports and re-imports its archive", async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, "an organizer's journey, run once from the desktop project");
  test.setTimeout(120_000);
  await page.goto("/");
  await page.getByText("Import a tournament from a file").click();
  // Where such files come from and what is compared, said before a file is chosen.
  const guide = page.getByTestId("published-import-guide");
  await expect(guide).toContainText("MTGODecklistCache");
  await expect(guide).toContainText("rank, match points, OMW%, GW% and OGW%");
  const form = page.getByRole("form", { name: "Import a tournament" });
  // Something that is not JSON is refused plainly.
  await form.getByLabel("Or paste the JSON").fill("{ not json");
  await form.getByRole("button", { name: "Import", exact: true }).click();
  await expect(
    page.getByRole("form", { name: "Import a tournament" }).getByRole("alert"),
  ).toContainText("This is not JSON");
  await page
    .getByRole("form", { name: "Import a tournament" })
    .getByLabel("File")
    .setInputFiles(fixture);
  await page
    .getByRole("form", { name: "Import a tournament" })
    .getByRole("button", { name: "Import", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Weekly Legacy");
  await expect(page.getByRole("heading", { name: "Final standings" })).toBeVisible();

  // Every published row either equals ours or differs only by the floor (1/3 there, 0.33 here).
  await expect(page.getByTestId("comparison-what")).toContainText(
    "rank, match points, OMW%, GW% and OGW%",
  );
  const summary = page.getByTestId("comparison-summary");
  await expect(summary).toContainText("of 26 published rows are equal to ours");
  await expect(summary).toContainText("0 differ otherwise");
  await expect(
    page.getByRole("list", { name: "Differences" }).getByRole("listitem").first(),
  ).toContainText("equal under a 1/3 floor");
  mkdirSync("screenshots", { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `screenshots/import-event-standings-${width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const results = await axeFor(page).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);

  const published = JSON.parse(readFileSync(fixture, "utf8")) as {
    Standings: { Player: string; Points: number }[];
  };
  const download = async (name: string) => {
    const pending = page.waitForEvent("download");
    await page.getByRole("group", { name: "Downloads" }).getByRole("link", { name }).click();
    return readFileSync(await (await pending).path(), "utf8");
  };
  const standings = (await download("Standings")).replace(/^\uFEFF/, "").split("\r\n");
  expect(standings[0]).toBe(
    "Rank,Player,Match points,Wins,Losses,Draws,OMW%,GW%,OGW%,Playoff,Status",
  );
  expect(standings.filter((line) => line !== "")).toHaveLength(published.Standings.length + 1);
  const points = new Map(
    standings
      .slice(1)
      .filter(Boolean)
      .map((line) => [line.split(",")[1], Number(line.split(",")[2])]),
  );
  for (const row of published.Standings)
    expect([row.Player, points.get(row.Player)]).toEqual([row.Player, row.Points]);
  const all = (await download("Every result")).split("\r\n").filter(Boolean);
  expect(all).toHaveLength(52 + 1);

  await page
    .getByRole("navigation", { name: "Tournament" })
    .getByRole("link", { name: "Pairings" })
    .click();
  const round = (await download("Round 4 pairings")).split("\r\n").filter(Boolean);
  expect(round).toHaveLength(13 + 1);

  // The archive: downloaded from the overview, refused whole when one entry breaks a rule, then imported as a second tournament.
  await page
    .getByRole("navigation", { name: "Tournament" })
    .getByRole("link", { name: "Players & rounds" })
    .click();
  const pendingArchive = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the archive (JSON)" }).click();
  const archiveDownload = await pendingArchive;
  expect(archiveDownload.suggestedFilename()).toMatch(/-archive-\d{4}-\d{2}-\d{2}\.json$/);
  const archiveText = readFileSync(await archiveDownload.path(), "utf8");
  const archive = JSON.parse(archiveText) as {
    format: string;
    version: number;
    entrants: unknown[];
    rounds: { matches: { sideB: string | null }[] }[];
  };
  expect([archive.format, archive.version, archive.entrants.length, archive.rounds.length]).toEqual(
    ["mtg-tournament-archive", 1, 26, 4],
  );
  const broken = structuredClone(archive);
  broken.rounds[1]!.matches[0]!.sideB = "entrant:999";
  await page.goto("/");
  await page.getByText("Import a tournament from a file").click();
  const again = page.getByRole("form", { name: "Import a tournament" });
  await again.getByLabel("Or paste the JSON").fill(JSON.stringify(broken));
  await again.getByRole("button", { name: "Import", exact: true }).click();
  await expect(
    page.getByRole("form", { name: "Import a tournament" }).getByRole("alert"),
  ).toContainText("rounds[1].matches[0].sideB: entrant:999 is not an entrant of this archive");
  await page
    .getByRole("form", { name: "Import a tournament" })
    .getByLabel("Or paste the JSON")
    .fill(archiveText);
  await page
    .getByRole("form", { name: "Import a tournament" })
    .getByRole("button", { name: "Import", exact: true })
    .click();
  // A copy: named as one, and only its staff see it until its organizer publishes it.
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Weekly Legacy");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("(imported)");
  await expect(page.getByText("Not published: only staff can see this tournament.")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Registered players" }).getByRole("listitem"),
  ).toHaveCount(26);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `screenshots/import-archive-overview-${width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page
    .getByRole("navigation", { name: "Tournament" })
    .getByRole("link", { name: "Standings" })
    .click();
  const reimported = (await download("Standings")).replace(/^\uFEFF/, "").split("\r\n");
  expect(reimported).toEqual(standings);
});
