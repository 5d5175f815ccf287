// The result report answered on the socket before Next.js routes it (lib/server/infra/route-before-next.ts):
// the same handler, so the same answers, headers and stored result as through Next.js. Set up as
// the app starts: the app's server is made, then instrumentation.ts's register() runs, and the
// route module is never imported here, so nothing depends on a first request having loaded it.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import securityHeaders from "@/lib/security-headers.json";
import { prisma } from "@/lib/server/infra/db";
import { createAppServer } from "@/lib/server/infra/app-server";
import { earlyResponderNames } from "@/lib/server/infra/early-answers";
import { register } from "@/instrumentation";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";

let organizer: TestAccount;
let server: http.Server;
let port: number;
const seenByNext: string[] = [];

beforeAll(async () => {
  organizer = await createSignedInAccount("Socket Report Organizer");
  server = createAppServer(async (request, response) => {
    seenByNext.push(`${request.method} ${request.url}`);
    request.resume();
    response.writeHead(404).end();
  });
  vi.stubEnv("NEXT_RUNTIME", "nodejs");
  vi.stubEnv("MIGRATIONS_APPLIED", "1");
  await register();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
}, 30_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await prisma.$disconnect();
  vi.unstubAllEnvs();
});

async function openMatch() {
  const created = await createTournament(
    {
      name: `Socket report ${randomUUID()}`,
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    },
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  for (const name of ["Ann", "Ben"]) await registerPlayer({ tournamentId: created.value.id, name });
  await pairNextSwissRound(created.value.id, "api");
  return (await getRound(created.value.id, 1))!.matches[0]!;
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function send(
  method: string,
  path: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        agent: false,
        headers: { "content-type": "application/json", cookie: organizer.cookie, ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const slip = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    winsA: 2,
    winsB: 1,
    expectedVersion: 0,
    idempotencyKey: randomUUID(),
    ...extra,
  });

describe("POST /api/matches/:id/result on the socket", () => {
  it("the first report after startup is answered on the socket exactly like later ones", async () => {
    expect(earlyResponderNames()).toContain("match-result");
    const [first, later] = [await openMatch(), await openMatch()];
    const answers = [
      await send("POST", `/api/matches/${first.id}/result`, slip()),
      await send("POST", `/api/matches/${later.id}/result`, slip()),
    ];
    expect(seenByNext).toEqual([]);
    const shape = ({ status, headers, body }: Answer) => ({
      status,
      headers: Object.keys(headers)
        .filter((name) => name !== "date" && name !== "content-length")
        .sort(),
      body: { ...JSON.parse(body), data: { ...JSON.parse(body).data, matchId: "" } },
    });
    expect(shape(answers[0]!)).toEqual(shape(answers[1]!));
    expect(answers[0]!.status).toBe(200);
  });

  it("MTR 2.1: a staff report is stored 2-1 and answered with the API's headers, without Next.js seeing it", async () => {
    const match = await openMatch();
    const answer = await send("POST", `/api/matches/${match.id}/result`, slip());
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      ok: true,
      data: { matchId: match.id, winner: "A", version: 1 },
    });
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.headers["content-security-policy"]).toBe(
      securityHeaders.apiContentSecurityPolicy,
    );
    for (const { key, value } of securityHeaders.everyAnswer)
      expect(answer.headers[key.toLowerCase()], key).toBe(value);
    expect(
      await prisma.match.findUniqueOrThrow({
        where: { id: match.id },
        select: { winsA: true, winsB: true },
      }),
    ).toEqual({ winsA: 2, winsB: 1 });
    expect(seenByNext).toEqual([]);
  });

  it("refusals are the route's own: stale version 409, not signed in 401, not JSON 415, unknown match 404", async () => {
    const match = await openMatch();
    expect(
      (await send("POST", `/api/matches/${match.id}/result`, slip({ expectedVersion: 7 }))).status,
    ).toBe(409);
    expect(
      (await send("POST", `/api/matches/${match.id}/result`, slip(), { cookie: "" })).status,
    ).toBe(401);
    expect(
      (
        await send("POST", `/api/matches/${match.id}/result`, "winsA=2", {
          "content-type": "application/x-www-form-urlencoded",
        })
      ).status,
    ).toBe(415);
    const unknown = await send("POST", "/api/matches/nosuchmatch/result", slip());
    expect([unknown.status, JSON.parse(unknown.body).error.code]).toEqual([404, "NOT_FOUND"]);
  });

  it("a body over the route's 16 KB is refused with its message, even at 8 MB, and the connection serves the next report", async () => {
    const match = await openMatch();
    for (const size of [64 * 1024, 8 * 1024 * 1024]) {
      const answer = await send("POST", `/api/matches/${match.id}/result`, Buffer.alloc(size, " "));
      expect(answer.status, `${size} bytes`).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({
        error: { code: "PAYLOAD_TOO_LARGE" },
      });
    }
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const onOneConnection = (body: string | Buffer) =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const request = http.request(
          {
            host: "127.0.0.1",
            port,
            path: `/api/matches/${match.id}/result`,
            method: "POST",
            agent,
            headers: { "content-type": "application/json", cookie: organizer.cookie },
          },
          (response) => {
            response.resume();
            response.on("end", () =>
              resolve({ status: response.statusCode ?? 0, socket: request.socket }),
            );
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    const refused = await onOneConnection(Buffer.alloc(64 * 1024, " "));
    const stored = await onOneConnection(slip());
    agent.destroy();
    expect([refused.status, stored.status]).toEqual([413, 200]);
    expect(stored.socket).toBe(refused.socket);
  });

  it("a client gone halfway through its body: nothing is stored and the next report is answered", async () => {
    const match = await openMatch();
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: "127.0.0.1",
        port,
        path: `/api/matches/${match.id}/result`,
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": "500",
          cookie: organizer.cookie,
        },
      });
      request.on("error", () => resolve());
      request.write('{"winsA": 2, ');
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 100);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      await prisma.match.findUniqueOrThrow({ where: { id: match.id }, select: { winsA: true } }),
    ).toEqual({ winsA: null });
    expect((await send("POST", `/api/matches/${match.id}/result`, slip())).status).toBe(200);
  });

  it("an answer on the socket cannot set a cookie, so it does not renew the session either (the renewed cookie would never reach the browser)", async () => {
    const match = await openMatch();
    const renewable = await createSignedInAccount("Socket Renewal Organizer");
    const tournament = await prisma.match.findUniqueOrThrow({
      where: { id: match.id },
      select: { round: { select: { tournamentId: true } } },
    });
    await prisma.staffMember.create({
      data: {
        tournamentId: tournament.round.tournamentId,
        userId: renewable.userId,
        role: "ORGANIZER",
        name: renewable.name,
        email: renewable.email,
      },
    });
    // A session last renewed days ago: Better Auth renews it at the next check (updateAge, a day).
    const agedExpiry = new Date(Date.now() + 12 * 24 * 60 * 60 * 1000);
    await prisma.session.updateMany({
      where: { userId: renewable.userId },
      data: { expiresAt: agedExpiry },
    });
    const answer = await send("POST", `/api/matches/${match.id}/result`, slip(), {
      cookie: renewable.cookie,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["set-cookie"]).toBeUndefined();
    const [session] = await prisma.session.findMany({
      where: { userId: renewable.userId },
      select: { expiresAt: true },
    });
    expect(session!.expiresAt.getTime()).toBe(agedExpiry.getTime());
  });

  it("other methods and addresses the app never makes go on to Next.js", async () => {
    seenByNext.length = 0;
    await send("GET", "/api/matches/abc/result", "");
    await send("POST", "/api/matches/a%20b/result", slip());
    await send("POST", "/api/matches/abc/result?x=1", slip());
    expect(seenByNext).toEqual([
      "GET /api/matches/abc/result",
      "POST /api/matches/a%20b/result",
      "POST /api/matches/abc/result?x=1",
    ]);
  });
});
