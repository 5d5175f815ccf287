import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { registerTeams } from "@/lib/server/registration/teams";
import { getRound, pairNextSwissRound, startRound } from "@/lib/server/round/rounds";
import { startPlayoff } from "@/lib/server/round/playoffs";
import { reportMatchResult } from "./results";
import { getMatchForTable } from "./match-table";
import { recordGame } from "./record-game";
import { getEndOfMatch, recordEndOfMatchStep } from "./end-of-match";
import type { RecordEndOfMatchStepInput } from "@/lib/schemas/end-of-match";

// The MTR 2.4 end-of-match procedure stored step by step
// as EndOfMatchEvent rows and re-derived by replaying them through lib/rules/end-of-match.

afterAll(async () => {
  await prisma.$disconnect();
});

const judge = { staffId: null };

async function swissMatch() {
  const created = await createTournament({
    name: `EOM ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  for (const name of ["Ann", "Ben"]) await registerPlayer({ tournamentId: created.value.id, name });
  await pairNextSwissRound(created.value.id, "eom");
  const [match] = (await getRound(created.value.id, 1))!.matches;
  return { tournamentId: created.value.id, matchId: match!.id };
}

/** A top-4 semifinal after one Swiss round; `teams` makes it a Two-Headed Giant event (CR 810: each side a team of two taking turns together). */
async function playoffMatch(options: { teams?: boolean } = {}) {
  const created = await createTournament(
    options.teams
      ? {
          name: `EOM 2HG ${randomUUID()}`,
          format: "",
          gamesToWin: 2,
          roundMinutes: 50,
          teamFormat: "TWO_HEADED_GIANT",
          teamSize: 2,
        }
      : {
          name: `EOM playoff ${randomUUID()}`,
          format: "",
          gamesToWin: 2,
          roundMinutes: 50,
          teamSize: 1,
        },
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  if (options.teams) {
    const teams = await registerTeams({
      tournamentId,
      teams: "Rocket: Ana, Ben\nBlue: Dora, Eli\nGreen: Gus, Hal\nRed: Jo, Kim",
    });
    if (!teams.ok) throw new Error(teams.error.message);
  } else {
    for (const name of ["P1", "P2", "P3", "P4"]) await registerPlayer({ tournamentId, name });
  }
  await pairNextSwissRound(tournamentId, "cut");
  for (const match of (await getRound(tournamentId, 1))!.matches) {
    const version = (await prisma.match.findUniqueOrThrow({ where: { id: match.id } })).version;
    await reportMatchResult(
      {
        matchId: match.id,
        winsA: 2,
        winsB: 0,
        draws: 0,
        expectedVersion: version,
        idempotencyKey: randomUUID(),
        intentionalDraw: false,
        note: "",
      },
      { source: "STAFF", name: "Judge" },
    );
  }
  const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
  if (!started.ok) throw new Error(started.error.message);
  const [semi] = (await getRound(tournamentId, started.value.roundNumber))!.matches;
  return { tournamentId, matchId: semi!.id };
}

type Step =
  | { step: "time-called"; gameInProgress?: boolean; activePlayerPassingTurn?: boolean }
  | { step: "turn-ended"; extraTurn?: boolean }
  | { step: "life-totals"; lifeA: number; lifeB: number };

async function tap(
  match: { tournamentId: string; matchId: string },
  step: Step,
  expectedSequence?: number,
) {
  const sequence =
    expectedSequence ?? (await getEndOfMatch(match.tournamentId, match.matchId))!.sequence;
  const base = {
    tournamentId: match.tournamentId,
    matchId: match.matchId,
    expectedSequence: sequence,
    idempotencyKey: randomUUID(),
  };
  const input =
    step.step === "time-called"
      ? {
          ...base,
          step: "time-called" as const,
          gameInProgress: step.gameInProgress ?? true,
          activePlayerPassingTurn: step.activePlayerPassingTurn ?? false,
        }
      : step.step === "turn-ended"
        ? { ...base, step: "turn-ended" as const, extraTurn: step.extraTurn ?? false }
        : { ...base, ...step };
  return recordEndOfMatchStep(input as RecordEndOfMatchStepInput, judge);
}

async function view(match: { tournamentId: string; matchId: string }) {
  return (await getEndOfMatch(match.tournamentId, match.matchId))!;
}

describe("MTR 2.4 End-of-Match Procedure, stored and replayed", () => {
  it("MTR 2.4: a semifinal decided by time and the other semifinal's result saved at the same moment always seat the final", async () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const first = await playoffMatch();
      const round = (
        await prisma.match.findUniqueOrThrow({
          where: { id: first.matchId },
          select: { round: { select: { number: true } } },
        })
      ).round.number;
      const other = (await getRound(first.tournamentId, round))!.matches.find(
        (match) => match.id !== first.matchId,
      )!;
      const version = (await prisma.match.findUniqueOrThrow({ where: { id: first.matchId } }))
        .version;
      await recordGame(
        {
          matchId: first.matchId,
          expectedVersion: version,
          idempotencyKey: randomUUID(),
          chooser: "A",
          choice: "PLAY",
          reason: "LIFE",
          winner: "A",
          note: "",
        },
        { name: "Judge" },
        { mayOverrideChooser: true },
      );
      // Time is called between games at 1-0: the match is decided on the games played.
      const [timed, reported] = await Promise.all([
        tap(first, { step: "time-called", gameInProgress: false }),
        reportMatchResult(
          {
            matchId: other.id,
            winsA: 2,
            winsB: 0,
            draws: 0,
            expectedVersion: other.version,
            idempotencyKey: randomUUID(),
            intentionalDraw: false,
            note: "",
          },
          { source: "STAFF", name: "Judge" },
        ),
      ]);
      expect([timed.ok, reported.ok]).toEqual([true, true]);
      expect(
        (await getRound(first.tournamentId, round + 1))?.matches,
        `attempt ${attempt + 1}`,
      ).toHaveLength(1);
    }
  });

  it("MTR 2.4, CR 810.4: a Two-Headed Giant playoff match at time plays three additional turns, and tied team life totals name the team under the added rule", async () => {
    const match = await playoffMatch({ teams: true });
    expect(await tap(match, { step: "time-called" })).toMatchObject({
      ok: true,
      value: { view: { summary: { turn: 0, additionalTurns: 3, turnsRemainingAfterThis: 3 } } },
    });
    for (let turn = 1; turn <= 3; turn += 1) await tap(match, { step: "turn-ended" });
    expect(await tap(match, { step: "turn-ended" })).toMatchObject({
      ok: true,
      value: { view: { summary: { phase: "awaiting-life-totals" } } },
    });
    await tap(match, { step: "life-totals", lifeA: 11, lifeB: 11 });
    const tied = await view(match);
    expect(tied.state.team).toBe(true);
    expect(tied.summary).toMatchObject({
      phase: "life-total-rule",
      lifeTotalRuleInForce: true,
      message: expect.stringContaining(
        "a team that does not have the highest team life total loses",
      ),
    });
  });

  it("Swiss: time in game 2 at 1-0, turn 0 and five additional turns, then the unfinished game is a draw (1-0-1)", async () => {
    const match = await swissMatch();
    const version = (await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } }))
      .version;
    await recordGame(
      {
        matchId: match.matchId,
        expectedVersion: version,
        idempotencyKey: randomUUID(),
        chooser: "A",
        choice: "PLAY",
        reason: "LIFE",
        winner: "A",
        note: "",
      },
      { name: "Judge" },
      { mayOverrideChooser: true },
    );
    expect((await view(match)).summary).toMatchObject({ phase: "playing", turn: null });
    expect(await tap(match, { step: "time-called" })).toMatchObject({
      ok: true,
      value: {
        view: {
          sequence: 1,
          summary: {
            phase: "finishing-turn",
            turn: 0,
            additionalTurns: 5,
            turnsRemainingAfterThis: 5,
            mayStartNewGame: false,
          },
        },
      },
    });
    for (let turn = 1; turn <= 5; turn += 1) {
      const ended = await tap(match, { step: "turn-ended" });
      expect(ended).toMatchObject({
        ok: true,
        value: {
          view: { summary: { phase: "additional-turns", turn, turnsRemainingAfterThis: 5 - turn } },
        },
      });
    }
    const last = await tap(match, { step: "turn-ended" });
    expect(last).toMatchObject({
      ok: true,
      value: {
        view: {
          sequence: 7,
          summary: {
            phase: "decided",
            decided: { winner: "A", slip: { winsA: 1, winsB: 0, draws: 1 } },
          },
        },
      },
    });
    // Nothing more can be tapped once the match is decided.
    expect(await tap(match, { step: "turn-ended" })).toMatchObject({
      ok: false,
      error: { code: "VALIDATION" },
    });
    const rows = await prisma.endOfMatchEvent.findMany({
      where: { matchId: match.matchId },
      orderBy: { sequence: "asc" },
    });
    expect(rows.map((row) => [row.sequence, row.kind])).toEqual([
      [1, "TIME_CALLED"],
      ...[2, 3, 4, 5, 6, 7].map((n) => [n, "TURN_ENDED"]),
    ]);
    expect(rows[0]!.data).toMatchObject({ type: "time-called", gameInProgress: true });
    // The game under way at time may still be recorded on the match page (no new one may begin).
    expect((await getMatchForTable(match.tournamentId, match.matchId))!.mayRecordGame).toBe(true);
    // The judge records the unfinished game through the game entry: a draw at time, accepted
    // because the match rules now know time was called; the match is a 1-0-1 win for A.
    const now = (await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } })).version;
    const drawn = await recordGame(
      {
        matchId: match.matchId,
        expectedVersion: now,
        idempotencyKey: randomUUID(),
        chooser: "B",
        choice: "PLAY",
        reason: "DRAW_UNFINISHED_AT_TIME",
        winner: null,
        note: "",
      },
      { name: "Judge" },
      { mayOverrideChooser: true },
    );
    expect(drawn.ok ? drawn.value : drawn.error.message).toMatchObject({
      status: "decided",
      winner: "A",
    });
    expect(
      await prisma.match.findUniqueOrThrow({
        where: { id: match.matchId },
        select: { winsA: true, winsB: true, draws: true },
      }),
    ).toEqual({ winsA: 1, winsB: 0, draws: 1 });
    expect((await view(match)).summary.phase).toBe("decided");
  });

  it("MTR 2.5: after time ends a match 1-1-1 that nobody recorded yet, staff record a player's concession on the games played (1-2-1), as the match page previews it", async () => {
    const match = await swissMatch();
    const version = async () =>
      (await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } })).version;
    for (const winner of ["A", "B"] as const) {
      await recordGame(
        {
          matchId: match.matchId,
          expectedVersion: await version(),
          idempotencyKey: randomUUID(),
          chooser: winner === "A" ? "A" : "B",
          choice: "PLAY",
          reason: "LIFE",
          winner,
          note: "",
        },
        { name: "Judge" },
        { mayOverrideChooser: true },
      );
    }
    await tap(match, { step: "time-called" });
    for (let turn = 0; turn <= 5; turn += 1) await tap(match, { step: "turn-ended" });
    expect((await view(match)).summary).toMatchObject({
      phase: "decided",
      decided: { winner: null, slip: { winsA: 1, winsB: 1, draws: 1 } },
    });
    // The slip the games make with the game time decided, or none at all (quick entry's "conc A"): both are the same concession.
    for (const slip of [
      { winsA: 1, winsB: 1, draws: 1 },
      { winsA: 0, winsB: 0, draws: 0 },
    ]) {
      const before = await version();
      const conceded = await reportMatchResult(
        {
          matchId: match.matchId,
          ...slip,
          concededBy: "A",
          expectedVersion: before,
          idempotencyKey: randomUUID(),
          intentionalDraw: false,
          note: "",
        },
        { source: "STAFF", name: "Judge" },
      );
      expect(conceded, `${JSON.stringify(slip)} ${JSON.stringify(conceded)}`).toMatchObject({
        ok: true,
        value: { winner: "B" },
      });
      expect(
        await prisma.match.findUniqueOrThrow({
          where: { id: match.matchId },
          select: { winsA: true, winsB: true, draws: true, concededBy: true },
        }),
      ).toEqual({ winsA: 1, winsB: 2, draws: 1, concededBy: "A" });
      await prisma.match.update({
        where: { id: match.matchId },
        data: { winsA: null, winsB: null, draws: null, concededBy: null, confirmedAt: null },
      });
    }
  });

  it("MTR 2.4: the active player passing the turn at time makes the opponent's next turn turn 0 (turn -1 first)", async () => {
    const match = await swissMatch();
    expect(await tap(match, { step: "time-called", activePlayerPassingTurn: true })).toMatchObject({
      ok: true,
      value: {
        view: { summary: { phase: "finishing-turn", turn: -1, turnsRemainingAfterThis: 6 } },
      },
    });
    expect(await tap(match, { step: "turn-ended" })).toMatchObject({
      ok: true,
      value: { view: { summary: { phase: "finishing-turn", turn: 0 } } },
    });
    expect(await tap(match, { step: "turn-ended" })).toMatchObject({
      ok: true,
      value: { view: { summary: { phase: "additional-turns", turn: 1 } } },
    });
  });

  it("Phase.additionalTurns sets the number of additional turns (three for a team format)", async () => {
    const match = await swissMatch();
    const { round } = await prisma.match.findUniqueOrThrow({
      where: { id: match.matchId },
      select: { round: { select: { phaseId: true } } },
    });
    await prisma.phase.update({ where: { id: round.phaseId }, data: { additionalTurns: 3 } });
    expect(await tap(match, { step: "time-called" })).toMatchObject({
      ok: true,
      value: { view: { summary: { additionalTurns: 3, turnsRemainingAfterThis: 3 } } },
    });
  });

  it("single elimination: equal life totals after the additional turns bring the added state-based action, open until a game result ends it", async () => {
    const match = await playoffMatch();
    await tap(match, { step: "time-called" });
    for (let turn = 0; turn <= 5; turn += 1) await tap(match, { step: "turn-ended" });
    expect((await view(match)).summary).toMatchObject({
      phase: "awaiting-life-totals",
      awaitingLifeTotals: true,
    });
    expect(await tap(match, { step: "turn-ended" })).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", message: expect.stringContaining("life-total rule") },
    });
    const tiedTotals = await tap(match, { step: "life-totals", lifeA: 7, lifeB: 7 });
    expect(tiedTotals).toMatchObject({
      ok: true,
      value: {
        view: {
          summary: {
            phase: "life-total-rule",
            lifeTotalRuleInForce: true,
            message: expect.stringContaining("does not have the highest life total loses"),
          },
        },
      },
    });
    // Still open after a reload: the judge records the game that the state-based action ends.
    expect((await view(match)).summary.phase).toBe("life-total-rule");
    const version = (await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } }))
      .version;
    const recorded = await recordGame(
      {
        matchId: match.matchId,
        expectedVersion: version,
        idempotencyKey: randomUUID(),
        chooser: "A",
        choice: "PLAY",
        reason: "LIFE",
        winner: "B",
        note: "",
      },
      { name: "Judge" },
      { mayOverrideChooser: true },
    );
    expect(recorded.ok ? "ok" : recorded.error.message).toBe("ok");
    expect((await view(match)).summary).toMatchObject({
      phase: "decided",
      decided: { winner: "B", slip: { winsA: 0, winsB: 1, draws: 0 } },
    });
  });

  it("single elimination: unequal life totals give the game to the higher total", async () => {
    const match = await playoffMatch();
    await tap(match, { step: "time-called" });
    for (let turn = 0; turn <= 5; turn += 1) await tap(match, { step: "turn-ended" });
    expect(await tap(match, { step: "life-totals", lifeA: 12, lifeB: 3 })).toMatchObject({
      ok: true,
      value: { view: { summary: { phase: "decided", decided: { winner: "A" } } } },
    });
    // The game entry accepts that game as won on life totals at time (MTR 2.4).
    const version = (await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } }))
      .version;
    const recorded = await recordGame(
      {
        matchId: match.matchId,
        expectedVersion: version,
        idempotencyKey: randomUUID(),
        chooser: "A",
        choice: "PLAY",
        reason: "LIFE_TOTAL_AT_TIME",
        winner: "A",
        note: "",
      },
      { name: "Judge" },
      { mayOverrideChooser: true },
    );
    expect(recorded.ok ? recorded.value : recorded.error.message).toMatchObject({
      status: "decided",
      winner: "A",
    });
  });

  it("MTR 2.4: the game the procedure decided is enforced: life totals 12-3 for A refuse a life-total win for B", async () => {
    const match = await playoffMatch();
    await tap(match, { step: "time-called" });
    for (let turn = 0; turn <= 5; turn += 1) await tap(match, { step: "turn-ended" });
    await tap(match, { step: "life-totals", lifeA: 12, lifeB: 3 });
    const version = (await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } }))
      .version;
    const game = {
      matchId: match.matchId,
      expectedVersion: version,
      chooser: "A" as const,
      choice: "PLAY" as const,
      note: "",
    };
    const contradicting = await recordGame(
      { ...game, idempotencyKey: randomUUID(), reason: "LIFE_TOTAL_AT_TIME", winner: "B" },
      { name: "Judge" },
      { mayOverrideChooser: true },
    );
    expect(contradicting).toMatchObject({
      ok: false,
      error: {
        code: "INVALID_RESULT",
        message: expect.stringContaining("gave game 1 to player A"),
      },
    });
    const otherWin = await recordGame(
      { ...game, idempotencyKey: randomUUID(), reason: "LIFE", winner: "B" },
      { name: "Judge" },
      { mayOverrideChooser: true },
    );
    expect(otherWin).toMatchObject({ ok: false, error: { code: "INVALID_RESULT" } });
    expect(await prisma.game.count({ where: { matchId: match.matchId } })).toBe(0);
    const right = await recordGame(
      { ...game, idempotencyKey: randomUUID(), reason: "LIFE_TOTAL_AT_TIME", winner: "A" },
      { name: "Judge" },
      { mayOverrideChooser: true },
    );
    expect(right.ok ? right.value : right.error.message).toMatchObject({
      status: "decided",
      winner: "A",
    });
  });

  it("MTR 2.4: Swiss, the game unfinished after the additional turns is a draw: a win recorded for it is refused", async () => {
    const match = await swissMatch();
    const first = (await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } })).version;
    await recordGame(
      {
        matchId: match.matchId,
        expectedVersion: first,
        idempotencyKey: randomUUID(),
        chooser: "A",
        choice: "PLAY",
        reason: "LIFE",
        winner: "A",
        note: "",
      },
      { name: "Judge" },
      { mayOverrideChooser: true },
    );
    await tap(match, { step: "time-called" });
    for (let turn = 0; turn <= 5; turn += 1) await tap(match, { step: "turn-ended" });
    expect((await view(match)).summary.phase).toBe("decided");
    const version = (await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } }))
      .version;
    const win = await recordGame(
      {
        matchId: match.matchId,
        expectedVersion: version,
        idempotencyKey: randomUUID(),
        chooser: "B",
        choice: "PLAY",
        reason: "LIFE",
        winner: "A",
        note: "",
      },
      { name: "Judge" },
      { mayOverrideChooser: true },
    );
    expect(win).toMatchObject({
      ok: false,
      error: { code: "INVALID_RESULT", message: expect.stringContaining("so it is a draw") },
    });
    expect(
      await prisma.match.findUniqueOrThrow({
        where: { id: match.matchId },
        select: { winsA: true },
      }),
    ).toEqual({ winsA: null });
  });

  it("MTR 2.4: a draw at time is refused while the additional turns are still being played", async () => {
    const match = await swissMatch();
    await tap(match, { step: "time-called" });
    await tap(match, { step: "turn-ended" });
    const version = (await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } }))
      .version;
    const early = await recordGame(
      {
        matchId: match.matchId,
        expectedVersion: version,
        idempotencyKey: randomUUID(),
        chooser: "A",
        choice: "PLAY",
        reason: "DRAW_UNFINISHED_AT_TIME",
        winner: null,
        note: "",
      },
      { name: "Judge" },
      { mayOverrideChooser: true },
    );
    expect(early).toMatchObject({
      ok: false,
      error: { code: "INVALID_RESULT", message: expect.stringContaining("last additional turn") },
    });
  });

  it("MTR 2.4: a game is placed before or after time by the order the writes took the match, not by their clocks", async () => {
    // Game.createdAt is the transaction's start (now()): a game whose transaction began before
    // time was called but wrote after it carries an earlier timestamp than the time-called step.
    const match = await swissMatch();
    await tap(match, { step: "time-called" });
    const version = (await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } }))
      .version;
    const recorded = await recordGame(
      {
        matchId: match.matchId,
        expectedVersion: version,
        idempotencyKey: randomUUID(),
        chooser: "A",
        choice: "PLAY",
        reason: "LIFE",
        winner: "A",
        note: "",
      },
      { name: "Judge" },
      { mayOverrideChooser: true },
    );
    expect(recorded.ok ? "ok" : recorded.error.message).toBe("ok");
    const step = await prisma.endOfMatchEvent.findFirstOrThrow({
      where: { matchId: match.matchId },
      select: { createdAt: true },
    });
    await prisma.game.updateMany({
      where: { matchId: match.matchId },
      data: { createdAt: new Date(step.createdAt.getTime() - 1000) },
    });
    // Game 1 ended the game under way at time: the match is 1-0 with time called, and no new
    // game may begin (were it placed before time, game 2 would be the game in progress).
    expect((await view(match)).summary).toMatchObject({
      phase: "decided",
      decided: { winner: "A", slip: { winsA: 1, winsB: 0, draws: 0 } },
    });
    expect((await getMatchForTable(match.tournamentId, match.matchId))!.mayRecordGame).toBe(false);
  });

  it("calling time and recording a game at once: both serialize on the match, and the procedure agrees with the games", async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const match = await swissMatch();
      const version = (await prisma.match.findUniqueOrThrow({ where: { id: match.matchId } }))
        .version;
      const [called, recorded] = await Promise.all([
        tap(match, { step: "time-called" }, 0),
        recordGame(
          {
            matchId: match.matchId,
            expectedVersion: version,
            idempotencyKey: randomUUID(),
            chooser: "A",
            choice: "PLAY",
            reason: "LIFE",
            winner: "A",
            note: "",
          },
          { name: "Judge" },
          { mayOverrideChooser: true },
        ),
      ]);
      expect(called.ok && recorded.ok).toBe(true);
      const step = await prisma.endOfMatchEvent.findFirstOrThrow({
        where: { matchId: match.matchId },
        select: { data: true },
      });
      const gamesRecorded = (step.data as { gamesRecorded?: number }).gamesRecorded;
      expect([0, 1]).toContain(gamesRecorded);
      // Game 1 before time: game 2 is under way at time (1-0, turn 0). After: game 1 ended the
      // game under way, and with time called the match is over at 1-0.
      expect((await view(match)).summary.phase).toBe(
        gamesRecorded === 1 ? "finishing-turn" : "decided",
      );
    }
  });

  it("MTR 2.6: time is refused while the table's own clock (round end + its extension) still runs", async () => {
    const match = await swissMatch();
    const started = await startRound(match.tournamentId, 1);
    if (!started.ok) throw new Error(started.error.message);
    const startedAt = started.value.startedAt.getTime();
    await prisma.timeExtension.create({
      data: {
        matchId: match.matchId,
        minutes: 5,
        reason: "deck check",
        idempotencyKey: randomUUID(),
      },
    });
    const { tableNumber } = await prisma.match.findUniqueOrThrow({
      where: { id: match.matchId },
      select: { tableNumber: true },
    });
    const input = (expectedSequence: number) => ({
      step: "time-called" as const,
      tournamentId: match.tournamentId,
      matchId: match.matchId,
      expectedSequence,
      idempotencyKey: randomUUID(),
      gameInProgress: true,
      activePlayerPassingTurn: false,
    });
    // 50 s after the round's 50 minutes: table 1 still has 4:10 of its 5-minute extension.
    const early = await recordEndOfMatchStep(input(0), judge, startedAt + 50 * 60_000 + 50_000);
    expect(early).toMatchObject({
      ok: false,
      error: {
        code: "VALIDATION",
        message: `Table ${tableNumber} still has 4:10 on its clock (includes 5 minutes of time extension): time is called when it runs out (MTR 2.4, MTR 2.6). If the hall's clock says time, say why and call it anyway.`,
      },
    });
    expect(await prisma.endOfMatchEvent.count({ where: { matchId: match.matchId } })).toBe(0);
    // Right now (the server's clock) the round has only just begun: refused too.
    expect(await recordEndOfMatchStep(input(0), judge)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("on its clock") },
    });
    const onTime = await recordEndOfMatchStep(input(0), judge, startedAt + 55 * 60_000);
    expect(onTime).toMatchObject({
      ok: true,
      value: { view: { summary: { phase: "finishing-turn" } } },
    });
  });

  it("MTR 2.4: a judge calls time before the app's clock runs out with a reason (the hall's clock says time); the step keeps the reason", async () => {
    const match = await swissMatch();
    const started = await startRound(match.tournamentId, 1);
    if (!started.ok) throw new Error(started.error.message);
    const input = {
      step: "time-called" as const,
      tournamentId: match.tournamentId,
      matchId: match.matchId,
      expectedSequence: 0,
      idempotencyKey: randomUUID(),
      gameInProgress: true,
      activePlayerPassingTurn: false,
    };
    const called = await recordEndOfMatchStep(
      { ...input, overrideReason: "Round started 5 minutes late in the app" },
      judge,
      started.value.startedAt.getTime() + 46 * 60_000,
    );
    expect(called).toMatchObject({
      ok: true,
      value: { view: { summary: { phase: "finishing-turn" } } },
    });
    const step = await prisma.endOfMatchEvent.findFirstOrThrow({
      where: { matchId: match.matchId },
    });
    expect(step.data).toMatchObject({ overrideReason: "Round started 5 minutes late in the app" });
  });

  it("two judges tapping the same step at once: one turn is recorded, the other gets a conflict and the fresh state", async () => {
    const match = await swissMatch();
    await tap(match, { step: "time-called" });
    const [first, second] = await Promise.all([
      tap(match, { step: "turn-ended" }, 1),
      tap(match, { step: "turn-ended" }, 1),
    ]);
    const outcomes = [first, second];
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", message: expect.stringContaining("Another judge") },
    });
    expect(await prisma.endOfMatchEvent.count({ where: { matchId: match.matchId } })).toBe(2);
    expect((await view(match)).summary).toMatchObject({ turn: 1 });
    // A stale screen (it saw sequence 1) tapping later is a conflict too, not a second turn.
    expect(await tap(match, { step: "turn-ended" }, 1)).toMatchObject({
      ok: false,
      error: { code: "CONFLICT" },
    });
  });

  it("the same form sent twice is recorded once", async () => {
    const match = await swissMatch();
    const input = {
      step: "time-called" as const,
      tournamentId: match.tournamentId,
      matchId: match.matchId,
      expectedSequence: 0,
      idempotencyKey: randomUUID(),
      gameInProgress: true,
      activePlayerPassingTurn: false,
    };
    const first = await recordEndOfMatchStep(input, judge);
    expect(await recordEndOfMatchStep(input, judge)).toMatchObject({
      ok: true,
      value: { isDuplicate: true, view: { sequence: 1 } },
    });
    expect(first.ok).toBe(true);
    expect(await prisma.endOfMatchEvent.count({ where: { matchId: match.matchId } })).toBe(1);
  });

  it("after a restart a fresh read (a new client) replays the stored events to the same state", async () => {
    const match = await swissMatch();
    await tap(match, { step: "time-called" });
    await tap(match, { step: "turn-ended" });
    await tap(match, { step: "turn-ended", extraTurn: true });
    const before = await view(match);
    await prisma.$disconnect();
    await prisma.$connect();
    const after = await view(match);
    expect(after.state).toEqual(before.state);
    expect(after.summary).toMatchObject({
      phase: "additional-turns",
      turn: 2,
      turnsRemainingAfterThis: 3,
    });
    expect(after.state.extraTurnsTaken).toBe(1);
  });
});
