import http from "node:http";
import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { createTournamentWithPlayers } from "./support/players";

/**
 * An organizer adds a webhook pointing at a receiver this test runs, copies its secret (shown
 * once), sends a test message, pairs a round and sees the delivery listed as sent; the receiver
 * verifies the signature. Screenshots at 390 and 1280 px when WEBHOOK_SHOTS_DIR is set.
 */
const SHOTS = process.env.WEBHOOK_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

type Received = { headers: Record<string, string>; body: string };

test("an organizer adds a webhook, tests it, pairs a round and sees the delivery sent", async ({
  page,
}) => {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers as Record<string, string>, body });
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const overview = await createTournamentWithPlayers(page, `Hooked Cup ${Date.now()}`, [
      "Ada",
      "Bo",
      "Cy",
      "Di",
    ]);
    await page.goto(`${overview}/staff`);
    const form = page.getByRole("form", { name: "Add a webhook" });
    await form.getByLabel(/^Address/).fill("https://127.0.0.1:1/");
    await form.getByLabel("Round paired").uncheck();
    await form.getByLabel("Result recorded").uncheck();
    await form.getByLabel("Standings changed").uncheck();
    await form.getByLabel("Event finished").uncheck();
    await form.getByRole("button", { name: "Add webhook" }).click();
    await expect(form.getByText("Choose at least one event to send.")).toBeVisible();
    await form.getByLabel(/^Address/).fill(`http://127.0.0.1:${port}/hook`);
    await expect(form.getByLabel("Round paired")).not.toBeChecked();
    await form.getByLabel("Round paired").check();
    await form.getByRole("button", { name: "Add webhook" }).click();
    await expect(form.getByRole("status")).toContainText("shown only this once");
    const secret = await form.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);

    const list = page.getByRole("list", { name: "Webhooks" });
    await expect(list.getByText(`http://127.0.0.1:${port}/hook`)).toBeVisible();
    await list.getByRole("button", { name: "Send test" }).click();
    await expect(list.getByText("Test message accepted (HTTP 200).")).toBeVisible();
    expect(JSON.parse(received[0]!.body).type).toBe("webhook.ping");

    await page.goto(overview);
    await page.getByRole("button", { name: "Pair round 1" }).click();
    await expect(page.getByRole("heading", { name: "Round 1 pairings" })).toBeVisible();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    const paired = received[1]!;
    const event = new Webhook(secret).verify(paired.body, paired.headers) as {
      type: string;
      data: { pairings: { table: number }[] };
    };
    expect(event.type).toBe("round.paired");
    expect(event.data.pairings).toHaveLength(2);

    await page.goto(`${overview}/staff`);
    const deliveries = page.getByRole("table", { name: "Last deliveries" });
    await expect(deliveries.getByRole("row").nth(1)).toContainText("Round paired");
    await expect(deliveries.getByRole("row").nth(1)).toContainText("Sent · 200");
    await shoot(page, "staff-webhooks");

    await list.getByRole("button", { name: "Turn off" }).click();
    await expect(list.getByText(/^Off/)).toBeVisible();
  } finally {
    server.close();
  }
});
