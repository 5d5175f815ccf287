/**
 * Draws the home-screen icons in public/icons/ (and app/apple-icon.png) from app/icon.svg with
 * headless Chromium: `tsx scripts/make-icons.ts`. Run it again after changing the SVG.
 * - icon-<size>.png: the SVG as it is (rounded square), for "any" purpose;
 * - maskable-<size>.png: full-bleed background with the star inside the central 60 %, so any
 *   launcher mask (circle, squircle) keeps it whole (the maskable safe zone is the central 80 %).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumExecutable } from "../e2e/support/browser";

const root = path.resolve(import.meta.dirname, "..");
const svg = readFileSync(path.join(root, "app", "icon.svg"), "utf8");
const background = svg.match(/<rect[^>]*fill="([^"]+)"/)?.[1] ?? "#15233d";
const star = svg.match(/<path[^>]*\/>/)?.[0];
if (!star) throw new Error("app/icon.svg has no <path> to draw");

const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(16 16) scale(0.62) translate(-16 -15.6)">${star}</g></svg>`;
const outputs: [string, string, number][] = [
  ["public/icons/icon-192.png", svg, 192],
  ["public/icons/icon-512.png", svg, 512],
  ["public/icons/maskable-192.png", maskable, 192],
  ["public/icons/maskable-512.png", maskable, 512],
  // iOS ignores the manifest's icons and draws its own rounded corners: full bleed.
  ["app/apple-icon.png", maskable.replace("scale(0.62)", "scale(0.8)"), 180],
];

const browser = await chromium.launch({
  executablePath: chromiumExecutable(),
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const [file, source, size] of outputs) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = source.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    writeFileSync(
      path.join(root, file),
      await page.screenshot({
        omitBackground: true,
        clip: { x: 0, y: 0, width: size, height: size },
      }),
    );
    await page.close();
    console.log(`wrote ${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
