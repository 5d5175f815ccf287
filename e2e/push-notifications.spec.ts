import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  devices,
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { createTournamentWithPlayers, readPlayerCodes } from "./support/players";

/**
 * "Notify me on this phone": a player's phone (390 px) turns notifications on and off, asked for
 * the browser's permission on the tap; the judge queue (1280 px) offers the same for judge calls.
 * Headless Chromium cannot subscribe here (its push service refuses: "Registration failed -
 * permission denied", even with the permission granted), so the browser's PushManager is replaced
 * by one that hands out a subscription as a real browser does; the server action, the stored
 * subscription and every state of the control are the real ones. Sending is tested against a
 * push service on this machine (lib/server/push/push-channel.test.ts).
 */

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/push-shots";

/** A PushManager that subscribes without a push service: a P-256 key and auth secret, kept across reloads. */
async function fakePushService(context: BrowserContext) {
  await context.addInitScript(() => {
    const STORE = "e2e-push-subscription";
    const b64 = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    const asSubscription = (stored: { endpoint: string; p256dh: string; auth: string }) => ({
      endpoint: stored.endpoint,
      options: { applicationServerKey: null, userVisibleOnly: true },
      toJSON: () => ({
        endpoint: stored.endpoint,
        keys: { p256dh: stored.p256dh, auth: stored.auth },
      }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    const read = () => {
      const text = localStorage.getItem(STORE);
      return text ? asSubscription(JSON.parse(text)) : null;
    };
    PushManager.prototype.getSubscription = async () => read() as never;
    PushManager.prototype.subscribe = async () => {
      // A push service that never answers (set by the journey): the button must not hang.
      if (localStorage.getItem("e2e-push-hang")) return new Promise<never>(() => undefined);
      const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
        "deriveBits",
      ]);
      const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
      const stored = {
        endpoint: `https://push.example.org/send/${crypto.randomUUID()}`,
        p256dh: b64(raw),
        auth: b64(crypto.getRandomValues(new Uint8Array(16))),
      };
      localStorage.setItem(STORE, JSON.stringify(stored));
      return read() as never;
    };
  });
}

/** Round 1 paired for `names`, and a 390 px phone whose PushManager is the fake above, signed in as no one. */
async function pairedEventAndPhone(page: Page, browser: Browser, title: string, names: string[]) {
  const overview = await createTournamentWithPlayers(page, `${title} ${Date.now()}`, names);
  const codes = await readPlayerCodes(page, names);
  await page.goto(overview);
  await page.getByRole("button", { name: "Pair round 1" }).click();
  await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
  const phone = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [] },
  });
  await fakePushService(phone);
  return { overview, codes, phone };
}

test.describe("push notifications", () => {
  test("a player turns notifications on for this phone (asked on the tap), sees it on after a reload, and turns it off; the judge queue offers judge calls", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    const names = ["Nia Notify", "Oren Okoro"];
    const { overview, codes, phone } = await pairedEventAndPhone(page, browser, "Push", names);
    const player = await phone.newPage();
    await player.goto(`/play/${codes.get("Nia Notify")!.replaceAll("-", "")}`);
    await expect(player).toHaveURL(/\/play\/me$/);
    const control = player.getByTestId("push-toggle");
    await expect(control).toHaveAttribute("data-state", "off");
    await expect(control).toContainText("Get your table and opponent on this phone");
    const turnOn = control.getByRole("button", { name: "Notify me on this phone" });
    await expect(turnOn).toBeVisible();
    await control.scrollIntoViewIfNeeded();
    await player.screenshot({ path: path.join(SHOTS, "player-push-off-390.png"), fullPage: true });

    // Permission is asked only on the tap: granted here as the person would.
    expect(await player.evaluate(() => Notification.permission)).toBe("default");
    await phone.grantPermissions(["notifications"]);
    await turnOn.click();
    await expect(control).toHaveAttribute("data-state", "on");
    await expect(control).toContainText("Notifications are on for this phone.");
    await expect(control.getByRole("button", { name: "Turn off on this phone" })).toBeVisible();
    await player.screenshot({ path: path.join(SHOTS, "player-push-on-390.png"), fullPage: true });

    // The server keeps it: after a reload the page knows this phone is subscribed.
    await player.reload();
    await expect(player.getByTestId("push-toggle")).toHaveAttribute("data-state", "on");

    await player.getByRole("button", { name: "Turn off on this phone" }).click();
    await expect(player.getByTestId("push-toggle")).toHaveAttribute("data-state", "off");
    await player.reload();
    await expect(player.getByTestId("push-toggle")).toHaveAttribute("data-state", "off");
    await phone.close();

    // The organizer answers judge calls too: the queue offers pushes, at desktop width.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${overview}/judge-calls`);
    const staffControl = page.getByTestId("push-toggle");
    await expect(staffControl).toHaveAttribute("data-state", "off");
    await expect(
      staffControl.getByRole("button", { name: "Push judge calls to this phone" }),
    ).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, "judge-queue-push-1280.png"), fullPage: true });
  });

  test("a browser that never answers is told so and may try again; one phone turned on for two players keeps both until each signs out", async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const names = ["Pia Patient", "Quinn Second"];
    const { codes, phone } = await pairedEventAndPhone(page, browser, "Push wait", names);
    await phone.grantPermissions(["notifications"]);
    const player = await phone.newPage();
    const signIn = async (name: string) => {
      await player.goto(`/play/${codes.get(name)!.replaceAll("-", "")}`);
      await expect(player).toHaveURL(/\/play\/me$/);
    };
    await signIn("Pia Patient");
    await player.evaluate(() => localStorage.setItem("e2e-push-hang", "1"));
    const control = player.getByTestId("push-toggle");
    await control.getByRole("button", { name: "Notify me on this phone" }).click();
    await expect(control.getByRole("button", { name: "Turning on…" })).toBeDisabled();
    // After 20 seconds without an answer the player is told, and the button is back.
    await expect(control.getByRole("alert")).toHaveText(
      /^The browser did not answer: notifications are not on\. .*try again\.$/,
      { timeout: 30_000 },
    );
    await expect(control).toHaveAttribute("data-state", "off");
    await player.evaluate(() => localStorage.removeItem("e2e-push-hang"));
    await control.getByRole("button", { name: "Notify me on this phone" }).click();
    await expect(control).toHaveAttribute("data-state", "on");

    // Quinn signs in on the same phone and turns it on: Pia's stays on.
    await signIn("Quinn Second");
    await expect(control).toHaveAttribute("data-state", "off");
    await control.getByRole("button", { name: "Notify me on this phone" }).click();
    await expect(control).toHaveAttribute("data-state", "on");
    await signIn("Pia Patient");
    await expect(control).toHaveAttribute("data-state", "on");
    // Pia turns hers off: Quinn's stays on.
    await control.getByRole("button", { name: "Turn off on this phone" }).click();
    await expect(control).toHaveAttribute("data-state", "off");
    await signIn("Quinn Second");
    await expect(control).toHaveAttribute("data-state", "on");
    // "Not you?" hands the phone on: Quinn's notifications stop on it.
    await player.getByRole("button", { name: "Not you?" }).click();
    await expect(player).toHaveURL(/\/play$/);
    await signIn("Quinn Second");
    await expect(control).toHaveAttribute("data-state", "off");
    await phone.close();
  });
});
