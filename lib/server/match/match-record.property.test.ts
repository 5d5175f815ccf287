import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getRound, pairNextSwissRound } from "@/lib/server/round/rounds";
import { reportMatchResult } from "./results";
import { getMatchForTable } from "./match-table";
import { recordGame } from "./record-game";
import { takeBackLastGame } from "./take-back-game";
import { getEndOfMatch, recordEndOfMatchStep } from "./end-of-match";
import { addTimeExtension } from "./time-extensions";
import { recordDecidedResult } from "./record-result";
import { loadSwissFacts, toStandingsInput } from "@/lib/server/standings/standings";
import { computeStandings } from "@/lib/rules/standings";
import type { ActionResult } from "@/lib/action-result";
import { createSignedInAccount, type TestAccount } from "@/test/accounts";

// MTR 2.1-2.6 through the data layer: random sequences of judge and staff actions on one match, and after every step the match page, the time screen, the stored result, the history and the standings agree.

let organizer: TestAccount;
beforeAll(async () => {
  organizer = await createSignedInAccount("Property Organizer");
}, 60_000);

afterAll(async () => {
  await prisma.$disconnect();
});

const staff = { name: "Judge Jo" };

type Action =
  | { kind: "game"; winner: "A" | "B" | null }
  | { kind: "take-back" }
  | { kind: "call-time"; gameInProgress: boolean }
  | { kind: "end-turn" }
  | { kind: "concede"; side: "A" | "B" }
  | { kind: "draw" }
  | { kind: "record" }
  | { kind: "extend" };

const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("game" as const),
      winner: fc.constantFrom("A" as const, "B" as const, null),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "take-back" as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("call-time" as const), gameInProgress: fc.boolean() }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: "end-turn" as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("concede" as const),
      side: fc.constantFrom("A" as const, "B" as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "draw" as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: "record" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "extend" as const }) },
);

async function newMatch() {
  const created = await createTournament(
    { name: `Property ${randomUUID()}`, format: "", gamesToWin: 2, roundMinutes: 50, teamSize: 1 },
    organizer,
  );
  if (!created.ok) throw new Error(created.error.message);
  for (const name of ["Ann", "Ben"]) await registerPlayer({ tournamentId: created.value.id, name });
  await pairNextSwissRound(created.value.id, "property");
  const match = (await getRound(created.value.id, 1))!.matches[0]!;
  return { tournamentId: created.value.id, matchId: match.id };
}

/** Every stored fact of the match: what a refused action must leave exactly as it was. */
async function storedFacts(matchId: string) {
  const [match, games, changes, steps, extensions] = await Promise.all([
    prisma.match.findUniqueOrThrow({
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
    }),
    prisma.game.findMany({
      where: { matchId },
      orderBy: [{ number: "asc" }, { removalSequence: "asc" }],
      select: { number: true, winner: true, reason: true, removedAt: true },
    }),
    prisma.resultChange.count({ where: { matchId } }),
    prisma.endOfMatchEvent.count({ where: { matchId } }),
    prisma.timeExtension.count({ where: { matchId } }),
  ]);
  return { match, games, changes, steps, extensions };
}

async function act(
  tournamentId: string,
  matchId: string,
  action: Action,
): Promise<ActionResult<unknown>> {
  const table = (await getMatchForTable(tournamentId, matchId))!;
  const key = randomUUID();
  const expectedVersion = table.version;
  switch (action.kind) {
    case "game":
      return recordGame(
        {
          matchId,
          expectedVersion,
          idempotencyKey: key,
          chooser: table.nextChooser ?? "A",
          choice: "PLAY",
          winner: action.winner,
          reason: action.winner ? "LIFE" : "DRAW_LOOP",
          note: "",
        },
        staff,
        { mayOverrideChooser: false },
      );
    case "take-back":
      return takeBackLastGame(
        { matchId, expectedVersion, idempotencyKey: key, note: "Recorded in error" },
        staff,
      );
    case "call-time":
    case "end-turn": {
      const procedure = await getEndOfMatch(tournamentId, matchId);
      const common = {
        tournamentId,
        matchId,
        expectedSequence: procedure?.sequence ?? 0,
        idempotencyKey: key,
      };
      const input =
        action.kind === "call-time"
          ? {
              ...common,
              step: "time-called" as const,
              gameInProgress: action.gameInProgress,
              activePlayerPassingTurn: false,
              overrideReason: "The hall's clock says time.",
            }
          : { ...common, step: "turn-ended" as const, extraTurn: false };
      return recordEndOfMatchStep(input, { staffId: null });
    }
    case "concede":
    case "draw": {
      const slip = table.state?.slip ?? { winsA: 0, winsB: 0, draws: 0 };
      return reportMatchResult(
        {
          matchId,
          ...slip,
          expectedVersion,
          idempotencyKey: key,
          intentionalDraw: action.kind === "draw",
          concededBy: action.kind === "concede" ? action.side : undefined,
          note: "",
        },
        { source: "STAFF", name: staff.name },
      );
    }
    case "record":
      return recordDecidedResult({ matchId, expectedVersion, idempotencyKey: key }, staff);
    case "extend": {
      const seat = await prisma.staffMember.findFirst({
        where: { tournamentId },
        select: { id: true },
      });
      return seat
        ? addTimeExtension(
            {
              tournamentId,
              matchId,
              minutes: 3,
              reason: "Deck check",
              extensionsSeen: await prisma.timeExtension.count({ where: { matchId } }),
              addAnyway: false,
              idempotencyKey: key,
            },
            { staffId: seat.id },
          )
        : { ok: false, error: { code: "FORBIDDEN", message: "no staff" } };
    }
  }
}

/** What every screen and the stored result must agree on after any step. */
async function expectOneTruth(tournamentId: string, matchId: string, label: string) {
  const table = (await getMatchForTable(tournamentId, matchId))!;
  const { record } = table;
  const { match } = await storedFacts(matchId);

  // The time screen reads the same derivation as the match page.
  const procedure = await getEndOfMatch(tournamentId, matchId);
  if (procedure) expect(procedure.record, `${label}: time screen`).toEqual(record);

  // The stored result is the derivation's: decided and recorded matches store their slip; others none.
  const storedSlip =
    match.winsA === null ? null : { winsA: match.winsA, winsB: match.winsB, draws: match.draws };
  if (record.phase === "decided" || record.phase === "recorded") {
    if (!record.gameDecidedByTime)
      expect(storedSlip, `${label}: stored slip`).toEqual(record.decided!.outcome.slip);
  } else {
    expect(storedSlip, `${label}: a match still played stores no slip`).toBeNull();
  }
  expect(match.confirmedAt !== null, `${label}: recorded`).toBe(record.phase === "recorded");

  // Every version of the match has its history row, none missing and none doubled.
  const versions = (
    await prisma.resultChange.findMany({
      where: { matchId },
      select: { version: true },
      orderBy: { version: "asc" },
    })
  ).map((change) => change.version);
  expect(versions, `${label}: history`).toEqual(
    Array.from({ length: match.version }, (_, index) => index + 1),
  );

  // The standings count what is stored.
  const facts = await loadSwissFacts(prisma, tournamentId);
  const standings = computeStandings(toStandingsInput(facts, 1));
  expect(standings.ok, `${label}: standings`).toBe(true);
  if (standings.ok && storedSlip) {
    const points = new Map(standings.value.map((row) => [row.playerId, row.matchPoints]));
    const [sideA, sideB] = [facts.matches[0]!.sideAId, facts.matches[0]!.sideBId!];
    const winner = record.decided?.outcome.winner ?? null;
    if (!record.gameDecidedByTime && record.decided) {
      expect([points.get(sideA), points.get(sideB)], `${label}: match points`).toEqual(
        winner === "A" ? [3, 0] : winner === "B" ? [0, 3] : [1, 1],
      );
    }
  }
}

describe("one match, one record: the data layer under random actions (MTR 2.1-2.6)", () => {
  it("after every judge or staff action the match page, the time screen, the stored result, the history and the standings agree, and a refused action changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(actionArbitrary, { minLength: 1, maxLength: 12 }),
        async (actions) => {
          const { tournamentId, matchId } = await newMatch();
          for (const [index, action] of actions.entries()) {
            const label = `step ${index + 1} (${JSON.stringify(action)}) of ${JSON.stringify(actions)}`;
            const before = await storedFacts(matchId);
            const result = await act(tournamentId, matchId, action);
            if (!result.ok) {
              expect(["INTERNAL"], `${label}: ${result.error.message}`).not.toContain(
                result.error.code,
              );
              expect(
                await storedFacts(matchId),
                `${label}: refused (${result.error.message}) yet changed`,
              ).toEqual(before);
            }
            await expectOneTruth(tournamentId, matchId, label);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 300_000);
});
