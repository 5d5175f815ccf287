import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from "./app-server";

/** The app's server with a stand-in for Next.js: what reaches the handler, Next.js would see. */
let server: http.Server;
let port: number;
const seenByNext: string[] = [];

beforeAll(async () => {
  server = createAppServer(
    async (request, response) => {
      seenByNext.push(`${request.method} ${request.url}`);
      response.writeHead(204).end();
    },
    { connectionsCheckingInterval: 100 },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function send(
  method: string,
  path = "/",
): Promise<{ status: number; allow: string | undefined; nosniff: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method, path, agent: false },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            allow: response.headers.allow,
            nosniff: response.headers["x-content-type-options"] as string | undefined,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}

describe("requests seen before Next.js", () => {
  it("TRACE and methods the app has no use for are a 405 with Allow, never reaching Next.js (which answered 500)", async () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
      expect(await send(method, "/api/health"), method).toEqual({
        status: 405,
        allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
        nosniff: "nosniff",
      });
    }
    expect(seenByNext).toEqual([]);
    expect((await send("GET", "/api/health")).status).toBe(204);
    expect(seenByNext).toEqual(["GET /api/health"]);
  });

  it("the server gets request and header timeouts a phone meets but a trickling client does not hold for Node's 300 s", async () => {
    // From the moment it listens, before any request.
    const fresh = createAppServer(async () => undefined);
    await new Promise<void>((resolve) => fresh.listen(0, "127.0.0.1", resolve));
    expect([fresh.requestTimeout, fresh.headersTimeout]).toEqual([
      REQUEST_TIMEOUT_MS,
      HEADERS_TIMEOUT_MS,
    ]);
    await new Promise((resolve) => fresh.close(resolve));
    await send("GET");
    expect([server.requestTimeout, server.headersTimeout]).toEqual([
      REQUEST_TIMEOUT_MS,
      HEADERS_TIMEOUT_MS,
    ]);
    expect(REQUEST_TIMEOUT_MS).toBeLessThan(300_000);
    // A client that sends half its headers and then nothing is cut off once the header timeout passes.
    server.headersTimeout = 300;
    const socket = net.connect(port, "127.0.0.1");
    socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
    const closed = await new Promise<string>((resolve) => {
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString()));
      socket.on("close", () => resolve(answer));
    });
    expect(closed).toMatch(/^HTTP\/1\.1 408/);
  });
});
