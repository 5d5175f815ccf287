/**
 * Takes desktop (1280 px) and phone (390 px) screenshots of the main pages into ./screenshots
 * (git-ignored), for looking at what we build:
 *   tsx scripts/screenshots.ts http://localhost:3000 <tournamentId> [email password]
 * Signed-out pages first; with an email and password, the staff pages signed in as that account.
 */
import { chromium } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { chromiumExecutable } from "../e2e/support/browser";

const [baseUrl = "http://localhost:3000", tournamentId, email, password] = process.argv.slice(2);
const publicPages = [
  ["home-signed-out", "/"],
  ["sign-in", "/sign-in"],
  ["sign-up", "/sign-up"],
  ...(tournamentId
    ? [
        ["standings-public", `/tournaments/${tournamentId}/standings`],
        ["pairings-public", `/tournaments/${tournamentId}/pairings`],
      ]
    : []),
] as const;
const staffPages = tournamentId
  ? ([
      ["home", "/"],
      ["tournament", `/tournaments/${tournamentId}`],
      ["round", `/tournaments/${tournamentId}/rounds/4`],
      ["staff", `/tournaments/${tournamentId}/staff`],
      ["playoff", `/tournaments/${tournamentId}/playoff`],
    ] as const)
  : [];

mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumExecutable(),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const devices = [
  ["desktop", { viewport: { width: 1280, height: 900 } }],
  [
    "phone",
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  ],
] as const;
for (const [device, options] of devices) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  for (const [name, path] of publicPages) {
    await page.goto(baseUrl + path);
    await page.screenshot({ path: `screenshots/${name}-${device}.png`, fullPage: true });
  }
  if (email && password && staffPages.length > 0) {
    await page.goto(`${baseUrl}/sign-in`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${baseUrl}/`);
    for (const [name, path] of staffPages) {
      await page.goto(baseUrl + path);
      await page.screenshot({ path: `screenshots/${name}-${device}.png`, fullPage: true });
    }
  }
  await context.close();
}
await browser.close();
console.log("screenshots written to ./screenshots");
