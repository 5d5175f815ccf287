// How requests answered before Next.js are set up (instrumentation.ts, early-answers.ts), and
// why nothing of proxy.ts applies to them.
import { EventEmitter } from "node:events";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { NextRequest } from "next/server";
import { afterAll, describe, expect, it, vi } from "vitest";
import { RESULT_REPORT_ADDRESS } from "@/app/api/matches/[id]/result/report";
import { register } from "@/instrumentation";
import { LIVE_STREAM_ADDRESS } from "@/lib/server/live/live-stream-node";
import { proxy } from "@/proxy";
import { apiAnswerHeaders } from "./answer-headers";
import { createAppServer } from "./app-server";
import { earlyResponderNames, earlyRespondersRegistered } from "./early-answers";

afterAll(() => vi.unstubAllEnvs());

describe("requests answered before Next.js", () => {
  it("are registered at startup only where the app's server asks them: under `next start` run directly (or in development) Next.js serves every route", async () => {
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    vi.stubEnv("MIGRATIONS_APPLIED", "1");
    await register();
    expect(earlyResponderNames()).toEqual([]);
    // Nor in development, where Next.js serves the routes with every edit applied.
    createAppServer(async () => undefined, { answerEarly: false }).close();
    await register();
    expect(earlyResponderNames()).toEqual([]);
    const server = createAppServer(async () => undefined);
    // What the server waits for before it listens (Next.js does not wait for register() there).
    let registered = false;
    const ready = earlyRespondersRegistered().then(() => {
      registered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(registered).toBe(false);
    await register();
    await ready;
    expect(earlyResponderNames()).toEqual(["live-stream", "match-result"]);
    server.close();
  });

  it("nothing patches http.Server.prototype.emit: a server the app did not make is Node's own", () => {
    expect(Object.hasOwn(http.Server.prototype, "emit")).toBe(false);
    expect(http.Server.prototype.emit).toBe(EventEmitter.prototype.emit);
    const plain = http.createServer();
    // Node's own defaults, not the app server's.
    expect([plain.requestTimeout, plain.headersTimeout]).toEqual([300_000, 60_000]);
  });

  it("nothing of proxy.ts applies to an address they take: the proxy lets each through untouched, so skipping it changes nothing", async () => {
    const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,100}$/);
    const taken = fc.oneof(
      id.map((each) => ({ method: "POST", address: `/api/matches/${each}/result` })),
      fc
        .tuple(id, fc.constantFrom("", "?view=all", "?view=standings", "?view=player&x=%25"))
        .chain(([each, query]) =>
          fc.constantFrom("GET", "HEAD").map((method) => ({
            method,
            address: `/api/tournaments/${each}/events${query}`,
          })),
        ),
    );
    await fc.assert(
      fc.asyncProperty(taken, async ({ method, address }) => {
        const pattern = method === "POST" ? RESULT_REPORT_ADDRESS : LIVE_STREAM_ADDRESS;
        expect(pattern.test(address)).toBe(true);
        const answer = await proxy(new NextRequest(`http://127.0.0.1${address}`, { method }));
        expect([...answer.headers.keys()]).toEqual(["x-middleware-next"]);
      }),
      { numRuns: 200 },
    );
  });

  it("an address the proxy would refuse (an undecodable %, a control character) is never taken before Next.js", async () => {
    const refusedByProxy = async (address: string) =>
      (await proxy(new NextRequest(`http://127.0.0.1${address}`))).status === 400;
    for (const address of [
      "/api/matches/a%/result",
      "/api/matches/a%00b/result",
      "/api/matches/a%0Ab/result",
      "/api/tournaments/a%ZZ/events",
      "/api/tournaments/a%1Fb/events",
    ]) {
      expect(await refusedByProxy(address), address).toBe(true);
      expect(RESULT_REPORT_ADDRESS.test(address) || LIVE_STREAM_ADDRESS.test(address)).toBe(false);
    }
  });

  it("their answers carry exactly the headers next.config.js gives an API answer (both from lib/security-headers.json)", async () => {
    const { default: config } = (await import(
      pathToFileURL(path.resolve(import.meta.dirname, "../../../next.config.js")).href
    )) as {
      default: { headers: () => Promise<{ headers: { key: string; value: string }[] }[]> };
    };
    const fromConfig: Record<string, string> = {};
    // The rules for /:path* and /api/:path*, in order: an /api answer gets both.
    for (const rule of await config.headers())
      for (const { key, value } of rule.headers) fromConfig[key] = value;
    expect(fromConfig).toEqual(apiAnswerHeaders());
  });
});
