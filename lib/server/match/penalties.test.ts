import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer, undoDrop } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { getMatchForTable } from "./match-table";
import { recordGame } from "./record-game";
import { getEndOfMatch, recordEndOfMatchStep } from "./end-of-match";
import { recordPenalty } from "./penalties";
import { getMatchHistory } from "./match-history";
import type { RecordPenaltyInput } from "@/lib/schemas/penalty";
import type { RecordEndOfMatchStepInput } from "@/lib/schemas/end-of-match";

// A judge's penalty recorded against a real database,
// its consequence written through the same paths as games and slips, and shown in the history.

afterAll(async () => {
  await prisma.$disconnect();
});

const judge = { name: "Judge Judy" };

async function swissMatch(players = ["Ann", "Ben"]) {
  const created = await createTournament({
    name: `Penalty ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  for (const name of players) await registerPlayer({ tournamentId, name });
  await pairNextSwissRound(tournamentId, "penalty");
  const matches = (await getRound(tournamentId, 1))!.matches;
  const match = matches.find((candidate) => candidate.sideB !== null)!;
  const row = await prisma.match.findUniqueOrThrow({
    where: { id: match.id },
    select: { sideAId: true, sideBId: true },
  });
  return {
    tournamentId,
    matchId: match.id,
    sideA: row.sideAId,
    sideB: row.sideBId!,
    bye: matches.find((candidate) => candidate.sideB === null),
  };
}

async function version(matchId: string) {
  return (await prisma.match.findUniqueOrThrow({ where: { id: matchId } })).version;
}

async function penalty(
  match: { tournamentId: string; matchId: string },
  fields: Partial<RecordPenaltyInput> & Pick<RecordPenaltyInput, "registrationId" | "kind">,
) {
  const input: RecordPenaltyInput = {
    tournamentId: match.tournamentId,
    matchId: match.matchId,
    infraction: "Game Rule Violation (IPG 2.5)",
    gameNumber: null,
    note: "",
    expectedVersion: await version(match.matchId),
    idempotencyKey: randomUUID(),
    ...fields,
  };
  return recordPenalty(input, judge);
}

async function game(matchId: string, winner: "A" | "B", chooser: "A" | "B" = "A") {
  const recorded = await recordGame(
    {
      matchId,
      expectedVersion: await version(matchId),
      idempotencyKey: randomUUID(),
      chooser,
      choice: "PLAY",
      reason: "LIFE",
      winner,
      note: "",
    },
    judge,
    { mayOverrideChooser: true },
  );
  if (!recorded.ok) throw new Error(recorded.error.message);
}

async function tryTap(
  match: { tournamentId: string; matchId: string },
  step: "time-called" | "turn-ended",
  gameInProgress = true,
) {
  const sequence = (await getEndOfMatch(match.tournamentId, match.matchId))!.sequence;
  const base = {
    tournamentId: match.tournamentId,
    matchId: match.matchId,
    expectedSequence: sequence,
    idempotencyKey: randomUUID(),
  };
  const input =
    step === "time-called"
      ? { ...base, step, gameInProgress, activePlayerPassingTurn: false, activeSide: "A" as const }
      : { ...base, step, extraTurn: false };
  return recordEndOfMatchStep(input as RecordEndOfMatchStepInput, { staffId: null });
}

async function tap(
  match: { tournamentId: string; matchId: string },
  step: "time-called" | "turn-ended",
  gameInProgress = true,
) {
  const result = await tryTap(match, step, gameInProgress);
  if (!result.ok) throw new Error(result.error.message);
}

describe("CR 104.3k: a Game Loss becomes that game's result", () => {
  it("CR 104.3k: a Game Loss in game 2 is recorded as game 2, lost by the penalised player, and the match follows", async () => {
    const match = await swissMatch();
    await game(match.matchId, "A");
    const given = await penalty(match, {
      registrationId: match.sideA,
      kind: "GAME_LOSS",
      infraction: "Decklist Problem (IPG 3.4)",
      gameNumber: 2,
    });
    expect(given).toMatchObject({ ok: true, value: { isDuplicate: false } });
    const games = await prisma.game.findMany({
      where: { matchId: match.matchId },
      orderBy: { number: "asc" },
    });
    expect(games.map((row) => [row.number, row.winner, row.reason])).toEqual([
      [1, "A", "LIFE"],
      [2, "B", "JUDGE_GAME_LOSS"],
    ]);
    const table = (await getMatchForTable(match.tournamentId, match.matchId))!;
    expect(table.state).toMatchObject({
      status: "in-progress",
      slip: { winsA: 1, winsB: 1, draws: 0 },
    });
    // MTR 2.2: the loser of game 2 (the penalised player) chooses for game 3.
    expect(table.nextChooser).toBe("A");
    const change = await prisma.resultChange.findFirstOrThrow({
      where: {
        matchId: match.matchId,
        kind: "GAME_RECORDED",
        after: { path: ["game", "number"], equals: 2 },
      },
    });
    expect(change.note).toContain("Game Loss to Ann");
    expect(change.actorName).toBe("Judge Judy");
    const stored = await prisma.penalty.findFirstOrThrow({ where: { matchId: match.matchId } });
    expect(stored).toMatchObject({
      kind: "GAME_LOSS",
      gameNumber: 2,
      infraction: "Decklist Problem (IPG 3.4)",
    });

    // A second Game Loss decides the match: its slip is stored as decided, not yet recorded (MTR 2.5).
    expect(
      await penalty(match, { registrationId: match.sideA, kind: "GAME_LOSS", gameNumber: 3 }),
    ).toMatchObject({ ok: true });
    expect(await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } })).toMatchObject({
      winsA: 1,
      winsB: 2,
      draws: 0,
    });
    expect(
      await prisma.match.findUniqueOrThrow({
        where: { id: match.matchId },
        select: { confirmedAt: true },
      }),
    ).toMatchObject({ confirmedAt: null });
  });

  it("IPG 1.2: a Game Loss for a game already played, or once the match has ended, is refused with the rule's message; nothing is written", async () => {
    const match = await swissMatch();
    await game(match.matchId, "B");
    expect(
      await penalty(match, { registrationId: match.sideA, kind: "GAME_LOSS", gameNumber: 1 }),
    ).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", message: expect.stringContaining("game 2 here") },
    });
    await game(match.matchId, "B", "A");
    expect(await penalty(match, { registrationId: match.sideA, kind: "GAME_LOSS" })).toMatchObject({
      ok: false,
      error: { code: "INVALID_RESULT", message: expect.stringContaining("next match") },
    });
    expect(await prisma.penalty.count({ where: { matchId: match.matchId } })).toBe(0);
  });
});

describe("IPG 1.2: a Match Loss becomes the match's result", () => {
  it("MTR 2.4, IPG 1.2: a Game Loss once the end-of-match procedure has decided the match is refused; nothing is written", async () => {
    const match = await swissMatch();
    await game(match.matchId, "A");
    await tap(match, "time-called");
    for (let turn = 0; turn <= 5; turn += 1) await tap(match, "turn-ended");
    // The unfinished game 2 is a draw: A wins 1-0-1; a Game Loss to A cannot make game 2 B's.
    const refused = await penalty(match, {
      registrationId: match.sideA,
      kind: "GAME_LOSS",
      gameNumber: 2,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: "INVALID_RESULT", message: expect.stringContaining("next match") },
    });
    expect(await prisma.game.count({ where: { matchId: match.matchId } })).toBe(1);
    expect(await prisma.penalty.count({ where: { matchId: match.matchId } })).toBe(0);
  });

  it("MTR 2.4: a Game Loss during the additional turns ends the game under way", async () => {
    const match = await swissMatch();
    await game(match.matchId, "A");
    await tap(match, "time-called");
    await tap(match, "turn-ended");
    const given = await penalty(match, {
      registrationId: match.sideA,
      kind: "GAME_LOSS",
      gameNumber: 2,
    });
    expect(given.ok ? "ok" : given.error.message).toBe("ok");
    expect(
      await prisma.match.findUniqueOrThrow({
        where: { id: match.matchId },
        select: { winsA: true, winsB: true, draws: true },
      }),
    ).toEqual({ winsA: 1, winsB: 1, draws: 0 });
  });

  it("IPG 1.2: a Match Loss makes the match a loss for that player, stored with a history row naming the penalty; no game can follow", async () => {
    const match = await swissMatch();
    const given = await penalty(match, {
      registrationId: match.sideB,
      kind: "MATCH_LOSS",
      infraction: "Outside Assistance (IPG 3.2)",
      note: "Spectator coached",
    });
    expect(given).toMatchObject({ ok: true });
    expect(await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } })).toMatchObject({
      winsA: 2,
      winsB: 0,
      draws: 0,
      concededBy: null,
    });
    const table = (await getMatchForTable(match.tournamentId, match.matchId))!;
    expect(table).toMatchObject({
      isSlipOnly: false,
      matchLoss: "B",
      mayRecordGame: false,
      state: { status: "decided", winner: "A", decidedBy: "penalty" },
    });
    const change = await prisma.resultChange.findFirstOrThrow({
      where: { matchId: match.matchId },
      orderBy: { version: "desc" },
    });
    expect(change).toMatchObject({ kind: "REPORTED", source: "STAFF", actorName: "Judge Judy" });
    expect(change.note).toContain("Match Loss to Ben");
    expect(change.note).toContain("Spectator coached");
    const next = await recordGame(
      {
        matchId: match.matchId,
        expectedVersion: await version(match.matchId),
        idempotencyKey: randomUUID(),
        chooser: "A",
        choice: "PLAY",
        reason: "LIFE",
        winner: "A",
        note: "",
      },
      judge,
      { mayOverrideChooser: true },
    );
    expect(next).toMatchObject({ ok: false, error: { code: "INVALID_RESULT" } });
  });

  it("MTR 2.10: a Disqualification is a Match Loss and drops the player", async () => {
    const match = await swissMatch();
    await game(match.matchId, "B");
    expect(
      await penalty(match, {
        registrationId: match.sideB,
        kind: "DISQUALIFICATION",
        infraction: "Cheating (IPG 4.8)",
      }),
    ).toMatchObject({ ok: true });
    expect(await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } })).toMatchObject({
      winsA: 2,
      winsB: 1,
    });
    expect(
      await prisma.registration.findUniqueOrThrow({ where: { id: match.sideB } }),
    ).toMatchObject({ droppedAfterRound: 1 });
    // The drop is in the player's history in the judge's name, and undoing it would not undo the penalty: refused.
    expect(
      await prisma.dropChange.findMany({
        where: { registrationId: match.sideB },
        select: { kind: true, actorName: true },
      }),
    ).toEqual([{ kind: "DROPPED", actorName: "Judge Judy" }]);
    const undo = await undoDrop(
      { tournamentId: match.tournamentId, registrationId: match.sideB },
      { staffId: null, name: "Olga Organizer" },
    );
    expect(undo).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    expect(!undo.ok && undo.error.message).toContain("disqualified");
  });
});

describe("one state of a match: the time screen agrees with the stored result", () => {
  it("IPG 1.2: after a Match Loss, time cannot be called; the time screen shows the penalised player losing", async () => {
    const match = await swissMatch();
    await game(match.matchId, "A");
    expect(await penalty(match, { registrationId: match.sideA, kind: "MATCH_LOSS" })).toMatchObject(
      { ok: true },
    );
    const before = await prisma.endOfMatchEvent.count({ where: { matchId: match.matchId } });
    const called = await tryTap(match, "time-called");
    expect(called).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("decided") },
    });
    expect(await prisma.endOfMatchEvent.count({ where: { matchId: match.matchId } })).toBe(before);
    const procedure = (await getEndOfMatch(match.tournamentId, match.matchId))!;
    expect(procedure.summary).toMatchObject({ phase: "decided", decided: { winner: "B" } });
  });

  it("MTR 2.5: after a concession during the additional turns, the time screen counts no more turns and shows the conceded result", async () => {
    const match = await swissMatch();
    await game(match.matchId, "A");
    await tap(match, "time-called");
    await tap(match, "turn-ended");
    // As the players' reports store it once both agree (player-reports.ts).
    await prisma.match.update({
      where: { id: match.matchId },
      data: {
        winsA: 2,
        winsB: 0,
        draws: 0,
        concededBy: "B",
        confirmedAt: new Date(),
        version: { increment: 1 },
      },
    });
    const procedure = (await getEndOfMatch(match.tournamentId, match.matchId))!;
    expect(procedure.summary).toMatchObject({
      phase: "decided",
      turn: null,
      decided: { winner: "A" },
    });
    expect(await tryTap(match, "turn-ended")).toMatchObject({ ok: false });
  });
});

describe("IPG 3.3 Slow Play: turns added to the end-of-match procedure", () => {
  it("IPG 3.3: a Slow Play Warning in turn 0 adds no turns (the end-of-match procedure has begun); the Warning is kept", async () => {
    const match = await swissMatch();
    await tap(match, "time-called");
    const given = await penalty(match, {
      registrationId: match.sideA,
      kind: "WARNING",
      infraction: "Slow Play (IPG 3.3)",
    });
    expect(given).toMatchObject({ ok: true, value: { addedTurns: 0 } });
    const procedure = (await getEndOfMatch(match.tournamentId, match.matchId))!;
    expect(procedure.summary).toMatchObject({
      phase: "finishing-turn",
      turn: 0,
      additionalTurns: 5,
      turnsRemainingAfterThis: 5,
    });
    expect(procedure.turnSide).toBe("A");
    expect(
      await prisma.endOfMatchEvent.count({
        where: { matchId: match.matchId, kind: "PENALTY_TURNS" },
      }),
    ).toBe(0);
    expect(
      await prisma.penalty.findFirstOrThrow({ where: { matchId: match.matchId } }),
    ).toMatchObject({ kind: "WARNING", additionalTurns: 0 });
    // The result is untouched.
    expect(await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } })).toMatchObject({
      winsA: null,
    });
  });

  it("IPG 3.3: given before time is called, the turns are counted once time is called", async () => {
    const match = await swissMatch();
    expect(
      await penalty(match, {
        registrationId: match.sideB,
        kind: "WARNING",
        infraction: "Slow Play (IPG 3.3)",
      }),
    ).toMatchObject({ ok: true, value: { addedTurns: 2 } });
    await tap(match, "time-called");
    await tap(match, "turn-ended");
    expect((await getEndOfMatch(match.tournamentId, match.matchId))!.summary).toMatchObject({
      phase: "additional-turns",
      turn: 1,
      additionalTurns: 7,
    });
    expect((await getEndOfMatch(match.tournamentId, match.matchId))!.turnSide).toBe("B");
  });

  it("MTR 2.4: turns added before time do not hide how time was called (no game under way: the match ends as it stands)", async () => {
    const match = await swissMatch();
    expect(
      await penalty(match, {
        registrationId: match.sideB,
        kind: "WARNING",
        infraction: "Slow Play (IPG 3.3)",
      }),
    ).toMatchObject({ ok: true, value: { addedTurns: 2 } });
    await tap(match, "time-called", false);
    expect((await getEndOfMatch(match.tournamentId, match.matchId))!.summary).toMatchObject({
      phase: "decided",
      decided: { winner: null, slip: { winsA: 0, winsB: 0, draws: 0 } },
    });
  });

  it("IPG 3.3: a Slow Play Warning during the additional turns adds no turns; the Warning is kept", async () => {
    const match = await swissMatch();
    await tap(match, "time-called");
    await tap(match, "turn-ended");
    const given = await penalty(match, {
      registrationId: match.sideA,
      kind: "WARNING",
      infraction: "Slow Play (IPG 3.3)",
    });
    expect(given).toMatchObject({
      ok: true,
      value: { addedTurns: 0, summary: expect.stringContaining("no turns are added") },
    });
    expect((await getEndOfMatch(match.tournamentId, match.matchId))!.summary).toMatchObject({
      turn: 1,
      additionalTurns: 5,
    });
    expect(
      await prisma.endOfMatchEvent.count({
        where: { matchId: match.matchId, kind: "PENALTY_TURNS" },
      }),
    ).toBe(0);
    expect(
      await prisma.penalty.count({
        where: { matchId: match.matchId, kind: "WARNING", additionalTurns: 0 },
      }),
    ).toBe(1);
  });
});

describe("penalty writes: idempotent, version-checked, scoped to the tournament", () => {
  it("a replayed form records the penalty and its game once and answers as the first time", async () => {
    const match = await swissMatch();
    const input: RecordPenaltyInput = {
      tournamentId: match.tournamentId,
      matchId: match.matchId,
      registrationId: match.sideA,
      kind: "GAME_LOSS",
      infraction: "Tardiness (IPG 3.1)",
      gameNumber: null,
      note: "",
      expectedVersion: await version(match.matchId),
      idempotencyKey: randomUUID(),
    };
    const [first, second] = await Promise.all([
      recordPenalty(input, judge),
      recordPenalty(input, judge),
    ]);
    const third = await recordPenalty(input, judge);
    expect([first, second].filter((result) => result.ok)).toHaveLength(2);
    expect(third).toMatchObject({ ok: true, value: { isDuplicate: true } });
    expect(await prisma.penalty.count({ where: { matchId: match.matchId } })).toBe(1);
    expect(await prisma.game.count({ where: { matchId: match.matchId } })).toBe(1);
    // The same key used for another penalty is a conflict, not a second penalty.
    expect(await recordPenalty({ ...input, kind: "WARNING" }, judge)).toMatchObject({
      ok: false,
      error: { code: "CONFLICT" },
    });
  });

  it("a form that saw an older version of the match is a CONFLICT and writes nothing", async () => {
    const match = await swissMatch();
    const stale = await version(match.matchId);
    await game(match.matchId, "A");
    const result = await penalty(match, {
      registrationId: match.sideB,
      kind: "GAME_LOSS",
      expectedVersion: stale,
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", message: expect.stringContaining("changed by someone else") },
    });
    expect(await prisma.penalty.count({ where: { matchId: match.matchId } })).toBe(0);
    expect(await prisma.game.count({ where: { matchId: match.matchId } })).toBe(1);
  });

  it("a match of another tournament is NOT_FOUND; a player not in the match or a bye is refused", async () => {
    const mine = await swissMatch(["Cat", "Dan", "Eve"]);
    const other = await swissMatch();
    expect(
      await penalty(
        { tournamentId: mine.tournamentId, matchId: other.matchId },
        { registrationId: other.sideA, kind: "WARNING" },
      ),
    ).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(await penalty(mine, { registrationId: other.sideA, kind: "WARNING" })).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", fieldErrors: { registrationId: [expect.any(String)] } },
    });
    const bye = await prisma.match.findUniqueOrThrow({
      where: { id: mine.bye!.id },
      select: { sideAId: true },
    });
    expect(
      await penalty(
        { tournamentId: mine.tournamentId, matchId: mine.bye!.id },
        { registrationId: bye.sideAId, kind: "GAME_LOSS" },
      ),
    ).toMatchObject({
      ok: false,
      error: { code: "INVALID_RESULT", message: expect.stringContaining("bye") },
    });
    expect(
      await prisma.penalty.count({
        where: { matchId: { in: [mine.matchId, other.matchId, mine.bye!.id] } },
      }),
    ).toBe(0);
  });
});

describe("the match's history, in time order", () => {
  it("shows the game, the penalty and the result change with who, when and why", async () => {
    const match = await swissMatch();
    await game(match.matchId, "A");
    await penalty(match, {
      registrationId: match.sideA,
      kind: "GAME_LOSS",
      infraction: "Decklist Problem (IPG 3.4)",
      note: "Wrong deck registered",
    });
    const history = (await getMatchHistory(match.tournamentId, match.matchId))!;
    const kinds = history.map((entry) => entry.kind);
    expect(kinds).toContain("penalty");
    expect(kinds.filter((kind) => kind === "result-change")).toHaveLength(2);
    const penaltyEntry = history.find((entry) => entry.kind === "penalty")!;
    expect(
      history.find((entry) => entry.kind === "result-change" && entry.game?.number === 2),
    ).toMatchObject({ who: "Judge Judy", before: null, after: { winsA: 1, winsB: 1, draws: 0 } });
    expect(penaltyEntry).toMatchObject({
      side: "A",
      player: "Ann",
      penalty: "GAME_LOSS",
      infraction: "Decklist Problem (IPG 3.4)",
      note: "Wrong deck registered",
    });
    // The cause before what it made: the penalty, then game 2 and its history row.
    expect(history.indexOf(penaltyEntry)).toBeLessThan(
      history.findIndex((entry) => entry.kind === "game" && entry.number === 2),
    );
    const times = history.map((entry) => entry.at.getTime());
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });
});
