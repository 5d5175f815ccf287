import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { importCardsFromFile, importCardsFromScryfall } from "./import";
import { getCardDatabaseStatus, resolveCardNames } from "./lookup";

/** Scryfall's bulk data, served on this machine: the same metadata and file shapes, gzip as Scryfall sends it. */
const FIXTURE = readFileSync(
  path.join(import.meta.dirname, "fixtures", "oracle-cards.sample.json"),
);
const UPDATED_AT = "2026-11-28T10:04:52.379+00:00";
const FILE_PATH = "/oracle-cards/oracle-cards-20261128100452.json";

let server: Server;
let base = "";
const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
/** What the metadata route answers: status and body. */
let metadata: () => [number, string] = () => [200, JSON.stringify(bulkData())];
let fileStatus = 200;

function bulkData(overrides: Record<string, unknown> = {}) {
  return {
    object: "bulk_data",
    id: "27bf3214-1271-490b-bdfe-c0be6c23d02e",
    type: "oracle_cards",
    updated_at: UPDATED_AT,
    uri: `${base}/bulk-data/27bf3214-1271-490b-bdfe-c0be6c23d02e`,
    name: "Oracle Cards",
    description: "A JSON file containing one Scryfall card object for each Oracle ID on Scryfall.",
    size: FIXTURE.length,
    download_uri: `${base}${FILE_PATH}`,
    content_type: "application/json",
    content_encoding: "gzip",
    ...overrides,
  };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push({ url: request.url ?? "", headers: request.headers });
    if (request.url === "/bulk-data/oracle-cards") {
      const [status, body] = metadata();
      response.writeHead(status, { "content-type": "application/json" }).end(body);
    } else if (request.url === FILE_PATH && fileStatus === 200) {
      const gzipped = gzipSync(FIXTURE);
      response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      // In pieces, as a large download arrives.
      let at = 0;
      const next = () => {
        if (at >= gzipped.length) return response.end();
        response.write(gzipped.subarray(at, at + 8_192));
        at += 8_192;
        setImmediate(next);
      };
      next();
    } else {
      response.writeHead(fileStatus === 200 ? 404 : fileStatus).end("no");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  await prisma.cardImport.deleteMany();
  requests.length = 0;
  metadata = () => [200, JSON.stringify(bulkData())];
  fileStatus = 200;
});

const bulkDataUrl = () => `${base}/bulk-data/oracle-cards`;

describe("downloading Scryfall's oracle cards", () => {
  it("reads the bulk-data object, then streams its download_uri into the import, dated by updated_at", async () => {
    const imported = await importCardsFromScryfall({ bulkDataUrl: bulkDataUrl() });
    expect(imported).toMatchObject({
      ok: true,
      value: {
        cardCount: 67,
        source: "download",
        fileName: "oracle-cards-20261128100452.json",
        fileDate: new Date(UPDATED_AT),
        dateSource: "bulk-data",
      },
    });
    expect(requests.map((request) => request.url)).toEqual(["/bulk-data/oracle-cards", FILE_PATH]);
    // Scryfall asks every client for a User-Agent naming the application and an Accept header.
    for (const { headers } of requests) {
      expect(headers["user-agent"]).toMatch(/^mtg-tournament\/[\d.]+ /);
      expect(headers.accept).toContain("application/json");
    }
    expect(await resolveCardNames(["Fire/Ice"])).toMatchObject([{ card: { name: "Fire // Ice" } }]);
    expect((await getCardDatabaseStatus()).current).toMatchObject({
      source: "download",
      fileDate: new Date(UPDATED_AT),
      dateSource: "bulk-data",
    });
  });

  it("refuses metadata that is not Scryfall's bulk-data object, before downloading anything", async () => {
    const cases: [() => [number, string], RegExp][] = [
      [() => [503, "busy"], /answered HTTP 503/],
      [() => [200, "<html>"], /did not answer JSON/],
      [() => [200, JSON.stringify({ object: "error", code: "not_found" })], /bulk-data object/],
      [
        () => [200, JSON.stringify(bulkData({ download_uri: "ftp://example.test/x" }))],
        /download_uri/,
      ],
      [() => [200, JSON.stringify(bulkData({ updated_at: "yesterday" }))], /updated_at/],
    ];
    for (const [answer, problem] of cases) {
      metadata = answer;
      const imported = await importCardsFromScryfall({ bulkDataUrl: bulkDataUrl() });
      expect(imported).toMatchObject({ ok: false, error: { code: "DOWNLOAD_FAILED" } });
      expect(imported.ok ? "" : imported.error.message).toMatch(problem);
    }
    expect(requests.every((request) => request.url === "/bulk-data/oracle-cards")).toBe(true);
    expect(await prisma.cardImport.count()).toBe(0);
  });

  it("a download that fails leaves the current card database and is recorded as failed", async () => {
    const first = await importCardsFromFile(
      path.join(import.meta.dirname, "fixtures", "oracle-cards.sample.json"),
      { date: "2026-11-01" },
    );
    fileStatus = 500;
    const imported = await importCardsFromScryfall({ bulkDataUrl: bulkDataUrl() });
    expect(imported).toMatchObject({
      ok: false,
      error: { code: "DOWNLOAD_FAILED", message: expect.stringContaining("HTTP 500") },
    });
    expect(await getCardDatabaseStatus()).toMatchObject({
      current: { importId: first.ok ? first.value.importId : "", source: "file" },
      running: null,
      lastFailure: { errorCode: "DOWNLOAD_FAILED", fileName: "oracle-cards-20261128100452.json" },
    });
  });

  it("an unreachable Scryfall is DOWNLOAD_FAILED, naming the address", async () => {
    const imported = await importCardsFromScryfall({
      bulkDataUrl: "http://127.0.0.1:9/bulk-data/oracle-cards",
    });
    expect(imported).toMatchObject({
      ok: false,
      error: { code: "DOWNLOAD_FAILED", message: expect.stringContaining("127.0.0.1:9") },
    });
  });
});
