import http from "node:http";
import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import AxeBuilder from "@axe-core/playwright";
import { axeFor } from "./support/axe";
import { createTournamentWithPlayers } from "./support/players";

/**
 * An organizer adds a webhook pointing at a receiver this test runs, copies its secret (shown
 * once, beside it), sends a test message, pairs a round and reads each delivery (what it
 * announced, status, next try, error); the receiver verifies the signature. A new secret replaces
 * the old one; deleting the webhook removes it. Screenshots at 390 and 1280 px when
 * WEBHOOK_SHOTS_DIR is set.
 */
const SHOTS = process.env.WEBHOOK_SHOTS_DIR;

/** The webhook card alone, on a phone and on a desktop. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const card = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Webhooks", exact: true }) });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

type Received = { headers: Record<string, string>; body: string };

test("an organizer adds a webhook, tests it, pairs a round, renews its secret and deletes it", async ({
  page,
}) => {
  // Two webhooks and two axe runs: longer than one journey's usual minute on a busy machine.
  test.slow();
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers as Record<string, string>, body });
      response.statusCode = answers.shift() ?? 200;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/hook`;
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
    await form.getByLabel(/^Address/).fill(url);
    await expect(form.getByLabel("Round paired")).not.toBeChecked();
    await form.getByLabel("Round paired").check();
    await form.getByRole("button", { name: "Add webhook" }).click();
    await expect(form.getByRole("status")).toContainText("Webhook added.");

    // The secret is shown beside its webhook, not under the form, and says it is shown once.
    const hook = page.getByRole("list", { name: "Webhooks" }).getByRole("listitem", { name: url });
    await expect(hook.getByText("shown once")).toBeVisible();
    await expect(form.getByLabel("Signing secret")).toHaveCount(0);
    const secret = await hook.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);

    await hook.getByRole("button", { name: "Send test" }).click();
    await expect(hook.getByText("Test message accepted (HTTP 200).")).toBeVisible();
    expect(JSON.parse(received[0]!.body).type).toBe("webhook.ping");
    const deliveries = hook.getByRole("list", { name: "Last deliveries" });
    await expect(deliveries.getByRole("listitem").first()).toContainText("Test message");

    // A second webhook, to an address nothing listens on: its forms are named by its address
    // (axe finds no two alike), its test answer is said in words on a line under its buttons.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/hook`;
    await new Promise((resolve) => closed.close(resolve));
    await form.getByLabel(/^Address/).fill(deadUrl);
    await form.getByLabel("Round paired").uncheck();
    await form.getByLabel("Event finished").check();
    await form.getByRole("button", { name: "Add webhook" }).click();
    const dead = page
      .getByRole("list", { name: "Webhooks" })
      .getByRole("listitem", { name: deadUrl });
    await expect(dead.getByLabel("Signing secret")).toBeVisible();
    const sendDead = dead.getByRole("button", { name: "Send test" });
    await sendDead.click();
    const refused = dead.getByRole("alert");
    await expect(refused).toContainText(
      "The receiver refused the connection. (connect ECONNREFUSED",
    );
    // The answer has its own line: the buttons stay in one row, the answer under them.
    const turnOff = dead.getByRole("button", { name: "Turn off" });
    const [button, other, answer] = await Promise.all(
      [sendDead, turnOff, refused].map((each) => each.boundingBox()),
    );
    expect.soft(other!.y).toBe(button!.y);
    expect.soft(answer!.y).toBeGreaterThanOrEqual(button!.y + button!.height);
    // landmark-unique is a best practice, outside the WCAG tags' run: asked for by name.
    const landmarks = await new AxeBuilder({ page }).withRules(["landmark-unique"]).analyze();
    expect
      .soft(landmarks.violations.flatMap((each) => each.nodes.map((node) => node.target)))
      .toEqual([]);
    const scan = await axeFor(page).analyze();
    expect(scan.violations.map((violation) => violation.id)).toEqual([]);
    await expect(page.getByRole("form", { name: `Send a test message to ${deadUrl}` })).toHaveCount(
      1,
    );
    await dead.getByRole("button", { name: "Delete webhook" }).click();
    await dead.getByRole("button", { name: "Delete webhook" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Webhook deleted." })).toBeVisible();
    await expect(page.getByText(deadUrl)).toHaveCount(0);

    // The receiver fails the round's message once: the row says when it tries again, and why.
    answers.push(500);
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
    const latest = deliveries.getByRole("listitem").first();
    await expect(latest).toContainText("Round 1 paired");
    await expect(latest.getByTestId("delivery-status")).toHaveText("Retrying");
    await expect(latest.getByText("HTTP 500", { exact: true })).toBeVisible();
    await expect(latest.getByText(/^Next try$/)).toBeVisible();
    await expect(latest.getByText(/^Error$/)).toBeVisible();
    await expect(latest.getByText("The receiver failed (HTTP 500).")).toBeVisible();
    await expect(deliveries.getByRole("listitem").nth(1).getByTestId("delivery-status")).toHaveText(
      "Sent",
    );
    await shoot(page, "webhook-card");

    // A new secret: shown once beside the webhook; the old one no longer verifies.
    await hook.getByRole("button", { name: "New secret" }).click();
    await hook.getByRole("button", { name: "Make a new secret" }).click();
    await expect(hook.getByLabel("Signing secret")).not.toHaveValue(secret);
    const renewed = await hook.getByLabel("Signing secret").inputValue();
    expect(renewed).toMatch(/^whsec_/);
    await shoot(page, "webhook-new-secret");
    await hook.getByRole("button", { name: "Send test" }).click();
    await expect(hook.getByText("Test message accepted (HTTP 200).")).toBeVisible();
    const ping = received.at(-1)!;
    expect(() => new Webhook(secret).verify(ping.body, ping.headers)).toThrow();
    expect(new Webhook(renewed).verify(ping.body, ping.headers)).toBeTruthy();

    await hook.getByRole("button", { name: "Turn off" }).click();
    await expect(hook.getByText(/^Off$/)).toBeVisible();

    await hook.getByRole("button", { name: "Delete webhook" }).click();
    await expect(hook.getByText(/list of deliveries is deleted with it/)).toBeVisible();
    await hook.getByRole("button", { name: "Delete webhook" }).click();
    await expect(page.getByRole("list", { name: "Webhooks" })).toHaveCount(0);
    await expect(page.getByText(url)).toHaveCount(0);
  } finally {
    server.close();
  }
});
