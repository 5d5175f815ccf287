import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { readE2EServerInfo } from "./server-info";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const SAMPLE_CARDS = path.join(
  import.meta.dirname,
  "../..",
  "lib/server/cards/fixtures/oracle-cards.sample.json",
);

/**
 * Fills the app's card database from the sample Scryfall file, as `npm run cards:import` does;
 * the test is skipped where the app serves its own embedded database (no address to import into).
 */
export function importSampleCards(): void {
  const server = readE2EServerInfo(PORT);
  test.skip(server.databaseUrl === null, "the card import goes to the PostgreSQL the app serves");
  execFileSync(
    "npx",
    [
      "tsx",
      "--conditions=react-server",
      "scripts/cards-import.ts",
      SAMPLE_CARDS,
      "--date",
      "2026-11-28",
    ],
    { env: { ...process.env, DATABASE_URL: server.databaseUrl! }, stdio: "pipe" },
  );
}

/** The event takes decklists checked as `format`, set on its settings form. */
export async function takeDecklists(page: Page, overview: string, format: string): Promise<void> {
  await page.goto(`${overview}/staff`);
  const settings = page.getByRole("form", { name: "Settings" });
  await settings.getByLabel("Checked as").selectOption({ label: format });
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Settings saved.");
}
