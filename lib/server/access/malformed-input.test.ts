import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { liveListener } from "@/lib/server/live/live";
import { getPlayerActor, PLAYER_SESSION_COOKIE } from "@/lib/server/check-in/player-session";
import {
  createTournament,
  listTournamentsPage,
  setTournamentPublished,
} from "@/lib/server/tournament/tournaments";
import { pageRequestFromSearchParams } from "@/lib/schemas/paging";
import { GET as events } from "@/app/api/tournaments/[id]/events/route";
import { GET as standings } from "@/app/api/tournaments/[id]/standings/route";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";

/** Input no person sends (bad percent-encoding, NUL) is answered as signed out or a 4xx, never a 500. */

const BAD_COOKIE_VALUES = ["%", "%zz", "%E0%A4%A", "abc%", "%00%ff%fe", `${"%".repeat(300)}`];

let tournamentId: string;
beforeAll(async () => {
  await liveListener().ready();
  const created = await createTournament({
    name: `Malformed ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  tournamentId = created.value.id;
  await setTournamentPublished(tournamentId, true);
});
afterAll(async () => {
  await liveListener().close();
  await prisma.$disconnect();
});

describe("a player cookie that is not valid percent-encoding is no session", () => {
  it("reads as signed out", async () => {
    for (const value of BAD_COOKIE_VALUES) {
      expect(
        await getPlayerActor(new Headers({ cookie: `${PLAYER_SESSION_COOKIE}=${value}` })),
        value,
      ).toBeNull();
    }
  });

  it("the event stream opens as for anyone signed out (published), or answers 404 (in preparation)", async () => {
    const unpublished = await createTournament({
      name: `Malformed hidden ${randomUUID()}`,
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    });
    if (!unpublished.ok) throw new Error(unpublished.error.message);
    for (const value of BAD_COOKIE_VALUES) {
      for (const [id, status] of [
        [tournamentId, 200],
        [unpublished.value.id, 404],
      ] as const) {
        const abort = new AbortController();
        const response = await events(
          new Request(`http://127.0.0.1/api/tournaments/${id}/events`, {
            headers: { cookie: `${PLAYER_SESSION_COOKIE}=${value}` },
            signal: abort.signal,
          }),
          {
            params: Promise.resolve({ id }),
          },
        );
        expect(
          response.status,
          `${value} on ${status === 200 ? "published" : "in preparation"}`,
        ).toBe(status);
        abort.abort();
        await response.body?.cancel().catch(() => undefined);
      }
    }
  });
});

describe("a search with control characters (?q=%00)", () => {
  it("the standings API answers 400 naming q", async () => {
    for (const q of ["%00", "a%00b", "%1F", "%7F"]) {
      const response = await standings(
        new Request(`http://localhost/api/tournaments/${tournamentId}/standings?q=${q}`),
        { params: Promise.resolve({ id: tournamentId }) },
      );
      expect(response.status, q).toBe(400);
      expect(await response.json()).toMatchObject({
        error: {
          code: "VALIDATION",
          message: expect.stringContaining("q (the name to search for)"),
        },
      });
    }
  });

  it("a page's search reads it as no search, and the list reads without an error", async () => {
    const request = { ...pageRequestFromSearchParams({ q: "\u0000" }), pageSize: 20 };
    expect(request.q).toBe("");
    await expect(listTournamentsPage({ userId: "nobody" }, request)).resolves.toBeDefined();
  });
});

describe("an address with a % that is not percent-encoding, or a control character", () => {
  it("is a 400 before Next routes it (Next answered 500 for a dynamic segment), JSON under /api", async () => {
    for (const path of [
      "/play/%",
      "/tournaments/%",
      "/tournaments/%zz/pairings",
      "/api/%",
      "/api/tournaments/%E0%A4%A/standings",
      "/tournaments/%00/pairings",
      "/api/tournaments/a%0Ab/events",
    ]) {
      const response = await proxy(new NextRequest(`http://127.0.0.1${path}`));
      expect(response.status, path).toBe(400);
      if (path.startsWith("/api/"))
        expect(await response.json()).toMatchObject({ error: { code: "VALIDATION" } });
    }
    expect(
      (await proxy(new NextRequest("http://127.0.0.1/tournaments/%41bc/pairings"))).status,
    ).toBe(200);
  });
});

describe("a router state header Next cannot read", () => {
  it("is a 400 before any page renders (Next answered 500 on some pages); a readable one passes", async () => {
    for (const tree of [
      "[[[[",
      "%7B",
      "%",
      JSON.stringify({ not: "a tree" }),
      "x".repeat(50_000),
    ]) {
      const response = await proxy(
        new NextRequest("http://127.0.0.1/tournaments/abc/rounds/%2e%2e/print", {
          headers: { RSC: "1", "Next-Router-State-Tree": tree },
        }),
      );
      expect(response.status, tree.slice(0, 20)).toBe(400);
    }
    const readable = encodeURIComponent(
      JSON.stringify(["", { children: ["__PAGE__", {}, null, null] }, null, null]),
    );
    expect(
      (
        await proxy(
          new NextRequest("http://127.0.0.1/", {
            headers: { RSC: "1", "Next-Router-State-Tree": readable },
          }),
        )
      ).status,
    ).toBe(200);
  });
});
