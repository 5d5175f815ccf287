import { expect, test } from "@playwright/test";

test.describe("organizer", () => {
  test("creates a tournament, registers players, pairs round 1, enters results and sees match points", async ({
    page,
  }) => {
    const name = `E2E Open ${Date.now()}`;
    await page.goto("/");
    await page.getByLabel("Tournament name").fill(name);
    await page.getByLabel("Format").fill("Pioneer");
    await page.getByRole("button", { name: "Create tournament" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    // Bad input gets a clear error.
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(page.getByText("Enter the player's name.")).toBeVisible();

    for (const player of ["Alice Archer", "Bob Baker", "Carol Chen", "Dave Diaz"]) {
      await page.getByLabel("Player name").fill(player);
      await page.getByRole("button", { name: "Add player" }).click();
      await expect(
        page.getByRole("list", { name: "Registered players" }).getByText(player),
      ).toBeVisible();
    }

    // A duplicate is refused, and what was typed stays in the field.
    await page.getByLabel("Player name").fill("alice  archer");
    await page.getByRole("button", { name: "Add player" }).click();
    await expect(
      page.getByText("alice archer is already registered in this tournament."),
    ).toBeVisible();
    await expect(page.getByLabel("Player name")).toHaveValue("alice  archer");

    await page.getByRole("button", { name: "Pair round 1" }).click();
    await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
    const tables = page.getByRole("list", { name: "Pairings" }).getByRole("listitem");
    await expect(tables).toHaveCount(2);

    // Before the round starts the organizer may swap seats; the change is recorded.
    // Swap the first players of the two tables, whoever they are.
    const firstSeats = await tables.locator("span.font-medium").allInnerTexts();
    const [tableOneA, , tableTwoA] = firstSeats;
    const swap = page.getByRole("form", { name: "Swap players" });
    await swap.getByLabel("Swap").selectOption({ label: tableOneA! });
    await swap.getByLabel("with").selectOption({ label: tableTwoA! });
    await swap.getByRole("button", { name: "Swap" }).click();
    await expect(swap.getByRole("status")).toHaveText("Swapped.");
    await expect(tables.nth(0)).toContainText(tableTwoA!);
    await expect(tables.nth(1)).toContainText(tableOneA!);
    await page.getByRole("button", { name: "Start round 1" }).click();
    await expect(page.getByRole("form", { name: "Swap players" })).toHaveCount(0);
    await page.getByText(/Pairing history/).click();
    await expect(page.getByText("Generated", { exact: true })).toBeVisible();
    await expect(page.getByText("Swapped", { exact: true })).toBeVisible();

    // Three game wins in a best-of-three is impossible (MTR 2.1): the form says so and keeps the input.
    const [table1, table2] = [tables.nth(0), tables.nth(1)];
    await table1.getByRole("textbox").nth(0).fill("3");
    await table1.getByRole("textbox").nth(1).fill("0");
    await table1.getByRole("button", { name: "Save" }).click();
    await expect(table1.getByRole("alert")).toContainText("best-of-three");
    await expect(table1.getByRole("textbox").nth(0)).toHaveValue("3");

    await table1.getByRole("button", { name: "2-1", exact: true }).click();
    await table1.getByRole("button", { name: "Save" }).click();
    await expect(table1.getByRole("status")).toHaveText("Result saved.");
    // A saved result folds the form away behind "Correct or clear" and shows the outcome.
    await expect(table1.getByRole("form", { name: /^Result for/ })).toBeHidden();
    await expect(table1).toContainText("wins 2-1");
    await table2.getByRole("button", { name: "0-2", exact: true }).click();
    await table2.getByRole("button", { name: "Save" }).click();
    await expect(table2.getByRole("status")).toHaveText("Result saved.");
    await expect(page.getByText("2 of 2 results in")).toBeVisible();

    await page.getByRole("link", { name: "Standings" }).click();
    const rows = page.getByRole("row");
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(1).getByRole("cell").nth(2)).toHaveText("3");
    await expect(rows.nth(2).getByRole("cell").nth(2)).toHaveText("3");
    await expect(rows.nth(3).getByRole("cell").nth(2)).toHaveText("0");
    await expect(rows.nth(1).getByRole("cell").nth(3)).toHaveText("1-0-0");
  });

  test("the HTTP API refuses a result for a match that does not exist, with the API's headers whichever way it was answered", async ({
    page,
  }) => {
    // Both are answered on the socket from startup (lib/server/infra/early-answers.ts);
    // `next start` run directly answers them through Next.js.
    for (const attempt of [1, 2]) {
      const response = await page.request.post("/api/matches/no-such-match/result", {
        data: {
          winsA: 2,
          winsB: 0,
          draws: 0,
          expectedVersion: 0,
          idempotencyKey: `e2e-missing-match-${attempt}`,
        },
      });
      expect(response.status()).toBe(404);
      const body = await response.json();
      expect(body).toMatchObject({ error: { code: "NOT_FOUND" } });
      expect(body.error.message).toMatch(/does not exist/);
      expect(response.headers()).toMatchObject({
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "referrer-policy": "strict-origin-when-cross-origin",
      });
    }
  });
});

test("the HTTP API refuses a result from someone who is not signed in", async ({
  browser,
  baseURL,
}) => {
  const anonymous = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const response = await anonymous.request.post(`${baseURL}/api/matches/no-such-match/result`, {
    data: { winsA: 2, winsB: 0, draws: 0, expectedVersion: 0, idempotencyKey: "e2e-anonymous" },
  });
  expect(response.status()).toBe(401);
  expect(await response.json()).toMatchObject({
    error: { code: "UNAUTHENTICATED", message: "Sign in to do this." },
  });
  await anonymous.close();
});

test("through the production server's router, unknown API paths and wrong methods answer JSON, never the HTML pages", async ({
  request,
}) => {
  for (const method of ["GET", "POST", "DELETE"] as const) {
    const unknown = await request.fetch("/api/no-such-endpoint", { method });
    expect(unknown.status()).toBe(404);
    expect(unknown.headers()["content-type"]).toContain("application/json");
    expect(await unknown.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  }
  const wrongMethod = await request.get("/api/matches/no-such-match/result");
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers().allow).toBe("POST");
  expect(wrongMethod.headers()["content-type"]).toContain("application/json");
  expect((await wrongMethod.json()).error.code).toBe("METHOD_NOT_ALLOWED");
});
