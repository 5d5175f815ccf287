import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { CHANNELS } from "@/lib/server/announcements/channels";
import { runOnce } from "@/lib/server/announcements/worker";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  pingWebhookEndpoint,
  rotateWebhookSecret,
} from "./webhook-endpoints";
import { failureWords } from "./webhook-send";

/** The settings page's webhook commands against a real PostgreSQL and a receiver on this machine. */

const ACTOR = { userId: "test-user", name: "Organizer", email: "organizer@example.test" };
type Received = { headers: Record<string, string>; body: string };

const received: Received[] = [];
let server: http.Server;
let url = "";
beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers as Record<string, string>, body });
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  process.env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = "1";
});
afterEach(() => {
  received.length = 0;
  delete process.env.PUBLIC_URL;
});
afterAll(async () => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES;
  server.close();
  await prisma.$disconnect();
});

async function hookedEvent(kinds: string[]) {
  const created = await createTournament({
    name: `Hook settings ${Math.random()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  for (const name of ["Ann", "Ben"]) await registerPlayer({ tournamentId, name });
  const endpoint = await createWebhookEndpoint({ tournamentId, url, kinds: kinds as never }, ACTOR);
  if (!endpoint.ok) throw new Error(endpoint.error.message);
  return { tournamentId, endpointId: endpoint.value.id, secret: endpoint.value.secret };
}

describe("webhook settings", () => {
  it("a test message is listed with the deliveries, as sent", async () => {
    const { tournamentId, endpointId } = await hookedEvent(["round.paired"]);
    const pinged = await pingWebhookEndpoint({ tournamentId, endpointId });
    expect(pinged.ok).toBe(true);
    const [listed] = await listWebhookEndpoints(tournamentId);
    expect(listed!.deliveries).toHaveLength(1);
    expect(listed!.deliveries[0]).toMatchObject({
      status: "SENT",
      attempts: 1,
      lastStatusCode: 200,
      subject: { kind: "webhook.ping" },
    });
    // The worker has nothing to plan or send for it.
    await runOnce(CHANNELS);
    expect(received).toHaveLength(1);
  });

  it("a receiver that cannot be reached is said in words, node's own error kept after them", async () => {
    const { tournamentId, endpointId } = await hookedEvent(["round.paired"]);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await prisma.webhookEndpoint.update({
      where: { id: endpointId },
      data: { url: `http://127.0.0.1:${port}/hook` },
    });
    const pinged = await pingWebhookEndpoint({ tournamentId, endpointId });
    expect(pinged.ok).toBe(false);
    const said = `The receiver refused the connection. (connect ECONNREFUSED 127.0.0.1:${port})`;
    expect(!pinged.ok && pinged.error.message).toBe(`The test message was not accepted: ${said}`);
    const [listed] = await listWebhookEndpoints(tournamentId);
    expect(listed!.deliveries[0]).toMatchObject({ status: "FAILED", lastError: said });
  });

  it("names a name not found, a timeout and a TLS problem; an unknown error keeps its code", () => {
    expect(
      failureWords({ code: "ENOTFOUND", message: "getaddrinfo ENOTFOUND hooks.example" }),
    ).toBe("The receiver's name was not found. (getaddrinfo ENOTFOUND hooks.example)");
    expect(failureWords({ code: "ETIMEDOUT", message: "no answer within 10 seconds" })).toBe(
      "No answer within 10 s. (ETIMEDOUT: no answer within 10 seconds)",
    );
    expect(failureWords({ name: "TimeoutError", message: "The operation was aborted" })).toMatch(
      /^No answer within 10 s\. /,
    );
    expect(failureWords({ code: "CERT_HAS_EXPIRED", message: "certificate has expired" })).toBe(
      "The receiver's TLS certificate has expired. (CERT_HAS_EXPIRED: certificate has expired)",
    );
    expect(
      failureWords({ code: "ERR_SSL_WRONG_VERSION_NUMBER", message: "wrong version" }),
    ).toMatch(/^The secure connection \(TLS\) to the receiver failed\. /);
    expect(failureWords({ code: "EWHAT", message: "odd" })).toBe(
      "The message could not be sent. (EWHAT: odd)",
    );
  });

  it("a new secret signs from now on; the old one no longer verifies", async () => {
    const { tournamentId, endpointId, secret } = await hookedEvent(["round.paired"]);
    const rotated = await rotateWebhookSecret({ tournamentId, endpointId });
    if (!rotated.ok) throw new Error(rotated.error.message);
    expect(rotated.value.secret).toMatch(/^whsec_/);
    expect(rotated.value.secret).not.toBe(secret);
    await pingWebhookEndpoint({ tournamentId, endpointId });
    const [message] = received as [Received];
    expect(() => new Webhook(secret).verify(message.body, message.headers)).toThrow();
    expect(new Webhook(rotated.value.secret).verify(message.body, message.headers)).toBeTruthy();
  });

  it("deleting an endpoint deletes its deliveries with it, and nothing more is sent", async () => {
    const { tournamentId, endpointId } = await hookedEvent(["round.paired"]);
    await pingWebhookEndpoint({ tournamentId, endpointId });
    await pairNextSwissRound(tournamentId, "deleted");
    await runOnce(CHANNELS);
    expect(await prisma.delivery.count({ where: { targetId: endpointId } })).toBe(2);
    const deleted = await deleteWebhookEndpoint({ tournamentId, endpointId });
    expect(deleted.ok).toBe(true);
    expect(await prisma.webhookEndpoint.count({ where: { id: endpointId } })).toBe(0);
    expect(await prisma.delivery.count({ where: { targetId: endpointId } })).toBe(0);
    expect(await listWebhookEndpoints(tournamentId)).toEqual([]);
    const again = await deleteWebhookEndpoint({ tournamentId, endpointId });
    expect(again.ok).toBe(false);
  });

  it("each delivery says what it announced; standingsUrl is an absolute address", async () => {
    process.env.PUBLIC_URL = "https://events.example.org/";
    const { tournamentId } = await hookedEvent([
      "round.paired",
      "result.recorded",
      "standings.changed",
    ]);
    await pairNextSwissRound(tournamentId, "words");
    const match = (await getRound(tournamentId, 1))!.matches[0]!;
    const recorded = await reportMatchResult(
      {
        matchId: match.id,
        winsA: 2,
        winsB: 1,
        draws: 0,
        expectedVersion: 0,
        idempotencyKey: `words-${Math.random()}`,
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Organizer" },
    );
    if (!recorded.ok) throw new Error(recorded.error.message);
    await runOnce(CHANNELS);
    await runOnce(CHANNELS);
    const [listed] = await listWebhookEndpoints(tournamentId);
    const subjects = listed!.deliveries.map((delivery) => delivery.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        { kind: "round.paired", round: "Round 1", table: null, names: [] },
        { kind: "result.recorded", round: "Round 1", table: "1", names: ["Ann", "Ben"] },
        { kind: "standings.changed", round: "Round 1", table: null, names: [] },
      ]),
    );
    const standings = received
      .map((message) => JSON.parse(message.body))
      .find((body) => body.type === "standings.changed");
    expect(standings.data.standingsUrl).toBe(
      `https://events.example.org/api/v1/tournaments/${tournamentId}/standings`,
    );
  });
});
