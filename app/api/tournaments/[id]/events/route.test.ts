import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { liveListener } from "@/lib/server/live/live";
import { createTournament, setTournamentPublished } from "@/lib/server/tournament/tournaments";
import { createSignedInAccount, requestFrom, type TestAccount } from "@/test/accounts";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { ensurePlayerCodes, signInWithPlayerCode } from "@/lib/server/check-in/player-codes";
import { PLAYER_SESSION_COOKIE } from "@/lib/server/check-in/player-session";
import { clientGroupOf, LiveStreamBudget, liveStreamBudget } from "@/lib/server/live/live-streams";
import { GET, POST } from "./route";

/** The Server-Sent Events stream a tournament's open pages listen to. */

let organizer: TestAccount;
beforeAll(async () => {
  organizer = await createSignedInAccount("Events Organizer");
  await liveListener().ready();
});
afterAll(async () => {
  await liveListener().close();
  await prisma.$disconnect();
});

async function newTournament(): Promise<string> {
  const created = await createTournament(
    { name: `Events ${randomUUID()}`, format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 },
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  return created.value.id;
}

function open(tournamentId: string, headers: HeadersInit = {}) {
  const abort = new AbortController();
  const response = GET(
    new Request(`http://127.0.0.1/api/tournaments/${tournamentId}/events`, {
      headers,
      signal: abort.signal,
    }),
    { params: Promise.resolve({ id: tournamentId }) },
  );
  return { response, abort };
}

/** Reads the stream until `text` has arrived; fails after `ms`. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  text: string,
  ms = 3_000,
): Promise<string> {
  const decoder = new TextDecoder();
  let received = "";
  const deadline = Date.now() + ms;
  while (!received.includes(text)) {
    const left = deadline - Date.now();
    if (left <= 0)
      throw new Error(
        `no ${JSON.stringify(text)} within ${ms} ms; got ${JSON.stringify(received)}`,
      );
    const chunk = await Promise.race([
      reader.read(),
      new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), left)),
    ]);
    if (chunk === "timeout") continue;
    if (chunk.done) throw new Error(`stream ended; got ${JSON.stringify(received)}`);
    received += decoder.decode(chunk.value, { stream: true });
  }
  return received;
}

/** Headers of a request from this client address, as the real server sees it (not X-Forwarded-For, which is not trusted). */
function peer(address: string): Record<string, string> {
  return Object.fromEntries(requestFrom(address));
}

describe("GET /api/tournaments/:id/events", () => {
  it("a tournament in preparation streams only to its staff; once published, to anyone", async () => {
    const tournamentId = await newTournament();
    const anonymous = await open(tournamentId).response;
    expect(anonymous.status).toBe(404);
    const staff = open(tournamentId, { cookie: organizer.cookie });
    expect((await staff.response).status).toBe(200);
    staff.abort.abort();

    await setTournamentPublished(tournamentId, true);
    const published = open(tournamentId);
    const response = await published.response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toContain("no-transform");
    published.abort.abort();
  });

  it("a tournament in preparation streams to its own players signed in with their code, not to another event's", async () => {
    const tournamentId = await newTournament();
    const otherTournamentId = await newTournament();
    const registered = await registerPlayer({ tournamentId, name: "Live Player" });
    if (!registered.ok) throw new Error(registered.error.message);
    await ensurePlayerCodes(tournamentId);
    const { code } = await prisma.registration.findUniqueOrThrow({
      where: { id: registered.value.id },
      select: { code: true },
    });
    const session = await signInWithPlayerCode(code!, `10.9.${Math.floor(Math.random() * 250)}.1`);
    if (!session.ok) throw new Error(session.error.message);
    const cookie = `${PLAYER_SESSION_COOKIE}=${session.value.token}`;

    const own = open(tournamentId, { cookie });
    expect((await own.response).status).toBe(200);
    own.abort.abort();
    expect((await open(otherTournamentId, { cookie }).response).status).toBe(404);
  });

  it("says `changed` within 3 s of a committed change, and lets go of its subscription when the page goes away", async () => {
    const tournamentId = await newTournament();
    await setTournamentPublished(tournamentId, true);
    const before = liveListener().subscriberCount;
    const stream = open(tournamentId);
    const reader = (await stream.response).body!.getReader();
    expect(await readUntil(reader, "event: ready")).toContain("retry: 2000");
    expect(liveListener().subscriberCount).toBe(before + 1);

    await prisma.tournament.update({ where: { id: tournamentId }, data: { name: "Renamed live" } });
    expect(await readUntil(reader, "event: changed")).toContain("data: changed");

    stream.abort.abort();
    await reader.cancel().catch(() => undefined);
    expect(liveListener().subscriberCount).toBe(before);
  });

  it("a visitor's stream ends once the tournament is unpublished: it tells nobody outside its staff when it changes", async () => {
    const tournamentId = await newTournament();
    await setTournamentPublished(tournamentId, true);
    const stream = open(tournamentId);
    const reader = (await stream.response).body!.getReader();
    await readUntil(reader, "event: ready");
    await setTournamentPublished(tournamentId, false);
    await prisma.tournament.update({
      where: { id: tournamentId },
      data: { name: "Changed while hidden" },
    });
    await expect(readUntil(reader, "event: changed")).rejects.toThrow(/stream ended/);
    stream.abort.abort();
  });

  it("its `ready` says when this server last heard of a change, so a page rendered before that refreshes once", async () => {
    const tournamentId = await newTournament();
    await setTournamentPublished(tournamentId, true);
    const watcher = open(tournamentId);
    const watching = (await watcher.response).body!.getReader();
    await readUntil(watching, "event: ready");
    const before = Date.now();
    await prisma.tournament.update({
      where: { id: tournamentId },
      data: { name: "Changed before the page subscribed" },
    });
    await readUntil(watching, "event: changed");
    watcher.abort.abort();

    const late = open(tournamentId);
    const ready = await readUntil((await late.response).body!.getReader(), "event: ready");
    const staleBefore = Number(ready.match(/event: ready\ndata: (\d+)/)![1]);
    expect(staleBefore).toBeGreaterThanOrEqual(before);
    expect(staleBefore).toBeLessThanOrEqual(Date.now());
    late.abort.abort();
  });

  it("caps streams per client (200 by default: a venue behind one shared address fits): past it 503 with Retry-After, before reading anything; other addresses still open", async () => {
    const tournamentId = await newTournament();
    await setTournamentPublished(tournamentId, true);
    const address = "10.31.0.1";
    const { perClient } = liveStreamBudget().limits;
    expect(perClient).toBe(200);
    const streams = [];
    for (let index = 0; index < perClient; index++) {
      const stream = open(tournamentId, peer(address));
      expect((await stream.response).status).toBe(200);
      streams.push(stream);
    }
    expect(liveStreamBudget().openCountOf(address)).toBe(perClient);
    const refused = await open(tournamentId, peer(address)).response;
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      error: { code: "UNAVAILABLE", message: expect.stringContaining("Too many live pages") },
    });
    // Refused before any read: an unknown tournament is refused the same way, not looked up.
    expect((await open("no-such-tournament", peer(address)).response).status).toBe(503);

    const elsewhere = open(tournamentId, peer("10.31.0.2"));
    expect((await elsewhere.response).status).toBe(200);
    elsewhere.abort.abort();

    // A page that goes away gives its place back.
    streams.pop()!.abort.abort();
    expect(liveStreamBudget().openCountOf(address)).toBe(perClient - 1);
    const again = open(tournamentId, peer(address));
    expect((await again.response).status).toBe(200);
    streams.push(again);
    for (const stream of streams) stream.abort.abort();
    expect(liveStreamBudget().openCountOf(address)).toBe(0);
    // Refusals (not found, over the cap) hold nothing.
    expect((await open("no-such-tournament", peer(address)).response).status).toBe(404);
    expect(liveStreamBudget().openCountOf(address)).toBe(0);
  });

  it("caps streams per client; a full process gives a client holding fewer the oldest place of the client holding most", () => {
    const budget = new LiveStreamBudget({ perProcess: 3, perClient: 2 });
    const evicted: string[] = [];
    const places = [budget.tryOpen("a"), budget.tryOpen("a"), budget.tryOpen("b")];
    for (const [index, place] of places.entries()) {
      place!.onEvict(() => evicted.push(`stream ${index}`));
    }
    expect(budget.tryOpen("a")).toBeNull();
    // Full: "c" holds none, "a" two, so "a"'s oldest stream ends and "c" gets its place.
    const c = budget.tryOpen("c");
    expect(c).not.toBeNull();
    expect(evicted).toEqual(["stream 0"]);
    expect([budget.openCount, budget.openCountOf("a"), budget.openCountOf("c")]).toEqual([3, 1, 1]);
    // Everyone holds one: nobody's place is taken, the newcomer waits.
    expect(budget.tryOpen("d")).toBeNull();
    places[2]!.release();
    places[2]!.release();
    expect(budget.openCount).toBe(2);
    expect(budget.tryOpen("d")).not.toBeNull();
  });

  it("three addresses cannot fill a process: a fourth visitor still gets live updates", () => {
    const budget = new LiveStreamBudget({ perProcess: 60, perClient: 20 });
    for (const address of ["10.0.0.1", "10.0.0.2", "10.0.0.3"])
      for (let index = 0; index < 20; index++) budget.tryOpen(address)!.onEvict(() => undefined);
    for (let visitor = 4; visitor <= 30; visitor++)
      expect(budget.tryOpen(`10.0.0.${visitor}`), `visitor ${visitor}`).not.toBeNull();
  });

  it("an IPv6 visitor is one client across its /64, so rotating addresses in it gains no streams", () => {
    const budget = new LiveStreamBudget({ perProcess: 100, perClient: 2 });
    expect(budget.tryOpen("2001:db8:1:2::1")).not.toBeNull();
    expect(budget.tryOpen("2001:0db8:0001:0002:ffff:1:2:3")).not.toBeNull();
    expect(budget.tryOpen("2001:db8:1:2:abcd::9")).toBeNull();
    expect(budget.tryOpen("2001:db8:1:3::1")).not.toBeNull();
    expect(clientGroupOf("::ffff:10.1.2.3")).toBe("10.1.2.3");
    expect(clientGroupOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
  });

  it("an open stream holds no database connection: more open streams than the pool has connections, and queries still run at once", async () => {
    const tournamentId = await newTournament();
    await setTournamentPublished(tournamentId, true);
    const poolSize = Number(process.env.DATABASE_POOL_MAX);
    const streams = [];
    for (let index = 0; index < poolSize * 3; index++) {
      const stream = open(tournamentId, peer(`10.32.${index}.1`));
      const reader = (await stream.response).body!.getReader();
      await readUntil(reader, "event: ready");
      streams.push({ stream, reader });
    }
    const started = Date.now();
    await Promise.all(Array.from({ length: poolSize * 2 }, () => prisma.tournament.count()));
    expect(Date.now() - started).toBeLessThan(1_000);
    for (const { stream, reader } of streams) {
      stream.abort.abort();
      await reader.cancel().catch(() => undefined);
    }
  });

  it("a database that cannot give a connection in time answers 503 with Retry-After, never 500, and holds no place", async () => {
    const tournamentId = await newTournament();
    await setTournamentPublished(tournamentId, true);
    const poolSize = Number(process.env.DATABASE_POOL_MAX);
    // Every pooled connection busy for longer than a request waits for one (DATABASE_CONNECT_TIMEOUT_MS, 5 s).
    const holders = Array.from({ length: poolSize }, () =>
      prisma.$queryRaw`SELECT pg_sleep(7)`.catch(() => undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const response = await open(tournamentId, peer("10.33.0.1")).response;
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(liveStreamBudget().openCountOf("10.33.0.1")).toBe(0);
    await Promise.all(holders);
  }, 20_000);

  it("takes only GET", async () => {
    const response = await POST();
    expect(response.status).toBe(405);
  });
});
