/**
 * Takes desktop and phone screenshots of the main pages into ./screenshots (git-ignored),
 * for looking at what we build: `tsx scripts/screenshots.ts http://localhost:3000 <tournamentId>`.
 */
import { chromium, devices } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { chromiumExecutable } from "../e2e/support/browser";

const [baseUrl = "http://localhost:3000", tournamentId] = process.argv.slice(2);
const pages = [
  ["home", "/"],
  ...(tournamentId
    ? [
        ["tournament", `/tournaments/${tournamentId}`],
        ["round", `/tournaments/${tournamentId}/rounds/4`],
        ["standings", `/tournaments/${tournamentId}/standings`],
        ["playoff", `/tournaments/${tournamentId}/playoff`],
      ]
    : []),
] as const;

mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
for (const [device, options] of [["desktop", { viewport: { width: 1280, height: 900 } }], ["phone", devices["Pixel 7"]]] as const) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  for (const [name, path] of pages) {
    await page.goto(baseUrl + path);
    await page.screenshot({ path: `screenshots/${name}-${device}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
console.log("screenshots written to ./screenshots");
