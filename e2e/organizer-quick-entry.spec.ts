import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";

// The round page for the busiest hour — quick entry by table from the keyboard alone,
// progress, the outstanding filter, "Next outstanding", the result-row defects, and the print views
// rendered to PDF.

/** A player's code as printed. */
const CODE =
  /[2-9ABCDEFGHJKMNPQRSTVWXYZ]{4}-[2-9ABCDEFGHJKMNPQRSTVWXYZ]{4}-[2-9ABCDEFGHJKMNPQRSTVWXYZ]{4}/;

const PLAYERS = [
  "Ana Alves",
  "Ben Brook",
  "Cleo Craig",
  "Dev Dutta",
  "Eli Evans",
  "Fay Fox",
  "Gus Gray",
  "Hana Hill",
  "Ivo Iles",
  "Jo Jun",
  "Kai Kent",
];

async function pairedRound(page: Page): Promise<string> {
  const name = `Quick entry ${Date.now()}`;
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(name);
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  for (const player of PLAYERS) {
    await page.getByLabel("Player name").fill(player);
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByRole("list", { name: "Registered players" }).getByText(player),
    ).toBeVisible();
  }
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  await page.getByRole("button", { name: "Start round 1" }).click();
  await expect(page.getByRole("form", { name: "Swap players" })).toHaveCount(0);
  return page.url();
}

const progress = (page: Page) => page.getByTestId("round-progress");
const bar = (page: Page) => page.getByRole("textbox", { name: /Quick entry/ });
const row = (page: Page, table: number) => page.locator(`#table-${table}`);

async function enter(page: Page, line: string) {
  await page.keyboard.type(line);
  await page.keyboard.press("Enter");
}

/** A laid-out element's width, once it has one (a row the live page re-renders has none for a moment). */
async function widthOf(locator: Locator): Promise<number> {
  let width = 0;
  await expect
    .poll(async () => (width = (await locator.boundingBox())?.width ?? 0))
    .toBeGreaterThan(0);
  return width;
}

function shot(name: string, png: Buffer) {
  mkdirSync("screenshots", { recursive: true });
  writeFileSync(`screenshots/${name}.png`, png);
}

/** Pages and page size of a PDF Chromium printed (its page objects are written uncompressed). */
function pdfPages(pdf: Buffer): { count: number; widthPt: number; heightPt: number } {
  const text = pdf.toString("latin1");
  const count = (text.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
  return { count, widthPt: Number(box?.[1]), heightPt: Number(box?.[2]) };
}

/** A look at the first page, where poppler's pdftoppm is installed (not needed for the test to pass). */
function pdfToPng(pdfPath: string, pngBase: string) {
  if (!existsSync("/usr/bin/pdftoppm")) return;
  execFileSync("/usr/bin/pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "2", pdfPath, pngBase]);
}

test.describe("organizer: the round page for the busiest hour", () => {
  test("a whole round entered from the keyboard alone, with progress, the outstanding filter and next unreported", async ({
    page,
  }) => {
    const roundUrl = await pairedRound(page);
    await page.goto(roundUrl);
    await expect(progress(page)).toHaveText("Results in 0 / 5, outstanding 5");
    await expect(page.getByRole("link", { name: "Next outstanding: table 1" })).toBeVisible();
    // The bar has the cursor as the page opens: no mouse from here on.
    await expect(bar(page)).toBeFocused();

    // An impossible slip: the error names the table and the rule; the line stays, the cursor too.
    await enter(page, "1 3-0");
    const quick = page.getByRole("form", { name: "Quick entry" });
    await expect(quick.getByRole("alert")).toContainText(
      /^Table 1 \(.+ vs .+\): .*best-of-three.*\(MTR 2\.1 Match Structure\)$/,
    );
    await expect(bar(page)).toHaveValue("1 3-0");
    await expect(bar(page)).toBeFocused();

    // Fixed in place: select the line, type the right one. Saved, shown, bar cleared, cursor back.
    await page.keyboard.press("ControlOrMeta+a");
    await enter(page, "1 2-1");
    await expect(quick.getByRole("status")).toHaveText(/^Table 1: .+ wins 2-1\.$/);
    await expect(bar(page)).toHaveValue("");
    await expect(bar(page)).toBeFocused();
    await expect(progress(page)).toHaveText("Results in 1 / 5, outstanding 4");
    await expect(row(page, 1)).toContainText("wins 2-1");

    // Ruling F (MTR 2.1): 2-0-5 is questioned; "!" confirms it.
    await enter(page, "2 2-0-5");
    await expect(quick.getByRole("alert")).toContainText(
      "5 drawn games (7 games in all) is unusual for a best-of-three match",
    );
    await expect(quick.getByRole("alert")).toContainText('end the line with "!"');
    await page.keyboard.press("End");
    await enter(page, " !");
    await expect(quick.getByRole("status")).toHaveText(/^Table 2: .+ wins 2-0-5\.$/);

    // MTR 2.5: an intentional draw is confirmed as one, on the bar and on its row; typed again it is already recorded.
    await enter(page, "3 ID");
    await expect(quick.getByRole("status")).toHaveText("Table 3: Intentional draw, 0-0-3.");
    await expect(progress(page)).toHaveText("Results in 3 / 5, outstanding 2");
    await expect(page.locator("#table-3")).toContainText("✓ Intentional draw, 0-0-3");
    await enter(page, "3 ID");
    await expect(quick.getByRole("status")).toHaveText(
      "Table 3: Intentional draw, 0-0-3 (already recorded).",
    );
    await expect(bar(page)).toBeFocused();

    // The outstanding filter is a plain link (works without JavaScript); next unreported jumps to table 4.
    await page.goto(`${roundUrl}?show=outstanding`);
    const listed = page.getByRole("list", { name: "Pairings" }).getByRole("listitem");
    await expect(listed).toHaveCount(2);
    await expect(listed.nth(0)).toContainText("Table 4");
    await expect(listed.nth(1)).toContainText("Table 5");
    // The bar takes the cursor once the page is interactive: only then move it to the link
    // (moved earlier, the bar's own focus would take it back before the Enter).
    await expect(bar(page)).toBeFocused();
    await page.getByRole("link", { name: "Next outstanding: table 4" }).focus();
    await page.keyboard.press("Enter");
    // What counts is where the cursor lands: the URL's #table-4 does not last, since Next.js's
    // router drops the fragment whenever it refreshes the page (a live update may land any moment).
    await expect(row(page, 4)).toBeFocused();
    await expect(row(page, 4)).toBeInViewport();

    await bar(page).focus();
    await enter(page, "4 conc B drop B");
    await expect(quick.getByRole("status")).toHaveText(/^Table 4: .+ wins 2-0\. .+ dropped\.$/);
    await enter(page, "5 0-2");
    await expect(quick.getByRole("status")).toHaveText(/^Table 5: .+ wins 2-0\.$/);
    await expect(progress(page)).toHaveText("Results in 5 / 5, outstanding 0");
    // A table that has a result is corrected on its row, not overwritten from the bar.
    await enter(page, "1 0-2");
    await expect(quick.getByRole("alert")).toContainText(
      /^Table 1 \(.+\) already has a result, 2-1-0\. To change it, use "Correct or clear" on its row/,
    );
    await page.goto(`${roundUrl}?show=outstanding`);
    await expect(page.getByText("Every result is in.")).toBeVisible();
  });

  test("result rows: one message at a time, names keep their width, clearing asks and empties the form, named preview, 44 px targets", async ({
    page,
  }) => {
    const roundUrl = await pairedRound(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(roundUrl);
    const table1 = row(page, 1);
    // The row's second cell: both players' names (the first is "Table N").
    const names = table1.locator(":scope > span").nth(1);
    await expect(names).toContainText(" vs ");
    const namesWidth = await widthOf(names);

    // An error on a row: shown once, and the names column is not squeezed.
    await table1.getByRole("textbox").nth(0).fill("3");
    await table1.getByRole("textbox").nth(1).fill("0");
    await table1.getByRole("button", { name: "Save" }).click();
    await expect(table1.getByRole("alert")).toContainText("best-of-three");
    await expect(table1.getByText(/best-of-three match ends/)).toHaveCount(1);
    expect(await widthOf(names)).toBeGreaterThanOrEqual(namesWidth - 1);

    // "abc" says which field, in the player's name: never "NaN" or "Player A".
    await table1.getByRole("textbox").nth(0).fill("abc");
    await expect(table1).toContainText(/Games won by .+ must be a whole number from 0 to 9\./);
    await expect(table1).not.toContainText("NaN");
    await expect(table1).not.toContainText("Player A");

    // Save 2-0, then clear it: a confirmation first (dismissed: nothing happens), then the row is empty.
    await table1.getByRole("button", { name: "2-0", exact: true }).click();
    await table1.getByRole("button", { name: "Save" }).click();
    await expect(table1.getByRole("status")).toHaveText("Result saved.");
    await table1.getByText("Correct or clear").click();
    await table1.getByLabel("Reason to clear the result").fill("Entered on the wrong table");
    page.once("dialog", (dialog) => void dialog.dismiss());
    await table1.getByRole("button", { name: "Clear" }).click();
    await expect(table1).toContainText("wins 2-0");
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toContain("Clear the result of");
      void dialog.accept();
    });
    await table1.getByRole("button", { name: "Clear" }).click();
    await expect(table1.getByRole("status")).toHaveText(
      "Result cleared; the table has no result now.",
    );
    await expect(table1.getByRole("textbox").nth(0)).toHaveValue("");
    await expect(table1.getByRole("textbox").nth(1)).toHaveValue("");
    await expect(progress(page)).toHaveText("Results in 0 / 5, outstanding 5");
    await page.screenshot({ fullPage: true }).then((png) => shot("round-page-1280", png));

    // Phones: the quick-slip buttons, "Correct or clear" and Drop are at least 44 px tall.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    // Wait for the row (it streams in after the loading state), or the loop below would check nothing.
    await expect(row(page, 2).getByRole("button", { name: /^\d-\d(-\d)?$/ })).toHaveCount(5);
    for (const button of await row(page, 2)
      .getByRole("button", { name: /^\d-\d(-\d)?$/ })
      .all()) {
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await row(page, 2).getByRole("button", { name: "2-1", exact: true }).click();
    await row(page, 2).getByRole("button", { name: "Save" }).click();
    await expect(row(page, 2).getByText("Correct or clear")).toBeVisible();
    expect(
      (await row(page, 2).getByText("Correct or clear").boundingBox())!.height,
    ).toBeGreaterThanOrEqual(44);
    await page.screenshot({ fullPage: true }).then((png) => shot("round-page-390", png));
    await page.goto(roundUrl.replace(/\/rounds\/1$/, ""));
    const drop = page.getByRole("button", { name: /^Drop / }).first();
    expect((await drop.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });

  test("print views: pairings by name and by table, standings and result slips, to PDF on A4 and Letter", async ({
    page,
  }) => {
    const roundUrl = await pairedRound(page);
    await page.goto(roundUrl);
    // The bar takes the cursor once the page is interactive; typing before that would go nowhere.
    await expect(bar(page)).toBeFocused();
    await enter(page, "1 2-1");
    await expect(progress(page)).toHaveText("Results in 1 / 5, outstanding 4");
    mkdirSync("screenshots", { recursive: true });

    // The round page links to the print views, each on A4 or Letter.
    await page.getByRole("link", { name: "Print views" }).click();
    await expect(page.getByRole("list", { name: "Print views" }).getByRole("listitem")).toHaveCount(
      5,
    );
    await page.getByRole("link", { name: "Pairings by name, A4" }).click();
    await expect(page).toHaveURL(/\/print\/by-name\?paper=a4$/);

    // Pairings by name: alphabetical, with table and opponent; no site header, links or buttons on paper.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(page.locator("body > header")).toBeHidden();
    await expect(page.getByRole("link", { name: /Back to the round/ })).toBeHidden();
    const nameCells = page
      .getByRole("table", { name: "Pairings by name" })
      .locator("tbody tr td:first-child");
    await expect(nameCells).toHaveCount(PLAYERS.length);
    expect(await nameCells.allInnerTexts()).toEqual(
      [...PLAYERS].sort((a, b) => a.localeCompare(b)),
    );
    await expect(page.getByRole("table", { name: "Pairings by name" })).toContainText(
      "Bye (2-0 win)",
    );
    const byName = await page.pdf({
      path: "screenshots/print-by-name.pdf",
      preferCSSPageSize: true,
      printBackground: true,
    });
    expect(pdfPages(byName)).toMatchObject({ count: 1 });
    expect(pdfPages(byName).widthPt).toBeCloseTo(595, -1); // A4: 210 mm
    pdfToPng("screenshots/print-by-name.pdf", "screenshots/print-by-name");

    // Letter is one link away.
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("link", { name: "Letter" }).click();
    await expect(page).toHaveURL(/paper=letter/);
    await page.emulateMedia({ media: "print" });
    const letter = await page.pdf({ preferCSSPageSize: true });
    expect(pdfPages(letter).widthPt).toBeCloseTo(612, -1); // Letter: 8.5 in
    await page.emulateMedia({ media: "screen" });

    await page.goto(`${roundUrl}/print/by-table`);
    const tableRows = page.getByRole("table", { name: "Pairings by table" }).locator("tbody tr");
    await expect(tableRows).toHaveCount(6);
    // A print view is printed as loaded: it does not listen for changes (nor re-render its slips for each result).
    await expect(page.locator("[data-live-updates]")).toHaveAttribute("data-live-updates", "off");
    await expect(tableRows.nth(0)).toContainText(/^1.+2-1-0$/);
    await expect(tableRows.nth(5)).toContainText("Bye");
    expect(pdfPages(await page.pdf({ preferCSSPageSize: true })).count).toBe(1);

    await page.goto(`${roundUrl}/print/standings`);
    await expect(page.getByRole("table", { name: "Standings" }).locator("tbody tr")).toHaveCount(
      PLAYERS.length,
    );
    expect(
      pdfPages(await page.pdf({ path: "screenshots/print-standings.pdf", preferCSSPageSize: true }))
        .count,
    ).toBe(1);

    // Slips: one per played match (5; the bye has none), four to a page, in cut-and-stack order:
    // page 1 holds tables 1, 3, 5 and page 2 tables 2, 4.
    await page.goto(`${roundUrl}/print/slips`);
    const pages = page.getByRole("region", { name: /^Slip page/ });
    await expect(pages).toHaveCount(2);
    expect(
      await pages
        .nth(0)
        .locator("article")
        .evaluateAll((slips) => slips.map((slip) => slip.getAttribute("data-table"))),
    ).toEqual(["1", "3", "5"]);
    expect(
      await pages
        .nth(1)
        .locator("article")
        .evaluateAll((slips) => slips.map((slip) => slip.getAttribute("data-table"))),
    ).toEqual(["2", "4"]);
    const slip1 = page.getByRole("article", { name: "Result slip, table 1" });
    await expect(slip1).toContainText("Round 1");
    await expect(slip1).toContainText("best-of-three");
    await expect(slip1.getByLabel(/^Games won by /)).toHaveCount(2);
    await expect(slip1.getByLabel("Drawn games")).toHaveCount(1);
    // The slip both players handle carries no code (an opponent could use it): none on any slip.
    await expect(slip1.getByLabel("Report code")).toHaveCount(0);
    for (const slip of await page.getByRole("article").all()) {
      // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
      expect(await slip.innerText()).not.toMatch(CODE);
    }
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
    expect(await page.locator("main").innerText()).not.toMatch(CODE);
    await expect(slip1).toContainText("Signature");
    await page.screenshot({ fullPage: true }).then((png) => shot("print-slips-screen-1280", png));
    await page.emulateMedia({ media: "print" });
    const slips = await page.pdf({
      path: "screenshots/print-slips-a4.pdf",
      preferCSSPageSize: true,
      printBackground: true,
    });
    expect(pdfPages(slips)).toMatchObject({ count: 2 });
    expect(pdfPages(slips).heightPt).toBeCloseTo(842, -1); // A4: 297 mm
    pdfToPng("screenshots/print-slips-a4.pdf", "screenshots/print-slips-a4");
    await page.emulateMedia({ media: "screen" });
    await page.goto(`${roundUrl}/print/slips?paper=letter`);
    await expect(pages).toHaveCount(2);
    await page.emulateMedia({ media: "print" });
    const slipsLetter = await page.pdf({
      path: "screenshots/print-slips-letter.pdf",
      preferCSSPageSize: true,
      printBackground: true,
    });
    expect(pdfPages(slipsLetter)).toMatchObject({ count: 2 });
    expect(pdfPages(slipsLetter).heightPt).toBeCloseTo(792, -1); // Letter: 11 in
    pdfToPng("screenshots/print-slips-letter.pdf", "screenshots/print-slips-letter");
    await page.emulateMedia({ media: "screen" });

    // Player slips: one per seated player (the bye's player too), only their own
    // code and its QR code, ten to a page, alphabetical after cutting and stacking.
    const tournamentUrl = roundUrl.replace(/\/rounds\/\d+$/, "");
    await page.goto(`${tournamentUrl}/codes`);
    const codes = new Map<string, string>();
    for (const name of PLAYERS) {
      // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
      codes.set(name, (await page.getByTestId(`code-${name}`).innerText()).trim());
    }
    await page.goto(`${roundUrl}/print`);
    await page.getByRole("link", { name: "Player slips, A4" }).click();
    await expect(page).toHaveURL(/\/print\/player-slips\?paper=a4$/);
    const playerSlips = page.getByRole("article", { name: /^Player slip, / });
    await expect(playerSlips).toHaveCount(PLAYERS.length);
    await expect(page.getByRole("region", { name: /^Player slip page/ })).toHaveCount(2);
    const seen: string[] = [];
    for (const slip of await playerSlips.all()) {
      const name = (await slip.getAttribute("aria-label"))!.replace(/^Player slip, /, "");
      seen.push(name);
      // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
      const text = await slip.innerText();
      // Exactly one code on the slip, and it is this player's.
      expect(text.match(new RegExp(CODE.source, "g")) ?? []).toEqual([codes.get(name)]);
      await expect(slip.getByTestId("player-code")).toHaveText(codes.get(name)!);
      await expect(
        slip.getByRole("img", { name: `QR code opening ${name}'s match` }).locator("svg"),
      ).toHaveCount(1);
      await expect(slip).toContainText("Round 1");
    }
    expect(seen).toHaveLength(PLAYERS.length);
    expect(new Set(seen).size).toBe(PLAYERS.length);
    await expect(playerSlips.filter({ hasText: "Bye" })).toHaveCount(1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .screenshot({ fullPage: true })
      .then((png) => shot("print-player-slips-screen-1280", png));
    await page.emulateMedia({ media: "print" });
    const playerSlipsPdf = await page.pdf({
      path: "screenshots/print-player-slips-a4.pdf",
      preferCSSPageSize: true,
      printBackground: true,
    });
    expect(pdfPages(playerSlipsPdf)).toMatchObject({ count: 2 });
    expect(pdfPages(playerSlipsPdf).heightPt).toBeCloseTo(842, -1);
    pdfToPng("screenshots/print-player-slips-a4.pdf", "screenshots/print-player-slips-a4");
    await page.emulateMedia({ media: "screen" });
    await page.goto(`${roundUrl}/print/player-slips?paper=letter`);
    // The slips stream in after the loading state: print them, not the skeleton.
    await expect(playerSlips).toHaveCount(PLAYERS.length);
    await page.emulateMedia({ media: "print" });
    const playerSlipsLetter = await page.pdf({
      path: "screenshots/print-player-slips-letter.pdf",
      preferCSSPageSize: true,
      printBackground: true,
    });
    expect(pdfPages(playerSlipsLetter)).toMatchObject({ count: 2 });
    expect(pdfPages(playerSlipsLetter).heightPt).toBeCloseTo(792, -1);
    pdfToPng("screenshots/print-player-slips-letter.pdf", "screenshots/print-player-slips-letter");
  });
});
