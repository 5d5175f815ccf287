import { expect, test as setup } from "@playwright/test";

export const ORGANIZER_STATE = "e2e/.auth/organizer.json";

/**
 * Signs the journeys' organizer up once per run (each run has a fresh database, so this is the
 * server's first account) and keeps the signed-in browser state for every journey that uses it.
 */
setup("sign up the journeys' organizer", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Create the first organizer account" }).click();
  await page.getByLabel("Your name").fill("Erin Organizer");
  await page.getByLabel("Email").fill(`erin-${Date.now()}@example.test`);
  await page.getByLabel("Password").fill("e2e organizer password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Your tournaments" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  // The session cookie is out of scripts' reach, not sent cross-site, and Secure in production.
  const session = (await page.context().cookies()).find((cookie) =>
    cookie.name.endsWith("better-auth.session_token"),
  );
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true });
  await page.context().storageState({ path: ORGANIZER_STATE });
});
