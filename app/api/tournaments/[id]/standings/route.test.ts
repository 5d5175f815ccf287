import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { GET, POST } from "./route";
import { createTournament, setTournamentPublished } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";

afterAll(async () => {
  await prisma.$disconnect();
});

/** A published tournament: its standings are public, so these requests carry no session. */
async function eventWith(players: number): Promise<string> {
  const created = await createTournament({
    name: "API paging",
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  await setTournamentPublished(created.value.id, true);
  for (let index = 1; index <= players; index++) {
    const registered = await registerPlayer({
      tournamentId: created.value.id,
      name: index === players ? "Åsa Lindström" : `Player ${index}`,
    });
    if (!registered.ok) throw new Error(registered.error.message);
  }
  return created.value.id;
}

async function get(tournamentId: string, query = "", headers: Record<string, string> = {}) {
  return GET(
    new Request(`http://localhost/api/tournaments/${tournamentId}/standings${query}`, { headers }),
    { params: Promise.resolve({ id: tournamentId }) },
  );
}

describe("GET /api/tournaments/:id/standings", () => {
  it("pages: ?page=&pageSize= with the total and page info", async () => {
    const id = await eventWith(25);
    const response = await get(id, "?page=2&pageSize=10");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      ok: true,
      data: {
        total: 25,
        totalPlayers: 25,
        page: 2,
        pageSize: 10,
        pageCount: 3,
        hasPreviousPage: true,
        hasNextPage: true,
      },
    });
    expect(body.data.rows.map((row: { rank: number }) => row.rank)).toEqual([
      11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    expect(body.data.rows[0]).not.toHaveProperty("opponents");

    const defaults = await (await get(id)).json();
    expect(defaults.data).toMatchObject({ page: 1, pageSize: 50, pageCount: 1 });
    expect(defaults.data.rows).toHaveLength(25);
  });

  it("searches with ?q=, ignoring case and accents", async () => {
    const id = await eventWith(5);
    const body = await (await get(id, "?q=asa%20LINDSTROM")).json();
    expect(body.data).toMatchObject({ q: "asa LINDSTROM", total: 1, totalPlayers: 5 });
    expect(body.data.rows[0].name).toBe("Åsa Lindström");
  });

  it.each([
    ["?page=0", "page must be a whole number from 1."],
    ["?page=abc", "page must be a whole number from 1."],
    ["?page=1.5", "page must be a whole number from 1."],
    ["?page=", "page must be a whole number from 1."],
    ["?pageSize=201", "pageSize must be a whole number from 1 to 200."],
    ["?pageSize=0", "pageSize must be a whole number from 1 to 200."],
    [`?q=${"x".repeat(101)}`, "q (the name to search for) can be at most 100 characters."],
  ])("refuses %s with 400 and says why", async (query, message) => {
    const id = await eventWith(2);
    const response = await get(id, query);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "VALIDATION", message },
    });
  });

  it("takes only GET: a write answers a JSON 405 with Allow: GET", async () => {
    const response = await POST();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });

  it("an unknown tournament is 404", async () => {
    const response = await get("no-such-tournament");
    expect(response.status).toBe(404);
  });

  it("answers a repeat request with 304 until a result changes the standings (the one completing the round)", async () => {
    const id = await eventWith(4);
    await pairNextSwissRound(id, "etag");
    const first = await get(id, "?pageSize=2");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");

    const repeat = await get(id, "?pageSize=2", { "If-None-Match": etag! });
    expect(repeat.status).toBe(304);
    expect(repeat.headers.get("etag")).toBe(etag);
    expect(await repeat.text()).toBe("");

    const [first_, second] = (await getRound(id, 1))!.matches;
    const reportTable = async (match: typeof first_) => {
      const reported = await reportMatchResult(
        {
          matchId: match!.id,
          winsA: 2,
          winsB: 0,
          draws: 0,
          expectedVersion: match!.version,
          idempotencyKey: `etag-${match!.id}-${Date.now()}`,
          intentionalDraw: false,
          note: "",
        },
        { source: "STAFF", name: "Scorekeeper" },
      );
      expect(reported.ok).toBe(true);
    };
    // MTR 3.1: standings are after the last complete round; the first result leaves them as they were.
    await reportTable(first_);
    expect((await get(id, "?pageSize=2", { "If-None-Match": etag! })).status).toBe(304);
    await reportTable(second);
    const changed = await get(id, "?pageSize=2", { "If-None-Match": etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });
});
