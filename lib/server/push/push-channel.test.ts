import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { createServer, globalAgent, type Server } from "node:https";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayers } from "@/lib/server/registration/registrations";
import { registerTeams } from "@/lib/server/registration/teams";
import { getRound, pairNextSwissRound, startRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { getPodRound, pairNextPodRound } from "@/lib/server/pod/pods";
import { callJudge, claimJudgeCall } from "@/lib/server/judge-calls/judge-calls";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { addStaff } from "@/test/staff";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";
import type { Announcement, AnnouncementKind } from "@/lib/server/announcements/announcement";
import { outcomeOfFailure, pushChannel, pushServiceAgent, type PushPayload } from "./push-channel";
import { runOnce } from "@/lib/server/announcements/worker";
import { CHANNELS } from "@/lib/server/announcements/channels";
import { vapidKeys } from "./vapid";

/**
 * The push channel against a real PostgreSQL and a push service on this machine: what each
 * announcement plans, and a notification sent as RFC 8030/8291/8292 say (VAPID-signed, encrypted).
 */

const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt: (
    body: Buffer,
    params: { version: string; privateKey: ECDH; authSecret: Buffer },
  ) => Buffer;
};

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };
let pushService: Server;
let pushBase = "";
const received: Received[] = [];
/** What the push service answers next (201 Created otherwise). */
const answers: number[] = [];

const accounts = {} as Record<"organizer" | "judge" | "scorekeeper", TestAccount>;

/** The push service's certificate (test/fixtures, for 127.0.0.1): web-push speaks only https, as real push services do. */
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, "../../../test/fixtures", name));
const tls = { cert: fixture("push-service-cert.pem"), key: fixture("push-service-key.pem") };

beforeAll(async () => {
  // This process trusts the local push service's certificate, as a server trusts the real ones'.
  globalAgent.options.ca = tls.cert;
  pushServiceAgent.options.ca = tls.cert;
  // The push service here is on 127.0.0.1; one test lifts this to show such an address is refused.
  process.env.PUSH_SERVICE_ALLOW_PRIVATE_ADDRESSES = "1";
  pushService = createServer(tls, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(answers.shift() ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  pushBase = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  accounts.organizer = await createSignedInAccount("Push Organizer");
  accounts.judge = await createSignedInAccount("Push Judge");
  accounts.scorekeeper = await createSignedInAccount("Push Scorekeeper");
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => pushService.close(resolve));
  await prisma.$disconnect();
});

/** A phone's subscription: a real P-256 key pair and auth secret, its endpoint on the local push service. */
async function subscribe(
  tournamentId: string,
  owner: { registrationId: string; seat?: number } | { staffId: string },
) {
  const keys = createECDH("prime256v1");
  keys.generateKeys();
  const authSecret = randomBytes(16);
  const row = await prisma.pushSubscription.create({
    data: {
      endpoint: `${pushBase}/push/${randomBytes(8).toString("hex")}`,
      p256dh: keys.getPublicKey().toString("base64url"),
      auth: authSecret.toString("base64url"),
      tournamentId,
      ...owner,
      ownerKey:
        "staffId" in owner
          ? `staff:${owner.staffId}`
          : `player:${owner.registrationId}:${owner.seat ?? ""}`,
    },
  });
  return { id: row.id, endpoint: row.endpoint, keys, authSecret };
}

let announcementCount = 0;
function announce(tournamentId: string, kind: AnnouncementKind, subjectId: string): Announcement {
  return { id: `a${++announcementCount}`, tournamentId, kind, subjectId, createdAt: new Date() };
}

let eventCount = 0;
async function swissEvent(names: string[]) {
  const created = await createTournament(
    {
      name: `Push ${++eventCount} ${Math.random()}`,
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    },
    accounts.organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  const registered = await registerPlayers({ tournamentId, names: names.join("\n") });
  if (!registered.ok) throw new Error(registered.error.message);
  const ids = new Map(
    (
      await prisma.registration.findMany({
        where: { tournamentId },
        select: { id: true, displayName: true },
      })
    ).map((row) => [row.displayName, row.id]),
  );
  return { tournamentId, ids };
}

async function pairRound(tournamentId: string, number: number) {
  const paired = await pairNextSwissRound(tournamentId, `push-${number}`);
  if (!paired.ok) throw new Error(paired.error.message);
  await startRound(tournamentId, number);
  return (await getRound(tournamentId, number))!;
}

let keyCount = 0;
const key = () => `push-key-${++keyCount}-${Math.random()}`;

async function finishRound(tournamentId: string, number: number) {
  for (const match of (await getRound(tournamentId, number))!.matches) {
    if (!match.sideB) continue;
    const reported = await reportMatchResult(
      {
        matchId: match.id,
        winsA: 2,
        winsB: 1,
        draws: 0,
        expectedVersion: match.version,
        idempotencyKey: key(),
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Scorekeeper" },
    );
    if (!reported.ok) throw new Error(reported.error.message);
  }
}

/** The notification as the phone's browser would decrypt it (RFC 8291, aes128gcm). */
function decrypted(request: Received, phone: { keys: ECDH; authSecret: Buffer }) {
  expect(request.headers["content-encoding"]).toBe("aes128gcm");
  const text = ece
    .decrypt(request.body, {
      version: "aes128gcm",
      privateKey: phone.keys,
      authSecret: phone.authSecret,
    })
    .toString("utf8");
  return JSON.parse(text) as Pick<PushPayload, "title" | "body" | "url" | "tag">;
}

/** RFC 8292: `vapid t=<JWT signed ES256>, k=<the server's public key>`, for this push service. */
function checkVapid(request: Received, publicKey: string) {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(String(request.headers.authorization));
  expect(match, String(request.headers.authorization)).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [header, claims, signature] = jwt!.split(".") as [string, string, string];
  const point = Buffer.from(k!, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const isSigned = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  expect(isSigned).toBe(true);
  expect(JSON.parse(Buffer.from(header, "base64url").toString())).toMatchObject({ alg: "ES256" });
  const body = JSON.parse(Buffer.from(claims, "base64url").toString());
  expect(body.aud).toBe(pushBase);
  expect(body.exp * 1000).toBeGreaterThan(Date.now());
  expect(body.sub).toMatch(/^(mailto:|https:)/);
}

describe("push: round.paired, sent to a push service on this machine", () => {
  it("a subscribed player is told 'Round 3: table 12 against …', VAPID-signed and encrypted for their phone", async () => {
    const names = Array.from({ length: 24 }, (_, index) => `Player ${index + 1}`);
    const { tournamentId, ids } = await swissEvent(names);
    await pairRound(tournamentId, 1);
    await finishRound(tournamentId, 1);
    await pairRound(tournamentId, 2);
    await finishRound(tournamentId, 2);
    const round = await pairRound(tournamentId, 3);
    const table12 = round.matches.find((match) => match.tableNumber === 12)!;
    const me = table12.sideA;
    const opponent = table12.sideB!.displayName;
    const phone = await subscribe(tournamentId, { registrationId: ids.get(me.displayName)! });
    const roundId = (await prisma.round.findFirstOrThrow({ where: { tournamentId, number: 3 } }))
      .id;

    const planned = await pushChannel.plan(announce(tournamentId, "round.paired", roundId));
    expect(planned).toHaveLength(1);
    expect(planned[0]!.targetId).toBe(phone.id);
    expect(planned[0]!.payload).toMatchObject({
      title: "Round 3: table 12",
      body: `Round 3: table 12 against ${opponent}`,
      url: "/play/me",
      tag: `round-${roundId}`,
      urgency: "normal",
    });

    received.length = 0;
    const outcome = await pushChannel.send(planned[0]!.targetId, planned[0]!.payload);
    expect(outcome).toEqual({ kind: "sent", status: 201 });
    expect(received).toHaveLength(1);
    const request = received[0]!;
    expect(request.path).toBe(new URL(phone.endpoint).pathname);
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(request.headers.urgency).toBe("normal");
    checkVapid(request, (await vapidKeys()).publicKey);
    expect(decrypted(request, phone)).toEqual({
      title: "Round 3: table 12",
      body: `Round 3: table 12 against ${opponent}`,
      url: "/play/me",
      tag: `round-${roundId}`,
    });
    const after = await prisma.pushSubscription.findUniqueOrThrow({ where: { id: phone.id } });
    expect(after.lastSuccessAt).not.toBeNull();
  }, 120_000);

  it("a player with a bye is told so; an unsubscribed player is told nothing; other kinds plan nothing", async () => {
    const { tournamentId, ids } = await swissEvent(["Ana", "Ben Okoro", "Cleo"]);
    const round = await pairRound(tournamentId, 1);
    const bye = round.matches.find((match) => match.sideB === null)!.sideA.displayName;
    const seated = ["Ana", "Ben Okoro", "Cleo"].find((name) => name !== bye)!;
    const byePhone = await subscribe(tournamentId, { registrationId: ids.get(bye)! });
    const seatedPhone = await subscribe(tournamentId, { registrationId: ids.get(seated)! });
    const roundId = (await prisma.round.findFirstOrThrow({ where: { tournamentId, number: 1 } }))
      .id;
    const planned = await pushChannel.plan(announce(tournamentId, "round.paired", roundId));
    expect(planned.map((each) => each.targetId).sort()).toEqual(
      [byePhone.id, seatedPhone.id].sort(),
    );
    expect(planned.find((each) => each.targetId === byePhone.id)!.payload).toMatchObject({
      body: "Round 1: you have a bye",
    });
    expect(planned.find((each) => each.targetId === seatedPhone.id)!.payload).toMatchObject({
      body: expect.stringMatching(/^Round 1: table 1 against (Ana|Ben Okoro|Cleo)$/),
    });
    for (const kind of ["result.recorded", "standings.changed", "event.finished"] as const)
      expect(await pushChannel.plan(announce(tournamentId, kind, roundId))).toEqual([]);
    // An announcement naming another tournament's round tells nobody.
    expect(await pushChannel.plan(announce("another-event", "round.paired", roundId))).toEqual([]);
  });

  it("a pod event: 'Round 1: pod N' with the others' names and count", async () => {
    const created = await createTournament(
      CreateTournamentSchema.parse({
        name: `Push pods ${Math.random()}`,
        format: "Commander",
        structure: "PODS",
      }),
      accounts.organizer,
    );
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    const registered = await registerPlayers({
      tournamentId,
      names: ["Ana", "Ben", "Cleo", "Dev"].join("\n"),
    });
    if (!registered.ok) throw new Error(registered.error.message);
    const paired = await pairNextPodRound(tournamentId, "push");
    if (!paired.ok) throw new Error(paired.error.message);
    const pod = (await getPodRound(tournamentId, 1))!.pods[0]!;
    const [first, ...others] = pod.seats;
    const phone = await subscribe(tournamentId, { registrationId: first!.registrationId });
    const roundId = (await prisma.round.findFirstOrThrow({ where: { tournamentId, number: 1 } }))
      .id;
    const planned = await pushChannel.plan(announce(tournamentId, "round.paired", roundId));
    expect(planned).toEqual([
      {
        targetId: phone.id,
        payload: expect.objectContaining({
          title: `Round 1: pod ${pod.tableNumber}`,
          body: `Round 1: pod ${pod.tableNumber} with ${others[0]!.name}, ${others[1]!.name} and ${others[2]!.name} (3 other players)`,
        }),
      },
    ]);
    const time = await pushChannel.plan(announce(tournamentId, "time.called", pod.id));
    // The addenda's default: at time the active player finishes the turn.
    expect(time).toEqual([
      {
        targetId: phone.id,
        payload: expect.objectContaining({
          title: `Time at pod ${pod.tableNumber}`,
          body: "Time in round 1: the active player finishes the turn",
          urgency: "high",
        }),
      },
    ]);
  });
});

describe("push: through the outbox", () => {
  it("pairing a round stores its announcement, and the worker's pass reaches the subscribed phone", async () => {
    const { tournamentId, ids } = await swissEvent(["Ana", "Ben Okoro"]);
    const phone = await subscribe(tournamentId, { registrationId: ids.get("Ana")! });
    await pairRound(tournamentId, 1);
    await runOnce(CHANNELS);
    await runOnce(CHANNELS);
    const mine = received.filter((request) => request.path === new URL(phone.endpoint).pathname);
    expect(mine).toHaveLength(1);
    expect(decrypted(mine[0]!, phone)).toMatchObject({
      body: "Round 1: table 1 against Ben Okoro",
    });
    const delivery = await prisma.delivery.findFirstOrThrow({
      where: { channel: "push", targetId: phone.id },
    });
    expect(delivery.status).toBe("SENT");
  }, 60_000);
});

describe("push: time.called and judge calls", () => {
  it("MTR 2.4: time at a table tells both its players 'five more turns', as the rules count them", async () => {
    const { tournamentId, ids } = await swissEvent(["Ana", "Ben Okoro"]);
    const round = await pairRound(tournamentId, 1);
    const match = round.matches[0]!;
    const ana = await subscribe(tournamentId, { registrationId: ids.get("Ana")! });
    const ben = await subscribe(tournamentId, { registrationId: ids.get("Ben Okoro")! });
    const planned = await pushChannel.plan(announce(tournamentId, "time.called", match.id));
    expect(planned.map((each) => each.targetId).sort()).toEqual([ana.id, ben.id].sort());
    expect(planned[0]!.payload).toMatchObject({
      title: "Time at table 1",
      body: "Time in round 1: five more turns",
      urgency: "high",
      tag: `round-${round.id}`,
    });
  });

  it("MTR 2.4, 8.2: teams — Two-Headed Giant is told 'three more turns' against the other team; a Trios member only their own seat's match", async () => {
    const teamEvent = async (input: Record<string, string>, teams: string[]) => {
      const created = await createTournament(
        CreateTournamentSchema.parse({
          name: `Push teams ${Math.random()}`,
          format: "Sealed",
          ...input,
        }),
        accounts.organizer,
      );
      if (!created.ok) throw new Error(created.error.message);
      const tournamentId = created.value.id;
      const registered = await registerTeams({ tournamentId, teams: teams.join("\n") });
      if (!registered.ok) throw new Error(registered.error.message);
      const round = await pairRound(tournamentId, 1);
      const teamIds = new Map(
        (await prisma.registration.findMany({ where: { tournamentId } })).map((row) => [
          row.displayName,
          row.id,
        ]),
      );
      return { tournamentId, round, teamIds };
    };
    const giants = await teamEvent({ teamFormat: "TWO_HEADED_GIANT" }, [
      "Rocket: Ana, Ben",
      "Blue: Dora, Eli",
    ]);
    const rocket = await subscribe(giants.tournamentId, {
      registrationId: giants.teamIds.get("Rocket")!,
    });
    const paired = await pushChannel.plan(
      announce(giants.tournamentId, "round.paired", giants.round.id),
    );
    expect(paired).toEqual([
      {
        targetId: rocket.id,
        payload: expect.objectContaining({ body: "Round 1: table 1 against Blue" }),
      },
    ]);
    const time = await pushChannel.plan(
      announce(giants.tournamentId, "time.called", giants.round.matches[0]!.id),
    );
    expect(time[0]!.payload).toMatchObject({ body: "Time in round 1: three more turns" });

    const trios = await teamEvent({ teamSize: "3" }, [
      "Rocket: Ana, Ben, Cleo",
      "Blue: Dora, Eli, Fay",
    ]);
    const ben = await subscribe(trios.tournamentId, {
      registrationId: trios.teamIds.get("Rocket")!,
      seat: 1,
    });
    const triosPaired = await pushChannel.plan(
      announce(trios.tournamentId, "round.paired", trios.round.id),
    );
    expect(triosPaired).toEqual([
      {
        targetId: ben.id,
        payload: expect.objectContaining({
          title: "Round 1: table 1B",
          body: "Round 1: table 1B against Eli (Blue)",
        }),
      },
    ]);
    const seatA = trios.round.matches.find((match) => match.seat === 0)!;
    expect(await pushChannel.plan(announce(trios.tournamentId, "time.called", seatA.id))).toEqual(
      [],
    );
  });

  it("a judge call tells the subscribed judges (not a scorekeeper); its claim tells the player who called", async () => {
    const { tournamentId, ids } = await swissEvent(["Ana", "Ben Okoro"]);
    const judgeSeat = await addStaff(tournamentId, accounts.judge, "JUDGE", "Jo Judge");
    const keeperSeat = await addStaff(tournamentId, accounts.scorekeeper, "SCOREKEEPER", "Sam");
    const round = await pairRound(tournamentId, 1);
    const match = round.matches[0]!;
    const judgePhone = await subscribe(tournamentId, { staffId: judgeSeat });
    await subscribe(tournamentId, { staffId: keeperSeat });
    const anaPhone = await subscribe(tournamentId, { registrationId: ids.get("Ana")! });
    await subscribe(tournamentId, { registrationId: ids.get("Ben Okoro")! });
    const called = await callJudge(
      { matchId: match.id, note: "", idempotencyKey: key() },
      { registrationId: ids.get("Ana")!, tournamentId },
    );
    if (!called.ok) throw new Error(called.error.message);
    const callId = called.value.call.id;

    const opened = await pushChannel.plan(announce(tournamentId, "judge_call.opened", callId));
    expect(opened).toEqual([
      {
        targetId: judgePhone.id,
        payload: expect.objectContaining({
          title: "Judge call: table 1",
          body: "Ana at table 1, Round 1",
          url: `/tournaments/${tournamentId}/judge-calls`,
          urgency: "high",
        }),
      },
    ]);
    const claimed = await claimJudgeCall(
      { tournamentId, matchId: match.id, callId },
      { staffId: judgeSeat, role: "JUDGE", name: "Jo Judge" },
    );
    expect(claimed.ok).toBe(true);
    const told = await pushChannel.plan(announce(tournamentId, "judge_call.claimed", callId));
    expect(told).toEqual([
      {
        targetId: anaPhone.id,
        payload: expect.objectContaining({
          title: "A judge is coming",
          body: "A judge is on the way to table 1",
          url: "/play/me",
        }),
      },
    ]);
  });
});

describe("push: the push service's answers", () => {
  it("RFC 8030: 410 Gone is gone (and forget deletes the subscription); 404 too; 429 and 5xx are retried", async () => {
    const { tournamentId, ids } = await swissEvent(["Ana", "Ben Okoro"]);
    const phone = await subscribe(tournamentId, { registrationId: ids.get("Ana")! });
    const payload: PushPayload = {
      title: "Round 1: table 1",
      body: "Round 1: table 1 against Ben Okoro",
      url: "/play/me",
      tag: "round-x",
      urgency: "normal",
      ttlSeconds: 60,
    };
    answers.push(410, 404, 429, 503);
    expect(await pushChannel.send(phone.id, payload)).toMatchObject({ kind: "gone", status: 410 });
    expect(await pushChannel.send(phone.id, payload)).toMatchObject({ kind: "gone", status: 404 });
    expect(await pushChannel.send(phone.id, payload)).toMatchObject({ kind: "retry", status: 429 });
    expect(await pushChannel.send(phone.id, payload)).toMatchObject({ kind: "retry", status: 503 });
    await pushChannel.forget!(phone.id);
    expect(await prisma.pushSubscription.count({ where: { id: phone.id } })).toBe(0);
    // Planned before the phone turned notifications off: nobody left to tell.
    expect(await pushChannel.send(phone.id, payload)).toMatchObject({ kind: "gone" });
  });

  it("RFC 8291: a phone key off the curve can never be encrypted for: gone, not retried for hours", () => {
    const failure = new Error("Public key is not valid for specified curve");
    expect(outcomeOfFailure(failure)).toMatchObject({ kind: "gone", status: null });
    expect(outcomeOfFailure(new Error("socket hang up"))).toMatchObject({ kind: "retry" });
  });

  it("a push service that does not answer is tried again later", async () => {
    const { tournamentId, ids } = await swissEvent(["Ana", "Ben Okoro"]);
    const phone = await subscribe(tournamentId, { registrationId: ids.get("Ana")! });
    // A port nothing listens on: the connection is refused.
    const closed = createServer(tls);
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await prisma.pushSubscription.update({
      where: { id: phone.id },
      data: { endpoint: `https://127.0.0.1:${port}/push/nobody` },
    });
    const outcome = await pushChannel.send(phone.id, {
      title: "t",
      body: "b",
      url: "/play/me",
      tag: "x",
      urgency: "high",
      ttlSeconds: 60,
    });
    expect(outcome).toMatchObject({ kind: "retry", status: null });
  });

  it("an endpoint on this server or its network is never called (SSRF), even with webhooks open to the LAN: gone, not sent", async () => {
    const { tournamentId, ids } = await swissEvent(["Ana", "Ben Okoro"]);
    const phone = await subscribe(tournamentId, { registrationId: ids.get("Ana")! });
    const port = new URL(phone.endpoint).port;
    const payload: PushPayload = {
      title: "t",
      body: "b",
      url: "/play/me",
      tag: "x",
      urgency: "high",
      ttlSeconds: 60,
    };
    // A venue LAN's webhooks never open push: a player, not the organizer, names a push address.
    process.env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = "1";
    const allowed = process.env.PUSH_SERVICE_ALLOW_PRIVATE_ADDRESSES;
    delete process.env.PUSH_SERVICE_ALLOW_PRIVATE_ADDRESSES;
    try {
      for (const host of ["localhost", "127.0.0.1"]) {
        await prisma.pushSubscription.update({
          where: { id: phone.id },
          data: { endpoint: `https://${host}:${port}/push/inside` },
        });
        const before = received.length;
        expect(await pushChannel.send(phone.id, payload)).toMatchObject({ kind: "gone" });
        expect(received.length).toBe(before);
      }
    } finally {
      process.env.PUSH_SERVICE_ALLOW_PRIVATE_ADDRESSES = allowed;
      delete process.env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES;
    }
  });

  it("the VAPID key pair is made once and kept in the database", async () => {
    const first = await vapidKeys();
    const second = await vapidKeys();
    expect(second.publicKey).toBe(first.publicKey);
    const row = await prisma.pushKeys.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.publicKey).toBe(first.publicKey);
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
  });
});
