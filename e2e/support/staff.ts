import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";

export type Account = { page: Page; request: APIRequestContext; name: string; email: string };

const NO_SESSION = { cookies: [], origins: [] };

/** A new account signed up in its own browser context. */
export async function signUp(browser: Browser, name: string): Promise<Account> {
  const context = await browser.newContext({ storageState: NO_SESSION });
  const page = await context.newPage();
  const email = `${name.toLowerCase().replaceAll(" ", ".")}.${Date.now()}@example.test`;
  await page.goto("/sign-up");
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Your tournaments" })).toBeVisible();
  return { page, request: context.request, name, email };
}

/** The organizer invites the account in this role; it opens the secret link and accepts. */
export async function joinStaff(
  organizer: Page,
  tournamentUrl: string,
  account: Pick<Account, "page" | "email">,
  role: "HEAD_JUDGE" | "JUDGE" | "SCOREKEEPER" = "HEAD_JUDGE",
): Promise<void> {
  await organizer.goto(`${tournamentUrl}/staff`);
  const invite = organizer.getByRole("form", { name: "Invite staff" });
  await invite.getByLabel("Email").fill(account.email);
  await invite.getByLabel("Role").selectOption(role);
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(invite.getByRole("status")).toContainText(`Invited ${account.email}`);
  await account.page.goto(await invite.getByLabel("Invitation link").inputValue());
  await account.page.getByRole("button", { name: "Accept and join the staff" }).click();
  await expect(account.page).toHaveURL(new RegExp(`${new URL(tournamentUrl).pathname}$`));
}
