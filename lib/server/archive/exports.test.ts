import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayers } from "@/lib/server/registration/registrations";
import { pairNextSwissRound, getRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";
import { resultsCsv, standingsCsv } from "./exports";
import { getPodRound } from "@/lib/server/pod/pods";
import { recordPodOutcome } from "@/lib/server/pod/pod-commands";
import { startPlayoff } from "@/lib/server/round/playoffs";
import { GET } from "@/app/tournaments/[id]/export/[file]/route";

afterAll(async () => {
  await prisma.$disconnect();
});

async function event(names: string[], settings: Record<string, string> = {}) {
  const created = await createTournament(
    CreateTournamentSchema.parse({
      name: `=Export Cup ${randomUUID().slice(0, 4)}`,
      format: "Modern",
      ...settings,
    }),
  );
  if (!created.ok) throw new Error(created.error.message);
  const registered = await registerPlayers({
    tournamentId: created.value.id,
    names: names.join("\n"),
  });
  if (!registered.ok) throw new Error(registered.error.message);
  return created.value.id;
}

const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

describe("CSV downloads of standings, pairings and results", () => {
  it("standings and results of a two-player event, with a formula-like name written as text", async () => {
    const tournamentId = await event(["=cmd|' /C calc'!A0", "Bea", "Cy", "Dee", "Eve"]);
    await pairNextSwissRound(tournamentId, "csv");
    const round = (await getRound(tournamentId, 1))!;
    for (const [index, match] of round.matches.filter((m) => m.sideB !== null).entries()) {
      const reported = await reportMatchResult(
        {
          matchId: match.id,
          expectedVersion: match.version,
          winsA: 2,
          winsB: 1,
          draws: 0,
          idempotencyKey: randomUUID(),
          intentionalDraw: false,
          // MTR 2.5: the second table's loser conceded after winning a game.
          ...(index === 1 ? { concededBy: "B" as const } : {}),
          note: "",
        },
        { source: "STAFF", name: "Scorekeeper" },
      );
      if (!reported.ok) throw new Error(reported.error.message);
    }
    const access = trustedTournamentAccess(tournamentId);
    const standings = await standingsCsv(access);
    if (!standings.ok) throw new Error(standings.error.message);
    expect(standings.value.filename).toMatch(/^export-cup-\w+-standings\.csv$/);
    const rows = lines(standings.value.csv);
    expect(rows[0]).toBe("Rank,Player,Match points,Wins,Losses,Draws,OMW%,GW%,OGW%,Playoff,Status");
    expect(rows).toHaveLength(6);
    expect(
      rows.some(
        (row) => row.includes(`"'=cmd|' /C calc'!A0"`) || row.includes("'=cmd|' /C calc'!A0"),
      ),
    ).toBe(true);
    expect(rows.every((row) => !/(^|,)=/.test(row))).toBe(true);
    const results = await resultsCsv(access);
    if (!results.ok) throw new Error(results.error.message);
    const resultRows = lines(results.value.csv);
    expect(resultRows[0]).toBe("Round,Table,Player A,Player B,Result (A-B-draws),Status,Ended by");
    // Two matches with a result and the bye; a concession says so, with who conceded (MTR 2.5).
    expect(resultRows.slice(1).map((row) => row.split(",").at(-2))).toEqual(
      expect.arrayContaining(["recorded", "bye"]),
    );
    expect(resultRows.filter((row) => row.endsWith(",2-1-0,recorded,games"))).toHaveLength(1);
    const conceded = round.matches.filter((m) => m.sideB !== null)[1]!;
    expect(
      resultRows.filter((row) =>
        row.endsWith(`,2-1-0,recorded,concession by ${conceded.sideB!.displayName}`),
      ),
    ).toHaveLength(1);
    const pairings = await resultsCsv(access, 1);
    expect(pairings.ok && pairings.value.filename.endsWith("-round-1-pairings.csv")).toBe(true);
    expect(await resultsCsv(access, 9)).toEqual({
      ok: false,
      error: { code: "NOT_FOUND", message: "Round 9 has not been paired: the latest is round 1." },
    });
  });

  it("a pod event's standings and results name pods, seats and pod-mates", async () => {
    const tournamentId = await event(["Ada", "Bo", "Cy", "Di"], {
      structure: "PODS",
      format: "Commander",
    });
    await pairNextSwissRound(tournamentId, "pods-csv");
    const [pod] = (await getPodRound(tournamentId, 1))!.pods;
    await recordPodOutcome(
      {
        tournamentId,
        podId: pod!.id,
        expectedVersion: 0,
        idempotencyKey: randomUUID(),
        outcome: { kind: "win", winnerId: pod!.seats[1]!.registrationId },
      },
      { name: "Scorekeeper" },
    );
    const access = trustedTournamentAccess(tournamentId);
    const standings = await standingsCsv(access);
    // Wins, losses, draws, in the order of every other standings (W-L-D).
    expect(standings.ok && lines(standings.value.csv)[0]).toBe(
      "Rank,Player,Points,Wins,Losses,Draws,OMW%,OOMW%,Status",
    );
    expect(standings.ok && lines(standings.value.csv)[2]).toMatch(/^2,[^,]+,0,0,1,0,/);
    // Rank, player, 5 points, 1-0-0, then OMW% at the floor (every opponent lost) and OOMW%.
    expect(standings.ok && lines(standings.value.csv)[1]).toMatch(
      new RegExp(`^1,${pod!.seats[1]!.name},5,1,0,0,33,[\\d.]+,$`),
    );
    const results = await resultsCsv(access);
    if (!results.ok) throw new Error(results.error.message);
    expect(lines(results.value.csv)[0]).toBe("Round,Pod,Seat,Player,Pod-mates,Result");
    expect(lines(results.value.csv)).toContain(
      `Round 1,1,2,${pod!.seats[1]!.name},"${pod!.seats[0]!.name}, ${pod!.seats[2]!.name} and ${pod!.seats[3]!.name}",won`,
    );
  });

  it("MTR 2.1: playoff rounds are named by their place in the bracket, as every page names them", async () => {
    const tournamentId = await event(["Ann", "Ben", "Cid", "Dot", "Eve"]);
    await pairNextSwissRound(tournamentId, "csv-playoff");
    const reportAll = async (roundNumber: number) => {
      for (const match of (await getRound(tournamentId, roundNumber))!.matches) {
        if (match.sideB === null) continue;
        const reported = await reportMatchResult(
          {
            matchId: match.id,
            expectedVersion: match.version,
            winsA: 2,
            winsB: 0,
            draws: 0,
            idempotencyKey: randomUUID(),
            intentionalDraw: false,
            note: "",
          },
          { source: "STAFF", name: "Scorekeeper" },
        );
        if (!reported.ok) throw new Error(reported.error.message);
      }
    };
    await reportAll(1);
    const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
    if (!started.ok) throw new Error(started.error.message);
    await reportAll(2);
    const access = trustedTournamentAccess(tournamentId);
    const results = await resultsCsv(access);
    if (!results.ok) throw new Error(results.error.message);
    const rounds = lines(results.value.csv)
      .slice(1)
      .map((row) => row.split(",")[0]);
    expect([...new Set(rounds)]).toEqual(["Round 1", "Semifinals", "Final"]);
    const final = await resultsCsv(access, 3);
    expect(final.ok && lines(final.value.csv)[1]).toMatch(/^Final,1,/);
  });

  it("addenda: a pod event's top cut round is the final pod in the export", async () => {
    const tournamentId = await event(["Ada", "Bo", "Cy", "Di"], {
      structure: "PODS",
      format: "Commander",
    });
    await pairNextSwissRound(tournamentId, "pods-csv-cut");
    const [pod] = (await getPodRound(tournamentId, 1))!.pods;
    await recordPodOutcome(
      {
        tournamentId,
        podId: pod!.id,
        expectedVersion: 0,
        idempotencyKey: randomUUID(),
        outcome: { kind: "win", winnerId: pod!.seats[0]!.registrationId },
      },
      { name: "Scorekeeper" },
    );
    const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 1 });
    if (!started.ok) throw new Error(started.error.message);
    const results = await resultsCsv(trustedTournamentAccess(tournamentId));
    if (!results.ok) throw new Error(results.error.message);
    const rounds = lines(results.value.csv)
      .slice(1)
      .map((row) => row.split(",")[0]);
    expect([...new Set(rounds)]).toEqual(["Round 1", "Final pod"]);
  });

  it("a tournament in preparation is not found for anyone outside its staff; a published one downloads for anyone", async () => {
    const tournamentId = await event(["Ann", "Ben"]);
    const get = (file: string, query = "") =>
      GET(new Request(`http://test/tournaments/${tournamentId}/export/${file}${query}`), {
        params: Promise.resolve({ id: tournamentId, file }),
      });
    expect((await get("standings.csv")).status).toBe(404);
    expect((await get("archive.json")).status).toBe(404);
    await prisma.tournament.update({
      where: { id: tournamentId },
      data: { publishedAt: new Date() },
    });
    const answer = await get("standings.csv");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename=".+-standings\.csv"$/,
    );
    expect((await get("pairings.csv")).status).toBe(400);
    const unpaired = await get("pairings.csv", "?round=9");
    expect(unpaired.status).toBe(404);
    expect(((await unpaired.json()) as { error: { message: string } }).error.message).toBe(
      "Round 9 has not been paired: no round has been paired yet.",
    );
    expect((await get("secrets.csv")).status).toBe(404);
  });

  it("the archive, with its full history, downloads for the tournament's staff only, even once it is published", async () => {
    const tournamentId = await event(["Ann", "Ben"]);
    await prisma.tournament.update({
      where: { id: tournamentId },
      data: { publishedAt: new Date() },
    });
    const answer = await GET(
      new Request(`http://test/tournaments/${tournamentId}/export/archive.json`),
      { params: Promise.resolve({ id: tournamentId, file: "archive.json" }) },
    );
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toContain(
      "Only the tournament's staff",
    );
  });
});
