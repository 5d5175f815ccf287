import { defineConfig, devices } from "@playwright/test";
import { chromiumExecutable } from "./e2e/support/browser";

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * The embedded pass: each user's own journey (organizer, player on a phone, judge, staff), the
 * live pages (the embedded database relays its announcements differently) and one event of each
 * other shape, on the default path as a newcomer runs it. Every journey runs on PostgreSQL; the
 * first-run project starts the embedded database itself, cold and across restarts and kills.
 */
const EMBEDDED_JOURNEYS =
  /(^|\/)(organizer|player|player-reports|judge-end-of-match|staff|live-pages|pod-event|team-event|webhooks|typing-through-live-changes|event-finished)\.spec\.ts$/;
const isEmbeddedPass = process.env.E2E_DATABASE === "embedded";
const baseURL = `http://127.0.0.1:${port}`;
/** Specs that start their own servers (`npm start` on a folder or a private cluster of their own), once per `npm run test:e2e`. */
const OWN_SERVERS = /(first-run|embedded-faults|database-faults)\.spec\.ts/;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumExecutable(),
      // The machines' network is closed: without these, Chromium's background connections fail noisily.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // Signs the organizer up once; the journeys start signed in as them.
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    // The user journeys; `npm run test:e2e` runs them on PostgreSQL, then again on the embedded default.
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], storageState: "e2e/.auth/organizer.json" },
      dependencies: ["setup"],
      ...(isEmbeddedPass ? { testMatch: EMBEDDED_JOURNEYS } : { testIgnore: OWN_SERVERS }),
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], storageState: "e2e/.auth/organizer.json" },
      dependencies: ["setup"],
      testMatch: isEmbeddedPass
        ? /(^|\/)player(-reports)?\.spec\.ts$/
        : /(^|\/)player[^/]*\.spec\.ts$/,
    },
    // Start their own servers: on the embedded database from cold and across a restart, and the fault tests (kills, outages).
    { name: "first-run", use: { ...devices["Desktop Chrome"] }, testMatch: OWN_SERVERS },
  ],
  webServer: {
    // A fresh database for every run; the production build, as organizers will run it.
    command: `tsx scripts/e2e-server.ts ${port}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM lets scripts/e2e-server.ts drop its database before it exits.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
