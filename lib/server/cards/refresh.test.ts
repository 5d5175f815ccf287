import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { failure, success } from "@/lib/action-result";
import { prisma } from "@/lib/server/infra/db";
import {
  REFRESH_INTERVAL_MS,
  forgetCardDataRefresh,
  lastCardDataRefresh,
  startCardDataRefresh,
} from "./refresh";

beforeEach(async () => {
  forgetCardDataRefresh();
  await prisma.cardImport.deleteMany();
});
afterAll(async () => {
  await prisma.$disconnect();
});

describe("fetching the latest card data from a page", () => {
  it("starts the fetch off the request, then refuses another for ten minutes", async () => {
    let calls = 0;
    const fetchCards = async () => {
      calls++;
      return success(null);
    };
    const now = Date.parse("2026-11-29T12:00:00Z");
    expect(await startCardDataRefresh(fetchCards, now)).toMatchObject({ ok: true });
    expect(calls).toBe(1);
    expect(await startCardDataRefresh(fetchCards, now + 60_000)).toMatchObject({
      ok: false,
      error: { code: "RATE_LIMITED", message: expect.stringMatching(/try again in 9 min/) },
    });
    expect(await startCardDataRefresh(fetchCards, now + REFRESH_INTERVAL_MS)).toMatchObject({
      ok: true,
    });
    expect(calls).toBe(2);
  });

  it("a fetch that fails before any card arrived is still shown: the page reads its sentence", async () => {
    const fetchCards = async () => failure("DOWNLOAD_FAILED", "Could not reach Scryfall.");
    expect(await startCardDataRefresh(fetchCards)).toMatchObject({ ok: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lastCardDataRefresh()).toMatchObject({ error: "Could not reach Scryfall." });
  });

  it("is refused while an import runs, naming how far it got", async () => {
    await prisma.cardImport.create({
      data: {
        source: "file",
        fileName: "oracle-cards.json",
        fileDate: new Date(),
        dateSource: "option",
        cardCount: 1200,
      },
    });
    let calls = 0;
    const answer = await startCardDataRefresh(async () => {
      calls++;
      return success(null);
    });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: "IMPORT_RUNNING", message: expect.stringContaining("1,200 cards so far") },
    });
    expect(calls).toBe(0);
  });
});
