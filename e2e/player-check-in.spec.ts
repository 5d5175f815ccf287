import { mkdirSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createTournamentWithPlayers } from "./support/players";
import { axeFor } from "./support/axe";

const NO_SESSION = { cookies: [], origins: [] };
/** Set to a folder to keep screenshots of every page this journey passes, at 390 and 1280 px. */
const SHOTS = process.env.CHECK_IN_SHOTS;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** A player's own phone at 390 px: no account, no session. */
async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    storageState: NO_SESSION,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

async function registerFromPhone(player: Page, link: string, name: string) {
  await player.goto(link);
  await expect(player.getByRole("heading", { level: 1, name: "Check in" })).toBeVisible();
  const form = player.getByRole("form", { name: "Register" });
  await form.getByLabel("Your name").fill(name);
  await form.getByRole("button", { name: /Register|Join the waitlist/ }).click();
}

test("check-in by QR: two phones register, one checks in, the organizer drops the no-show in one step and pairs round 1", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const overview = await createTournamentWithPlayers(page, `Check-in Cup ${suffix}`, [
    "Olive Deskentry",
  ]);

  // The organizer publishes the event and opens registration from phones, for at most 3 players.
  await page.goto(`${overview}/staff`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  const settings = page.getByRole("form", { name: "Registration from phones" });
  await settings.getByLabel("Most players").fill("1");
  await settings.getByRole("button", { name: "Save registration settings" }).click();
  await expect(
    settings.getByText("The most players must be at least 2, or blank for no cap."),
  ).toBeVisible();
  await settings.getByLabel(/Open registration/).check();
  await settings.getByLabel("Most players").fill("3");
  await expect(settings.getByTestId("phone-registrations")).toHaveText(
    "Registrations from phones: 0 of 200.",
  );
  await expect(settings.getByLabel("Most registrations from phones")).toHaveValue("200");
  await settings.getByRole("button", { name: "Save registration settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Saved.");
  await shoot(page, "staff-settings");

  // The projector (the organizer's laptop) shows the check-in QR code; served from 127.0.0.1 with no PUBLIC_URL, it warns.
  await page.goto(overview);
  await page.getByRole("link", { name: "Show the check-in QR code on the projector" }).click();
  const qr = page.getByRole("img", { name: "QR code opening the check-in page" });
  await expect(qr).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "These QR codes will not work on phones." }),
  ).toContainText("PUBLIC_URL");
  await expect(page.getByTestId("checked-in-count")).toHaveText("0 of 1 checked in");
  await expect(page.getByText("Scan to register or check in")).toBeVisible();
  // The code carries the registration token, shown as the link under it too.
  const link = (await qr.getAttribute("data-check-in-link"))!;
  expect(link).toMatch(/\/tournaments\/[^/]+\/check-in\?qr=[0-9A-Z]+-[0-9A-Z]{12}$/);
  await expect(page.getByText(link, { exact: true })).toBeVisible();
  await shoot(page, "check-in-screen");
  const plainLink = link.replace(/\?.*$/, "");

  // A link without the token (typed from memory, passed around) says what to do instead; so does a made-up token.
  const stranger = await phone(browser);
  await stranger.goto(plainLink);
  await expect(stranger.getByRole("heading", { level: 1, name: "Check in" })).toBeVisible();
  await expect(stranger.getByTestId("register-here")).toHaveText(
    "To register from your phone, scan the QR code on the check-in screen at the venue, or register at the desk.",
  );
  await expect(stranger.getByRole("form", { name: "Register" })).toHaveCount(0);
  await expect(stranger.getByRole("form", { name: "Check in" })).toBeVisible();
  await shoot(stranger, "phone-without-token");
  await stranger.goto(
    `${plainLink}?qr=${link.split("qr=")[1]!.replace(/-(.)/, (_, first: string) => `-${first === "A" ? "B" : "A"}`)}`,
  );
  await expect(stranger.getByTestId("register-here")).toContainText(
    "This registration link does not come from the check-in screen.",
  );
  await stranger.context().close();

  // Phone 1 scans the code (opens its address) and registers: it gets its player code, then checks in.
  const phoneOne = await phone(browser);
  await registerFromPhone(phoneOne, link, "Pia Phoneone");
  await expect(phoneOne.getByText("You're registered, Pia Phoneone.")).toBeVisible();
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
  const codeOne = (await phoneOne.getByTestId("my-code").innerText()).trim();
  expect(codeOne).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await shoot(phoneOne, "phone-registered");
  await phoneOne.getByRole("button", { name: "I'm here: check in now" }).click();
  await expect(phoneOne.getByText("You're checked in, Pia Phoneone.")).toBeVisible();
  await shoot(phoneOne, "phone-checked-in");

  // Phone 2 registers too (the last spot), and does not check in.
  const phoneTwo = await phone(browser);
  await registerFromPhone(phoneTwo, link, "Quinn Phonetwo");
  await expect(phoneTwo.getByText("You're registered, Quinn Phonetwo.")).toBeVisible();

  // A third phone finds the event full and joins the waitlist; a name already taken is refused with a way forward.
  const phoneThree = await phone(browser);
  await phoneThree.goto(link);
  await expect(phoneThree.getByTestId("spots")).toContainText("The event is full (3 players)");
  await shoot(phoneThree, "check-in-page-full");
  await registerFromPhone(phoneThree, link, "quinn phonetwo");
  await expect(
    phoneThree.getByText(
      "quinn phonetwo is already registered. If that is you, check in with your code",
    ),
  ).toBeVisible();
  await phoneThree.getByLabel("Your name").fill("Rex Waitlister");
  await phoneThree.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(
    phoneThree.getByText("You're on the waitlist, Rex Waitlister: number 1."),
  ).toBeVisible();
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text, as a user reads it
  const codeThree = (await phoneThree.getByTestId("my-code").innerText()).trim();
  await shoot(phoneThree, "phone-waitlisted");

  // The organizer sees who has not checked in, checks in the player at the desk, and drops the no-show in one step.
  await page.goto(overview);
  const notHere = page.getByRole("list", { name: "Not checked in" });
  await expect(notHere.getByRole("listitem")).toHaveText([/Olive Deskentry/, /Quinn Phonetwo/]);
  await expect(page.getByRole("list", { name: "Waitlist" })).toHaveText(/Rex Waitlister/);
  await expect(page.getByTestId("phone-registrations")).toHaveText(
    "Registrations from phones: 3 of 200.",
  );
  await expect(
    page.getByRole("list", { name: "Registrations from phones by network" }).getByRole("listitem"),
  ).toHaveText([/Network [0-9A-Z]{6}: 3 registrations/]);
  await shoot(page, "overview-check-in");
  await notHere.getByRole("button", { name: "Check in Olive Deskentry" }).click();
  await expect(notHere.getByRole("listitem")).toHaveText([/Quinn Phonetwo/]);
  await page.getByRole("button", { name: "Drop 1 no-show…" }).click();
  const confirm = page.getByRole("group", { name: "Drop no-shows" });
  await expect(confirm).toContainText("Drop Quinn Phonetwo? They will not be paired in any round");
  await shoot(page, "overview-drop-no-shows");
  await confirm.getByRole("button", { name: "Drop 1 no-show" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Dropped 1 no-show" })).toHaveText(
    "Dropped 1 no-show: Quinn Phonetwo. In from the waitlist (not checked in yet): Rex Waitlister.",
  );
  const players = page.getByRole("list", { name: "Registered players" });
  await expect(
    players.getByRole("listitem").filter({ hasText: "Quinn Phonetwo" }).getByTestId("drop-history"),
  ).toHaveText("Dropped before round 1 by Erin Organizer");

  // The waiting player's code now checks them in: they were promoted.
  await phoneThree.goto(link);
  const checkIn = phoneThree.getByRole("form", { name: "Check in" });
  await checkIn.getByLabel("Your player code").fill(codeThree.toLowerCase().replaceAll("-", " "));
  await checkIn.getByRole("button", { name: "Check in" }).click();
  await expect(phoneThree.getByText("You're checked in, Rex Waitlister.")).toBeVisible();
  await page.goto(overview);
  await expect(page.getByRole("heading", { name: /Check-in \(3 of 3\)/ })).toBeVisible();
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  const pairings = page.getByRole("list", { name: "Pairings" });
  await expect(pairings).toContainText("Pia Phoneone");
  await expect(pairings).toContainText("Rex Waitlister");
  await expect(pairings).toContainText("Olive Deskentry");
  await expect(pairings).not.toContainText("Quinn Phonetwo");

  // Codes and player slips served from 127.0.0.1 with no PUBLIC_URL: a warning says phones cannot open them, and how to fix it.
  await page.goto(`${overview}/codes`);
  await expect(
    page.getByRole("alert").filter({ hasText: "These QR codes will not work on phones." }),
  ).toContainText("Set PUBLIC_URL");
  await shoot(page, "codes-warning");
  await page.getByRole("link", { name: "QR" }).first().click();
  await expect(page.getByTestId("player-code")).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "These QR codes will not work on phones." }),
  ).toBeVisible();
  await shoot(page, "code-qr-warning");
  await page.goto(`${overview}/rounds/1/print/player-slips`);
  await expect(
    page.getByRole("alert").filter({ hasText: "These QR codes will not work on phones." }),
  ).toBeVisible();
  await shoot(page, "player-slips-warning");

  // Check-in closes with round 1: phone 1 is told so and finds its match with its code.
  await phoneOne.goto(link);
  await expect(phoneOne.getByRole("heading", { name: "Check-in is over" })).toBeVisible();
  await shoot(phoneOne, "check-in-over");
  await phoneOne.goto("/play/me");
  await expect(phoneOne.getByText("Pia Phoneone").first()).toBeVisible();
  for (const player of [phoneOne, phoneTwo, phoneThree]) await player.context().close();
});

test("a flood of registrations from phones: the limit sends phones to the desk, the organizer raises it, and removes the flood in one step", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const overview = await createTournamentWithPlayers(page, `Flood Cup ${suffix}`, [
    "Olive Deskentry",
  ]);
  await page.goto(`${overview}/staff`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  const settings = page.getByRole("form", { name: "Registration from phones" });
  await settings.getByLabel(/Open registration/).check();
  await settings.getByLabel("Most registrations from phones").fill("0");
  await settings.getByRole("button", { name: "Save registration settings" }).click();
  await expect(
    settings.getByText(
      "Registrations from phones must be at least 1; to stop them, untick Open registration.",
    ),
  ).toBeVisible();
  await settings.getByLabel("Most registrations from phones").fill("4");
  await settings.getByRole("button", { name: "Save registration settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Saved.");

  // The projector's link; four made-up names from one phone fill the limit.
  const projector = await browser.newPage({ storageState: "e2e/.auth/organizer.json" });
  // The screen asks for a new code by itself when the current one changes (every 5 minutes).
  await projector.clock.install();
  await projector.goto(`${overview}/check-in/screen`);
  const link = (await projector
    .getByRole("img", { name: "QR code opening the check-in page" })
    .getAttribute("data-check-in-link"))!;
  const refreshAt = Date.parse(
    (await projector.locator("[data-refresh-at]").getAttribute("data-refresh-at"))!,
  );
  expect(refreshAt - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  const askedAgain = projector.waitForRequest(
    (request) => request.url().includes("/check-in/screen") && request.headers().rsc === "1",
  );
  await projector.clock.fastForward(refreshAt - Date.now() + 2_000);
  await askedAgain;

  const flooder = await phone(browser);
  for (let index = 1; index <= 4; index++) {
    await registerFromPhone(flooder, link, `Junk Name ${index}`);
    await expect(flooder.getByText(`You're registered, Junk Name ${index}.`)).toBeVisible();
  }
  // The limit is reached: a real person's phone is sent to the desk, with no time to wait out.
  const rita = await phone(browser);
  await rita.goto(link);
  await expect(rita.getByTestId("register-here")).toHaveText(
    "Registration from phones is full for this event. Register at the desk: staff there can still add you.",
  );
  await shoot(rita, "phone-registration-full");
  expect(
    (await axeFor(rita).analyze()).violations.map((violation) => violation.id),
    "WCAG 2.2 AA on the phone page",
  ).toEqual([]);
  await expect(
    projector.getByRole("alert").filter({ hasText: "Registration from phones is full (4 of 4)" }),
  ).toBeVisible();
  await expect(projector.getByText("New players: register at the desk")).toBeVisible();
  await shoot(projector, "check-in-screen-full");

  // The organizer sees it and raises the limit: Rita registers at once.
  await page.goto(overview);
  await expect(page.getByTestId("phone-registrations")).toHaveText(
    "Registrations from phones: 4 of 4 (full: phones are sent to the desk).",
  );
  await page.goto(`${overview}/staff`);
  await expect(settings.getByTestId("phone-registrations")).toHaveText(
    "Registrations from phones: 4 of 4. Full: phones are sent to the desk until you raise the limit below.",
  );
  await shoot(page, "staff-settings-full");
  await settings.getByLabel("Most registrations from phones").fill("10");
  await settings.getByRole("button", { name: "Save registration settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Saved.");
  await expect(settings.getByTestId("phone-registrations")).toHaveText(
    "Registrations from phones: 4 of 10.",
  );
  const freshLink = (await (async () => {
    await projector.goto(`${overview}/check-in/screen`);
    return projector
      .getByRole("img", { name: "QR code opening the check-in page" })
      .getAttribute("data-check-in-link");
  })())!;
  await registerFromPhone(rita, freshLink, "Rita Realperson");
  await expect(rita.getByText("You're registered, Rita Realperson.")).toBeVisible();

  // Staff remove the flood in one confirmed step that names who goes; the desk entry stays.
  await page.goto(overview);
  const byNetwork = page.getByRole("list", { name: "Registrations from phones by network" });
  await expect(byNetwork.getByRole("listitem")).toHaveText([
    /Network [0-9A-Z]{6}: 5 registrations/,
  ]);
  await shoot(page, "overview-phone-registrations");
  expect(
    (await axeFor(page).analyze()).violations.map((violation) => violation.id),
    "WCAG 2.2 AA on the overview with registrations from phones",
  ).toEqual([]);
  // Every phone here shares this machine's one network; the same five are also "every registration since" the first.
  await byNetwork.getByRole("button", { name: "Remove these 5…" }).click();
  const confirm = page.getByRole("group", { name: "Remove registrations from phones" });
  await expect(confirm).toContainText("Remove the 5 registrations from phones from network");
  await expect(confirm).toContainText(
    "They leave the player list and their player codes stop working",
  );
  await expect(confirm.getByLabel("Registrations to remove")).toHaveText(
    "Junk Name 1, Junk Name 2, Junk Name 3, Junk Name 4, Rita Realperson",
  );
  await shoot(page, "overview-remove-confirm");
  expect(
    (await axeFor(page).analyze()).violations.map((violation) => violation.id),
    "WCAG 2.2 AA on the removal's confirmation",
  ).toEqual([]);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  const sinceList = page.getByLabel("Or every registration from phones since");
  await expect(sinceList.locator("option")).not.toHaveCount(0);
  await page.getByRole("button", { name: "Remove 5 registrations…" }).click();
  await expect(confirm).toContainText("Remove the 5 registrations from phones since");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await byNetwork.getByRole("button", { name: "Remove these 5…" }).click();
  await confirm.getByRole("button", { name: "Remove 5 registrations" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Removed" })).toHaveText(
    "Removed 5 registrations from phones.",
  );
  await expect(
    page.getByRole("list", { name: "Registered players" }).getByRole("listitem"),
  ).toHaveText([/Olive Deskentry/]);
  await expect(page.getByTestId("phone-registrations")).toHaveText(
    "Registrations from phones: 0 of 10.",
  );
  await shoot(page, "overview-after-removal");
  for (const each of [flooder, rita, projector]) await each.context().close();
});
