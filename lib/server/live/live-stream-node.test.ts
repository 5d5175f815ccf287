import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import securityHeaders from "@/lib/security-headers.json";
import { prisma } from "@/lib/server/infra/db";
import { LIVE_CHANNEL, liveListener } from "./live";
import { liveStreamBudget } from "./live-streams";
import { createAppServer } from "@/lib/server/infra/app-server";
import { earlyResponderNames } from "@/lib/server/infra/early-answers";
import { register } from "@/instrumentation";
import { createTournament, setTournamentPublished } from "@/lib/server/tournament/tournaments";
import { HEAD } from "@/app/api/tournaments/[id]/events/route";

/** The app's server, set up as it starts, with a stand-in for Next.js behind it. */
let server: http.Server;
let baseUrl: string;
const seenByNext: string[] = [];
let published: string;
let hidden: string;

beforeAll(async () => {
  await liveListener().ready();
  server = createAppServer(async (request, response) => {
    seenByNext.push(`${request.method} ${request.url}`);
    response.writeHead(404).end();
  });
  vi.stubEnv("NEXT_RUNTIME", "nodejs");
  vi.stubEnv("MIGRATIONS_APPLIED", "1");
  await register();
  expect(earlyResponderNames()).toContain("live-stream");
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const open = await createTournament({
    name: `Socket streams ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  const closed = await createTournament({
    name: `Socket streams hidden ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!open.ok || !closed.ok) throw new Error("tournaments not created");
  published = open.value.id;
  hidden = closed.value.id;
  await setTournamentPublished(published, true);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await liveListener().close();
  await prisma.$disconnect();
  vi.unstubAllEnvs();
});

type Opened = {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: () => string;
  waitFor: (pattern: RegExp) => Promise<void>;
  close: () => void;
  request: http.ClientRequest;
};

function open(path: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { agent: false }, (response) => {
      let text = "";
      const waiters: { pattern: RegExp; resolve: () => void }[] = [];
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
        for (const waiter of waiters.filter((each) => each.pattern.test(text))) waiter.resolve();
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: () => text,
        waitFor: (pattern) =>
          pattern.test(text)
            ? Promise.resolve()
            : new Promise<void>((done) => waiters.push({ pattern, resolve: done })),
        close: () => request.destroy(),
        request,
      });
    });
    request.on("error", reject);
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe("live streams are answered on the socket, before Next.js sees them", () => {
  it("a published tournament's stream opens with the app's headers, says ready, and tells each change", async () => {
    const stream = await open(`/api/tournaments/${published}/events?view=all`);
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers["cache-control"]).toBe("no-cache, no-transform");
    expect(stream.headers["content-security-policy"]).toBe(
      securityHeaders.apiContentSecurityPolicy,
    );
    for (const { key, value } of securityHeaders.everyAnswer)
      expect(stream.headers[key.toLowerCase()], key).toBe(value);
    await stream.waitFor(/event: ready\ndata: \d+\n\n/);
    await prisma.$executeRawUnsafe(`SELECT pg_notify('${LIVE_CHANNEL}', '${published}')`);
    await stream.waitFor(/event: changed\ndata: changed \d+\n\n/);
    stream.close();
    expect(seenByNext).toEqual([]);
  });

  it("a tournament in preparation is a 404 in JSON to a visitor, as the route answers it", async () => {
    const stream = await open(`/api/tournaments/${hidden}/events`);
    expect(stream.status).toBe(404);
    await stream.waitFor(/\}$/);
    expect(JSON.parse(stream.text())).toMatchObject({ error: { code: "NOT_FOUND" } });
    expect(stream.headers["content-security-policy"]).toBe(
      securityHeaders.apiContentSecurityPolicy,
    );
  });

  it("a stream that ends gives its place back: the budget counts only open streams", async () => {
    const before = liveStreamBudget().openCount;
    const streams = await Promise.all(
      Array.from({ length: 5 }, () => open(`/api/tournaments/${published}/events`)),
    );
    await Promise.all(streams.map((stream) => stream.waitFor(/event: ready/)));
    expect(liveStreamBudget().openCount).toBe(before + 5);
    for (const stream of streams) stream.close();
    await settle();
    expect(liveStreamBudget().openCount).toBe(before);
  });

  it("a client gone before its stream opened gives its place back too", async () => {
    const before = liveStreamBudget().openCount;
    const request = http.get(`${baseUrl}/api/tournaments/${published}/events`, { agent: false });
    request.on("error", () => undefined);
    request.destroy();
    await settle();
    expect(liveStreamBudget().openCount).toBe(before);
  });

  it("HEAD gets a GET's checks and headers and holds no stream: its place is given back at once", async () => {
    const before = liveStreamBudget().openCount;
    const head = (id: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
        const request = http.request(
          `${baseUrl}/api/tournaments/${id}/events`,
          { method: "HEAD", agent: false },
          (response) => {
            response.resume();
            response.on("end", () =>
              resolve({ status: response.statusCode ?? 0, headers: response.headers }),
            );
          },
        );
        request.on("error", reject);
        request.end();
      });
    for (let index = 0; index < 25; index++) expect((await head(published)).status).toBe(200);
    expect((await head(published)).headers["content-type"]).toBe(
      "text/event-stream; charset=utf-8",
    );
    expect((await head(hidden)).status).toBe(404);
    expect(liveStreamBudget().openCount).toBe(before);
  });

  it("the route's own HEAD (before the socket path is registered) holds no stream either", async () => {
    const before = liveStreamBudget().openCount;
    const answer = await HEAD(
      new Request(`http://127.0.0.1/api/tournaments/${published}/events`, { method: "HEAD" }),
      { params: Promise.resolve({ id: published }) },
    );
    expect([answer.status, answer.headers.get("content-type"), answer.body]).toEqual([
      200,
      "text/event-stream; charset=utf-8",
      null,
    ]);
    expect(liveStreamBudget().openCount).toBe(before);
  });

  it("anything else goes on to Next.js: other addresses, other methods, an id the app never makes", async () => {
    seenByNext.length = 0;
    for (const [method, path] of [
      ["GET", `/api/tournaments/${published}/standings`],
      ["POST", `/api/tournaments/${published}/events`],
      ["OPTIONS", `/api/tournaments/${published}/events`],
      ["GET", "/api/tournaments/a%0Ab/events"],
      ["GET", `/api/tournaments/${published}/events/more`],
    ] as const) {
      await new Promise<void>((resolve, reject) => {
        const request = http.request(`${baseUrl}${path}`, { method, agent: false }, (response) => {
          response.resume();
          response.on("end", resolve);
        });
        request.on("error", reject);
        request.end();
      });
    }
    expect(seenByNext).toEqual([
      `GET /api/tournaments/${published}/standings`,
      `POST /api/tournaments/${published}/events`,
      `OPTIONS /api/tournaments/${published}/events`,
      "GET /api/tournaments/a%0Ab/events",
      `GET /api/tournaments/${published}/events/more`,
    ]);
  });
});
