import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";

/**
 * The public API from an organizer's side: a token made on the account page (its secret shown
 * once), a program reading the tournament in preparation and registering a player with it, then
 * the token revoked and refused. The account page and the API reference break no
 * Content-Security-Policy.
 */
const NO_SESSION = { cookies: [], origins: [] };
const SHOTS = process.env.API_SHOTS_DIR;

async function shoot(page: Page, name: string, fullPage = true) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
}

test("an organizer makes an API token, a program uses it, and once revoked it is refused", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const violations: string[] = [];
  const stamp = Date.now();
  const context = await browser.newContext({ storageState: NO_SESSION });
  const page = await context.newPage();
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text()))
      violations.push(message.text());
  });
  await page.goto("/sign-up");
  await page.getByLabel("Your name").fill("Tia Tokenmaker");
  await page.getByLabel("Email").fill(`tia-${stamp}@example.test`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Your tournaments" })).toBeVisible();
  const name = `Token Cup ${stamp}`;
  await page.getByLabel("Tournament name").fill(name);
  await page.getByRole("button", { name: "Create tournament" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const tournamentId = new URL(page.url()).pathname.split("/")[2]!;

  await page.goto("/account");
  const form = page.getByRole("form", { name: "Create an API token" });
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(
    form.getByText("Name the token (what it is for), such as “League site”."),
  ).toBeVisible();
  await form.getByRole("textbox", { name: /^Name/ }).fill("League site");
  await form.getByLabel("May act on").selectOption({ label: `Only ${name}` });
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(form.getByRole("status")).toContainText("shown only this once");
  const secret = await form.getByLabel("New API token").inputValue();
  expect(secret).toMatch(/^mtgt_/);
  await shoot(page, "account-token-created");

  const program = await playwright.request.newContext({ baseURL, storageState: NO_SESSION });
  const auth = { Authorization: `Bearer ${secret}` };
  expect((await program.get(`/api/v1/tournaments/${tournamentId}`)).status()).toBe(404);
  const read = await program.get(`/api/v1/tournaments/${tournamentId}`, { headers: auth });
  expect(read.status()).toBe(200);
  expect((await read.json()).data.name).toBe(name);
  const registered = await program.post(`/api/v1/tournaments/${tournamentId}/players`, {
    headers: { ...auth, "Idempotency-Key": `e2e-${stamp}` },
    data: { name: "Api Ada" },
  });
  expect(registered.status()).toBe(201);

  await page.reload();
  const tokens = page.getByRole("list", { name: "Your API tokens" });
  await expect(tokens.getByText("League site")).toBeVisible();
  await expect(tokens.getByText(/last used/)).toBeVisible();
  await expect(tokens).not.toContainText(secret);
  await shoot(page, "account-token-listed");
  page.once("dialog", (dialog) => void dialog.accept());
  await tokens.getByRole("button", { name: "Revoke" }).click();
  await expect(tokens.getByText(/^Revoked/)).toBeVisible();
  const refused = await program.get(`/api/v1/tournaments/${tournamentId}`, { headers: auth });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe("UNAUTHENTICATED");

  // The overview shows the player the program registered.
  await page.goto(`/tournaments/${tournamentId}`);
  await expect(
    page.getByRole("list", { name: "Registered players" }).getByText("Api Ada"),
  ).toBeVisible();

  await page.goto("/api/v1/reference");
  await expect(page.getByRole("heading", { name: /Tournament API/ })).toBeVisible();
  await expect(
    page.getByRole("heading", {
      name: "POST /api/v1/tournaments/{tournamentId}/matches/{matchId}/result",
    }),
  ).toBeVisible();
  await shoot(page, "api-reference", false);
  expect(violations).toEqual([]);
  await program.dispose();
  await context.close();
});
