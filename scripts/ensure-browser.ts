/** Before the end-to-end tests: make sure a Chromium is there for Playwright. */
import { execFileSync } from "node:child_process";
import { chromiumExecutable } from "../e2e/support/browser";

const found = chromiumExecutable();
if (found) {
  console.log(`Chromium: ${found}`);
} else {
  console.log(
    "No system Chromium found (set CHROMIUM_PATH to use one); installing Playwright's Chromium…",
  );
  try {
    execFileSync(
      process.execPath,
      ["node_modules/@playwright/test/cli.js", "install", "chromium"],
      { stdio: "inherit" },
    );
  } catch {
    console.error(
      "Could not install Chromium. On Debian/Ubuntu: sudo apt-get install chromium; or set CHROMIUM_PATH.",
    );
    process.exit(1);
  }
}
