import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_CHANNEL, LiveListener, type LiveEvent } from "./live";
import {
  findPostgresBinaries,
  startPrivateCluster,
  type PrivateCluster,
} from "@/test/private-postgres";

/**
 * Live pages through a PostgreSQL outage: the listener's connection is lost when the server stops,
 * and it must listen again as soon as the server is back (writes already succeed then), not after
 * a long backoff. A cluster of this file's own, never the machine's shared server.
 */
const binaries = findPostgresBinaries();
let cluster: PrivateCluster | undefined;
beforeAll(async () => {
  if (binaries) cluster = await startPrivateCluster(binaries);
}, 90_000);
afterAll(async () => {
  await cluster?.destroy();
}, 60_000);

/** Long enough for the listener's retries to back off as far as they go. */
const OUTAGE_MS = 12_000;

async function notify(tournamentId: string): Promise<void> {
  const client = new pg.Client({ connectionString: cluster!.url });
  await client.connect();
  try {
    await client.query("SELECT pg_notify($1, $2)", [LIVE_CHANNEL, tournamentId]);
  } finally {
    await client.end();
  }
}

async function untilListening(listener: LiveListener, ms: number): Promise<number> {
  const started = Date.now();
  while (!listener.isListening) {
    if (Date.now() - started > ms)
      throw new Error(`not listening ${ms} ms after the database came back`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe.skipIf(!binaries)("live pages through a PostgreSQL outage", () => {
  it(`after ${OUTAGE_MS / 1000} s down, listens again within 1.5 s of the server being back, tells pages to catch up, and hears the next change`, async () => {
    const listener = new LiveListener({ connectionString: cluster!.url, log: () => undefined });
    const events: LiveEvent[] = [];
    listener.subscribe("outage", (event) => events.push(event));
    try {
      expect(await listener.ready(10_000)).toBe(true);
      await cluster!.stop("fast");
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      expect(listener.isListening).toBe(false);
      await cluster!.start();
      expect(await untilListening(listener, 15_000)).toBeLessThan(1_500);
      expect(events).toContain("catch-up");
      await notify("outage");
      await expect.poll(() => events.at(-1), { timeout: 3_000 }).toBe("changed");
    } finally {
      await listener.close();
    }
  }, 60_000);

  it("listens again at once when the app's own pool reaches the database, whatever its retry delay", async () => {
    const listener = new LiveListener({
      connectionString: cluster!.url,
      minBackoffMs: 30_000,
      maxBackoffMs: 30_000,
      log: () => undefined,
    });
    listener.subscribe("woken", () => undefined);
    try {
      expect(await listener.ready(10_000)).toBe(true);
      await cluster!.restart("fast");
      // Its next try is 30 s away; the pool's new connection says the database answers.
      listener.wake();
      expect(await untilListening(listener, 5_000)).toBeLessThan(1_000);
    } finally {
      await listener.close();
    }
  }, 60_000);
});
