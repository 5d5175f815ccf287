import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { getPublishedComparison, importPublishedEvent } from "./published-import";
import { getStandings } from "@/lib/server/standings/standings";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import { deriveStoredMatch, MATCH_RECORD_SELECT } from "@/lib/server/match/match-record";
import { textOf } from "@/lib/messages/render";

afterAll(async () => {
  await prisma.$disconnect();
});

const owner = { userId: "importer", name: "Ima Importer", email: "importer@example.test" };
const folder = join(__dirname, "../../../test/fixtures/published-events");

async function ownerAccount() {
  await prisma.user.upsert({
    where: { id: owner.userId },
    create: { id: owner.userId, name: owner.name, email: owner.email },
    update: {},
  });
}

describe("importing an event run elsewhere (published melee.gg results)", () => {
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".json"))) {
    it(`${file}: every player and Swiss result is imported; our match points equal the published ones`, async () => {
      await ownerAccount();
      const json = JSON.parse(readFileSync(join(folder, file), "utf8"));
      const imported = await importPublishedEvent(json, owner);
      if (!imported.ok) throw new Error(imported.error.message);
      expect(imported.value.players).toBe(json.Standings.length);
      const standings = await getStandings(trustedTournamentAccess(imported.value.id));
      if (!standings.ok) throw new Error(standings.error.message);
      const points = new Map(standings.value.rows.map((row) => [row.name, row.matchPoints]));
      for (const row of json.Standings as { Player: string; Points: number }[])
        expect([row.Player, points.get(row.Player.trim())]).toEqual([row.Player, row.Points]);
      expect(
        await prisma.tournament.findUniqueOrThrow({
          where: { id: imported.value.id },
          select: { status: true, format: true },
        }),
      ).toEqual({ status: "COMPLETE", format: "Imported" });
    });
  }

  it("MTR 2.1: a 3-0-0 in best-of-three is kept as published with a warning; its match still reads, and counts as played", async () => {
    await ownerAccount();
    const imported = await importPublishedEvent(
      {
        Tournament: { Name: "Three Nil" },
        Rounds: [
          {
            RoundName: "Round 1",
            Matches: [
              { Player1: "Ana", Player2: "Ben", Result: "3-0-0" },
              { Player1: "Cal", Player2: "-", Result: "2-0-0" },
            ],
          },
        ],
        Standings: [],
      },
      owner,
    );
    if (!imported.ok) throw new Error(imported.error.message);
    expect(imported.value.warnings).toEqual([
      "Round 1, match 1, Ana vs Ben: 3-0-0 is not possible when 2 game wins end a match (MTR 2.1); kept as published.",
    ]);
    const match = await prisma.match.findFirstOrThrow({
      where: { round: { tournamentId: imported.value.id }, sideBId: { not: null } },
      select: MATCH_RECORD_SELECT,
    });
    expect(deriveStoredMatch(match).phase).toBe("recorded");
    const standings = await getStandings(trustedTournamentAccess(imported.value.id));
    expect(standings.ok && standings.value.rows.find((row) => row.name === "Ana")).toMatchObject({
      matchPoints: 3,
      gameRecord: { wins: 3 },
    });
  });

  it("Appendix C: the standings page's comparison names the setting (the 1/3 floor) that explains every difference of a real event", async () => {
    await ownerAccount();
    const imported = await importPublishedEvent(
      JSON.parse(readFileSync(join(folder, "weekly-legacy-mont.json"), "utf8")),
      owner,
    );
    if (!imported.ok) throw new Error(imported.error.message);
    const comparison = (await getPublishedComparison(imported.value.id))!;
    expect(comparison.rows).toBe(26);
    expect(comparison.differences.length).toBeGreaterThan(0);
    expect(
      comparison.differences.every(
        (difference) => textOf(difference.explainedBy) === "a 1/3 floor",
      ),
    ).toBe(true);
  });

  it("what is not such an event is refused naming the place, and nothing is written", async () => {
    await ownerAccount();
    const before = await prisma.tournament.count();
    expect(
      await importPublishedEvent(
        {
          Tournament: { Name: "Bad" },
          Rounds: [
            { RoundName: "Round 1", Matches: [{ Player1: "A", Player2: "B", Result: "won" }] },
          ],
        },
        owner,
      ),
    ).toMatchObject({
      ok: false,
      error: {
        code: "VALIDATION",
        message: 'Round 1, match 1 (A vs B): "won" is not a result like "2-1-0".',
      },
    });
    expect(await prisma.tournament.count()).toBe(before);
  });
});
