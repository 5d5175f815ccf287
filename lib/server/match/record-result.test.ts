import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "./results";
import { getMatchForTable } from "./match-table";
import { recordGame } from "./record-game";
import { recordPenalty } from "./penalties";
import { recordDecidedResult, recordDecidedResultsOfRound } from "./record-result";
import { getEndOfMatch, recordEndOfMatchStep } from "./end-of-match";
import type { RecordGameInput } from "@/lib/schemas/game";
import type { ReportMatchResultInput } from "@/lib/schemas/match-result";

// MTR 2.5: a match its games decide is decided, not recorded: until its result is recorded the players may still concede or agree to a draw.

afterAll(async () => {
  await prisma.$disconnect();
});

const staff = { name: "Judge Jo" };

async function swissRound(players = ["Ann", "Ben"], gamesToWin = 2) {
  const created = await createTournament({
    name: `Record ${randomUUID()}`,
    format: "",
    gamesToWin,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  for (const name of players) {
    const registered = await registerPlayer({ tournamentId: created.value.id, name });
    if (!registered.ok) throw new Error(registered.error.message);
  }
  await pairNextSwissRound(created.value.id, "record");
  const round = (await getRound(created.value.id, 1))!;
  return {
    tournamentId: created.value.id,
    roundId: round.id,
    matchIds: round.matches.filter((match) => match.sideB).map((match) => match.id),
  };
}

async function version(matchId: string) {
  return (
    await prisma.match.findUniqueOrThrow({ where: { id: matchId }, select: { version: true } })
  ).version;
}

async function game(matchId: string, winner: "A" | "B", chooser: "A" | "B" = "A") {
  const input: RecordGameInput = {
    matchId,
    expectedVersion: await version(matchId),
    idempotencyKey: randomUUID(),
    chooser,
    choice: "PLAY",
    winner,
    reason: "LIFE",
    note: "",
  };
  const recorded = await recordGame(input, staff, { mayOverrideChooser: true });
  if (!recorded.ok) throw new Error(recorded.error.message);
  return recorded.value;
}

async function agreement(matchId: string, fields: Partial<ReportMatchResultInput>) {
  const table = await stored(matchId);
  const input: ReportMatchResultInput = {
    matchId,
    winsA: table.winsA ?? 0,
    winsB: table.winsB ?? 0,
    draws: table.draws ?? 0,
    expectedVersion: table.version,
    idempotencyKey: randomUUID(),
    intentionalDraw: false,
    note: "",
    ...fields,
  };
  return reportMatchResult(input, { source: "STAFF", name: "Judge Jo" });
}

async function stored(matchId: string) {
  return prisma.match.findUniqueOrThrow({
    where: { id: matchId },
    select: {
      winsA: true,
      winsB: true,
      draws: true,
      concededBy: true,
      intentionalDraw: true,
      confirmedAt: true,
      version: true,
    },
  });
}

async function record(matchId: string, idempotencyKey = randomUUID()) {
  return recordDecidedResult(
    { matchId, expectedVersion: await version(matchId), idempotencyKey },
    staff,
  );
}

describe("decided is not recorded (MTR 2.5)", () => {
  it("MTR 2.5: games that decide the match leave it decided, not recorded; the match page says to record it", async () => {
    const { tournamentId, matchIds } = await swissRound();
    const matchId = matchIds[0]!;
    await game(matchId, "A");
    expect(await game(matchId, "A", "B")).toMatchObject({ status: "decided", winner: "A" });
    expect(await stored(matchId)).toMatchObject({ winsA: 2, winsB: 0, confirmedAt: null });
    const table = (await getMatchForTable(tournamentId, matchId))!;
    expect(table.record.phase).toBe("decided");
    expect(table.record.refusals["record-result"]).toBeNull();
    expect(table.record.refusals.concede).toBeNull();
  });

  it("MTR 2.5: a player who won 2-0 may still concede before the result is recorded; the opponent wins 2-1, with a history row", async () => {
    const { tournamentId, matchIds } = await swissRound();
    const matchId = matchIds[0]!;
    await game(matchId, "A");
    await game(matchId, "A", "B");
    const conceded = await agreement(matchId, { concededBy: "A" });
    expect(conceded).toMatchObject({ ok: true });
    expect(await stored(matchId)).toMatchObject({ winsA: 1, winsB: 2, concededBy: "A" });
    expect((await stored(matchId)).confirmedAt).not.toBeNull();
    const history = await prisma.resultChange.findMany({
      where: { matchId },
      orderBy: { version: "asc" },
      select: { kind: true },
    });
    expect(history.map((change) => change.kind)).toEqual([
      "GAME_RECORDED",
      "GAME_RECORDED",
      "CORRECTED",
    ]);
    expect((await getMatchForTable(tournamentId, matchId))!.record.phase).toBe("recorded");
    // The judge's time screen says the same result as the match page, not the games' 2-0.
    const time = (await getEndOfMatch(tournamentId, matchId))!;
    expect(time.summary).toMatchObject({
      phase: "decided",
      decided: { winner: "B", slip: { winsA: 1, winsB: 2, draws: 0 } },
    });
  });

  it("MTR 2.5: the players may agree to a draw after the games decided the match, until it is recorded", async () => {
    const { matchIds } = await swissRound();
    const matchId = matchIds[0]!;
    await game(matchId, "B");
    await game(matchId, "B", "A");
    expect(await agreement(matchId, { intentionalDraw: true })).toMatchObject({ ok: true });
    expect(await stored(matchId)).toMatchObject({ intentionalDraw: true });
  });

  it("MTR 2.5: recording the decided result is one step; after it the players can no longer concede", async () => {
    const { tournamentId, matchIds } = await swissRound();
    const matchId = matchIds[0]!;
    await game(matchId, "A");
    await game(matchId, "A", "B");
    const key = randomUUID();
    const recorded = await record(matchId, key);
    expect(recorded).toMatchObject({
      ok: true,
      value: { slip: { winsA: 2, winsB: 0, draws: 0 }, isDuplicate: false },
    });
    expect((await stored(matchId)).confirmedAt).not.toBeNull();
    // The same tap again (a retry) is answered as the first time, changing nothing.
    const before = await stored(matchId);
    expect(
      await recordDecidedResult(
        { matchId, expectedVersion: before.version - 1, idempotencyKey: key },
        staff,
      ),
    ).toMatchObject({ ok: true, value: { isDuplicate: true } });
    expect((await stored(matchId)).version).toBe(before.version);
    const history = await prisma.resultChange.findMany({
      where: { matchId },
      orderBy: { version: "asc" },
      select: { kind: true, after: true },
    });
    expect(history.at(-1)).toMatchObject({
      kind: "CONFIRMED",
      after: { winsA: 2, winsB: 0, draws: 0 },
    });
    expect((await getMatchForTable(tournamentId, matchId))!.record.phase).toBe("recorded");
    // A concession now is a correction: it needs a reason.
    expect(await agreement(matchId, { concededBy: "A" })).toMatchObject({
      ok: false,
      error: { code: "VALIDATION" },
    });
  });

  it("MTR 2.1: a match not decided yet cannot be recorded, and the refusal changes nothing", async () => {
    const { matchIds } = await swissRound();
    const matchId = matchIds[0]!;
    await game(matchId, "A");
    const before = await stored(matchId);
    expect(await record(matchId)).toMatchObject({ ok: false, error: { code: "INVALID_RESULT" } });
    expect(await stored(matchId)).toEqual(before);
  });

  it("MTR 2.5: a stale record tap is refused with the current result", async () => {
    const { matchIds } = await swissRound();
    const matchId = matchIds[0]!;
    await game(matchId, "A");
    await game(matchId, "A", "B");
    const stale = await recordDecidedResult(
      { matchId, expectedVersion: (await version(matchId)) - 1, idempotencyKey: randomUUID() },
      staff,
    );
    expect(stale).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
  });

  it("IPG 1.2: a Match Loss decides the match; it is recorded like any decided match", async () => {
    const { tournamentId, matchIds } = await swissRound();
    const matchId = matchIds[0]!;
    const match = await prisma.match.findUniqueOrThrow({
      where: { id: matchId },
      select: { sideAId: true, version: true },
    });
    const penalty = await recordPenalty(
      {
        tournamentId,
        matchId,
        registrationId: match.sideAId,
        kind: "MATCH_LOSS",
        infraction: "Unsporting Conduct — Major",
        gameNumber: null,
        note: "",
        idempotencyKey: randomUUID(),
        expectedVersion: match.version,
      },
      staff,
    );
    expect(penalty).toMatchObject({ ok: true });
    expect(await stored(matchId)).toMatchObject({ winsA: 0, winsB: 2, confirmedAt: null });
    expect((await getMatchForTable(tournamentId, matchId))!.record.phase).toBe("decided");
    expect(await record(matchId)).toMatchObject({
      ok: true,
      value: { slip: { winsA: 0, winsB: 2, draws: 0 } },
    });
  });

  it("MTR 2.5: staff record every decided match of a round at once; matches still playing or reported by a player are left alone", async () => {
    const { tournamentId, matchIds } = await swissRound(["Ann", "Ben", "Cid", "Dee", "Eve", "Fay"]);
    const [decided1, decided2, playing] = matchIds as [string, string, string];
    for (const matchId of [decided1, decided2]) {
      await game(matchId, "A");
      await game(matchId, "A", "B");
    }
    await game(playing, "A");
    const recorded = await recordDecidedResultsOfRound({ tournamentId, roundNumber: 1 }, staff);
    expect(recorded).toMatchObject({ ok: true, value: { recorded: 2 } });
    for (const matchId of [decided1, decided2])
      expect((await stored(matchId)).confirmedAt).not.toBeNull();
    expect((await stored(playing)).confirmedAt).toBeNull();
    // Nothing left to record: a second tap records none.
    expect(
      await recordDecidedResultsOfRound({ tournamentId, roundNumber: 1 }, staff),
    ).toMatchObject({ ok: true, value: { recorded: 0 } });
  });

  it("MTR 2.4: time called between games decides the match on the games played; its slip is stored as decided, with history, for staff to record", async () => {
    const { tournamentId, matchIds } = await swissRound();
    const matchId = matchIds[0]!;
    await game(matchId, "A");
    const called = await recordEndOfMatchStep(
      {
        step: "time-called",
        tournamentId,
        matchId,
        expectedSequence: 0,
        idempotencyKey: randomUUID(),
        gameInProgress: false,
        activePlayerPassingTurn: false,
        overrideReason: "The hall's clock says time.",
      },
      { staffId: null },
    );
    expect(called).toMatchObject({ ok: true });
    expect(await stored(matchId)).toMatchObject({
      winsA: 1,
      winsB: 0,
      draws: 0,
      confirmedAt: null,
    });
    const history = await prisma.resultChange.findMany({
      where: { matchId },
      orderBy: { version: "asc" },
      select: { kind: true, version: true },
    });
    expect(history.map((change) => change.kind)).toEqual(["GAME_RECORDED", "REPORTED"]);
    expect(await record(matchId)).toMatchObject({
      ok: true,
      value: { slip: { winsA: 1, winsB: 0, draws: 0 } },
    });
  });
});
