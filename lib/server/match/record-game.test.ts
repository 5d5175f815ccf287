import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { startPlayoff } from "@/lib/server/round/playoffs";
import { reportMatchResult } from "./results";
import { clearMatchResult } from "./clear-result";
import { getMatchForTable } from "./match-table";
import { recordGame } from "./record-game";
import { takeBackLastGame } from "./take-back-game";
import { restartGame } from "./restart-game";
import { getMatchHistory } from "./match-history";
import { recordPenalty } from "./penalties";
import { registerTeams } from "@/lib/server/registration/teams";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { describeGameEnd } from "@/components/game-end-reasons";
import { RecordGameSchema, type RecordGameInput, type TakeBackGameInput } from "@/lib/schemas/game";
import { getEndOfMatch, recordEndOfMatchStep } from "./end-of-match";
import type { ReportMatchResultInput } from "@/lib/schemas/match-result";

// Games recorded one by one, and concessions and intentional draws (MTR 2.5), against a real
// database.

afterAll(async () => {
  await prisma.$disconnect();
});

const staff = { name: "Judge Jo" };
const judge = { mayOverrideChooser: true };
const scorekeeper = { mayOverrideChooser: false };

async function swissMatch(gamesToWin = 2) {
  const created = await createTournament({
    name: `Games ${randomUUID()}`,
    format: "",
    gamesToWin,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  for (const name of ["Ann", "Ben"]) {
    const registered = await registerPlayer({ tournamentId: created.value.id, name });
    if (!registered.ok) throw new Error(registered.error.message);
  }
  await pairNextSwissRound(created.value.id, "games");
  const [match] = (await getRound(created.value.id, 1))!.matches;
  return { tournamentId: created.value.id, matchId: match!.id };
}

async function version(matchId: string) {
  return (
    await prisma.match.findUniqueOrThrow({ where: { id: matchId }, select: { version: true } })
  ).version;
}

async function game(
  matchId: string,
  fields: Partial<RecordGameInput> & Pick<RecordGameInput, "chooser" | "reason" | "winner">,
  options = judge,
) {
  const input: RecordGameInput = {
    matchId,
    expectedVersion: await version(matchId),
    idempotencyKey: randomUUID(),
    choice: "PLAY",
    note: "",
    ...fields,
  };
  return recordGame(input, staff, options);
}

async function slip(matchId: string, fields: Partial<ReportMatchResultInput>) {
  const input: ReportMatchResultInput = {
    matchId,
    winsA: 0,
    winsB: 0,
    draws: 0,
    expectedVersion: await version(matchId),
    idempotencyKey: randomUUID(),
    intentionalDraw: false,
    note: "",
    ...fields,
  };
  return reportMatchResult(input, { source: "STAFF", name: "Judge Jo" });
}

/** A 4-player event cut to a top-4 playoff (best-of-three): the tournament and its semifinals' round number. */
async function playoffSemifinals(name: string) {
  const created = await createTournament({
    name: `${name} ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  for (const player of ["P1", "P2", "P3", "P4"])
    await registerPlayer({ tournamentId, name: player });
  await pairNextSwissRound(tournamentId, "cut");
  for (const match of (await getRound(tournamentId, 1))!.matches)
    await slip(match.id, { winsA: 2 });
  const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
  if (!started.ok) throw new Error(started.error.message);
  return { tournamentId, roundNumber: started.value.roundNumber };
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
      game1Chooser: true,
      version: true,
    },
  });
}

describe("game by game (MTR 2.1, 2.2, CR 104)", () => {
  it("MTR 2.2: stores each game, the random winner chooses game 1, then the loser of each game; the games decide the match 2-1 with history", async () => {
    const { tournamentId, matchId } = await swissMatch();
    // Game 1: B won the die roll and chose to draw; A won on life (104.3b).
    expect(
      await game(matchId, { chooser: "B", choice: "DRAW", reason: "LIFE", winner: "A" }),
    ).toMatchObject({ ok: true, value: { number: 1, status: "in-progress", version: 1 } });
    let table = (await getMatchForTable(tournamentId, matchId))!;
    expect(table.nextChooser).toBe("B"); // the loser of game 1
    expect(await stored(matchId)).toMatchObject({ winsA: null, game1Chooser: "B" });
    // A scorekeeper cannot name anyone else as the chooser.
    expect(
      await game(matchId, { chooser: "A", reason: "LIFE", winner: "B" }, scorekeeper),
    ).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect(await game(matchId, { chooser: "B", reason: "POISON", winner: "B" })).toMatchObject({
      ok: true,
      value: { number: 2, status: "in-progress" },
    });
    table = (await getMatchForTable(tournamentId, matchId))!;
    expect(table.nextChooser).toBe("A");
    expect(
      await game(matchId, { chooser: "A", reason: "EMPTY_LIBRARY", winner: "A" }),
    ).toMatchObject({ ok: true, value: { number: 3, status: "decided", winner: "A", version: 3 } });
    expect(await stored(matchId)).toMatchObject({ winsA: 2, winsB: 1, draws: 0, version: 3 });
    const games = await prisma.game.findMany({ where: { matchId }, orderBy: { number: "asc" } });
    expect(games.map((g) => [g.number, g.chooser, g.choice, g.winner, g.reason])).toEqual([
      [1, "B", "DRAW", "A", "LIFE"],
      [2, "B", "PLAY", "B", "POISON"],
      [3, "A", "PLAY", "A", "EMPTY_LIBRARY"],
    ]);
    const history = await prisma.resultChange.findMany({
      where: { matchId },
      orderBy: { version: "asc" },
    });
    expect(history.map((h) => [h.version, h.kind])).toEqual([
      [1, "GAME_RECORDED"],
      [2, "GAME_RECORDED"],
      [3, "GAME_RECORDED"],
    ]);
    expect(history[2]!.after).toMatchObject({
      status: "decided",
      slip: { winsA: 2, winsB: 1, draws: 0 },
      game: { number: 3, reason: "EMPTY_LIBRARY", rule: "104.3c" },
    });
  });

  it("MTR 2.2: after a drawn game the previous chooser chooses again; a judge may override with a reason", async () => {
    const { tournamentId, matchId } = await swissMatch();
    await game(matchId, { chooser: "A", reason: "LIFE", winner: "A" });
    await game(matchId, { chooser: "B", reason: "DRAW_LOOP", winner: null });
    expect((await getMatchForTable(tournamentId, matchId))!.nextChooser).toBe("B");
    expect(await game(matchId, { chooser: "A", reason: "LIFE", winner: "A" })).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", fieldErrors: { note: [expect.stringContaining("MTR 2.2")] } },
    });
    expect(
      await game(matchId, {
        chooser: "A",
        reason: "LIFE",
        winner: "A",
        note: "B let A choose; both agreed",
      }),
    ).toMatchObject({ ok: true, value: { status: "decided", winner: "A" } });
    expect(await stored(matchId)).toMatchObject({ winsA: 2, winsB: 0, draws: 1 });
  });

  it("MTR 2.1: a game after the match was decided is refused with the rule's message; a winner for a drawn ending is refused", async () => {
    const { matchId } = await swissMatch(1);
    expect(
      await game(matchId, { chooser: "A", reason: "DRAW_CARD_EFFECT", winner: "A" }),
    ).toMatchObject({
      ok: false,
      error: { code: "INVALID_RESULT", message: expect.stringContaining("is a draw") },
    });
    await game(matchId, { chooser: "A", reason: "CONCESSION", winner: "B" });
    const refused = await game(matchId, { chooser: "A", reason: "LIFE", winner: "A" });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: "INVALID_RESULT",
        message:
          "Game 2: The match was already decided (0-1-0, won by player B); no further game can be recorded.",
      },
    });
    expect(await prisma.game.count({ where: { matchId } })).toBe(1);
  });

  it("replaying the same request is answered once; a stale form is a conflict", async () => {
    const { matchId } = await swissMatch();
    const input: RecordGameInput = {
      matchId,
      expectedVersion: 0,
      idempotencyKey: randomUUID(),
      chooser: "A",
      choice: "PLAY",
      reason: "LIFE",
      winner: "B",
      note: "",
    };
    const first = await recordGame(input, staff, judge);
    expect(await recordGame(input, staff, judge)).toEqual({
      ok: true,
      value: { ...(first.ok ? first.value : {}), isDuplicate: true },
    });
    expect(
      await recordGame({ ...input, idempotencyKey: randomUUID() }, staff, judge),
    ).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    expect(await prisma.game.count({ where: { matchId } })).toBe(1);
  });

  it("one source of truth: a slip that contradicts a recorded game is refused naming the game; a match entered by slip takes no games", async () => {
    const { matchId } = await swissMatch();
    await game(matchId, { chooser: "A", reason: "LIFE", winner: "A" });
    await game(matchId, { chooser: "B", reason: "LIFE", winner: "B" });
    expect(await slip(matchId, { winsA: 2, winsB: 0 })).toEqual({
      ok: false,
      error: {
        code: "INVALID_RESULT",
        message:
          "This match is recorded game by game. Game 2 was won by player B, but the slip 2-0-0 has only player B 0 game wins.",
      },
    });

    // Clearing a result the games make would leave them contradicting the match: refused.
    await game(matchId, { chooser: "A", reason: "LIFE", winner: "A" });
    expect(
      await clearMatchResult(
        { matchId, expectedVersion: await version(matchId), note: "typo" },
        staff,
      ),
    ).toMatchObject({
      ok: false,
      error: { code: "INVALID_RESULT", message: expect.stringContaining("2-1-0") },
    });
    expect(await stored(matchId)).toMatchObject({ winsA: 2, winsB: 1 });

    const other = await swissMatch();
    await slip(other.matchId, { winsA: 2, winsB: 0 });
    expect(await game(other.matchId, { chooser: "A", reason: "LIFE", winner: "A" })).toMatchObject({
      ok: false,
      error: {
        code: "INVALID_RESULT",
        message: expect.stringContaining("entered as a slip (2-0-0)"),
      },
    });
  });
});

describe("concessions and intentional draws (MTR 2.5)", () => {
  it("a player who won a game and concedes is reported 1-2 (the 2-1 rule), by slip and on top of recorded games", async () => {
    const bySlip = await swissMatch();
    expect(await slip(bySlip.matchId, { winsA: 1, winsB: 0, concededBy: "A" })).toMatchObject({
      ok: true,
      value: { winner: "B" },
    });
    expect(await stored(bySlip.matchId)).toMatchObject({
      winsA: 1,
      winsB: 2,
      draws: 0,
      concededBy: "A",
    });

    const byGames = await swissMatch();
    await game(byGames.matchId, { chooser: "B", reason: "LIFE", winner: "B" });
    expect(await slip(byGames.matchId, { winsA: 0, winsB: 1, concededBy: "B" })).toMatchObject({
      ok: true,
      value: { winner: "A" },
    });
    expect(await stored(byGames.matchId)).toMatchObject({ winsA: 2, winsB: 1, concededBy: "B" });
    // The concession decided the match: no further game.
    expect(
      await game(byGames.matchId, { chooser: "A", reason: "LIFE", winner: "A" }),
    ).toMatchObject({ ok: false, error: { message: expect.stringContaining("already") } });
  });

  it("an intentional draw with no game played is 0-0-3; after a game won it stays 1-0-0 as a drawn match", async () => {
    const none = await swissMatch();
    expect(await slip(none.matchId, { intentionalDraw: true })).toMatchObject({
      ok: true,
      value: { winner: null },
    });
    expect(await stored(none.matchId)).toMatchObject({
      winsA: 0,
      winsB: 0,
      draws: 3,
      intentionalDraw: true,
    });

    const oneGame = await swissMatch();
    await game(oneGame.matchId, { chooser: "A", reason: "LIFE", winner: "A" });
    expect(await slip(oneGame.matchId, { winsA: 1, intentionalDraw: true })).toMatchObject({
      ok: true,
      value: { winner: null },
    });
    expect(await stored(oneGame.matchId)).toMatchObject({
      winsA: 1,
      winsB: 0,
      draws: 0,
      intentionalDraw: true,
    });
  });

  it("MTR 2.4: an intentional draw in a playoff match is refused and nothing is stored", async () => {
    const { tournamentId, roundNumber } = await playoffSemifinals("Playoff draw");
    const [semi] = (await getRound(tournamentId, roundNumber))!.matches;
    expect(await slip(semi!.id, { intentionalDraw: true })).toMatchObject({
      ok: false,
      error: { code: "INVALID_RESULT", message: expect.stringContaining("cannot end in a draw") },
    });
    expect(await stored(semi!.id)).toMatchObject({ winsA: null, intentionalDraw: false });
    // Game 1 of a playoff match: the higher seed chooses (MTR 2.2).
    const table = (await getMatchForTable(tournamentId, semi!.id))!;
    expect(table.nextChooser).toBe("A");
  });
});

async function takeBack(matchId: string, fields: Partial<TakeBackGameInput> = {}) {
  const input: TakeBackGameInput = {
    matchId,
    expectedVersion: await version(matchId),
    idempotencyKey: randomUUID(),
    note: "Recorded on the wrong table.",
    ...fields,
  };
  return takeBackLastGame(input, staff);
}

describe("taking back a game recorded in error (MTR 2.1)", () => {
  it("MTR 2.1: the last game goes, the result it made is cleared, the game is kept and the same number is recorded again", async () => {
    const { tournamentId, matchId } = await swissMatch();
    await game(matchId, { chooser: "A", reason: "LIFE", winner: "A" });
    await game(matchId, { chooser: "B", reason: "LIFE", winner: "A" });
    expect(await stored(matchId)).toMatchObject({ winsA: 2, winsB: 0, version: 2 });
    expect((await getMatchForTable(tournamentId, matchId))!.takeBack).toEqual({ allowed: true });

    expect(await takeBack(matchId)).toEqual({
      ok: true,
      value: { matchId, number: 2, version: 3, status: "in-progress", isDuplicate: false },
    });
    expect(await stored(matchId)).toMatchObject({
      winsA: null,
      winsB: null,
      draws: null,
      version: 3,
      game1Chooser: "A",
    });
    const table = (await getMatchForTable(tournamentId, matchId))!;
    expect(table.games.map((g) => g.number)).toEqual([1]);
    expect(table.nextChooser).toBe("B");
    expect(table.mayRecordGame).toBe(true);

    // Game 2 as it was played: B won.
    expect(await game(matchId, { chooser: "B", reason: "LIFE", winner: "B" })).toMatchObject({
      ok: true,
      value: { number: 2, status: "in-progress", version: 4 },
    });
    // Nothing is deleted: both games numbered 2 are kept, the first marked taken back.
    const rows = await prisma.game.findMany({
      where: { matchId },
      orderBy: [{ number: "asc" }, { removalSequence: "asc" }],
      select: { number: true, winner: true, removalSequence: true, removedAt: true },
    });
    expect(
      rows.map((row) => [row.number, row.winner, row.removalSequence, row.removedAt !== null]),
    ).toEqual([
      [1, "A", 0, false],
      [2, "B", 0, false],
      [2, "A", 1, true],
    ]);
    const history = (await getMatchHistory(tournamentId, matchId))!;
    const removal = history.find(
      (entry) => entry.kind === "result-change" && entry.change === "GAME_REMOVED",
    );
    expect(removal).toMatchObject({
      kind: "result-change",
      version: 3,
      who: "Judge Jo",
      note: "Recorded on the wrong table.",
      game: { number: 2, winner: "A" },
      before: { winsA: 2, winsB: 0 },
      after: { winsA: 1, winsB: 0 },
    });
  });

  it("the form sent again is answered once; a stale form is a conflict; a reason is required", async () => {
    const { matchId } = await swissMatch();
    await game(matchId, { chooser: "A", reason: "LIFE", winner: "A" });
    const input: TakeBackGameInput = {
      matchId,
      expectedVersion: 1,
      idempotencyKey: randomUUID(),
      note: "Wrong winner.",
    };
    expect(await takeBackLastGame(input, staff)).toMatchObject({
      ok: true,
      value: { number: 1, version: 2, isDuplicate: false },
    });
    expect(await takeBackLastGame(input, staff)).toMatchObject({
      ok: true,
      value: { number: 1, version: 2, isDuplicate: true },
    });
    expect(await stored(matchId)).toMatchObject({ version: 2, game1Chooser: null });
    expect(await takeBackLastGame({ ...input, idempotencyKey: randomUUID() }, staff)).toMatchObject(
      { ok: false, error: { code: "CONFLICT" } },
    );
    expect(await takeBack(matchId)).toMatchObject({
      ok: false,
      error: { code: "INVALID_RESULT", message: expect.stringContaining("No game is recorded") },
    });
  });

  it("CR 104.3k, MTR 2.5: a judge's Game Loss and a concession on top of the games stay; nothing changes", async () => {
    const { tournamentId, matchId } = await swissMatch();
    await game(matchId, { chooser: "A", reason: "LIFE", winner: "A" });
    const registrations = await prisma.match.findUniqueOrThrow({
      where: { id: matchId },
      select: { sideAId: true },
    });
    const penalty = await recordPenalty(
      {
        tournamentId,
        matchId,
        registrationId: registrations.sideAId,
        kind: "GAME_LOSS",
        infraction: "Deck Problem (IPG 3.5)",
        expectedVersion: await version(matchId),
        idempotencyKey: randomUUID(),
        note: "",
        gameNumber: null,
      },
      staff,
    );
    expect(penalty).toMatchObject({ ok: true });
    const before = await stored(matchId);
    // The match page says so instead of offering the form.
    expect((await getMatchForTable(tournamentId, matchId))!.takeBack).toEqual({
      allowed: false,
      reason: expect.stringContaining("Game Loss"),
    });
    expect(await takeBack(matchId)).toMatchObject({
      ok: false,
      error: { code: "INVALID_RESULT", message: expect.stringContaining("Game Loss") },
    });
    expect(await stored(matchId)).toEqual(before);

    const other = await swissMatch();
    await game(other.matchId, { chooser: "A", reason: "LIFE", winner: "A" });
    expect(await slip(other.matchId, { winsA: 1, winsB: 0, concededBy: "A" })).toMatchObject({
      ok: true,
    });
    expect(await takeBack(other.matchId)).toMatchObject({
      ok: false,
      error: { code: "INVALID_RESULT", message: expect.stringContaining("concession") },
    });
  });

  it("a playoff game that decided a semifinal is taken back: the final it made is voided while unplayed", async () => {
    const { tournamentId, roundNumber } = await playoffSemifinals("Take back playoff");
    const [first, second] = (await getRound(tournamentId, roundNumber))!.matches;
    for (const semi of [first!, second!]) {
      await game(semi.id, { chooser: "A", reason: "LIFE", winner: "A" });
      await game(semi.id, { chooser: "B", reason: "LIFE", winner: "A" });
    }
    const final = (await getRound(tournamentId, roundNumber + 1))!.matches;
    expect(final).toHaveLength(1);
    expect(await takeBack(first!.id)).toMatchObject({
      ok: true,
      value: { number: 2, status: "in-progress" },
    });
    expect(await stored(first!.id)).toMatchObject({ winsA: null });
    expect(
      await prisma.match.findUniqueOrThrow({
        where: { id: final[0]!.id },
        select: { voidedAt: true },
      }),
    ).toMatchObject({ voidedAt: expect.any(Date) });
  });

  it("IPG 1.2: after a Disqualification given once the games had decided the match, the games stay (taking one back would let the DQ decide it)", async () => {
    const { tournamentId, matchId } = await swissMatch();
    await game(matchId, { chooser: "A", reason: "LIFE", winner: "A" });
    await game(matchId, { chooser: "B", reason: "LIFE", winner: "A" });
    const { sideBId } = await prisma.match.findUniqueOrThrow({
      where: { id: matchId },
      select: { sideBId: true },
    });
    const dq = await recordPenalty(
      {
        tournamentId,
        matchId,
        registrationId: sideBId!,
        kind: "DISQUALIFICATION",
        infraction: "Unsporting Conduct — Aggression (IPG 4.4)",
        expectedVersion: await version(matchId),
        idempotencyKey: randomUUID(),
        note: "",
        gameNumber: null,
      },
      staff,
    );
    expect(dq).toMatchObject({ ok: true });
    const before = await stored(matchId);
    expect(await takeBack(matchId)).toMatchObject({
      ok: false,
      error: { code: "INVALID_RESULT", message: expect.stringContaining("Disqualification") },
    });
    expect(await stored(matchId)).toEqual(before);
  });

  it("a playoff game is not taken back once the next match has begun: the semifinal's games and the final's stay", async () => {
    const { tournamentId, roundNumber } = await playoffSemifinals("Take back begun");
    const semis = (await getRound(tournamentId, roundNumber))!.matches;
    for (const semi of semis) {
      await game(semi.id, { chooser: "A", reason: "LIFE", winner: "A" });
      await game(semi.id, { chooser: "B", reason: "LIFE", winner: "A" });
    }
    const [final] = (await getRound(tournamentId, roundNumber + 1))!.matches;
    // The final has begun: one game, no result yet.
    await game(final!.id, { chooser: "A", reason: "LIFE", winner: "B" });
    const semiBefore = await stored(semis[0]!.id);
    expect(await takeBack(semis[0]!.id)).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", message: expect.stringContaining("already played (or begun)") },
    });
    expect(await stored(semis[0]!.id)).toEqual(semiBefore);
    expect(await prisma.game.count({ where: { matchId: semis[0]!.id, removedAt: null } })).toBe(2);
    expect(
      await prisma.match.findUniqueOrThrow({
        where: { id: final!.id },
        select: { voidedAt: true },
      }),
    ).toEqual({ voidedAt: null });
  });

  it("a replay of the form that recorded a game later taken back is a conflict, never 'recorded'", async () => {
    const { matchId } = await swissMatch();
    const recordInput: RecordGameInput = {
      matchId,
      expectedVersion: 0,
      idempotencyKey: randomUUID(),
      choice: "PLAY",
      note: "",
      chooser: "A",
      reason: "LIFE",
      winner: "A",
    };
    expect(await recordGame(recordInput, staff, judge)).toMatchObject({
      ok: true,
      value: { number: 1 },
    });
    expect(await takeBack(matchId)).toMatchObject({ ok: true });
    expect(await game(matchId, { chooser: "A", reason: "LIFE", winner: "B" })).toMatchObject({
      ok: true,
      value: { number: 1 },
    });
    expect(await recordGame(recordInput, staff, judge)).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", message: expect.stringContaining("taken back") },
    });
    expect(await prisma.game.count({ where: { matchId } })).toBe(2);
  });
});

describe("a restarted game (CR 104.6)", () => {
  async function restart(matchId: string, restartedBy: "A" | "B", key = randomUUID()) {
    return restartGame(
      {
        matchId,
        expectedVersion: await version(matchId),
        idempotencyKey: key,
        restartedBy,
        note: "Karn Liberated",
      },
      staff,
    );
  }

  it("CR 104.6: a restart is no game result; the same game number is played again, started by the player who restarted it", async () => {
    const { matchId, tournamentId } = await swissMatch();
    await game(matchId, { chooser: "A", reason: "LIFE", winner: "A" });
    const before = await version(matchId);
    expect(await restart(matchId, "A")).toMatchObject({
      ok: true,
      value: { number: 2, restartedBy: "A", version: before + 1 },
    });
    const table = (await getMatchForTable(tournamentId, matchId))!;
    expect(table).toMatchObject({ nextChooser: "A", mayRecordGame: true });
    expect(table.record).toMatchObject({ gamesPlayed: 1, nextGameRestartedBy: "A" });
    // By the rules B (who lost game 1) would choose; after the restart the restarter plays first.
    expect(
      await game(matchId, { chooser: "B", reason: "LIFE", winner: "B" }, scorekeeper),
    ).toMatchObject({
      ok: false,
      error: { code: "FORBIDDEN", message: expect.stringContaining("CR 104.6") },
    });
    expect(
      await game(
        matchId,
        { chooser: "A", choice: "DRAW", reason: "LIFE", winner: "B" },
        scorekeeper,
      ),
    ).toMatchObject({ ok: false });
    expect(
      await game(
        matchId,
        { chooser: "A", choice: "PLAY", reason: "LIFE", winner: "B" },
        scorekeeper,
      ),
    ).toMatchObject({ ok: true, value: { number: 2 } });
    const history = await getMatchHistory(tournamentId, matchId);
    expect(
      history!.some(
        (entry) =>
          entry.kind === "result-change" &&
          entry.change === "GAME_RESTARTED" &&
          entry.restart?.number === 2 &&
          entry.restart.by === "A",
      ),
    ).toBe(true);
  });

  it("CR 104.6, MTR 2.2: game 1 restarted before it was recorded: the restarter starts it, and the die roll's winner stays game 1's chooser", async () => {
    const { matchId, tournamentId } = await swissMatch();
    expect(await restart(matchId, "A")).toMatchObject({
      ok: true,
      value: { number: 1, restartedBy: "A" },
    });
    // The form shows the restarter as the starter and asks separately who won the die roll.
    expect(await getMatchForTable(tournamentId, matchId)).toMatchObject({
      nextChooser: "A",
      asksDieRoll: true,
    });
    expect(
      await game(matchId, { chooser: "A", reason: "LIFE", winner: "A" }, scorekeeper),
    ).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", message: expect.stringContaining("die roll") },
    });
    expect(
      await game(
        matchId,
        { chooser: "A", reason: "DRAW_LOOP", winner: null, dieRollWinner: "B" },
        scorekeeper,
      ),
    ).toMatchObject({ ok: true, value: { number: 1 } });
    expect(
      (
        await prisma.match.findUniqueOrThrow({
          where: { id: matchId },
          select: { game1Chooser: true },
        })
      ).game1Chooser,
    ).toBe("B");
    // MTR 2.2: after a drawn game the player who chose for it chooses again: B, who won the die roll.
    expect(await getMatchForTable(tournamentId, matchId)).toMatchObject({
      nextChooser: "B",
      asksDieRoll: false,
    });
  });

  it("CR 104.6: the same form sent twice restarts once; a decided match has no game to restart", async () => {
    const { matchId } = await swissMatch();
    const key = randomUUID();
    const first = await restart(matchId, "B", key);
    const expectedVersion = (await version(matchId)) - 1;
    const again = await restartGame(
      { matchId, expectedVersion, idempotencyKey: key, restartedBy: "B", note: "Karn Liberated" },
      staff,
    );
    expect(again).toMatchObject({
      ok: true,
      value: { isDuplicate: true, version: first.ok ? first.value.version : -1 },
    });
    await game(matchId, { chooser: "B", reason: "LIFE", winner: "A", dieRollWinner: "A" });
    await game(matchId, { chooser: "B", reason: "LIFE", winner: "A" });
    expect(await restart(matchId, "A")).toMatchObject({
      ok: false,
      error: { code: "INVALID_RESULT", message: expect.stringMatching(/decided|recorded/) },
    });
  });
});

describe("two things at once (CR 104.3f, 104.4a)", () => {
  it("CR 104.4a: both players at 0 life at once is a drawn game, decided by the rules from what the judge ticked", async () => {
    const { tournamentId, matchId } = await swissMatch();
    const recorded = await game(matchId, {
      chooser: "A",
      reason: "LIFE",
      winner: "A",
      atOnce: { A: { life: 0 }, B: { life: 0 } },
    });
    expect(recorded).toMatchObject({
      ok: true,
      value: { number: 1, status: "in-progress", winner: null },
    });
    const table = (await getMatchForTable(tournamentId, matchId))!;
    expect(table.games[0]).toMatchObject({ winner: null, reason: "DRAW_SIMULTANEOUS_LOSS" });
  });

  it("CR 104.3f: a player who would win and lose at once loses", async () => {
    const { tournamentId, matchId } = await swissMatch();
    expect(
      await game(matchId, {
        chooser: "A",
        reason: "LIFE",
        winner: "A",
        atOnce: { A: { wonByCardEffect: true, life: 0 }, B: {} },
      }),
    ).toMatchObject({ ok: true });
    expect((await getMatchForTable(tournamentId, matchId))!.games[0]).toMatchObject({
      winner: "B",
    });
  });

  it("CR 104.1: facts in which nothing ended the game are refused, and nothing is stored", async () => {
    const { matchId } = await swissMatch();
    expect(
      await game(matchId, { chooser: "A", reason: "LIFE", winner: "A", atOnce: { A: {}, B: {} } }),
    ).toMatchObject({ ok: false, error: { code: "INVALID_RESULT" } });
    expect(await prisma.game.count({ where: { matchId } })).toBe(0);
  });
});

describe("CR 810.8a: a Two-Headed Giant game names the player who lost for the team", () => {
  async function twoHeadedGiantMatch() {
    const created = await createTournament(
      CreateTournamentSchema.parse({
        name: `2HG games ${randomUUID()}`,
        format: "Sealed",
        teamFormat: "TWO_HEADED_GIANT",
      }),
    );
    if (!created.ok) throw new Error(created.error.message);
    const teams = await registerTeams({
      tournamentId: created.value.id,
      teams: "Rocket: Ana, Ben\nBlue: Dora, Eli",
    });
    if (!teams.ok) throw new Error(teams.error.message);
    await pairNextSwissRound(created.value.id, "2hg-games");
    const [match] = (await getRound(created.value.id, 1))!.matches;
    return { tournamentId: created.value.id, matchId: match!.id };
  }

  it("CR 810.8a: a game lost by one player's empty library is the team's, and the page says which player", async () => {
    const { tournamentId, matchId } = await twoHeadedGiantMatch();
    const recorded = await game(matchId, {
      chooser: "A",
      reason: "EMPTY_LIBRARY",
      winner: "A",
      losingSeat: 1,
    });
    expect(recorded).toMatchObject({ ok: true, value: { number: 1 } });
    const table = (await getMatchForTable(tournamentId, matchId))!;
    expect(table.games[0]).toMatchObject({ reason: "EMPTY_LIBRARY", winner: "A", losingSeat: 1 });
    const loser = table.sideB!.displayName;
    expect(table.memberNames?.B).toHaveLength(2);
    expect(
      describeGameEnd(table.games[0]!, { A: table.sideA.displayName, B: loser }, table.memberNames),
    ).toContain(`${table.memberNames!.B[1]} of ${loser} drew from an empty library`);
    const history = await prisma.resultChange.findFirstOrThrow({
      where: { matchId, kind: "GAME_RECORDED" },
    });
    expect(history.after).toMatchObject({ game: { losingSeat: 1 } });
  });

  it("704.6a: a shared life total reaching 0 is the team's loss: naming one player is refused and nothing is stored", async () => {
    const { matchId } = await twoHeadedGiantMatch();
    const refused = await game(matchId, {
      chooser: "A",
      reason: "LIFE",
      winner: "A",
      losingSeat: 0,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: "VALIDATION",
        fieldErrors: { losingSeat: [expect.stringContaining("as a team")] },
      },
    });
    expect(await prisma.game.count({ where: { matchId } })).toBe(0);
    expect(await game(matchId, { chooser: "A", reason: "LIFE", winner: "A" })).toMatchObject({
      ok: true,
    });
  });

  it("outside Two-Headed Giant a game names no losing team member", async () => {
    const { matchId } = await swissMatch();
    expect(
      await game(matchId, { chooser: "A", reason: "CONCESSION", winner: "A", losingSeat: 0 }),
    ).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    expect(await prisma.game.count({ where: { matchId } })).toBe(0);
  });
});

describe("MTR 2.2: a chooser the record already names is not asked again", () => {
  /** The game form as a browser sends it: through the shared schema, with no chooser unless given. */
  async function sent(matchId: string, fields: Record<string, string>, key = randomUUID()) {
    const parsed = RecordGameSchema.safeParse({
      matchId,
      expectedVersion: String(await version(matchId)),
      idempotencyKey: key,
      choice: "PLAY",
      note: "",
      ...fields,
    });
    if (!parsed.success) return { ok: false as const, issues: parsed.error.issues };
    return recordGame(parsed.data, staff, scorekeeper);
  }

  async function timeEndsGameOne(tournamentId: string, matchId: string) {
    const tap = async (step: Record<string, unknown>) => {
      const { sequence } = (await getEndOfMatch(tournamentId, matchId))!;
      const tapped = await recordEndOfMatchStep(
        {
          tournamentId,
          matchId,
          expectedSequence: sequence,
          idempotencyKey: randomUUID(),
          ...step,
        } as Parameters<typeof recordEndOfMatchStep>[0],
        { staffId: null },
      );
      if (!tapped.ok) throw new Error(tapped.error.message);
    };
    await tap({ step: "time-called", gameInProgress: true, activePlayerPassingTurn: false });
    for (let turn = 0; turn < 6; turn += 1) await tap({ step: "turn-ended", extraTurn: false });
  }

  it("MTR 2.2: game 2 sent with no chooser takes the loser of game 1 from the record; the same form sent again is answered once", async () => {
    const { matchId } = await swissMatch();
    expect(await game(matchId, { chooser: "A", reason: "LIFE", winner: "A" })).toMatchObject({
      ok: true,
    });
    const key = randomUUID();
    const first = await sent(matchId, { reason: "LIFE", winner: "A" }, key);
    expect(first).toMatchObject({ ok: true, value: { number: 2, isDuplicate: false } });
    const again = await recordGame(
      {
        ...RecordGameSchema.parse({
          matchId,
          expectedVersion: String((await version(matchId)) - 1),
          idempotencyKey: key,
          choice: "PLAY",
          note: "",
          reason: "LIFE",
          winner: "A",
        }),
      },
      staff,
      scorekeeper,
    );
    expect(again).toMatchObject({ ok: true, value: { number: 2, isDuplicate: true } });
    const games = await prisma.game.findMany({ where: { matchId }, orderBy: { number: "asc" } });
    expect(games.map((each) => each.chooser)).toEqual(["A", "B"]);
  });

  it("MTR 2.2, 2.4: Swiss game 1 decided at time with no die roll on record is refused until its chooser is named once; then recorded", async () => {
    const { tournamentId, matchId } = await swissMatch();
    await timeEndsGameOne(tournamentId, matchId);
    const table = (await getMatchForTable(tournamentId, matchId))!;
    expect(table.decidedGame).toMatchObject({ reason: "DRAW_UNFINISHED_AT_TIME" });
    expect(table.nextChooser).toBeNull();
    const refused = await sent(matchId, { reason: "DRAW_UNFINISHED_AT_TIME", winner: "" });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: "VALIDATION",
        message: "Say who won the die roll and chose to play or draw for game 1 (MTR 2.2).",
        fieldErrors: { chooser: [expect.stringContaining("die roll")] },
      },
    });
    expect(await prisma.game.count({ where: { matchId } })).toBe(0);
    const recorded = await sent(matchId, {
      chooser: "B",
      reason: "DRAW_UNFINISHED_AT_TIME",
      winner: "",
    });
    expect(recorded).toMatchObject({ ok: true, value: { number: 1, status: "decided" } });
    expect((await stored(matchId)).game1Chooser).toBe("B");
  });

  it("CR 104.6, MTR 2.4: game 1 restarted and then decided at time records with the restarter as its starter and the die roll asked once, no chooser sent", async () => {
    const { tournamentId, matchId } = await swissMatch();
    expect(
      await restartGame(
        {
          matchId,
          expectedVersion: await version(matchId),
          idempotencyKey: randomUUID(),
          restartedBy: "A",
          note: "Karn Liberated",
        },
        staff,
      ),
    ).toMatchObject({ ok: true });
    await timeEndsGameOne(tournamentId, matchId);
    const recorded = await sent(matchId, {
      reason: "DRAW_UNFINISHED_AT_TIME",
      winner: "",
      dieRollWinner: "B",
    });
    expect(recorded).toMatchObject({ ok: true, value: { number: 1 } });
    const [game1] = await prisma.game.findMany({ where: { matchId } });
    expect(game1).toMatchObject({ chooser: "A", choice: "PLAY" });
    expect((await stored(matchId)).game1Chooser).toBe("B");
  });
});
