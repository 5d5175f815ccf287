import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { IDLE_FORM } from "@/lib/form-state";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayers } from "@/lib/server/registration/registrations";
import { registerTeams } from "@/lib/server/registration/teams";
import { getRound, pairNextSwissRound, startRound } from "@/lib/server/round/rounds";
import { getPodRound, pairNextPodRound } from "@/lib/server/pod/pods";
import { reportMatchResult } from "@/lib/server/match/results";
import { ReportMatchResultSchema } from "@/lib/schemas/match-result";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import {
  PenaltyFromDeckCheckSchema,
  RecordDeckCheckSchema,
  type RecordDeckCheckInput,
} from "@/lib/schemas/deck-check";
import { addStaff } from "@/test/staff";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";
import {
  chooseDeckCheckTables,
  getDeckCheckTables,
  getDeckChecks,
  getMatchDeckChecks,
  getPlayerDeckChecks,
  penaltyFromDeckCheck,
  recordDeckCheck,
} from "./deck-checks";

/** Deck checks (MTR 2.8, IPG 3.4, 3.5) against a real database: choosing, recording, penalties, reads, and who may. */

let currentHeaders = new Headers();
vi.mock("next/headers", () => ({
  headers: async () => currentHeaders,
  cookies: async () => ({ get: () => undefined, set: () => undefined, delete: () => undefined }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { recordDeckCheckAction, penaltyFromDeckCheckAction } = await import("./deck-check-actions");

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

const accounts = {} as Record<"organizer" | "judge" | "scorekeeper", TestAccount>;
const judge = { name: "Jo Judge" } as { staffId?: string; name: string };
const key = () => `deck-check-${randomUUID()}`;

type Table = Awaited<ReturnType<typeof tablesOf>>[number];

async function tablesOf(tournamentId: string, roundNumber: number) {
  const round = (await getRound(tournamentId, roundNumber))!;
  return round.matches.map((match) => ({
    id: match.id,
    tableNumber: match.tableNumber,
    version: match.version,
    players: [match.sideA.id, ...(match.sideB ? [match.sideB.id] : [])],
    isBye: match.sideB === null,
  }));
}

/** A Swiss event of `players`, round 1 paired and started, the judge on its staff. */
async function freshEvent(players = 11) {
  const created = await createTournament(
    {
      name: `Deck checks ${randomUUID()}`,
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    },
    accounts.organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  const tournamentId = created.value.id;
  judge.staffId = await addStaff(tournamentId, accounts.judge, "JUDGE", "Jo Judge");
  await addStaff(tournamentId, accounts.scorekeeper, "SCOREKEEPER", "Sam Scorekeeper");
  const registered = await registerPlayers({
    tournamentId,
    names: Array.from({ length: players }, (_, index) => `Player ${index + 1}`).join("\n"),
  });
  if (!registered.ok) throw new Error(registered.error.message);
  await nextRound(tournamentId, 1);
  return { tournamentId };
}

async function nextRound(tournamentId: string, roundNumber: number): Promise<Table[]> {
  const paired = await pairNextSwissRound(tournamentId, `deck-checks-${roundNumber}`);
  if (!paired.ok) throw new Error(paired.error.message);
  await startRound(tournamentId, roundNumber);
  return tablesOf(tournamentId, roundNumber);
}

async function reportAll(tournamentId: string, roundNumber: number) {
  for (const table of await tablesOf(tournamentId, roundNumber)) {
    if (table.isBye) continue;
    await report(table, 2, 0);
  }
}

async function report(table: Table, winsA: number, winsB: number) {
  const reported = await reportMatchResult(
    ReportMatchResultSchema.parse({
      matchId: table.id,
      winsA,
      winsB,
      draws: 0,
      expectedVersion: table.version,
      idempotencyKey: key(),
    }),
    { source: "STAFF", name: "Deck check test" },
  );
  if (!reported.ok) throw new Error(reported.error.message);
}

function checkInput(
  tournamentId: string,
  table: { id: string },
  registrationId: string,
  extra: Partial<Record<string, string>> = {},
): RecordDeckCheckInput {
  return RecordDeckCheckSchema.parse({
    tournamentId,
    matchId: table.id,
    registrationId,
    outcome: "PASSED",
    idempotencyKey: key(),
    ...extra,
  });
}

async function record(input: RecordDeckCheckInput) {
  const recorded = await recordDeckCheck(input, judge);
  if (!recorded.ok) throw new Error(recorded.error.message);
  return recorded.value.check;
}

beforeAll(async () => {
  accounts.organizer = await createSignedInAccount("Deck Check Organizer");
  accounts.judge = await createSignedInAccount("Deck Check Judge");
  accounts.scorekeeper = await createSignedInAccount("Deck Check Scorekeeper");
}, 60_000);
afterAll(async () => {
  await prisma.$disconnect();
});

describe("MTR 2.8: choosing tables for deck checks", () => {
  it("MTR 2.8: tables are chosen among those not yet playing, never a bye, and players checked before are not chosen again while others remain", async () => {
    const { tournamentId } = await freshEvent(11);
    const round1 = await tablesOf(tournamentId, 1);
    const first = await chooseDeckCheckTables({ tournamentId, roundNumber: 1, count: 1 });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.available).toBe(5);
    const [chosen] = first.value.tables;
    expect(chosen?.players).toHaveLength(2);
    const checkedMatch = round1.find((table) => table.id === chosen?.matchId)!;
    expect(checkedMatch.isBye).toBe(false);
    for (const player of checkedMatch.players)
      await record(checkInput(tournamentId, checkedMatch, player));

    // Asking for every table gives every table but the bye; one more is refused, naming the field.
    const all = await chooseDeckCheckTables({ tournamentId, roundNumber: 1, count: 5 });
    if (!all.ok) throw new Error(all.error.message);
    expect(all.value.tables.map((table) => table.matchId).sort()).toEqual(
      round1
        .filter((table) => !table.isBye)
        .map((table) => table.id)
        .sort(),
    );
    expect(all.value.tables.find((table) => table.matchId === checkedMatch.id)).toMatchObject({
      isRecheck: true,
    });
    const tooMany = await chooseDeckCheckTables({ tournamentId, roundNumber: 1, count: 6 });
    expect(tooMany).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    expect(tooMany.ok ? null : tooMany.error.fieldErrors?.count).toHaveLength(1);

    await reportAll(tournamentId, 1);
    const round2 = await nextRound(tournamentId, 2);
    const checked = new Set(checkedMatch.players);
    const fresh = round2.filter(
      (table) => !table.isBye && table.players.every((player) => !checked.has(player)),
    );
    expect(fresh.length).toBeGreaterThanOrEqual(3);
    for (let attempt = 0; attempt < 10; attempt++) {
      const second = await chooseDeckCheckTables({
        tournamentId,
        roundNumber: 2,
        count: fresh.length,
      });
      if (!second.ok) throw new Error(second.error.message);
      for (const table of second.value.tables)
        for (const player of table.players) {
          expect(checked.has(player.registrationId)).toBe(false);
          expect(player.isCheckedBefore).toBe(false);
        }
    }

    // A table that has played is left out.
    const played = round2.find((table) => !table.isBye)!;
    await report(played, 2, 1);
    const afterResult = await chooseDeckCheckTables({ tournamentId, roundNumber: 2, count: 1 });
    if (!afterResult.ok) throw new Error(afterResult.error.message);
    expect(afterResult.value.available).toBe(4);
    const rest = await chooseDeckCheckTables({ tournamentId, roundNumber: 2, count: 4 });
    if (!rest.ok) throw new Error(rest.error.message);
    expect(rest.value.tables.map((table) => table.matchId)).not.toContain(played.id);
    // Nothing was written by choosing.
    expect(await prisma.deckCheck.count({ where: { tournamentId } })).toBe(2);
  });

  it("MTR 2.8: a round that does not exist is NOT_FOUND", async () => {
    const { tournamentId } = await freshEvent(4);
    expect(await chooseDeckCheckTables({ tournamentId, roundNumber: 7, count: 1 })).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
  });
});

describe("MTR 2.8 (DL6): deck checks at a team event's seat matches", () => {
  it("MTR 2.8: each seat of a team table is its member's deck, counted against their own list's version", async () => {
    const created = await createTournament(
      CreateTournamentSchema.parse({
        name: `Trios checks ${randomUUID()}`,
        teamSetup: "TEAMS_OF_THREE",
      }),
      accounts.organizer,
    );
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    judge.staffId = await addStaff(tournamentId, accounts.judge, "JUDGE", "Jo Judge");
    const teams = await registerTeams({
      tournamentId,
      teams: "Rocket: Ana, Ben, Cleo\nBlue: Dora, Eli, Fay",
    });
    if (!teams.ok) throw new Error(teams.error.message);
    const paired = await pairNextSwissRound(tournamentId, "trios-checks");
    if (!paired.ok) throw new Error(paired.error.message);
    const rocket = await prisma.registration.findFirstOrThrow({
      where: { tournamentId, displayName: "Rocket" },
    });
    // Ben's list is at version 3 (written directly: the card rules are not what is tested here).
    await prisma.decklist.create({
      data: {
        tournamentId,
        registrationId: rocket.id,
        seat: 1,
        text: "60 Mountain",
        entries: {},
        problems: [],
        notes: [],
        isLegal: true,
        format: "modern",
        checkedAgainst: new Date(),
        version: 3,
      },
    });
    const tables = await getDeckCheckTables(tournamentId, 1, [1]);
    expect(tables.map((table) => table.label)).toEqual(["1A", "1B", "1C"]);
    const seatB = tables[1]!;
    expect(seatB.players.map((player) => [player.displayName, player.seat])).toContainEqual([
      "Ben (Rocket)",
      1,
    ]);
    const input = (extra: Partial<Record<string, string>> = {}) =>
      RecordDeckCheckSchema.parse({
        tournamentId,
        matchId: seatB.matchId,
        registrationId: rocket.id,
        outcome: "PASSED",
        idempotencyKey: key(),
        ...extra,
      });
    const check = await record(input());
    expect(check).toMatchObject({
      seat: 1,
      tableLabel: "1B",
      playerName: "Ben (Rocket)",
      decklistVersion: 3,
    });
    expect(await recordDeckCheck(input({ decklistVersion: "4" }), judge)).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", fieldErrors: { decklistVersion: expect.any(Array) } },
    });
    // Seat A's match of the same team table shows no check of Ana's deck.
    const checks = (await getDeckChecks(tournamentId)).flatMap((round) => round.checks);
    expect(checks.filter((each) => each.matchId === tables[0]!.matchId)).toEqual([]);
  });
});

describe("MTR 2.8: recording a deck check", () => {
  it("MTR 2.8: a passed check is kept with the table, the player, the judge and the time; reads per round, player and match show it", async () => {
    const { tournamentId } = await freshEvent(4);
    const [table] = await tablesOf(tournamentId, 1);
    const [ana, ben] = table!.players as [string, string];
    const check = await record(checkInput(tournamentId, table!, ana, { note: " sleeves fine " }));
    expect(check).toMatchObject({
      roundNumber: 1,
      tableNumber: table!.tableNumber,
      matchId: table!.id,
      podId: null,
      registrationId: ana,
      outcome: "PASSED",
      note: "sleeves fine",
      // No list registered: nothing to name.
      decklistVersion: null,
      judgeName: "Jo Judge",
      penalty: null,
      replacesId: null,
      replacedById: null,
    });
    expect(check.opponentNames).toHaveLength(1);
    expect(check.createdAt).toBeInstanceOf(Date);
    const row = await prisma.deckCheck.findUniqueOrThrow({ where: { id: check.id } });
    expect(row.createdByStaffId).toBe(judge.staffId);

    expect(await getDeckChecks(tournamentId)).toEqual([{ roundNumber: 1, checks: [check] }]);
    expect(await getDeckChecks(tournamentId, { roundNumber: 2 })).toEqual([]);
    expect(await getPlayerDeckChecks(tournamentId, ana)).toEqual([check]);
    expect(await getPlayerDeckChecks(tournamentId, ben)).toEqual([]);
    expect(await getMatchDeckChecks(table!.id)).toEqual([check]);
  });

  it("MTR 2.8: the same form sent twice is stored once; its key used for another check is a conflict", async () => {
    const { tournamentId } = await freshEvent(4);
    const [table] = await tablesOf(tournamentId, 1);
    const input = checkInput(tournamentId, table!, table!.players[0]!);
    const [first, second] = await Promise.all([
      recordDeckCheck(input, judge),
      recordDeckCheck(input, judge),
    ]);
    const third = await recordDeckCheck(input, judge);
    if (!first.ok || !second.ok || !third.ok) throw new Error("every send is answered");
    expect(new Set([first.value.check.id, second.value.check.id, third.value.check.id]).size).toBe(
      1,
    );
    expect(third.value.isDuplicate).toBe(true);
    expect(await prisma.deckCheck.count({ where: { tournamentId } })).toBe(1);
    const reused = await recordDeckCheck({ ...input, outcome: "DECK_PROBLEM", note: "x" }, judge);
    expect(reused).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
  });

  it("MTR 2.8: a player who is not at that table is refused, naming the player field; so is a bye", async () => {
    const { tournamentId } = await freshEvent(5);
    const tables = await tablesOf(tournamentId, 1);
    const [table, other] = tables.filter((each) => !each.isBye) as [Table, Table];
    const refused = await recordDeckCheck(
      checkInput(tournamentId, table, other.players[0]!),
      judge,
    );
    expect(refused).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    expect(refused.ok ? null : refused.error.fieldErrors?.registrationId).toHaveLength(1);
    const bye = tables.find((each) => each.isBye)!;
    expect(
      await recordDeckCheck(checkInput(tournamentId, bye, bye.players[0]!), judge),
    ).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    expect(await prisma.deckCheck.count({ where: { tournamentId } })).toBe(0);
  });

  it("IPG 3.4: a problem without a word of what was found is refused on the note field", async () => {
    const { tournamentId } = await freshEvent(4);
    const [table] = await tablesOf(tournamentId, 1);
    const refused = await recordDeckCheck(
      checkInput(tournamentId, table!, table!.players[0]!, { outcome: "DECKLIST_PROBLEM" }),
      judge,
    );
    expect(refused.ok ? null : refused.error.fieldErrors?.note).toHaveLength(1);
  });

  it("MTR 2.8: a correction is a new row naming the one it replaces; the first stays, and is corrected once", async () => {
    const { tournamentId } = await freshEvent(4);
    const [table] = await tablesOf(tournamentId, 1);
    const player = table!.players[0]!;
    const first = await record(
      checkInput(tournamentId, table!, player, { outcome: "DECK_PROBLEM", note: "61 cards" }),
    );
    const corrected = await record(
      checkInput(tournamentId, table!, player, { note: "Recounted: 60", replacesId: first.id }),
    );
    expect(corrected).toMatchObject({ outcome: "PASSED", replacesId: first.id });
    const history = await getPlayerDeckChecks(tournamentId, player);
    expect(history.map((check) => [check.id, check.replacedById])).toEqual([
      [first.id, corrected.id],
      [corrected.id, null],
    ]);
    expect(
      await recordDeckCheck(
        checkInput(tournamentId, table!, player, { replacesId: first.id }),
        judge,
      ),
    ).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    expect(
      await recordDeckCheck(
        checkInput(tournamentId, table!, table!.players[1]!, { replacesId: corrected.id }),
        judge,
      ),
    ).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
  });
});

describe("IPG 3.4, IPG 3.5: going on from a check's problem to a penalty", () => {
  it("IPG 3.4: a Decklist Problem goes on to a Game Loss for Decklist Problem (IPG 3.4), written as every penalty is and linked to the check", async () => {
    const { tournamentId } = await freshEvent(4);
    const [table] = await tablesOf(tournamentId, 1);
    const player = table!.players[0]!;
    const check = await record(
      checkInput(tournamentId, table!, player, {
        outcome: "DECKLIST_PROBLEM",
        note: "List has 59 cards",
      }),
    );
    const input = PenaltyFromDeckCheckSchema.parse({
      tournamentId,
      deckCheckId: check.id,
      expectedVersion: String(table!.version),
      gameNumber: "",
      idempotencyKey: key(),
    });
    const given = await penaltyFromDeckCheck(input, judge);
    if (!given.ok) throw new Error(given.error.message);
    const penalty = await prisma.penalty.findUniqueOrThrow({
      where: { id: given.value.penaltyId },
    });
    expect(penalty).toMatchObject({
      matchId: table!.id,
      registrationId: player,
      kind: "GAME_LOSS",
      infraction: "Decklist Problem (IPG 3.4)",
      gameNumber: 1,
      note: "List has 59 cards",
      staffId: judge.staffId,
    });
    // CR 104.3k: the Game Loss is game 1, lost by the penalised player.
    const games = await prisma.game.findMany({ where: { matchId: table!.id } });
    expect(games).toMatchObject([{ number: 1, reason: "JUDGE_GAME_LOSS" }]);
    const [view] = await getMatchDeckChecks(table!.id);
    expect(view?.penalty).toMatchObject({
      id: penalty.id,
      kind: "GAME_LOSS",
      infraction: "Decklist Problem (IPG 3.4)",
    });

    // The same form again is the same penalty; another form finds the check already penalised.
    const again = await penaltyFromDeckCheck(input, judge);
    expect(again).toMatchObject({ ok: true, value: { penaltyId: penalty.id, isDuplicate: true } });
    const other = await penaltyFromDeckCheck(
      { ...input, idempotencyKey: key(), expectedVersion: given.value.version },
      judge,
    );
    expect(other).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    expect(await prisma.penalty.count({ where: { matchId: table!.id } })).toBe(1);
  });

  it("IPG 3.5: a Deck Problem goes on to its infraction, with the penalty the judge chose", async () => {
    const { tournamentId } = await freshEvent(4);
    const [table] = await tablesOf(tournamentId, 1);
    const check = await record(
      checkInput(tournamentId, table!, table!.players[1]!, {
        outcome: "DECK_PROBLEM",
        note: "Sideboard card in the main deck",
      }),
    );
    const given = await penaltyFromDeckCheck(
      PenaltyFromDeckCheckSchema.parse({
        tournamentId,
        deckCheckId: check.id,
        kind: "GAME_LOSS",
        expectedVersion: table!.version,
        note: "Found at the start of round 1",
        idempotencyKey: key(),
      }),
      judge,
    );
    if (!given.ok) throw new Error(given.error.message);
    expect(
      await prisma.penalty.findUniqueOrThrow({ where: { id: given.value.penaltyId } }),
    ).toMatchObject({
      kind: "GAME_LOSS",
      infraction: "Deck Problem (IPG 3.5)",
      note: "Found at the start of round 1",
    });
    expect(await prisma.deckCheck.findUniqueOrThrow({ where: { id: check.id } })).toMatchObject({
      penaltyId: given.value.penaltyId,
    });
  });

  it("IPG 3.5: two judges giving a penalty from the same check at once give one; the other is told, and its penalty undone", async () => {
    const { tournamentId } = await freshEvent(4);
    const [table] = await tablesOf(tournamentId, 1);
    const check = await record(
      checkInput(tournamentId, table!, table!.players[0]!, {
        outcome: "DECK_PROBLEM",
        note: "Unregistered sideboard card",
      }),
    );
    const attempt = () =>
      penaltyFromDeckCheck(
        PenaltyFromDeckCheckSchema.parse({
          tournamentId,
          deckCheckId: check.id,
          kind: "WARNING",
          expectedVersion: table!.version,
          idempotencyKey: key(),
        }),
        judge,
      );
    const answers = await Promise.all([attempt(), attempt()]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.find((answer) => !answer.ok)).toMatchObject({
      ok: false,
      error: { code: "CONFLICT" },
    });
    expect(await prisma.penalty.count({ where: { matchId: table!.id } })).toBe(1);
  });

  it("MTR 2.8: a passed check, or a corrected one, gives no penalty; nothing is written", async () => {
    const { tournamentId } = await freshEvent(4);
    const [table] = await tablesOf(tournamentId, 1);
    const player = table!.players[0]!;
    const passed = await record(checkInput(tournamentId, table!, player));
    const penalty = (deckCheckId: string) =>
      penaltyFromDeckCheck(
        PenaltyFromDeckCheckSchema.parse({
          tournamentId,
          deckCheckId,
          expectedVersion: table!.version,
          idempotencyKey: key(),
        }),
        judge,
      );
    expect(await penalty(passed.id)).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    const problem = await record(
      checkInput(tournamentId, table!, player, {
        outcome: "DECK_PROBLEM",
        note: "60 cards, 61 listed",
        replacesId: passed.id,
      }),
    );
    await record(
      checkInput(tournamentId, table!, player, { note: "Miscounted", replacesId: problem.id }),
    );
    expect(await penalty(problem.id)).toMatchObject({ ok: false, error: { code: "CONFLICT" } });
    expect(await prisma.penalty.count({ where: { matchId: table!.id } })).toBe(0);
  });
});

describe("deck checks in a pod event (CR 100.6a)", () => {
  it("MTR 2.8: a pod is chosen and checked like a table; its penalty is the pod's own (a departure), not given here", async () => {
    const created = await createTournament(
      CreateTournamentSchema.parse({
        name: `Pod deck checks ${randomUUID()}`,
        format: "Commander",
        structure: "PODS",
      }),
      accounts.organizer,
    );
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    const registered = await registerPlayers({
      tournamentId,
      names: Array.from({ length: 8 }, (_, index) => `Pilot ${index + 1}`).join("\n"),
    });
    if (!registered.ok) throw new Error(registered.error.message);
    const paired = await pairNextPodRound(tournamentId, "deck-checks");
    if (!paired.ok) throw new Error(paired.error.message);
    const pods = (await getPodRound(tournamentId, 1))!.pods;
    const chosen = await chooseDeckCheckTables({ tournamentId, roundNumber: 1, count: 2 });
    if (!chosen.ok) throw new Error(chosen.error.message);
    expect(chosen.value.tables.map((table) => table.podId).sort()).toEqual(
      pods.map((pod) => pod.id).sort(),
    );
    expect(chosen.value.tables[0]?.players).toHaveLength(4);
    const pod = pods[0]!;
    const check = await record(
      RecordDeckCheckSchema.parse({
        tournamentId,
        podId: pod.id,
        registrationId: pod.seats[0]!.registrationId,
        outcome: "DECK_PROBLEM",
        note: "Commander not on the list",
        idempotencyKey: key(),
      }),
    );
    expect(check).toMatchObject({ podId: pod.id, matchId: null, tableNumber: pod.tableNumber });
    expect(check.opponentNames).toHaveLength(3);
    expect(
      await penaltyFromDeckCheck(
        PenaltyFromDeckCheckSchema.parse({
          tournamentId,
          deckCheckId: check.id,
          expectedVersion: 0,
          idempotencyKey: key(),
        }),
        judge,
      ),
    ).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
  });
});

describe("deck checks through the actions: who may, and ids of another tournament", () => {
  it("a judge records and goes on to a penalty; a scorekeeper may not; another tournament's match, player or check is NOT_FOUND", async () => {
    const { tournamentId } = await freshEvent(4);
    const other = await freshEvent(4);
    const [table] = await tablesOf(tournamentId, 1);
    const [otherTable] = await tablesOf(other.tournamentId, 1);
    const player = table!.players[0]!;
    const values = {
      tournamentId,
      matchId: table!.id,
      registrationId: player,
      outcome: "DECKLIST_PROBLEM",
      note: "Two copies of a card listed as three",
      idempotencyKey: key(),
    };

    currentHeaders = new Headers(accounts.scorekeeper.headers);
    expect(await recordDeckCheckAction(IDLE_FORM, form(values))).toMatchObject({
      status: "error",
      code: "FORBIDDEN",
    });

    currentHeaders = new Headers(accounts.judge.headers);
    expect(
      await recordDeckCheckAction(IDLE_FORM, form({ ...values, matchId: otherTable!.id })),
    ).toMatchObject({ status: "error", code: "NOT_FOUND" });
    expect(
      await recordDeckCheckAction(
        IDLE_FORM,
        form({ ...values, registrationId: otherTable!.players[0]! }),
      ),
    ).toMatchObject({ status: "error", code: "NOT_FOUND" });
    expect(await prisma.deckCheck.count({ where: { tournamentId } })).toBe(0);

    const recorded = await recordDeckCheckAction(IDLE_FORM, form(values));
    expect(recorded).toMatchObject({ status: "success" });
    expect(recorded.message).toContain(`table ${table!.tableNumber}`);
    const [check] = await getMatchDeckChecks(table!.id);

    const otherCheck = await recordDeckCheck(
      checkInput(other.tournamentId, otherTable!, otherTable!.players[0]!, {
        outcome: "DECK_PROBLEM",
        note: "x",
      }),
      judge,
    );
    if (!otherCheck.ok) throw new Error(otherCheck.error.message);
    const penaltyValues = {
      tournamentId,
      deckCheckId: otherCheck.value.check.id,
      expectedVersion: String(table!.version),
      idempotencyKey: key(),
    };
    expect(await penaltyFromDeckCheckAction(IDLE_FORM, form(penaltyValues))).toMatchObject({
      status: "error",
      code: "NOT_FOUND",
    });
    const given = await penaltyFromDeckCheckAction(
      IDLE_FORM,
      form({ ...penaltyValues, deckCheckId: check!.id }),
    );
    expect(given).toMatchObject({ status: "success" });
    expect(await prisma.penalty.count({ where: { matchId: otherTable!.id } })).toBe(0);
    expect((await getMatchDeckChecks(table!.id))[0]?.penalty).toMatchObject({
      kind: "GAME_LOSS",
      infraction: "Decklist Problem (IPG 3.4)",
    });
  });
});
