import { mkdirSync } from "node:fs";
import { devices, expect, test, type Browser, type Page } from "@playwright/test";

// MTR 8.2 and 2.4 for teams, end to end: a Team Trios event of six teams run to a champion team
// (three Swiss rounds, a top 4 of team matches) with members reporting their own seats' matches
// from their phones, and a Two-Headed Giant playoff where a judge calls time (three additional
// turns) and the game goes on under the life-total rule on tied team life totals.

async function screenshots(page: Page, name: string) {
  mkdirSync("screenshots", { recursive: true });
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({
      path: `screenshots/team-playoffs-${name}-${width}.png`,
      fullPage: true,
    });
  }
  if (size) await page.setViewportSize(size);
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [] },
  });
  return context.newPage();
}

async function createTeamEvent(
  page: Page,
  name: string,
  setup: "TEAMS_OF_THREE" | "TWO_HEADED_GIANT",
  teams: readonly string[],
  matchLength?: "1" | "2" | "3",
) {
  await page.goto("/");
  await page.getByLabel("Tournament name").fill(`${name} ${Date.now()}`);
  if (matchLength) await page.getByLabel("Match length").selectOption(matchLength);
  await page.getByLabel("Each side is").selectOption(setup);
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await page.getByText("Paste a list of teams").click();
  await page.getByLabel(/One team per line/).fill(teams.join("\n"));
  await page.getByRole("button", { name: `Register ${teams.length} teams` }).click();
  await expect(
    page.getByRole("list", { name: "Registered teams" }).getByRole("listitem"),
  ).toHaveCount(teams.length);
}

/** Each member's code, as staff read them on the codes page ("Ana Arden (Rocket)"). */
async function readMemberCodes(page: Page): Promise<Map<string, string>> {
  await page.getByRole("link", { name: "Players' codes and QR codes" }).click();
  await expect(page.locator('[data-testid^="code-"]').first()).toBeVisible();
  const codes = new Map<string, string>();
  for (const cell of await page.locator('[data-testid^="code-"]').all()) {
    const name = (await cell.getAttribute("data-testid"))!.slice("code-".length);
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
    codes.set(name, (await cell.innerText()).trim());
  }
  await page.goBack();
  return codes;
}

/** The two members who play the match at a seat's table ("1A"), as the round page names them. */
async function seatPlayers(page: Page, label: string): Promise<[string, string]> {
  const names = await page.locator(`#table-${label} span.font-medium`).allInnerTexts();
  return [names[0]!, names[1]!];
}

/** Quick entry, one line per seat; each line's confirmation is awaited before the next. */
async function quickEnter(page: Page, lines: readonly string[]) {
  const bar = page.getByRole("textbox", { name: /Quick entry/ });
  const quick = page.getByRole("form", { name: "Quick entry" });
  for (const line of lines) {
    await bar.fill(line);
    await bar.press("Enter");
    await expect(quick.getByRole("status")).toContainText(`Table ${line.split(" ")[0]}: `);
  }
}

/** The seat's two members sign in with their codes; side A reports "I won 2-0", side B confirms it. */
async function reportFromPhones(
  phones: [Page, Page],
  codes: Map<string, string>,
  [nameA, nameB]: [string, string],
  label: string,
) {
  const [first, second] = phones;
  for (const [player, name] of [
    [first, nameA],
    [second, nameB],
  ] as const) {
    await player.goto(`/play/${codes.get(name)!.replaceAll("-", "")}`);
    await expect(player).toHaveURL(/\/play\/me$/);
    await expect(player.getByTestId("my-table")).toHaveText(label);
  }
  await expect(first.getByTestId("my-opponent")).toHaveText(nameB);
  await first.getByText("I won 2-0", { exact: true }).click();
  await first.getByRole("button", { name: "Report: I won 2-0" }).click();
  await expect(second.getByTestId("match-status")).toContainText(`${nameA} reported:`);
  await second.getByRole("button", { name: "Confirm: that is right" }).click();
  await expect(second.getByTestId("match-status")).toContainText("Result final");
  // MTR 8.2: the member also sees their team's match, with this seat counted for side A's team.
  await expect(second.getByTestId("my-team-match")).toContainText(
    new RegExp(`${label}\\s*${escapeRegExp(nameA)} vs ${escapeRegExp(nameB)}\\s*2-0`),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const TRIOS = [
  "Rocket: Ana Arden, Ben Birch, Cleo Cole",
  "Blue: Dora Dale, Eli Eastwood, Fay Finch",
  "Green: Gus Grove, Hal Hart, Ivy Irons",
  "Red: Jo Judd, Kim Kent, Lea Lowe",
  "Gold: Max Moss, Ned Noon, Ola Oakes",
  "Iron: Pia Park, Quinn Quill, Rae Rook",
];

test.describe("team events to a champion team", () => {
  test.skip(
    ({ isMobile }) => isMobile,
    "drives its own phone contexts; run once, from the desktop project",
  );

  test("an organizer runs a 6-team Trios event (Bo3, three Swiss rounds, top 4) to a champion team; members report their seats from phones", async ({
    page,
    browser,
  }) => {
    test.setTimeout(480_000);
    await createTeamEvent(page, "Trios Cup", "TEAMS_OF_THREE", TRIOS);
    const overview = page.url();
    const codes = await readMemberCodes(page);
    // Every member has a code of their own, which opens their seat's match.
    expect([...codes.keys()].filter((name) => name.endsWith(")"))).toHaveLength(18);
    const phones: [Page, Page] = [await phone(browser), await phone(browser)];

    for (const round of [1, 2, 3]) {
      await page.goto(overview);
      await page.getByRole("button", { name: `Pair round ${round}` }).click();
      await expect(page.getByRole("heading", { name: `Round ${round} pairings` })).toBeVisible();
      await page.getByRole("button", { name: `Start round ${round}` }).click();
      await expect(page.getByRole("button", { name: `Start round ${round}` })).toHaveCount(0);
      // Seat A of table 1 reports from the members' phones; the scorekeeper types the other eight seats.
      await reportFromPhones(phones, codes, await seatPlayers(page, "1A"), "1A");
      if (round === 1)
        await phones[1].screenshot({
          path: "screenshots/team-playoffs-phone-team-match-390.png",
          fullPage: true,
        });
      await page.reload();
      await quickEnter(page, [
        "1B 2-1",
        "1C 1-2",
        "2A 2-0",
        "2B 0-2",
        "2C 2-1",
        "3A 2-1",
        "3B 2-0",
        "3C 0-2",
      ]);
      await expect(page.getByTestId("round-progress")).toHaveText(
        "Results in 9 / 9, outstanding 0",
      );
      await expect(page.getByTestId("team-table-1")).toContainText(/ 2-1 \S.* wins$/);
    }

    await page.goto(overview);
    await page.getByRole("form", { name: "Start playoff" }).getByLabel("Cut to").selectOption("4");
    await page.getByRole("button", { name: "Start playoff" }).click();
    await expect(page.getByRole("heading", { name: "Top 4" })).toBeVisible();
    const semifinals = page.getByRole("region", { name: "Semifinals" });
    await expect(semifinals.getByRole("listitem")).toHaveCount(2);
    await screenshots(page, "bracket-semifinals");

    // A staff member opens a team semifinal's table: its three seat matches sit together.
    await semifinals
      .getByRole("link", { name: /^Semifinals: / })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "Semifinals (playoff)" })).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Pairings" }).getByText(/^Table [12][ABC]$/),
    ).toHaveCount(6);
    await reportFromPhones(phones, codes, await seatPlayers(page, "1A"), "1A");
    await page.reload();
    // Table 1's team wins two seats: the team match is decided while its third seat still plays.
    await quickEnter(page, ["1B 2-1"]);
    await expect(page.getByTestId("team-table-1")).toContainText(
      / 2-0 \S.* wins; 1 seat still open$/,
    );
    await quickEnter(page, ["1C 0-2", "2A 0-2", "2B 1-2"]);
    await expect(page.getByTestId("team-table-2")).toContainText(
      / 0-2 \S.* wins; 1 seat still open$/,
    );
    await quickEnter(page, ["2C 2-0"]);
    await screenshots(page, "semifinals-round");

    await page
      .getByRole("navigation", { name: "Tournament" })
      .getByRole("link", { name: "Playoff" })
      .click();
    const finalCard = page
      .getByRole("region", { name: "Final", exact: true })
      .getByRole("listitem");
    await expect(finalCard).not.toContainText("To be decided");
    await page.getByRole("link", { name: "Final", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Final (playoff)" })).toBeVisible();
    const [, finalB] = await seatPlayers(page, "1A");
    const finalistTeamB = finalB.match(/\((.+)\)$/)![1]!;
    // Side B's team wins seats A and B: it is the champion team.
    await quickEnter(page, ["1A 0-2", "1B 1-2", "1C 2-0"]);
    await page
      .getByRole("navigation", { name: "Tournament" })
      .getByRole("link", { name: "Playoff" })
      .click();
    await expect(page.getByRole("status")).toHaveText(`Champion: ${finalistTeamB}`);
    await screenshots(page, "bracket-champion");

    await page
      .getByRole("navigation", { name: "Tournament" })
      .getByRole("link", { name: "Standings" })
      .click();
    await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText(finalistTeamB);
    await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText("Champion");
    await screenshots(page, "final-standings");
    for (const player of phones) await player.context().close();
  });

  test("a Two-Headed Giant semifinal at time: three additional turns, then tied team life totals go on under the life-total rule (MTR 2.4)", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await createTeamEvent(page, "2HG Top", "TWO_HEADED_GIANT", [
      "Rocket: Ana Arden, Ben Birch",
      "Blue: Dora Dale, Eli Eastwood",
      "Green: Gus Grove, Hal Hart",
      "Red: Jo Judd, Kim Kent",
    ]);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
    await quickEnter(page, ["1 2-0", "2 2-1"]);
    await page.getByRole("link", { name: "Players & rounds" }).click();
    await page.getByRole("form", { name: "Start playoff" }).getByLabel("Cut to").selectOption("4");
    await page.getByRole("button", { name: "Start playoff" }).click();
    await page
      .getByRole("region", { name: "Semifinals" })
      .getByRole("link", { name: "Semifinals", exact: true })
      .click();

    await page.getByRole("link", { name: "Games at table 1" }).click();
    await page.getByRole("link", { name: "Time / end of match" }).click();
    await expect(page.getByRole("heading", { name: "Table 1: time" })).toBeVisible();
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
    const heading = await page.getByRole("heading", { level: 2 }).first().innerText();
    const [teamA, teamB] = heading.split(" vs ") as [string, string];
    await page.getByRole("form", { name: "Call time" }).getByRole("radio", { name: teamA }).check();
    await page.getByRole("button", { name: "Time", exact: true }).click();
    await expect(page.getByLabel("Turns remaining")).toHaveText("3 more turns after this one.");
    for (const label of [
      "Turn 0",
      "Additional turn 1 of 3",
      "Additional turn 2 of 3",
      "Additional turn 3 of 3",
    ]) {
      await expect(page.getByLabel("Current turn")).toHaveText(label);
      await page.getByRole("button", { name: `${label} ended` }).click();
    }
    // CR 810.4: each team has one life total, which the judge enters.
    await page.getByLabel(`${teamA}'s team life (shared)`).fill("11");
    await page.getByLabel(`${teamB}'s team life (shared)`).fill("11");
    await page.getByRole("button", { name: "Enter life totals" }).click();
    await expect(page.getByLabel("Added state-based action")).toContainText(
      "a team that does not have the highest team life total loses",
    );
    await screenshots(page, "2hg-time");

    await page.getByRole("link", { name: "Match page" }).click();
    const form = page.getByRole("form", { name: "Record game 1" });
    await form.getByRole("radio", { name: "Play first" }).check();
    await form
      .getByLabel("How the game ended")
      .selectOption({ label: "Team life total 0 or less (704.6a)" });
    await form
      .getByRole("group", { name: "Who won game 1" })
      .getByRole("radio", { name: teamB })
      .check();
    await form.getByRole("button", { name: "Record game 1" }).click();
    await expect(page.getByRole("status", { name: "Match result" })).toHaveText(
      new RegExp(`^${escapeRegExp(teamB)} wins `),
    );
  });

  test("a Two-Headed Giant game lost by one player's empty library names that player: the team loses (CR 810.8a)", async ({
    page,
  }) => {
    await createTeamEvent(page, "2HG Games", "TWO_HEADED_GIANT", [
      "Rocket: Ana Arden, Ben Birch",
      "Blue: Dora Dale, Eli Eastwood",
    ]);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await page.getByRole("link", { name: "Games at table 1" }).click();
    const table = page.getByRole("heading", { level: 2, name: /^Table 1: / });
    await expect(table).toBeVisible();
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
    const [teamA, teamB] = (await table.innerText()).replace(/^Table 1: /, "").split(" vs ") as [
      string,
      string,
    ];
    const form = page.getByRole("form", { name: "Record game 1" });
    await form.getByRole("radio", { name: teamA }).first().check();
    await form.getByRole("radio", { name: "Play first" }).check();
    await form
      .getByLabel("How the game ended")
      .selectOption({ label: "Drew from an empty library (104.3c)" });
    await form
      .getByRole("group", { name: "Who won game 1" })
      .getByRole("radio", { name: teamA })
      .check();
    // CR 810.8a: the form asks which player of the losing team lost; the team's shared life would not.
    const losing = form.getByRole("group", {
      name: new RegExp(`Which player of ${escapeRegExp(teamB)} lost`),
    });
    await expect(losing.getByRole("radio")).toHaveCount(3);
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
    const member = (await losing.getByRole("radio").nth(1).locator("xpath=..").innerText()).trim();
    await losing.getByRole("radio", { name: member }).check();
    await screenshots(page, "2hg-losing-player");
    await form.getByRole("button", { name: "Record game 1" }).click();
    await expect(page.getByRole("list", { name: "Games played" })).toContainText(
      `${member} of ${teamB} drew from an empty library (104.3c); a player's loss is the team's (810.8a)`,
    );
    // 704.6a: the team's shared life total reaching 0 is the team's loss: no single player is asked for.
    const next = page.getByRole("form", { name: "Record game 2" });
    await next
      .getByRole("group", { name: "Who won game 2" })
      .getByRole("radio", { name: teamA })
      .check();
    await next
      .getByLabel("How the game ended")
      .selectOption({ label: "Conceded the game (104.3a)" });
    await expect(next.getByRole("group", { name: /Which player of/ })).toBeVisible();
    await next
      .getByLabel("How the game ended")
      .selectOption({ label: "Team life total 0 or less (704.6a)" });
    await expect(next.getByRole("group", { name: /Which player of/ })).toHaveCount(0);
    // 704.6b: a Two-Headed Giant team loses at fifteen poison counters, not ten.
    await expect(
      next
        .getByLabel("How the game ended")
        .getByRole("option", { name: "Fifteen poison counters, shared by the team (704.6b)" }),
    ).toHaveCount(1);
    await next.getByText("Two things happened at once?").click();
    await expect(next.getByRole("checkbox", { name: "Team life 0 or less" })).toHaveCount(2);
    await expect(
      next.getByRole("checkbox", { name: "Fifteen poison counters, shared by the team" }),
    ).toHaveCount(2);
  });

  test("a best-of-one Two-Headed Giant round: quick entry's examples are best of one, and the result form names each team in full (MTR 2.1, CR 810)", async ({
    page,
  }) => {
    await createTeamEvent(
      page,
      "2HG Bo1",
      "TWO_HEADED_GIANT",
      ["Red Rockets: Ana Arden, Ben Birch", "Blue Comets: Dora Dale, Eli Eastwood"],
      "1",
    );
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
    const quick = page.getByRole("form", { name: "Quick entry" });
    await expect(quick).toContainText("12 1-0");
    await expect(quick).toContainText("7 0-1-1");
    await expect(quick).not.toContainText("2-1");
    await expect(page.getByRole("textbox", { name: /Quick entry/ })).toHaveAttribute(
      "placeholder",
      "1 1-0",
    );
    const form = page.getByRole("form", { name: /^Result for / });
    for (const team of ["Red Rockets", "Blue Comets"])
      await expect(
        form.locator("label").filter({ has: page.getByLabel(`Games won by ${team}`) }),
      ).toHaveText(team);
  });
});
