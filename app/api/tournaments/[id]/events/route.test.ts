import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/db";
import { liveListener } from "@/lib/server/live";
import { createTournament, setTournamentPublished } from "@/lib/server/data/tournaments";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";
import { registerPlayer } from "@/lib/server/data/registrations";
import { ensurePlayerCodes, signInWithPlayerCode } from "@/lib/server/data/player-codes";
import { PLAYER_SESSION_COOKIE } from "@/lib/server/player-session";
import { GET, POST } from "./route";

/** Issue 10: the Server-Sent Events stream a tournament's open pages listen to. */

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
  const created = await createTournament({ name: `Events ${randomUUID()}`, format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 }, organizer);
  if (!created.ok) throw new Error(created.error.message);
  return created.data.id;
}

function open(tournamentId: string, headers: HeadersInit = {}) {
  const abort = new AbortController();
  const response = GET(new Request(`http://127.0.0.1/api/tournaments/${tournamentId}/events`, { headers, signal: abort.signal }), { params: Promise.resolve({ id: tournamentId }) });
  return { response, abort };
}

/** Reads the stream until `text` has arrived; fails after `ms`. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string, ms = 3_000): Promise<string> {
  const decoder = new TextDecoder();
  let received = "";
  const deadline = Date.now() + ms;
  while (!received.includes(text)) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`no ${JSON.stringify(text)} within ${ms} ms; got ${JSON.stringify(received)}`);
    const chunk = await Promise.race([reader.read(), new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), left))]);
    if (chunk === "timeout") continue;
    if (chunk.done) throw new Error(`stream ended; got ${JSON.stringify(received)}`);
    received += decoder.decode(chunk.value, { stream: true });
  }
  return received;
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
    const { code } = await prisma.registration.findUniqueOrThrow({ where: { id: registered.data.id }, select: { code: true } });
    const session = await signInWithPlayerCode(code!, `10.9.${Math.floor(Math.random() * 250)}.1`);
    if (!session.ok) throw new Error(session.error.message);
    const cookie = `${PLAYER_SESSION_COOKIE}=${session.data.token}`;

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

  it("its `ready` says when this server last heard of a change, so a page rendered before that refreshes once", async () => {
    const tournamentId = await newTournament();
    await setTournamentPublished(tournamentId, true);
    const watcher = open(tournamentId);
    const watching = (await watcher.response).body!.getReader();
    await readUntil(watching, "event: ready");
    const before = Date.now();
    await prisma.tournament.update({ where: { id: tournamentId }, data: { name: "Changed before the page subscribed" } });
    await readUntil(watching, "event: changed");
    watcher.abort.abort();

    const late = open(tournamentId);
    const ready = await readUntil((await late.response).body!.getReader(), "event: ready");
    const staleBefore = Number(ready.match(/event: ready\ndata: (\d+)/)![1]);
    expect(staleBefore).toBeGreaterThanOrEqual(before);
    expect(staleBefore).toBeLessThanOrEqual(Date.now());
    late.abort.abort();
  });

  it("takes only GET", async () => {
    const response = await POST();
    expect(response.status).toBe(405);
  });
});
