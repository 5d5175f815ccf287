import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "./results";
import { enterQuickResult } from "./quick-entry";
import { submitPlayerReport } from "./player-reports";
import { startPlayoff } from "@/lib/server/round/playoffs";
import { recordGame } from "./record-game";
import { QuickEntrySchema } from "@/lib/schemas/quick-entry";
import { parseInput } from "@/lib/schemas/parse";

afterAll(async () => {
  await prisma.$disconnect();
});

const staff = { source: "STAFF" as const, name: "Scorekeeper" };

async function pairedRound(players = ["Ann", "Ben", "Cat", "Dan", "Eve"]) {
  const created = await createTournament({
    name: `Quick ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  for (const name of players) {
    const registered = await registerPlayer({ tournamentId: created.value.id, name });
    if (!registered.ok) throw new Error(registered.error.message);
  }
  await pairNextSwissRound(created.value.id, "quick");
  return { tournamentId: created.value.id, round: (await getRound(created.value.id, 1))! };
}

function line(tournamentId: string, entry: string, idempotencyKey = randomUUID(), roundNumber = 1) {
  const parsed = parseInput(QuickEntrySchema, {
    tournamentId,
    roundNumber: String(roundNumber),
    entry,
    idempotencyKey,
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

async function stored(matchId: string) {
  return prisma.match.findUniqueOrThrow({
    where: { id: matchId },
    select: {
      winsA: true,
      winsB: true,
      draws: true,
      intentionalDraw: true,
      concededBy: true,
      version: true,
    },
  });
}

describe("quick entry saves through the result path", () => {
  it("MTR 2.1: '1 2-1' saves table 1's slip, says who won, and the same line sent twice is saved once", async () => {
    const { tournamentId, round } = await pairedRound();
    const table1 = round.matches.find((match) => match.tableNumber === 1)!;
    const entry = line(tournamentId, "1 2-1");
    const first = await enterQuickResult(entry, staff, { mayDrop: true });
    expect(first).toMatchObject({
      ok: true,
      value: {
        table: 1,
        slip: "2-1-0",
        summary: `${table1.sideA.displayName} wins 2-1`,
        isDuplicate: false,
      },
    });
    expect(await stored(table1.id)).toMatchObject({ winsA: 2, winsB: 1, draws: 0, version: 1 });
    const again = await enterQuickResult(entry, staff, { mayDrop: true });
    expect(again).toMatchObject({ ok: true, value: { isDuplicate: true } });
    expect(await prisma.matchReport.count({ where: { matchId: table1.id } })).toBe(1);
  });

  it("a used key sent for another table, another round's tournament or another slip is a conflict, never the first line's success", async () => {
    const { tournamentId, round } = await pairedRound();
    const other = await pairedRound();
    const idempotencyKey = randomUUID();
    expect(
      await enterQuickResult(line(tournamentId, "1 2-1", idempotencyKey), staff, { mayDrop: true }),
    ).toMatchObject({ ok: true });
    // Table 2 already has a result too, so a replayed key could not pass as the "already has a result" refusal.
    await enterQuickResult(line(tournamentId, "2 2-0"), staff, { mayDrop: true });
    const before = await Promise.all(round.matches.map((match) => stored(match.id)));
    for (const [id, entry] of [
      [tournamentId, "2 2-1"],
      [tournamentId, "1 2-0"],
      [other.tournamentId, "1 2-1"],
    ] as const) {
      const reused = await enterQuickResult(line(id, entry, idempotencyKey), staff, {
        mayDrop: true,
      });
      expect(
        reused,
        `${entry} in ${id === tournamentId ? "the same" : "another"} tournament`,
      ).toMatchObject({
        ok: false,
        error: { code: "CONFLICT", message: expect.stringContaining("already used") },
      });
    }
    expect(await Promise.all(round.matches.map((match) => stored(match.id)))).toEqual(before);
    expect(
      await stored(other.round.matches.find((match) => match.tableNumber === 1)!.id),
    ).toMatchObject({ winsA: null, version: 0 });
  });

  it("a table that already has a result is not overwritten: a correction is made on its row, with a reason", async () => {
    const { tournamentId } = await pairedRound();
    await enterQuickResult(line(tournamentId, "1 2-0"), staff, { mayDrop: true });
    const second = await enterQuickResult(line(tournamentId, "1 0-2"), staff, { mayDrop: true });
    expect(second).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    expect(!second.ok && second.error.message).toMatch(
      /^Table 1 \(.+ vs .+\) already has a result, 2-0-0/,
    );
  });

  it("MTR 2.5: the same slip typed again for a recorded table is already recorded, not an error", async () => {
    const { tournamentId, round } = await pairedRound();
    const table1 = round.matches.find((match) => match.tableNumber === 1)!;
    await enterQuickResult(line(tournamentId, "1 2-1"), staff, { mayDrop: true });
    const before = await stored(table1.id);
    const again = await enterQuickResult(line(tournamentId, "1 2-1"), staff, { mayDrop: true });
    expect(again).toMatchObject({ ok: true, value: { slip: "2-1-0", isDuplicate: true } });
    expect(await stored(table1.id)).toEqual(before);
    // A concession typed again as a concession is the same result; typed as a plain 2-0 it is not.
    await enterQuickResult(line(tournamentId, "2 conc B"), staff, { mayDrop: true });
    expect(
      await enterQuickResult(line(tournamentId, "2 conc B"), staff, { mayDrop: true }),
    ).toMatchObject({ ok: true, value: { isDuplicate: true } });
    expect(
      await enterQuickResult(line(tournamentId, "2 2-0"), staff, { mayDrop: true }),
    ).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
  });

  it("errors name the table and the rule: MTR 2.1 for three game wins, a missing table, the bye", async () => {
    const { tournamentId, round } = await pairedRound();
    const tooMany = await enterQuickResult(line(tournamentId, "2 3-0"), staff, { mayDrop: true });
    expect(!tooMany.ok && tooMany.error.message).toMatch(
      /^Table 2 \(.+\): A best-of-three match ends when a player wins 2 games.*\(MTR 2\.1 Match Structure\)$/,
    );
    // The rules speak of sides A and B; the scorekeeper reads the players' names.
    const table2 = round.matches.find((match) => match.tableNumber === 2)!;
    expect(!tooMany.ok && tooMany.error.message).not.toMatch(/player [AB]\b/);
    expect(!tooMany.ok && tooMany.error.message).toContain(
      `reported for ${table2.sideA.displayName}`,
    );
    const missing = await enterQuickResult(line(tournamentId, "9 2-0"), staff, { mayDrop: true });
    expect(!missing.ok && missing.error.message).toBe(
      "Table 9: round 1 has no table 9 (its tables are 1 to 3).",
    );
    const bye = round.matches.find((match) => match.sideB === null)!;
    const byeEntry = await enterQuickResult(line(tournamentId, `${bye.tableNumber} 2-0`), staff, {
      mayDrop: true,
    });
    expect(!byeEntry.ok && byeEntry.error.message).toContain("has the bye");
  });

  it("MTR 2.5: '2 ID' stores 0-0-3 as an intentional draw; '1 conc B' a 2-0 win for A", async () => {
    const { tournamentId, round } = await pairedRound();
    const [table1, table2] = [1, 2].map(
      (table) => round.matches.find((match) => match.tableNumber === table)!,
    );
    // The confirmation keeps the story: an intentional draw, not just a drawn match.
    expect(
      await enterQuickResult(line(tournamentId, "2 ID"), staff, { mayDrop: true }),
    ).toMatchObject({ ok: true, value: { summary: "Intentional draw, 0-0-3" } });
    expect(await stored(table2!.id)).toMatchObject({
      winsA: 0,
      winsB: 0,
      draws: 3,
      intentionalDraw: true,
    });
    const conceded = await enterQuickResult(line(tournamentId, "1 conc B"), staff, {
      mayDrop: true,
    });
    expect(conceded).toMatchObject({ ok: true, value: { slip: "2-0-0" } });
    expect(conceded.ok && conceded.value.summary).toBe(
      `${table1!.sideB!.displayName} conceded: ${table1!.sideA.displayName} wins 2-0`,
    );
    expect(await stored(table1!.id)).toMatchObject({ winsA: 2, winsB: 0, concededBy: "B" });
  });

  it("MTR 2.10: '1 2-0 drop B' saves the result, then drops player B; a judge (no players.manage) is refused before anything is saved", async () => {
    const { tournamentId, round } = await pairedRound();
    const table1 = round.matches.find((match) => match.tableNumber === 1)!;
    const refused = await enterQuickResult(line(tournamentId, "1 2-0 drop B"), staff, {
      mayDrop: false,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect((await stored(table1.id)).winsA).toBeNull();
    const saved = await enterQuickResult(line(tournamentId, "1 2-0 drop B"), staff, {
      mayDrop: true,
    });
    expect(saved).toMatchObject({ ok: true, value: { dropped: [table1.sideB!.displayName] } });
    const registration = await prisma.registration.findUniqueOrThrow({
      where: { id: table1.sideB!.id },
      select: { droppedAfterRound: true },
    });
    expect(registration.droppedAfterRound).toBe(1);
  });
});

describe("MTR 2.10: quick entry in a single-elimination playoff", () => {
  it("MTR 2.10: '1 0-2 drop B' on a semifinal is refused, naming the table and the rule, and nothing is saved or dropped", async () => {
    const { tournamentId, round } = await pairedRound(["Ann", "Ben", "Cat", "Dan"]);
    for (const match of round.matches)
      await reportMatchResult(
        {
          matchId: match.id,
          winsA: 2,
          winsB: 0,
          draws: 0,
          expectedVersion: match.version,
          idempotencyKey: randomUUID(),
          intentionalDraw: false,
          note: "",
        },
        staff,
      );
    const started = await startPlayoff({ tournamentId, cutSize: 4, gamesToWin: 2 });
    if (!started.ok) throw new Error(started.error.message);
    const semi = (await getRound(tournamentId, started.value.roundNumber))!.matches.find(
      (match) => match.tableNumber === 1,
    )!;
    const refused = await enterQuickResult(
      line(tournamentId, "1 0-2 drop B", randomUUID(), started.value.roundNumber),
      staff,
      { mayDrop: true },
    );
    expect(refused).toMatchObject({ ok: false, error: { code: "INVALID_RESULT" } });
    expect(!refused.ok && refused.error.message).toMatch(
      /^Table 1 \(.+ vs .+\): A single-elimination playoff match takes no drop.*\(MTR 2\.10\).*without "drop"/,
    );
    expect(await stored(semi.id)).toMatchObject({ winsA: null, version: 0 });
    const dropped = await prisma.registration.count({
      where: { tournamentId, droppedAfterRound: { not: null } },
    });
    expect(dropped).toBe(0);
    // A judge, who may not drop players, reads the same rule rather than a permission refusal.
    const judge = await enterQuickResult(
      line(tournamentId, "1 0-2 drop A", randomUUID(), started.value.roundNumber),
      staff,
      { mayDrop: false },
    );
    expect(!judge.ok && judge.error.message).toContain("(MTR 2.10)");
    expect(!judge.ok && judge.error.code).toBe("INVALID_RESULT");
    expect(
      await enterQuickResult(
        line(tournamentId, "1 0-2", randomUUID(), started.value.roundNumber),
        staff,
        { mayDrop: true },
      ),
    ).toMatchObject({ ok: true });
  });
});

describe("MTR 2.1 ruling F: a slip with two or more drawn games is questioned, then saved once confirmed", () => {
  it("2-0-5 in best-of-three is refused unconfirmed by the result form's path and by quick entry; confirmed, it is saved", async () => {
    const { tournamentId, round } = await pairedRound();
    const [table1, table2] = [1, 2].map(
      (table) => round.matches.find((match) => match.tableNumber === table)!,
    );
    const form = {
      matchId: table1!.id,
      winsA: 2,
      winsB: 0,
      draws: 5,
      expectedVersion: 0,
      intentionalDraw: false,
      note: "",
    };
    const unconfirmed = await reportMatchResult({ ...form, idempotencyKey: randomUUID() }, staff);
    expect(unconfirmed).toMatchObject({
      ok: false,
      error: {
        code: "INVALID_RESULT",
        fieldErrors: { confirmUnusual: [expect.stringContaining("5 drawn games")] },
      },
    });
    expect((await stored(table1!.id)).winsA).toBeNull();
    expect(
      await reportMatchResult(
        { ...form, idempotencyKey: randomUUID(), confirmUnusual: true },
        staff,
      ),
    ).toMatchObject({ ok: true });
    expect(await stored(table1!.id)).toMatchObject({ winsA: 2, winsB: 0, draws: 5 });

    const quick = await enterQuickResult(line(tournamentId, "2 2-0-5"), staff, { mayDrop: true });
    expect(!quick.ok && quick.error.message).toMatch(
      /^Table 2 \(.+\): 5 drawn games .*\(MTR 2\.1\).* end the line with "!"\.$/,
    );
    expect(
      await enterQuickResult(line(tournamentId, "2 2-0-5 !"), staff, { mayDrop: true }),
    ).toMatchObject({ ok: true, value: { slip: "2-0-5" } });
    expect(await stored(table2!.id)).toMatchObject({ draws: 5 });
  });

  it("one drawn game and the 0-0-3 intentional-draw report need no confirmation", async () => {
    const { round } = await pairedRound();
    const [table1, table2] = [1, 2].map(
      (table) => round.matches.find((match) => match.tableNumber === table)!,
    );
    expect(
      await reportMatchResult(
        {
          matchId: table1!.id,
          winsA: 1,
          winsB: 1,
          draws: 1,
          expectedVersion: 0,
          idempotencyKey: randomUUID(),
          intentionalDraw: false,
          note: "",
        },
        staff,
      ),
    ).toMatchObject({ ok: true });
    expect(
      await reportMatchResult(
        {
          matchId: table2!.id,
          winsA: 0,
          winsB: 0,
          draws: 3,
          expectedVersion: 0,
          idempotencyKey: randomUUID(),
          intentionalDraw: false,
          note: "",
        },
        staff,
      ),
    ).toMatchObject({ ok: true });
  });
});

describe("MTR 2.1: implausible quick-entry slips ask for '!' like the form's unusual slips", () => {
  it("'1 0-0' and '2 1-0' in best-of-three are refused with the '!' question, nothing saved; with '!' they save", async () => {
    const { tournamentId, round } = await pairedRound();
    const table1 = round.matches.find((match) => match.tableNumber === 1)!;
    const table2 = round.matches.find((match) => match.tableNumber === 2)!;
    const none = await enterQuickResult(line(tournamentId, "1 0-0"), staff, { mayDrop: true });
    expect(none).toMatchObject({ ok: false, error: { code: "INVALID_RESULT" } });
    expect(!none.ok && none.error.message).toMatch(
      /^Table 1 \(.+ vs .+\): 0-0 records a best-of-three match in which no game was played.*end the line with "!"/,
    );
    const short = await enterQuickResult(line(tournamentId, "2 1-0"), staff, { mayDrop: true });
    expect(!short.ok && short.error.message).toMatch(
      /1-0 ends a best-of-three match before either player won 2 games.*end the line with "!"/,
    );
    expect(await stored(table1.id)).toMatchObject({ winsA: null, version: 0 });
    expect(await stored(table2.id)).toMatchObject({ winsA: null, version: 0 });
    expect(
      await enterQuickResult(line(tournamentId, "2 1-0 !"), staff, { mayDrop: true }),
    ).toMatchObject({ ok: true });
    expect(await stored(table2.id)).toMatchObject({ winsA: 1, winsB: 0, draws: 0 });
  });
});

describe("quick entry and the players' reports (MTR 2.5)", () => {
  it("MTR 2.5: a line that differs from a player's report waiting for confirmation asks for '!' first, and changes nothing until then", async () => {
    const { tournamentId, round } = await pairedRound(["Ann", "Ben"]);
    const match = round.matches.find((each) => each.sideB)!;
    const reporter = {
      sessionId: "s",
      registrationId: match.sideA.id,
      tournamentId,
      name: match.sideA.displayName,
    };
    const reported = await submitPlayerReport(
      {
        matchId: match.id,
        winsA: 2,
        winsB: 1,
        draws: 0,
        expectedVersion: match.version,
        idempotencyKey: randomUUID(),
        intentionalDraw: false,
      },
      reporter,
    );
    expect(reported).toMatchObject({ ok: true, value: { state: "awaiting-confirmation" } });
    const before = await stored(match.id);
    const refused = await enterQuickResult(line(tournamentId, "1 0-2"), staff, { mayDrop: true });
    expect(refused).toMatchObject({ ok: false, error: { code: "INVALID_RESULT" } });
    expect(refused.ok ? "" : refused.error.message).toContain(
      `${match.sideA.displayName} reported 2-1-0 from their phone`,
    );
    expect(await stored(match.id)).toEqual(before);
    // The same result as the player's report is saved at once; a different one with "!".
    expect(
      await enterQuickResult(line(tournamentId, "1 0-2!"), staff, { mayDrop: true }),
    ).toMatchObject({ ok: true });
    expect(await stored(match.id)).toMatchObject({ winsA: 0, winsB: 2 });
  });

  it("MTR 2.5: a line agreeing with a player's waiting report is saved without a question", async () => {
    const { tournamentId, round } = await pairedRound(["Ann", "Ben"]);
    const match = round.matches.find((each) => each.sideB)!;
    const reporter = {
      sessionId: "s",
      registrationId: match.sideB!.id,
      tournamentId,
      name: match.sideB!.displayName,
    };
    await submitPlayerReport(
      {
        matchId: match.id,
        winsA: 2,
        winsB: 0,
        draws: 0,
        expectedVersion: match.version,
        idempotencyKey: randomUUID(),
        intentionalDraw: false,
      },
      reporter,
    );
    expect(
      await enterQuickResult(line(tournamentId, "1 2-0"), staff, { mayDrop: true }),
    ).toMatchObject({ ok: true });
  });

  it("MTR 2.5: a line agreeing with the result a match's games decided records it", async () => {
    const { tournamentId, round } = await pairedRound(["Ann", "Ben"]);
    const match = round.matches.find((each) => each.sideB)!;
    for (const [index, chooser] of (["A", "B"] as const).entries()) {
      const recorded = await recordGame(
        {
          matchId: match.id,
          expectedVersion: index,
          idempotencyKey: randomUUID(),
          chooser,
          choice: "PLAY",
          winner: "A",
          reason: "LIFE",
          note: "",
        },
        { name: "Judge" },
        { mayOverrideChooser: true },
      );
      expect(recorded).toMatchObject({ ok: true });
    }
    expect(
      await enterQuickResult(line(tournamentId, "1 0-2"), staff, { mayDrop: true }),
    ).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    const entry = line(tournamentId, "1 2-0");
    expect(await enterQuickResult(entry, staff, { mayDrop: true })).toMatchObject({
      ok: true,
      value: { slip: "2-0-0", isDuplicate: false },
    });
    expect(
      await prisma.match.findUniqueOrThrow({
        where: { id: match.id },
        select: { confirmedAt: true },
      }),
    ).not.toMatchObject({ confirmedAt: null });
    expect(await enterQuickResult(entry, staff, { mayDrop: true })).toMatchObject({
      ok: true,
      value: { isDuplicate: true },
    });
  });

  it("MTR 2.5: after a judge recorded game 1, a line that completes it is taken; one that contradicts it is refused", async () => {
    const gameOneWonByB = async () => {
      const { tournamentId, round } = await pairedRound(["Ann", "Ben"]);
      const match = round.matches.find((each) => each.sideB)!;
      const recorded = await recordGame(
        {
          matchId: match.id,
          expectedVersion: 0,
          idempotencyKey: randomUUID(),
          chooser: "A",
          choice: "PLAY",
          winner: "B",
          reason: "LIFE",
          note: "",
        },
        { name: "Judge" },
        { mayOverrideChooser: true },
      );
      expect(recorded).toMatchObject({ ok: true });
      return { tournamentId, match };
    };
    const agreeing = await gameOneWonByB();
    expect(
      await enterQuickResult(line(agreeing.tournamentId, "1 0-2"), staff, { mayDrop: true }),
    ).toMatchObject({ ok: true, value: { slip: "0-2-0", isDuplicate: false } });
    expect(await stored(agreeing.match.id)).toMatchObject({ winsA: 0, winsB: 2, draws: 0 });

    const contradicting = await gameOneWonByB();
    const refused = await enterQuickResult(line(contradicting.tournamentId, "1 2-0"), staff, {
      mayDrop: true,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: "INVALID_RESULT" } });
    expect(!refused.ok && refused.error.message).toContain(
      `Game 1 was won by ${contradicting.match.sideB!.displayName}`,
    );
    expect(await stored(contradicting.match.id)).toMatchObject({ winsA: null });
  });
});
