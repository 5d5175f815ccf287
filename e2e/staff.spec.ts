import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";

/**
 * An organizer signs up, creates a tournament and invites a judge through a secret link;
 * the judge (another browser) opens it, signs up from there, accepts, and sees only that tournament and can enter a result but not change its settings; an
 * anonymous visitor sees the published standings and cannot open result entry. No page breaks the
 * Content-Security-Policy.
 */
const NO_SESSION = { cookies: [], origins: [] };

function watchCsp(page: Page, violations: string[]) {
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text()))
      violations.push(message.text());
  });
}

async function signUp(
  browser: Browser,
  name: string,
  email: string,
  violations: string[],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: NO_SESSION });
  const page = await context.newPage();
  watchCsp(page, violations);
  await page.goto("/sign-up");
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Your tournaments" })).toBeVisible();
  return { context, page };
}

test("an organizer invites a judge, who enters a result but cannot change settings; a visitor sees only public pages", async ({
  browser,
}) => {
  const violations: string[] = [];
  const stamp = Date.now();
  const judgeEmail = `judy-${stamp}@example.test`;
  const name = `Staffed Open ${stamp}`;

  // The organizer: a new account, a tournament, four players, round 1.
  const organizer = await signUp(
    browser,
    "Olive Organizer",
    `olive-${stamp}@example.test`,
    violations,
  );
  const page = organizer.page;
  await page.getByLabel("Tournament name").fill(name);
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Not published: only staff can see this tournament.")).toBeVisible();
  for (const player of ["Ada", "Bo", "Cy", "Di"]) {
    await page.getByLabel("Player name").fill(player);
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByRole("list", { name: "Registered players" }).getByText(player),
    ).toBeVisible();
  }
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  const roundUrl = page.url();
  const tournamentUrl = roundUrl.replace(/\/rounds\/1$/, "");

  // Invite the judge before they have an account: the page shows a link to send them.
  await page.getByRole("link", { name: "Staff & settings" }).click();
  const invite = page.getByRole("form", { name: "Invite staff" });
  await invite.getByLabel("Email").fill("not an email");
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(
    invite.getByText("Enter a valid email address, like judge@example.com."),
  ).toBeVisible();
  await invite.getByLabel("Email").fill(judgeEmail);
  await invite.getByLabel("Role").selectOption("JUDGE");
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(invite.getByRole("status")).toContainText(`Invited ${judgeEmail}`);
  const invitationLink = await invite.getByLabel("Invitation link").inputValue();
  expect(invitationLink).toMatch(/\/invite\/[A-Za-z0-9_-]{40,}$/);
  await page.reload();
  await expect(page.getByRole("list", { name: "Staff" })).toContainText(
    "invited, link works until",
  );

  // Before publishing, an anonymous visitor finds nothing.
  const visitor = await browser.newContext({ storageState: NO_SESSION });
  const visitorPage = await visitor.newPage();
  watchCsp(visitorPage, violations);
  const hidden = await visitorPage.goto(`${tournamentUrl}/standings`);
  expect(hidden?.status()).toBe(404);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("form", { name: "Publishing" }).getByRole("status")).toHaveText(
    "Published: pairings and standings are public.",
  );

  // Someone who signs up with the invited email but has no link gets no seat.
  const squatter = await signUp(browser, "Squatting Sue", judgeEmail, violations);
  await expect(squatter.page.getByText(/No tournaments yet/)).toBeVisible();

  // The judge opens the link signed out, creates an account from there, comes back and accepts.
  const judgeContext = await browser.newContext({ storageState: NO_SESSION });
  const judgePage = await judgeContext.newPage();
  watchCsp(judgePage, violations);
  const judge = { context: judgeContext, page: judgePage };
  await judgePage.goto(invitationLink);
  await expect(judgePage.getByText(`You are invited to ${name} as judge.`)).toBeVisible();
  await judgePage.getByRole("link", { name: "create an account" }).click();
  await judgePage.getByLabel("Your name").fill("Judy Judge");
  await judgePage.getByLabel("Email").fill(`judy-own-${stamp}@example.test`);
  await judgePage.getByLabel("Password").fill("a long enough password");
  await judgePage.getByRole("button", { name: "Create account" }).click();
  await expect(judgePage).toHaveURL(invitationLink);
  await judgePage.getByRole("button", { name: "Accept and join the staff" }).click();
  await expect(judgePage.getByRole("heading", { level: 1, name })).toBeVisible();
  // The link is used: anyone else who opens it is told so.
  await squatter.page.goto(invitationLink);
  await expect(squatter.page.getByText(/This invitation has already been accepted/)).toBeVisible();
  await judgePage.goto("/");
  const yours = judge.page.getByRole("list", { name: "Your tournaments" }).getByRole("listitem");
  await expect(yours).toHaveCount(1);
  await expect(yours.first()).toContainText(name);
  await yours.first().getByRole("link").click();
  // Running the event is the scorekeeper's and organizer's: no registration or pairing controls.
  await expect(judge.page.getByRole("list", { name: "Registered players" })).toBeVisible();
  await expect(judge.page.getByRole("button", { name: "Add player" })).toHaveCount(0);
  await expect(judge.page.getByRole("button", { name: /Pair round/ })).toHaveCount(0);
  // A result, entered by the judge, recorded in their name.
  await judge.page.goto(roundUrl);
  const table = judge.page.getByRole("list", { name: "Pairings" }).getByRole("listitem").first();
  await table.getByRole("button", { name: "2-1", exact: true }).click();
  await table.getByRole("button", { name: "Save" }).click();
  await expect(table.getByRole("status")).toHaveText("Result saved.");
  // Settings are the organizer's: no publish, invite or delete controls for a judge.
  await judge.page.getByRole("link", { name: "Staff & settings" }).click();
  await expect(judge.page.getByRole("list", { name: "Staff" })).toContainText("Judy Judge");
  await expect(judge.page.getByRole("button", { name: /Publish/ })).toHaveCount(0);
  await expect(judge.page.getByRole("form", { name: "Invite staff" })).toHaveCount(0);
  await expect(judge.page.getByRole("button", { name: "Delete tournament" })).toHaveCount(0);

  // The anonymous visitor: published standings yes, result entry no.
  const published = await visitorPage.goto(`${tournamentUrl}/standings`);
  await expect(visitorPage.getByRole("heading", { level: 1, name })).toBeVisible();
  const headers = published!.headers();
  // Strict either way: its own nonce, or, served from the page cache, the hashes of its inline scripts.
  expect(headers["content-security-policy"]).toMatch(
    /script-src 'self' ('nonce-[^']+' 'strict-dynamic'|'sha256-[A-Za-z0-9+/=]+'( 'sha256-[A-Za-z0-9+/=]+')*);/,
  );
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  await expect(visitorPage.getByRole("link", { name: "Staff & settings" })).toHaveCount(0);
  await visitorPage.goto(roundUrl);
  await expect(visitorPage).toHaveURL(/\/pairings$/);
  await expect(visitorPage.getByRole("button", { name: "Save" })).toHaveCount(0);

  // Signing out ends the session: the judge is a visitor again.
  await judge.page.getByRole("button", { name: "Sign out" }).click();
  await expect(judge.page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();

  expect(violations).toEqual([]);
  await Promise.all([
    organizer.context.close(),
    judge.context.close(),
    squatter.context.close(),
    visitor.close(),
  ]);
});

test("after signing in or up, next never leads off this site (a newline in it included)", async ({
  browser,
}) => {
  const stamp = Date.now();
  const context = await browser.newContext({ storageState: NO_SESSION });
  const page = await context.newPage();
  for (const [index, next] of [
    "//evil.example/x",
    "/\\evil.example/x",
    "/%09/evil.example/x",
    "/x\ny",
  ].entries()) {
    await page.goto(`/sign-up?next=${encodeURIComponent(next)}`);
    await page.getByLabel("Your name").fill("Careful Cal");
    await page.getByLabel("Email").fill(`cal-${stamp}-${index}@example.test`);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Your tournaments" })).toBeVisible();
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  }
  await context.close();
});
