import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { IDLE_FORM, type FormState } from "@/lib/form-state";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound, startRound } from "@/lib/server/round/rounds";
import { addStaff } from "@/test/staff";
import { getRoundClock } from "./time-extensions";
import { reportMatchResult } from "./results";
import { recordEndOfMatchStep } from "./end-of-match";
import { addTimeExtensionAction } from "./clock-actions";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";
import { trustedTournamentAccess } from "@/lib/server/access/tournament-access";

/** MTR 2.6 time extensions through the real action, as each role. */

let currentHeaders = new Headers();
vi.mock("next/headers", () => ({
  headers: async () => currentHeaders,
  cookies: async () => ({ get: () => undefined, set: () => undefined, delete: () => undefined }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const accounts = {} as Record<"organizer" | "judge" | "floorJudge" | "scorekeeper", TestAccount>;

type Event = { tournamentId: string; matchId: string; otherMatchId: string; byeMatchId: string };

async function createEvent(name: string): Promise<Event> {
  const created = await createTournament(
    { name, format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 },
    accounts.organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  for (const [role, account] of [
    ["JUDGE", accounts.judge],
    ["JUDGE", accounts.floorJudge],
    ["SCOREKEEPER", accounts.scorekeeper],
  ] as const) {
    await addStaff(tournamentId, account, role, account.name);
  }
  for (const player of ["Ana", "Ben", "Cleo", "Dev", "Eli"]) {
    const registered = await registerPlayer({ tournamentId, name: player });
    if (!registered.ok) throw new Error(registered.error.message);
  }
  const paired = await pairNextSwissRound(tournamentId, "clock");
  if (!paired.ok) throw new Error(paired.error.message);
  const round = (await getRound(tournamentId, 1))!;
  const played = round.matches.filter((match) => match.sideB !== null);
  const bye = round.matches.find((match) => match.sideB === null)!;
  return { tournamentId, matchId: played[0]!.id, otherMatchId: played[1]!.id, byeMatchId: bye.id };
}

async function extend(as: TestAccount, values: Record<string, string>): Promise<FormState> {
  currentHeaders = new Headers(as.headers);
  const data = new FormData();
  for (const [key, value] of Object.entries({
    idempotencyKey: `key-${Math.random()}`,
    reason: "Deck check",
    extensionsSeen: "0",
    ...values,
  }))
    data.set(key, value);
  return addTimeExtensionAction(IDLE_FORM, data);
}

let event: Event;
beforeAll(async () => {
  accounts.organizer = await createSignedInAccount("Clock Organizer");
  accounts.judge = await createSignedInAccount("Clock Judge");
  accounts.floorJudge = await createSignedInAccount("Clock Floor Judge");
  accounts.scorekeeper = await createSignedInAccount("Clock Scorekeeper");
  event = await createEvent("Clock Open");
}, 60_000);
afterAll(async () => {
  await prisma.$disconnect();
});

describe("MTR 2.6 Time Extensions: a judge gives one table more time", () => {
  it("MTR 2.6: recorded with the minutes, the reason and the judge who gave it; that table's clock ends 5 minutes after the round's", async () => {
    const started = await startRound(event.tournamentId, 1);
    if (!started.ok) throw new Error(started.error.message);
    const state = await extend(accounts.judge, {
      tournamentId: event.tournamentId,
      matchId: event.matchId,
      minutes: "5",
      reason: "Deck check",
    });
    expect(state, state.message).toMatchObject({ status: "success" });
    expect(state.message).toContain("5 minutes added");

    const rows = await prisma.timeExtension.findMany({
      where: { matchId: event.matchId },
      include: { staff: true },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ minutes: 5, reason: "Deck check" });
    expect(rows[0]!.staff).toMatchObject({
      name: accounts.judge.name,
      role: "JUDGE",
      tournamentId: event.tournamentId,
    });

    const now = started.value.startedAt.getTime() + 10 * 60_000;
    const view = (await getRoundClock(trustedTournamentAccess(event.tournamentId), 1, now))!;
    const table = view.tables.find((candidate) => candidate.matchId === event.matchId)!;
    const other = view.tables.find((candidate) => candidate.matchId === event.otherMatchId)!;
    if (view.round.kind !== "timed" || table.clock.kind !== "timed" || other.clock.kind !== "timed")
      throw new Error("the round has started");
    expect(view.round.msLeft).toBe(40 * 60_000);
    expect(table.clock.endsAt - view.round.endsAt).toBe(5 * 60_000);
    expect(other.clock.endsAt).toBe(view.round.endsAt);
    expect(table.extensions).toEqual([
      expect.objectContaining({ minutes: 5, reason: "Deck check", staffName: accounts.judge.name }),
    ]);
  });

  it("MTR 2.6: extensions add up and are never replaced; the organizer may give them too", async () => {
    const state = await extend(accounts.organizer, {
      tournamentId: event.tournamentId,
      matchId: event.matchId,
      minutes: "3",
      reason: "Long ruling",
      extensionsSeen: "1",
    });
    expect(state, state.message).toMatchObject({
      status: "success",
      message: `Table ${await tableOf(event.matchId)}: 3 minutes added (8 in all).`,
    });
    expect(
      (await prisma.timeExtension.findMany({ where: { matchId: event.matchId } }))
        .map((row) => row.minutes)
        .sort(),
    ).toEqual([3, 5]);
  });

  it("a page about one table, or about the extended tables still playing, reads only those (a player's phone does not load the whole round)", async () => {
    const one = (await getRoundClock(trustedTournamentAccess(event.tournamentId), 1, Date.now(), {
      matchId: event.otherMatchId,
    }))!;
    expect(one.tables.map((table) => table.matchId)).toEqual([event.otherMatchId]);
    const all = (await getRoundClock(trustedTournamentAccess(event.tournamentId), 1))!;
    const extended = (await getRoundClock(
      trustedTournamentAccess(event.tournamentId),
      1,
      Date.now(),
      { extendedAndPlaying: true },
    ))!;
    expect(extended.tables.map((table) => table.matchId)).toEqual(
      all.tables
        .filter((table) => table.extensionMinutes > 0 && !table.hasResult)
        .map((table) => table.matchId),
    );
    expect(extended.tables.map((table) => table.matchId)).toContain(event.matchId);
    expect(extended.tables.length).toBeLessThan(all.tables.length);
  });

  it("MTR 2.6: two judges who both saw no extension both press Add time: the second is refused, naming the minutes and judge already on record, until they add theirs deliberately", async () => {
    const fresh = await createEvent("Clock Two Judges");
    const table = { tournamentId: fresh.tournamentId, matchId: fresh.matchId };
    const first = await extend(accounts.judge, {
      ...table,
      minutes: "3",
      reason: "Deck check",
      extensionsSeen: "0",
    });
    expect(first, first.message).toMatchObject({ status: "success" });
    const secondKey = `second-${Math.random()}`;
    const second = await extend(accounts.floorJudge, {
      ...table,
      minutes: "3",
      reason: "Deck check",
      extensionsSeen: "0",
      idempotencyKey: secondKey,
    });
    expect(second).toMatchObject({ status: "error", code: "CONFLICT" });
    expect(second.message).toContain(
      `3 minutes were added at this table meanwhile by ${accounts.judge.name}`,
    );
    expect(await prisma.timeExtension.count({ where: { matchId: fresh.matchId } })).toBe(1);

    // A second delay is legitimate: one deliberate step adds it, and a retry of that step adds nothing more.
    const deliberate = {
      ...table,
      minutes: "3",
      reason: "Deck check",
      extensionsSeen: "0",
      addAnyway: "yes",
      idempotencyKey: secondKey,
    };
    const added = await extend(accounts.floorJudge, deliberate);
    expect(added, added.message).toMatchObject({ status: "success" });
    expect(added.message).toContain("(6 in all)");
    const retried = await extend(accounts.floorJudge, { ...deliberate, addAnyway: "" });
    expect(retried, retried.message).toMatchObject({ status: "success" });
    expect(await prisma.timeExtension.count({ where: { matchId: fresh.matchId } })).toBe(2);
  });

  it("the same form sent twice adds the minutes once", async () => {
    const values = {
      tournamentId: event.tournamentId,
      matchId: event.otherMatchId,
      minutes: "2",
      reason: "Judge call",
      idempotencyKey: `retry-${Math.random()}`,
    };
    const [first, second] = await Promise.all([
      extend(accounts.judge, values),
      extend(accounts.judge, values),
    ]);
    expect(first.status).toBe("success");
    expect(second.status).toBe("success");
    expect(await prisma.timeExtension.count({ where: { matchId: event.otherMatchId } })).toBe(1);
  });

  it("a used key is bound to its table, tournament, minutes and reason: used for anything else it is a conflict, nothing is added", async () => {
    const other = await createEvent("Clock Key Elsewhere");
    const idempotencyKey = `bound-${Math.random()}`;
    const first = await extend(accounts.judge, {
      tournamentId: other.tournamentId,
      matchId: other.matchId,
      minutes: "1",
      reason: "Judge call",
      idempotencyKey,
    });
    expect(first.status).toBe("success");
    const before = await prisma.timeExtension.findMany({ orderBy: { id: "asc" } });
    const reuses = [
      {
        tournamentId: other.tournamentId,
        matchId: other.otherMatchId,
        minutes: "1",
        reason: "Judge call",
      },
      {
        tournamentId: event.tournamentId,
        matchId: event.matchId,
        minutes: "1",
        reason: "Judge call",
      },
      {
        tournamentId: other.tournamentId,
        matchId: other.matchId,
        minutes: "9",
        reason: "Judge call",
      },
      {
        tournamentId: other.tournamentId,
        matchId: other.matchId,
        minutes: "1",
        reason: "Deck check",
      },
    ];
    for (const values of reuses) {
      const state = await extend(accounts.judge, { ...values, idempotencyKey });
      expect(state, JSON.stringify(values)).toMatchObject({
        status: "error",
        code: "CONFLICT",
        message: expect.stringContaining("already used"),
      });
    }
    expect(await prisma.timeExtension.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });

  it("MTR 2.6: 0, 31, 2.5 or missing minutes, and a missing reason, are refused with a clear message and nothing is stored", async () => {
    const before = await prisma.timeExtension.count();
    for (const minutes of ["0", "31", "2.5", "", "ten"]) {
      const state = await extend(accounts.judge, {
        tournamentId: event.tournamentId,
        matchId: event.matchId,
        minutes,
      });
      expect(state, minutes).toMatchObject({ status: "error", code: "VALIDATION" });
      expect(state.fieldErrors?.minutes?.[0], minutes).toBe(
        "Give the extension in whole minutes, from 1 to 30.",
      );
    }
    const noReason = await extend(accounts.judge, {
      tournamentId: event.tournamentId,
      matchId: event.matchId,
      minutes: "5",
      reason: "  ",
    });
    expect(noReason.fieldErrors?.reason?.[0]).toMatch(/Say why/);
    expect(await prisma.timeExtension.count()).toBe(before);
  });

  it("a bye has no clock: refused, nothing stored", async () => {
    const state = await extend(accounts.judge, {
      tournamentId: event.tournamentId,
      matchId: event.byeMatchId,
      minutes: "5",
    });
    expect(state).toMatchObject({ status: "error", code: "VALIDATION" });
    expect(state.message).toMatch(/^Table \d+ is a bye: there is no match to give more time\.$/);
    expect(await prisma.timeExtension.count({ where: { matchId: event.byeMatchId } })).toBe(0);
  });

  it("a match of another tournament is refused as not found, even by its own judge naming this tournament", async () => {
    const other = await createEvent("Clock Other");
    const state = await extend(accounts.judge, {
      tournamentId: event.tournamentId,
      matchId: other.matchId,
      minutes: "5",
    });
    expect(state).toMatchObject({
      status: "error",
      code: "NOT_FOUND",
      message: "That does not belong to this tournament.",
    });
    expect(await prisma.timeExtension.count({ where: { matchId: other.matchId } })).toBe(0);
  });

  it("a role without judging.act (the scorekeeper) is refused, and an anonymous caller is asked to sign in", async () => {
    const state = await extend(accounts.scorekeeper, {
      tournamentId: event.tournamentId,
      matchId: event.otherMatchId,
      minutes: "5",
    });
    expect(state).toMatchObject({ status: "error", code: "FORBIDDEN" });
    expect(state.message).toContain("time extensions, penalties and the end-of-match procedure");
    const anonymous = await extend(
      { ...accounts.judge, headers: new Headers() },
      { tournamentId: event.tournamentId, matchId: event.otherMatchId, minutes: "5" },
    );
    expect(anonymous).toMatchObject({ status: "error", code: "UNAUTHENTICATED" });
    expect(await prisma.timeExtension.count({ where: { matchId: event.otherMatchId } })).toBe(1);
  });

  it("a match that already has a result needs no more time: refused", async () => {
    await prisma.match.update({
      where: { id: event.otherMatchId },
      data: { winsA: 2, winsB: 0, draws: 0, confirmedAt: new Date() },
    });
    const state = await extend(accounts.judge, {
      tournamentId: event.tournamentId,
      matchId: event.otherMatchId,
      minutes: "5",
    });
    expect(state).toMatchObject({ status: "error", code: "MATCH_CONFIRMED" });
    expect(state.message).toMatch(/already has a result/);
  });

  it("MTR 2.4: once time is called the end-of-match procedure has begun, so there is no time left to extend: refused, nothing stored", async () => {
    const fresh = await createEvent("Clock Time Called");
    const called = await recordEndOfMatchStep(
      {
        step: "time-called",
        tournamentId: fresh.tournamentId,
        matchId: fresh.matchId,
        expectedSequence: 0,
        idempotencyKey: `time-${Math.random()}`,
        gameInProgress: true,
        activePlayerPassingTurn: false,
      },
      { staffId: null },
    );
    expect(called, JSON.stringify(called)).toMatchObject({ ok: true });
    const state = await extend(accounts.judge, {
      tournamentId: fresh.tournamentId,
      matchId: fresh.matchId,
      minutes: "5",
    });
    expect(state).toMatchObject({ status: "error", code: "VALIDATION" });
    expect(state.message).toMatch(/time has been called/i);
    expect(state.message).toContain("MTR 2.4");
    expect(await prisma.timeExtension.count({ where: { matchId: fresh.matchId } })).toBe(0);
  });

  it("MTR 2.4: before the round starts the clock says so", async () => {
    const fresh = await createEvent("Clock Not Started");
    const view = (await getRoundClock(trustedTournamentAccess(fresh.tournamentId), 1))!;
    expect(view.round).toEqual({ kind: "not-started" });
    expect(view.tables.every((table) => table.clock.kind === "not-started")).toBe(true);
  });
});

async function tableOf(matchId: string): Promise<number> {
  return (await prisma.match.findUniqueOrThrow({ where: { id: matchId } })).tableNumber;
}

describe("a round over", () => {
  it("MTR 2.4: once every table has its result the round is over, on every page's read of its clock", async () => {
    const event = await createEvent(`Over ${Math.random()}`);
    const started = await startRound(event.tournamentId, 1);
    if (!started.ok) throw new Error(started.error.message);
    const access = trustedTournamentAccess(event.tournamentId);
    expect((await getRoundClock(access, 1))!.isOver).toBe(false);
    for (const matchId of [event.matchId, event.otherMatchId]) {
      const { version } = await prisma.match.findUniqueOrThrow({ where: { id: matchId } });
      const saved = await reportMatchResult(
        {
          matchId,
          winsA: 2,
          winsB: 0,
          draws: 0,
          expectedVersion: version,
          idempotencyKey: `over-${Math.random()}`,
          intentionalDraw: false,
          note: "",
        },
        { source: "STAFF", name: "Scorekeeper" },
      );
      if (!saved.ok) throw new Error(saved.error.message);
    }
    expect((await getRoundClock(access, 1))!.isOver).toBe(true);
    // The public pairings read only the extended tables still playing: the round is over there too.
    expect((await getRoundClock(access, 1, Date.now(), { extendedAndPlaying: true }))!.isOver).toBe(
      true,
    );
  });
});
