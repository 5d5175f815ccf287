import { mkdirSync } from "node:fs";
import path from "node:path";
import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { createTournamentWithPlayers, readPlayerCodes } from "./support/players";

/**
 * Judge calls from report to resolution: a player's phone (390 px) calls a judge; a judge's phone
 * sees the call appear in the live queue without a reload, takes it, and resolves it into a time
 * extension on the round page; the staff match page lists the call with its times. Then the same
 * stored time read in two time zones.
 */

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/calls-shots";
const NO_SESSION = { cookies: [], origins: [] };
/** A change shows on an open page within seconds, without a reload (docs/live-updates.md). */
const LIVE = { timeout: 5_000 };

async function phoneContext(
  browser: Browser,
  storageState: string | typeof NO_SESSION = NO_SESSION,
) {
  return browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    storageState,
  });
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

/** Both widths of the page shown: 390 (phone) and 1280 (desktop). */
async function shootBoth(page: Page, name: string) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, `${name}-390.png`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, `${name}-1280.png`);
  if (original) await page.setViewportSize(original);
}

test.describe("judge calls", () => {
  test.skip(
    ({ isMobile }) => isMobile,
    "drives its own phone contexts; run once, from the desktop project",
  );

  test("a player calls a judge; a judge's phone sees it live, takes it and resolves it into a time extension; the match page keeps the call", async ({
    page,
    browser,
  }) => {
    // Three browsers, a live round trip each way and the changed pages shot at two widths: longer than one page's journey.
    test.setTimeout(150_000);
    mkdirSync(SHOTS, { recursive: true });
    const names = ["Aria Calloway", "Bram Whistler", "Cora Summons", "Dax Beckon"];
    const overview = await createTournamentWithPlayers(page, `Calls ${Date.now()}`, names);
    const tournamentPath = new URL(overview).pathname;
    const codes = await readPlayerCodes(page, names);

    // A judge signs up on their phone and joins the staff through the invitation link.
    const judgeContext = await phoneContext(browser);
    const judge = await judgeContext.newPage();
    const judgeEmail = `jo.judge.${Date.now()}@example.test`;
    await judge.goto("/sign-up");
    await judge.getByLabel("Your name").fill("Jo Judge");
    await judge.getByLabel("Email").fill(judgeEmail);
    await judge.getByLabel("Password").fill("a long enough password");
    await judge.getByRole("button", { name: "Create account" }).click();
    await expect(judge.getByRole("heading", { name: "Your tournaments" })).toBeVisible();
    await page.goto(`${overview}/staff`);
    const invite = page.getByRole("form", { name: "Invite staff" });
    await invite.getByLabel("Email").fill(judgeEmail);
    await invite.getByLabel("Role").selectOption("JUDGE");
    await invite.getByRole("button", { name: "Invite" }).click();
    await expect(invite.getByRole("status")).toContainText(`Invited ${judgeEmail}`);
    await judge.goto(await invite.getByLabel("Invitation link").inputValue());
    await judge.getByRole("button", { name: "Accept and join the staff" }).click();
    await expect(judge).toHaveURL(new RegExp(`${tournamentPath}$`));

    await page.goto(overview);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
    await page.getByRole("button", { name: "Start round 1" }).click();
    await expect(page.getByRole("button", { name: "Start round 1" })).toHaveCount(0);
    const caller = (
      await page
        .getByRole("list", { name: "Pairings" })
        .getByRole("listitem")
        .first()
        .locator("span.font-medium")
        .allInnerTexts()
    )[0]!;

    // The judge's queue, open on their phone before anyone calls.
    await judge.getByRole("link", { name: "Judge calls" }).click();
    await expect(judge).toHaveURL(new RegExp(`${tournamentPath}/judge-calls$`));
    await expect(judge.getByText("No player is waiting for a judge.")).toBeVisible();
    await expect(judge.locator("[data-live-updates=open]")).toHaveCount(1);
    await shoot(judge, "judge-calls-empty-390.png");

    // The player signs in on their phone and calls a judge, with a note; the table is theirs.
    const playerContext = await phoneContext(browser);
    const player = await playerContext.newPage();
    await player.goto(`/play/${codes.get(caller)!.replaceAll("-", "")}`);
    await expect(player).toHaveURL(/\/play\/me$/);
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
    const table = (await player.getByTestId("my-table").innerText()).trim();
    const callForm = player.getByRole("form", { name: "Call a judge" });
    await expect(callForm).toContainText(`table ${table}`);
    await shoot(player, "player-call-judge-390.png");
    await callForm.getByLabel("What is it about?").fill("Rules question about a trigger");
    await callForm.getByRole("button", { name: "Call a judge" }).click();
    await expect(player.getByTestId("judge-call-status")).toContainText(
      `A judge has been called to table ${table}`,
    );
    await expect(player.getByRole("form", { name: "Call a judge" })).toHaveCount(0);

    // The judge's phone: the call appears by itself, announced politely.
    const call = judge.getByTestId(`judge-call-table-${table}`);
    await expect(call).toBeVisible(LIVE);
    await expect(judge.getByTestId("new-call-announcement")).toHaveText(
      `New judge call: table ${table}.`,
    );
    await expect(judge.getByTestId("new-call-announcement")).toHaveAttribute("aria-live", "polite");
    await expect(call).toContainText(caller);
    await expect(call).toContainText("“Rules question about a trigger”");
    await expect(call).toContainText(/waiting (just now|\d+ min)/);
    await expect(judge.getByRole("link", { name: "Judge calls (1)" })).toBeVisible();
    await shoot(judge, "judge-calls-new-390.png");

    // The judge takes it; the player's phone says who is coming.
    await call.getByRole("button", { name: "Take this call" }).click();
    await expect(call).toContainText("You have this call since");
    await expect(player.getByTestId("judge-call-status")).toContainText(
      `Jo Judge is coming to table ${table}`,
      LIVE,
    );
    await shoot(player, "player-judge-coming-390.png");
    await shootBoth(judge, "judge-calls-claimed");

    // Resolved into a time extension: the round page opens with that table's form open.
    const resolve = call.getByRole("form", { name: `Resolve the call at table ${table}` });
    await resolve.getByLabel("Give a time extension").check();
    await resolve.getByLabel("What happened").fill("Ruling given, 3 minutes back");
    await resolve.getByRole("button", { name: "Resolve" }).click();
    await expect(judge).toHaveURL(
      new RegExp(`${tournamentPath}/rounds/1\\?extend=[^#]+#table-${table}$`),
    );
    const extension = judge.getByRole("form", { name: `Time extension for table ${table}` });
    await expect(extension).toBeVisible();
    await extension.getByLabel("Minutes").fill("3");
    await extension.getByLabel("Reason").fill("Judge call");
    await extension.getByRole("button", { name: "Add time" }).click();
    await expect(
      judge.getByRole("status").filter({ hasText: `Table ${table}: 3 minutes added.` }),
    ).toBeVisible();
    await expect(judge.getByTestId(`table-clock-${table}`)).toContainText("+3 min");
    const matchId = new URL(judge.url()).searchParams.get("extend")!;
    await shootBoth(judge, "round-extend");

    // The player's phone offers to call again; the queue is empty.
    await expect(player.getByRole("form", { name: "Call a judge" })).toBeVisible(LIVE);
    await expect(player.getByText(/Your last call was answered at .+ by Jo Judge\./)).toBeVisible();
    await judge.goto(`${tournamentPath}/judge-calls`);
    await expect(judge.getByText("No player is waiting for a judge.")).toBeVisible();
    await expect(judge.getByRole("list", { name: "Recently resolved judge calls" })).toContainText(
      `Table ${table}`,
    );
    await shootBoth(judge, "judge-calls-resolved");

    // The staff match page keeps the call with its times and who answered it.
    await page.goto(`${overview}/rounds/1`);
    await page.getByRole("link", { name: `Games at table ${table}` }).click();
    const calls = page.getByRole("list", { name: "Judge calls of this match" });
    await expect(calls.getByRole("listitem")).toHaveCount(1);
    await expect(calls).toContainText(`${caller} called a judge: “Rules question about a trigger”`);
    await expect(calls).toContainText(/Claimed.*Jo Judge/s);
    await expect(calls).toContainText(/Resolved.*Jo Judge · then: give a time extension/s);
    await expect(calls).toContainText("Ruling given, 3 minutes back");
    await expect(calls.locator("time")).toHaveCount(3);
    await shootBoth(page, "match-judge-calls");

    // The other pages whose times now read in the viewer's zone, looked at on both widths.
    await judge.goto(`${tournamentPath}/matches/${matchId}/time`);
    await shootBoth(judge, "time-screen");
    await page.goto(`${overview}/staff`);
    await invite.getByLabel("Email").fill(`pending.${Date.now()}@example.test`);
    await invite.getByRole("button", { name: "Invite" }).click();
    await expect(page.getByRole("list", { name: "Staff" })).toContainText(
      "invited, link works until",
    );
    await expect(page.getByRole("list", { name: "Staff" }).locator("time")).toHaveAttribute(
      "data-local-time",
      "local",
    );
    await shootBoth(page, "staff");
    await page.goto(`${overview}/standings`);
    await shootBoth(page, "standings");
    await player.getByText("I won 2-0", { exact: true }).click();
    await player.getByRole("button", { name: "Report: I won 2-0" }).click();
    await expect(player.getByTestId("match-status")).toBeVisible();
    await page.goto(`${overview}/rounds/1/queue/${matchId}`);
    await expect(
      page.getByTestId("report-A").or(page.getByTestId("report-B")).locator("time").first(),
    ).toHaveAttribute("data-local-time", "local");
    await shootBoth(page, "queue-match");
    await shootBoth(player, "player-after-call");

    await judgeContext.close();
    await playerContext.close();
  });

  test("the same stored time reads as the viewer's own clock: Berlin and New York differ, with no hydration warning", async ({
    page,
    browser,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const overview = await createTournamentWithPlayers(page, `Zones ${Date.now()}`, [
      "Ezra Zone",
      "Fay Meridian",
    ]);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
    await page.getByRole("button", { name: "Start round 1" }).click();
    await expect(page.getByRole("button", { name: "Start round 1" })).toHaveCount(0);
    const roundUrl = page.url();
    void overview;

    const read = async (timezoneId: string, locale: string) => {
      const context = await browser.newContext({
        timezoneId,
        locale,
        storageState: "e2e/.auth/organizer.json",
      });
      const viewer = await context.newPage();
      const problems: string[] = [];
      viewer.on("console", (message) => {
        if (message.type() === "error" && /hydrat|#418|#423|#425/i.test(message.text()))
          problems.push(message.text());
      });
      await viewer.goto(roundUrl);
      const endsAt = viewer.getByTestId("round-ends-at").locator("time");
      await expect(endsAt).toHaveAttribute("data-local-time", "local");
      const shown = {
        dateTime: await endsAt.getAttribute("datetime"),
        // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
        text: (await endsAt.innerText()).trim(),
      };
      await viewer.setViewportSize({ width: 390, height: 844 });
      await shoot(viewer, `round-ends-at-${timezoneId.replace("/", "-")}-390.png`);
      await context.close();
      return { ...shown, problems };
    };
    const berlin = await read("Europe/Berlin", "de-DE");
    const newYork = await read("America/New_York", "en-US");
    expect(berlin.dateTime).toBe(newYork.dateTime);
    const stored = new Date(berlin.dateTime!);
    expect(berlin.text).toBe(
      new Intl.DateTimeFormat("de-DE", {
        hour: "numeric",
        minute: "2-digit",
        timeZone: "Europe/Berlin",
      }).format(stored),
    );
    expect(newYork.text).toBe(
      new Intl.DateTimeFormat("en-US", {
        hour: "numeric",
        minute: "2-digit",
        timeZone: "America/New_York",
      }).format(stored),
    );
    expect(berlin.text).not.toBe(newYork.text);
    expect([...berlin.problems, ...newYork.problems]).toEqual([]);
  });
});
