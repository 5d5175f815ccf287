import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { decklistsCsv, deckChecksCsv } from "./exports";
import { BURN, importSampleCards } from "@/test/decklists";
import { submitDecklist } from "@/lib/server/decklists/submit-decklist";
import { penaltyFromDeckCheck, recordDeckCheck } from "@/lib/server/deck-checks/deck-checks";
import { PenaltyFromDeckCheckSchema, RecordDeckCheckSchema } from "@/lib/schemas/deck-check";
import { startRound } from "@/lib/server/round/rounds";
import { createSignedInAccount } from "@/test/accounts";
import { addStaff } from "@/test/staff";

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

describe("the staff's CSV downloads of decklists and deck checks (MTR 2.7, 2.8)", () => {
  beforeAll(async () => {
    await importSampleCards();
  });

  async function idsOf(tournamentId: string) {
    const rows = await prisma.registration.findMany({
      where: { tournamentId },
      select: { id: true, displayName: true },
    });
    return new Map(rows.map((row) => [row.displayName, row.id]));
  }

  async function send(tournamentId: string, registrationId: string, text: string, more = {}) {
    const sent = await submitDecklist(
      {
        tournamentId,
        registrationId,
        text,
        archetype: "",
        expectedVersion: null,
        idempotencyKey: randomUUID(),
        ...more,
      },
      { source: "PLAYER", name: "Player" },
    );
    if (!sent.ok) throw new Error(sent.error.message);
  }

  it("MTR 2.7: decklists.csv has a row per card line with the list's version, legality, archetype, format and card data date; a formula-like name is text", async () => {
    const tournamentId = await event(["=Ada()", "Bea", "Cy"]);
    await prisma.tournament.update({ where: { id: tournamentId }, data: { deckFormat: "modern" } });
    const ids = await idsOf(tournamentId);
    await send(tournamentId, ids.get("=Ada()")!, BURN, { archetype: "+Burn" });
    await send(tournamentId, ids.get("Bea")!, BURN);
    await send(tournamentId, ids.get("Bea")!, BURN.replace("28 Mountain", "27 Mountain"), {
      expectedVersion: 1,
    });
    const answer = await decklistsCsv(trustedTournamentAccess(tournamentId));
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.filename).toMatch(/^export-cup-\w+-decklists\.csv$/);
    const rows = lines(answer.value.csv);
    expect(rows[0]).toBe(
      "Player,Section,Count,Card,List version,Legal,Archetype,Format,Checked against (card data of)",
    );
    // Ten card lines a list; Cy sent none.
    expect(rows).toHaveLength(21);
    expect(rows).toContain("'=Ada(),main,4,Lightning Bolt,1,yes,'+Burn,Modern,2026-11-28");
    expect(rows).toContain(
      "'=Ada(),main,4,Bonecrusher Giant // Stomp,1,yes,'+Burn,Modern,2026-11-28",
    );
    expect(rows).toContain("'=Ada(),sideboard,3,Counterspell,1,yes,'+Burn,Modern,2026-11-28");
    expect(rows).toContain("Bea,main,27,Mountain,2,no,,Modern,2026-11-28");
    expect(rows.filter((row) => row.startsWith("Cy,"))).toEqual([]);
    // Each player's lines together, main deck before sideboard.
    const players = rows.slice(1).map((row) => row.split(",")[0]);
    expect(players).toEqual([...players].sort((a, b) => (a === b ? 0 : a! < b! ? -1 : 1)));
    const bea = rows.filter((row) => row.startsWith("Bea,")).map((row) => row.split(",")[1]);
    expect(bea.at(-1)).toBe("sideboard");
    expect(bea.slice(0, -1).every((section) => section === "main")).toBe(true);
  });

  it("MTR 2.8: deck-checks.csv lists every check by round and table with its outcome, note, penalty, judge, time, and corrected records said so", async () => {
    const tournamentId = await event(["Ann", "Ben", "Cid", "Dot"]);
    await pairNextSwissRound(tournamentId, "deck-checks-csv");
    await startRound(tournamentId, 1);
    const [first, second] = (await getRound(tournamentId, 1))!.matches;
    const judge = { name: "Jo Judge" };
    const check = async (
      table: typeof first,
      registrationId: string,
      outcome: string,
      more: Record<string, string> = {},
    ) => {
      const recorded = await recordDeckCheck(
        RecordDeckCheckSchema.parse({
          tournamentId,
          matchId: table!.id,
          registrationId,
          outcome,
          idempotencyKey: randomUUID(),
          ...more,
        }),
        judge,
      );
      if (!recorded.ok) throw new Error(recorded.error.message);
      return recorded.value.check;
    };
    await check(first, first!.sideA.id, "PASSED");
    const problem = await check(first, first!.sideB!.id, "DECKLIST_PROBLEM", {
      note: "-1 card on the list",
    });
    const given = await penaltyFromDeckCheck(
      PenaltyFromDeckCheckSchema.parse({
        tournamentId,
        deckCheckId: problem.id,
        expectedVersion: String(first!.version),
        gameNumber: "1",
        idempotencyKey: randomUUID(),
      }),
      judge,
    );
    if (!given.ok) throw new Error(given.error.message);
    const misread = await check(second, second!.sideA.id, "DECK_PROBLEM", {
      note: "Counted twice",
    });
    await check(second, second!.sideA.id, "PASSED", { replacesId: misread.id });

    const answer = await deckChecksCsv(trustedTournamentAccess(tournamentId));
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.filename).toMatch(/^export-cup-\w+-deck-checks\.csv$/);
    const rows = lines(answer.value.csv);
    expect(rows[0]).toBe("Round,Table,Player,Outcome,Note,Penalty,Judge,Time (UTC),Record");
    const time = "\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}";
    const row = (table: number, player: string, rest: string) =>
      new RegExp(`^Round 1,${table},${player},${rest.replace("TIME", time)}$`);
    const t1 = first!.tableNumber;
    const t2 = second!.tableNumber;
    expect(rows).toHaveLength(5);
    expect(rows[1]).toMatch(row(t1, first!.sideA.displayName, "Passed,,,Jo Judge,TIME,current"));
    expect(rows[2]).toMatch(
      row(
        t1,
        first!.sideB!.displayName,
        "Decklist Problem \\(IPG 3\\.4\\),'-1 card on the list,Game Loss: Decklist Problem \\(IPG 3\\.4\\),Jo Judge,TIME,current",
      ),
    );
    expect(rows[3]).toMatch(
      row(
        t2,
        second!.sideA.displayName,
        "Deck Problem \\(IPG 3\\.5\\),Counted twice,,Jo Judge,TIME,corrected",
      ),
    );
    expect(rows[4]).toMatch(row(t2, second!.sideA.displayName, "Passed,,,Jo Judge,TIME,current"));
  });

  it("decklists.csv and deck-checks.csv download for the tournament's staff only, even once it is published, and are never cached publicly", async () => {
    // Made first: the first account on a database adopts the tournaments made before it.
    const judge = await createSignedInAccount("Export Judge");
    const tournamentId = await event(["Ann", "Ben"]);
    await prisma.tournament.update({
      where: { id: tournamentId },
      data: { publishedAt: new Date(), deckFormat: "modern" },
    });
    await addStaff(tournamentId, judge, "JUDGE", "Export Judge");
    const get = (file: string, headers?: Headers) =>
      GET(new Request(`http://test/tournaments/${tournamentId}/export/${file}`, { headers }), {
        params: Promise.resolve({ id: tournamentId, file }),
      });
    for (const [file, what] of [
      ["decklists.csv", "decklists"],
      ["deck-checks.csv", "deck checks"],
    ] as const) {
      const refused = await get(file);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        `Only the tournament's staff may download its ${what}.`,
      );
      const answer = await get(file, judge.headers);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.headers.get("content-disposition")).toMatch(
        new RegExp(`^attachment; filename=".+-${file.replace(".", "\\.")}"$`),
      );
    }
    // Published standings stay public, and a name that is not a download is not found.
    expect((await get("standings.csv")).headers.get("cache-control")).toBe("public, no-cache");
    expect((await get("constructor", judge.headers)).status).toBe(404);
  });
});
