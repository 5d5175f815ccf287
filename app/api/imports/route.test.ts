// Imports take megabytes from anyone with an account: their size is refused before the body is read
// as JSON, events far larger than any real one are refused, and an import never holds the server's
// event loop long enough to stall other requests.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { IMPORT_LIMITS } from "@/lib/rules/archive";
import { resetImportLimits } from "@/lib/server/archive/import-limit";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";
import { syntheticPublishedEvent } from "@/test/published-event-generator";
import { env } from "@/lib/server/infra/env";
import { POST } from "./route";

let importer: TestAccount;
beforeAll(async () => {
  importer = await createSignedInAccount("Import Limits");
}, 30_000);
beforeEach(() => resetImportLimits());
afterAll(async () => {
  await prisma.$disconnect();
});

type Answer = {
  status: number;
  body: { ok: boolean; data?: { path: string }; error?: { code: string; message: string } };
};

async function post(body: BodyInit, headers: Record<string, string> = {}): Promise<Answer> {
  const request = new Request("http://localhost/api/imports", {
    method: "POST",
    headers: { "content-type": "application/json", cookie: importer.cookie, ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  const response = await POST(request);
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

/** A body that says nothing of its length and is never valid JSON: only its size can refuse it. */
function streamOf(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const chunk = new Uint8Array(Math.min(64 * 1024, bytes - sent)).fill(0x5b);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe("POST /api/imports: limits an account cannot get around", () => {
  it("a body over the limit is refused by its size, declared or streamed, before it is read as JSON", async () => {
    const declared = await post("[", { "content-length": String(IMPORT_LIMITS.fileBytes + 1) });
    expect(declared).toMatchObject({
      status: 413,
      body: { error: { code: "PAYLOAD_TOO_LARGE", message: expect.stringContaining("8 MB") } },
    });
    const streamed = await post(streamOf(IMPORT_LIMITS.fileBytes + 1));
    expect(streamed).toMatchObject({ status: 413, body: { error: { code: "PAYLOAD_TOO_LARGE" } } });
  });

  it("on the embedded database (one session) the limit is 2 MB, said before the file is read", async () => {
    const poolMax = env.DATABASE_POOL_MAX;
    env.DATABASE_POOL_MAX = 1;
    try {
      const refused = await post(streamOf(IMPORT_LIMITS.embeddedFileBytes + 1));
      expect(refused).toMatchObject({
        status: 413,
        body: {
          error: {
            message: expect.stringContaining("the embedded database imports files up to 2 MB"),
          },
        },
      });
    } finally {
      env.DATABASE_POOL_MAX = poolMax;
    }
  });

  it("what is not JSON says so; an event of more entrants than any real one is refused with nothing written", async () => {
    expect(await post("{ not json")).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringContaining("This is not JSON") } },
    });
    const tournaments = await prisma.tournament.count();
    const huge = await post(
      JSON.stringify(syntheticPublishedEvent(IMPORT_LIMITS.publishedEntrants + 1, 1)),
    );
    expect(huge).toMatchObject({
      status: 400,
      body: { error: { message: `This event has 2,501 entrants: an import takes at most 2,500.` } },
    });
    expect(await prisma.tournament.count()).toBe(tournaments);
  }, 60_000);

  it("an event of more rounds than any real one (half a million empty rounds) is refused at once, holding nothing", async () => {
    const event = syntheticPublishedEvent(8, 1);
    const started = Date.now();
    const refused = await post(
      JSON.stringify({
        ...event,
        Rounds: Array.from({ length: 100_000 }, () => ({ Matches: [] })),
      }),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { message: "This event has 100,000 rounds: an import takes at most 40." } },
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("a name with half of a surrogate pair is refused with where it is, not a 500", async () => {
    const event = syntheticPublishedEvent(4, 1) as { Rounds: { Matches: { Player1: string }[] }[] };
    event.Rounds[0]!.Matches[0]!.Player1 = "Ann\ud800";
    expect(await post(JSON.stringify(event))).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringContaining("broken character") } },
    });
  });

  it("a 2,000-player event of 8 rounds imports without holding the event loop: other requests wait at most a moment", async () => {
    // A running server has prepared its statements before: one small import first, not measured.
    expect((await post(JSON.stringify(syntheticPublishedEvent(8, 3, "Warm-up")))).status).toBe(200);
    const body = JSON.stringify(syntheticPublishedEvent(2_000, 8));
    const stalls = monitorEventLoopDelay({ resolution: 5 });
    stalls.enable();
    const answer = await post(body);
    stalls.disable();
    expect(answer).toMatchObject({
      status: 200,
      body: {
        ok: true,
        data: { path: expect.stringMatching(/^\/tournaments\/[^/]+\/standings$/) },
      },
    });
    const tournamentId = answer.body.data!.path.split("/")[2]!;
    expect(await prisma.match.count({ where: { round: { tournamentId } } })).toBe(8 * 1_000);
    // Before it was written in bounded steps, the longest stall was about 700 ms (20,000 players: 4.9 s).
    expect(stalls.max / 1e6).toBeLessThan(150);
  }, 120_000);
});
