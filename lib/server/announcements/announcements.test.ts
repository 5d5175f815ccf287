import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { callJudge, claimJudgeCall } from "@/lib/server/judge-calls/judge-calls";
import { createWebhookEndpoint } from "@/lib/server/webhooks/webhook-endpoints";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { registerPlayers } from "@/lib/server/registration/registrations";
import { getPodRound, pairNextPodRound } from "@/lib/server/pod/pods";
import { correctPodResult, recordPodFact, recordPodOutcome } from "@/lib/server/pod/pod-commands";
import {
  isPublicAddress,
  publicOnlyLookup,
  refuseWebhookUrl,
} from "@/lib/server/infra/outbound-address";
import { sendWebhook } from "@/lib/server/webhooks/webhook-send";
import { CHANNELS } from "./channels";
import {
  afterAttempt,
  pruneOutbox,
  runOnce,
  sendDueDeliveries,
  startAnnouncementWorker,
} from "./worker";
import { liveListener } from "@/lib/server/live/live";
import { WEBHOOK_BODIES } from "@/lib/api-v1/webhooks";
import { ANNOUNCEMENT_KINDS } from "./announcement";

/** The outbox against a real PostgreSQL: announcements in the fact's commit, and the worker's webhooks. */

const ACTOR = { userId: "test-user", name: "Organizer", email: "organizer@example.test" };
type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A webhook receiver on this machine: answers with the next status of `answers` (then 200). */
function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.statusCode = answers.shift() ?? 200;
      response.end();
    });
  });
  return new Promise<{ url: string; received: Received[]; answers: number[]; close: () => void }>(
    (resolve) =>
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          url: `http://127.0.0.1:${port}/hook`,
          received,
          answers,
          close: () => server.close(),
        });
      }),
  );
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  // The files before this one share the database: their outbox is planned first, so each test here times only its own.
  await runOnce(CHANNELS);
}, 300_000);
afterEach(() => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES;
  receiver.received.length = 0;
  receiver.answers.length = 0;
});
afterAll(async () => {
  receiver.close();
  await prisma.$disconnect();
});

async function pairedEvent(players = 4) {
  const created = await createTournament({
    name: `Outbox ${Math.random()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  for (let index = 0; index < players; index++) {
    const registered = await registerPlayer({ tournamentId, name: `Player ${index}` });
    if (!registered.ok) throw new Error(registered.error.message);
  }
  const paired = await pairNextSwissRound(tournamentId, "outbox");
  if (!paired.ok) throw new Error(paired.error.message);
  const round = (await getRound(tournamentId, 1))!;
  const matches = round.matches.filter((match) => match.sideB !== null);
  return { tournamentId, roundId: round.id, matches };
}

const kindsOf = async (tournamentId: string) =>
  (
    await prisma.announcement.findMany({
      where: { tournamentId },
      orderBy: { createdAt: "asc" },
      select: { kind: true, subjectId: true },
    })
  ).map((row) => `${row.kind} ${row.subjectId}`);

async function record(matchId: string, winsA: number, winsB: number, version = 0) {
  const recorded = await reportMatchResult(
    {
      matchId,
      winsA,
      winsB,
      draws: 0,
      expectedVersion: version,
      idempotencyKey: `outbox-${Math.random()}`,
      intentionalDraw: false,
      note: version > 0 ? "Scorekeeper typo" : "",
    },
    { source: "STAFF", name: "Organizer" },
  );
  if (!recorded.ok) throw new Error(recorded.error.message);
}

describe("announcements are written in the commit of their fact", () => {
  it("round.paired, result.recorded, time.called, judge_call.opened/claimed, event.finished", async () => {
    const { tournamentId, roundId, matches } = await pairedEvent();
    const [first] = matches as [(typeof matches)[0]];
    expect(await kindsOf(tournamentId)).toEqual([`round.paired ${roundId}`]);

    await record(first.id, 2, 1);
    await prisma.endOfMatchEvent.create({
      data: { matchId: first.id, sequence: 1, kind: "TIME_CALLED" },
    });
    const called = await callJudge(
      { matchId: first.id, note: "", idempotencyKey: `outbox-call-${Math.random()}` },
      { registrationId: first.sideA.id, tournamentId },
    );
    if (!called.ok) throw new Error(called.error.message);
    const staff = await prisma.staffMember.create({
      data: { tournamentId, name: "Judge", role: "JUDGE" },
    });
    const callId = called.value.call.id;
    const claimed = await claimJudgeCall(
      { tournamentId, matchId: first.id, callId },
      { staffId: staff.id, role: "JUDGE", name: "Judge" },
    );
    if (!claimed.ok) throw new Error(claimed.error.message);
    await prisma.tournament.update({ where: { id: tournamentId }, data: { status: "COMPLETE" } });

    expect(await kindsOf(tournamentId)).toEqual([
      `round.paired ${roundId}`,
      `result.recorded ${first.id}`,
      `time.called ${first.id}`,
      `judge_call.opened ${callId}`,
      `judge_call.claimed ${callId}`,
      `event.finished ${tournamentId}`,
    ]);
  });

  it("a correction announces again; a report waiting for its confirmation does not", async () => {
    const { tournamentId, matches } = await pairedEvent();
    const [first] = matches as [(typeof matches)[0]];
    // A player's report waiting for the opponent's confirmation: the slip is there, not final.
    await prisma.match.update({
      where: { id: first.id },
      data: { winsA: 2, winsB: 0, draws: 0, version: { increment: 1 } },
    });
    expect((await kindsOf(tournamentId)).filter((k) => k.startsWith("result"))).toEqual([]);
    const now = await prisma.match.findUniqueOrThrow({ where: { id: first.id } });
    await record(first.id, 2, 1, now.version);
    const after = await prisma.match.findUniqueOrThrow({ where: { id: first.id } });
    await record(first.id, 1, 2, after.version);
    const results = (await kindsOf(tournamentId)).filter((k) => k.startsWith("result"));
    expect(results).toEqual([`result.recorded ${first.id}`, `result.recorded ${first.id}`]);
  });

  it("a write that rolls back announces nothing", async () => {
    const { tournamentId, matches } = await pairedEvent();
    await prisma
      .$transaction(async (tx) => {
        await tx.match.update({
          where: { id: matches[0]!.id },
          data: { winsA: 2, winsB: 0, draws: 0, confirmedAt: new Date() },
        });
        throw new Error("undo");
      })
      .catch(() => undefined);
    expect((await kindsOf(tournamentId)).filter((k) => k.startsWith("result"))).toEqual([]);
  });

  it("standings.changed once when a round's last result lands, and once per later correction", async () => {
    const { tournamentId, roundId, matches } = await pairedEvent(4);
    // Someone listens: standings.changed is derived only for an event with a receiver.
    await prisma.webhookEndpoint.create({
      data: { tournamentId, url: receiver.url, secret: "whsec_test", kinds: ["event.finished"] },
    });
    const standings = async () =>
      (await kindsOf(tournamentId)).filter((k) => k.startsWith("standings"));
    await record(matches[0]!.id, 2, 0);
    await runOnce(CHANNELS);
    expect(await standings()).toEqual([]);
    await record(matches[1]!.id, 2, 1);
    await runOnce(CHANNELS);
    await runOnce(CHANNELS);
    expect(await standings()).toEqual([`standings.changed ${roundId}`]);
    // Two workers deriving the same round state store it once.
    await prisma.announcement.updateMany({
      where: { tournamentId, kind: "result.recorded" },
      data: { plannedAt: null },
    });
    await runOnce(CHANNELS);
    expect(await standings()).toHaveLength(1);
    const match = await prisma.match.findUniqueOrThrow({ where: { id: matches[0]!.id } });
    await record(match.id, 2, 1, match.version);
    await runOnce(CHANNELS);
    expect(await standings()).toHaveLength(2);
  });
});

describe("an event nobody listens to", () => {
  it("has its announcements planned with no delivery and no standings.changed derived", async () => {
    const { tournamentId, matches } = await pairedEvent(4);
    for (const match of matches) await record(match.id, 2, 0);
    await runOnce(CHANNELS);
    const rows = await prisma.announcement.findMany({
      where: { tournamentId },
      select: { kind: true, plannedAt: true, _count: { select: { deliveries: true } } },
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.plannedAt !== null && row._count.deliveries === 0)).toBe(true);
    expect(rows.map((row) => row.kind)).not.toContain("standings.changed");
  });
});

describe("a pod's announcements are written in the commit of their fact", () => {
  async function podOfFour() {
    const created = await createTournament(
      CreateTournamentSchema.parse({
        name: `Outbox pods ${Math.random()}`,
        format: "Commander",
        structure: "PODS",
        podSize: "4",
      }),
    );
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    const registered = await registerPlayers({ tournamentId, names: "Ana\nBo\nCy\nDee" });
    if (!registered.ok) throw new Error(registered.error.message);
    await pairNextPodRound(tournamentId, "outbox");
    const pod = (await getPodRound(tournamentId, 1))!.pods[0]!;
    return { tournamentId, podId: pod.id, players: pod.seats.map((seat) => seat.registrationId) };
  }
  const staff = { name: "Scorekeeper" };
  const contestKinds = async (tournamentId: string) =>
    (await kindsOf(tournamentId)).filter((kind) => !kind.startsWith("round.paired"));

  it("time called writes time.called; the final result and its correction write result.recorded", async () => {
    const { tournamentId, podId, players } = await podOfFour();
    const base = { tournamentId, podId };
    const called = await recordPodFact(
      {
        ...base,
        expectedVersion: 0,
        idempotencyKey: `t-${Math.random()}`,
        fact: { type: "time-called" },
      },
      staff,
    );
    if (!called.ok) throw new Error(called.error.message);
    expect(await contestKinds(tournamentId)).toEqual([`time.called ${podId}`]);
    const won = await recordPodOutcome(
      {
        ...base,
        expectedVersion: called.value.version,
        idempotencyKey: `w-${Math.random()}`,
        outcome: { kind: "win", winnerId: players[0]! },
      },
      staff,
    );
    if (!won.ok) throw new Error(won.error.message);
    expect(await contestKinds(tournamentId)).toEqual([
      `time.called ${podId}`,
      `result.recorded ${podId}`,
    ]);
    const corrected = await correctPodResult(
      {
        ...base,
        expectedVersion: won.value.version,
        idempotencyKey: `c-${Math.random()}`,
        outcome: { kind: "win", winnerId: players[1]! },
        reason: "Wrong seat typed.",
      },
      staff,
    );
    if (!corrected.ok) throw new Error(corrected.error.message);
    expect(await contestKinds(tournamentId)).toEqual([
      `time.called ${podId}`,
      `result.recorded ${podId}`,
      `result.recorded ${podId}`,
    ]);
  });

  it("a pod write that rolls back announces nothing", async () => {
    const { tournamentId, podId } = await podOfFour();
    await prisma
      .$transaction(async (tx) => {
        await tx.podEvent.create({
          data: {
            podId,
            sequence: 1,
            data: { type: "time-called" },
            idempotencyKey: `rolled-${Math.random()}`,
          },
        });
        await tx.pod.update({
          where: { id: podId },
          data: { confirmedAt: new Date(), version: { increment: 1 } },
        });
        throw new Error("undo");
      })
      .catch(() => undefined);
    expect(await contestKinds(tournamentId)).toEqual([]);
  });
});

describe("the worker sends signed webhooks", () => {
  async function endpointFor(tournamentId: string, kinds: string[] = ["round.paired"]) {
    process.env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = "1";
    const created = await createWebhookEndpoint(
      { tournamentId, url: receiver.url, kinds: kinds as never },
      ACTOR,
    );
    if (!created.ok) throw new Error(created.error.message);
    return created.value;
  }

  it("plans one delivery per endpoint and kind, and its signature verifies", async () => {
    const created = await createTournament({
      name: `Hooked ${Math.random()}`,
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    });
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    const endpoint = await endpointFor(tournamentId);
    for (const name of ["Ana", "Ben", "Cleo", "Dev"]) await registerPlayer({ tournamentId, name });
    await pairNextSwissRound(tournamentId, "hooked");
    await runOnce(CHANNELS);
    await runOnce(CHANNELS);
    expect(receiver.received).toHaveLength(1);
    const [message] = receiver.received as [Received];
    const verified = new Webhook(endpoint.secret).verify(
      message.body,
      message.headers as Record<string, string>,
    ) as { type: string; data: { round: { number: number; title: string }; pairings: unknown[] } };
    expect(verified.type).toBe("round.paired");
    expect(verified.data.round).toEqual({ number: 1, title: "Round 1" });
    expect(verified.data.pairings).toHaveLength(2);
    expect(verified.data.pairings[0]).toMatchObject({ table: 1, playerA: { name: "Ana" } });
    const delivery = await prisma.delivery.findFirstOrThrow({ where: { targetId: endpoint.id } });
    expect(delivery).toMatchObject({ status: "SENT", attempts: 1, lastStatusCode: 200 });
  });

  it("every body sent is what the OpenAPI document's webhooks section says", async () => {
    const { tournamentId, matches } = await pairedEvent();
    await endpointFor(tournamentId, [...ANNOUNCEMENT_KINDS]);
    await prisma.announcement.updateMany({ where: { tournamentId }, data: { plannedAt: null } });
    for (const match of matches) await record(match.id, 2, 1);
    await prisma.tournament.update({ where: { id: tournamentId }, data: { status: "COMPLETE" } });
    await runOnce(CHANNELS);
    await runOnce(CHANNELS);
    const bodies = receiver.received.map((message) => JSON.parse(message.body));
    expect(bodies.map((body) => body.type).sort()).toEqual([
      "event.finished",
      "result.recorded",
      "result.recorded",
      "round.paired",
      "standings.changed",
    ]);
    for (const body of bodies) {
      const schema = WEBHOOK_BODIES[body.type as keyof typeof WEBHOOK_BODIES];
      expect(schema.safeParse(body).error, body.type).toBeUndefined();
    }
    const result = bodies.find((body) => body.type === "result.recorded");
    expect(result.data.summary).toMatch(/^Player \d 2-1 Player \d$/);
  });

  it("retries after a 500 with the same id and bytes, then is sent", async () => {
    const { tournamentId } = await pairedEvent();
    const endpoint = await endpointFor(tournamentId, ["standings.changed", "round.paired"]);
    await prisma.announcement.create({
      data: { tournamentId, kind: "event.finished", subjectId: tournamentId },
    });
    await prisma.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { kinds: ["event.finished"] },
    });
    receiver.answers.push(500);
    await runOnce(CHANNELS);
    const failed = await prisma.delivery.findFirstOrThrow({ where: { targetId: endpoint.id } });
    expect(failed).toMatchObject({ status: "PENDING", attempts: 1, lastStatusCode: 500 });
    expect(failed.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(5_000);
    await prisma.delivery.update({ where: { id: failed.id }, data: { nextAttemptAt: new Date() } });
    await runOnce(CHANNELS);
    const sent = await prisma.delivery.findUniqueOrThrow({ where: { id: failed.id } });
    expect(sent).toMatchObject({ status: "SENT", attempts: 2, lastStatusCode: 200 });
    const [one, two] = receiver.received as [Received, Received];
    expect(two.headers["webhook-id"]).toBe(one.headers["webhook-id"]);
    expect(two.body).toBe(one.body);
  });

  it("a 410 marks the delivery gone and turns the endpoint off", async () => {
    const { tournamentId } = await pairedEvent();
    const endpoint = await endpointFor(tournamentId, ["event.finished"]);
    await prisma.tournament.update({ where: { id: tournamentId }, data: { status: "COMPLETE" } });
    receiver.answers.push(410);
    await runOnce(CHANNELS);
    const delivery = await prisma.delivery.findFirstOrThrow({ where: { targetId: endpoint.id } });
    expect(delivery).toMatchObject({ status: "GONE", lastStatusCode: 410 });
    const stored = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(stored.active).toBe(false);
  });

  it("two workers sending at once never send one delivery twice", async () => {
    const { tournamentId } = await pairedEvent();
    const endpoint = await endpointFor(tournamentId, ["event.finished"]);
    const announcements = await Promise.all(
      Array.from({ length: 30 }, () =>
        prisma.announcement.create({
          data: { tournamentId, kind: "event.finished", subjectId: tournamentId },
        }),
      ),
    );
    await prisma.delivery.createMany({
      data: announcements.map((announcement) => ({
        announcementId: announcement.id,
        channel: "webhook",
        targetId: endpoint.id,
        payload: { messageId: `msg_${announcement.id}`, body: "{}" },
      })),
    });
    await prisma.announcement.updateMany({
      where: { tournamentId },
      data: { plannedAt: new Date() },
    });
    await Promise.all([
      sendDueDeliveries(CHANNELS),
      sendDueDeliveries(CHANNELS),
      sendDueDeliveries(CHANNELS),
    ]);
    await Promise.all([sendDueDeliveries(CHANNELS), sendDueDeliveries(CHANNELS)]);
    const ids = receiver.received.map((message) => message.headers["webhook-id"]);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    const sent = await prisma.delivery.count({ where: { targetId: endpoint.id, status: "SENT" } });
    expect(sent).toBe(30);
  });

  it("a commit wakes the worker at once: no wait for its poll", async () => {
    const { tournamentId } = await pairedEvent();
    await endpointFor(tournamentId, ["event.finished"]);
    await runOnce(CHANNELS);
    receiver.received.length = 0;
    const listener = liveListener();
    const worker = startAnnouncementWorker(CHANNELS, 60_000, (hook) => listener.onAnyChange(hook));
    try {
      expect(await listener.ready(5_000)).toBe(true);
      const started = Date.now();
      await prisma.tournament.update({ where: { id: tournamentId }, data: { status: "COMPLETE" } });
      await expect.poll(() => receiver.received.length, { timeout: 5_000 }).toBe(1);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await worker.stop();
      await listener.close();
    }
  });

  it("backs off 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, then fails", () => {
    const now = new Date("2026-11-29T12:00:00Z");
    const retry = { kind: "retry" as const, status: 500, detail: "HTTP 500" };
    const waits = [1, 2, 3, 4, 5, 6].map((attempts) => {
      const next = afterAttempt({ attempts }, retry, now).nextAttemptAt as Date;
      return (next.getTime() - now.getTime()) / 1000;
    });
    expect(waits).toEqual([10, 60, 300, 1800, 7200, 21600]);
    expect(afterAttempt({ attempts: 7 }, retry, now)).toMatchObject({ status: "FAILED" });
  });
});

describe("webhooks go only to public addresses (SSRF)", () => {
  it.each([
    "http://127.0.0.1/hook",
    "https://127.0.0.1/hook",
    "https://10.1.2.3/hook",
    "https://192.168.1.20/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://[::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://[fd00::1]/hook",
    "https://localhost/hook",
    "https://printer.local/hook",
    "https://intranet/hook",
    "http://example.org/hook",
    "https://user:pass@example.org/hook",
    "ftp://example.org/hook",
  ])("refuses %s when saving", async (url) => {
    expect(await refuseWebhookUrl(url)).not.toBeNull();
  });

  it("takes a public address, and private ones only with WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", async () => {
    expect(await refuseWebhookUrl("https://93.184.215.14/hook")).toBeNull();
    expect(isPublicAddress("2606:4700::1111")).toBe(true);
    process.env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = "1";
    expect(await refuseWebhookUrl("http://192.168.1.20:8080/hook")).toBeNull();
  });

  it("refuses at send time: a private address, and a name resolving to one", async () => {
    const message = { messageId: "msg_x", body: "{}" };
    const direct = await sendWebhook(
      receiver.url,
      "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      message,
    );
    expect(direct.kind).toBe("gone");
    expect(receiver.received).toHaveLength(0);
    const looked = await new Promise<string>((resolve) =>
      publicOnlyLookup("localhost", { all: true }, (error) => resolve(String(error?.message))),
    );
    expect(looked).toMatch(/private network/);
  });

  it("an organizer's endpoint to a private address is refused when saved", async () => {
    const { tournamentId } = await pairedEvent(2);
    const created = await createWebhookEndpoint(
      { tournamentId, url: "https://169.254.169.254/", kinds: ["round.paired"] },
      ACTOR,
    );
    expect(created.ok).toBe(false);
    expect(await prisma.webhookEndpoint.count({ where: { tournamentId } })).toBe(0);
  });
});

describe("the outbox is pruned", () => {
  const DAY = 24 * 60 * 60 * 1000;

  it("sent deliveries after 30 days, failed after 90, waiting never; then their announcements", async () => {
    const { tournamentId } = await pairedEvent(2);
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const announce = (days: number | null) =>
      prisma.announcement.create({
        data: {
          tournamentId,
          kind: "event.finished",
          subjectId: tournamentId,
          createdAt: ago(days ?? 0),
          plannedAt: days === null ? null : ago(days),
        },
      });
    const deliver = (announcementId: string, status: "SENT" | "FAILED" | "PENDING", days: number) =>
      prisma.delivery.create({
        data: {
          announcementId,
          channel: "webhook",
          targetId: `prune-${Math.random()}`,
          payload: {},
          status,
          createdAt: ago(days),
          nextAttemptAt: ago(days),
        },
      });
    const oldSent = await announce(40);
    await deliver(oldSent.id, "SENT", 40);
    const oldFailed = await announce(40);
    const failed40 = await deliver(oldFailed.id, "FAILED", 40);
    const ancient = await announce(100);
    await deliver(ancient.id, "FAILED", 100);
    const stuck = await announce(100);
    const waiting = await deliver(stuck.id, "PENDING", 100);
    const recent = await announce(2);
    const recentSent = await deliver(recent.id, "SENT", 2);
    const unplanned = await announce(null);
    await prisma.announcement.update({
      where: { id: unplanned.id },
      data: { createdAt: ago(100) },
    });
    const mine = { announcement: { tournamentId } };

    // Small batches: at most `batch` rows of each table a call.
    expect(await pruneOutbox(now, 1)).toEqual({ deliveries: 1, announcements: 1 });
    while ((await pruneOutbox(now, 1)).deliveries + (await pruneOutbox(now, 1)).announcements);

    const left = await prisma.delivery.findMany({ where: mine, select: { id: true } });
    expect(left.map((row) => row.id).sort()).toEqual(
      [failed40.id, waiting.id, recentSent.id].sort(),
    );
    const announcements = await prisma.announcement.findMany({
      where: { tournamentId, kind: "event.finished" },
      select: { id: true },
    });
    expect(announcements.map((row) => row.id).sort()).toEqual(
      [oldFailed.id, stuck.id, recent.id, unplanned.id].sort(),
    );
  });
});
