import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { prisma } from "./db";
import { createTournament, setTournamentPublished } from "@/lib/server/tournament/tournaments";
import { proxy } from "@/proxy";
import { GET as standings } from "@/app/api/tournaments/[id]/standings/route";
import { GET as manifest } from "@/app/tournaments/[id]/manifest.webmanifest/route";
import { GET as playCode } from "@/app/play/[code]/route";

/**
 * Every pooled connection taken for longer than a request waits for one: pages (through proxy.ts,
 * before they render) and routes answer 503 with Retry-After, never 500.
 */

afterAll(async () => {
  await prisma.$disconnect();
});

/** Takes every pooled connection for `seconds`; resolves once they are all taken. */
async function occupyPool(seconds: number): Promise<{ held: Promise<unknown> }> {
  const poolSize = Number(process.env.DATABASE_POOL_MAX);
  const held = Promise.all(
    Array.from({ length: poolSize }, () =>
      prisma.$queryRawUnsafe(`SELECT 1 AS slept FROM pg_sleep(${Number(seconds)})`),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  // Wrapped: an async function returning a promise would wait for it.
  return { held };
}

describe("a database with no connection to give in time", () => {
  it("pages are answered 503 with Retry-After before rendering; routes 503 too; once it is free, pages render", async () => {
    const created = await createTournament({
      name: `Busy ${randomUUID()}`,
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    });
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.id;
    await setTournamentPublished(id, true);
    const page = () => proxy(new NextRequest(`http://127.0.0.1/tournaments/${id}/pairings`));
    expect((await page()).status).toBe(200);

    const { held } = await occupyPool(7);
    const [busyPage, busyRsc, busyStandings, busyManifest, busyCode] = await Promise.all([
      page(),
      proxy(
        new NextRequest(`http://127.0.0.1/tournaments/${id}/standings`, { headers: { RSC: "1" } }),
      ),
      standings(new Request(`http://127.0.0.1/api/tournaments/${id}/standings`), {
        params: Promise.resolve({ id }),
      }),
      manifest(new Request(`http://127.0.0.1/tournaments/${id}/manifest.webmanifest`), {
        params: Promise.resolve({ id }),
      }),
      playCode(new NextRequest("http://127.0.0.1/play/ABCD-EFGH-JKMN"), {
        params: Promise.resolve({ code: "ABCD-EFGH-JKMN" }),
      }),
    ]);
    for (const [name, response] of Object.entries({
      busyPage,
      busyRsc,
      busyStandings,
      busyManifest,
      busyCode,
    })) {
      expect(response.status, name).toBe(503);
      expect(Number(response.headers.get("retry-after")), name).toBeGreaterThan(0);
    }
    expect(await busyPage.text()).toContain("The server is busy");
    await held;
    expect((await page()).status).toBe(200);
  }, 30_000);
});
