import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { CreateTournamentSchema } from "@/lib/schemas/tournament";
import { registerPlayers } from "@/lib/server/registration/registrations";
import { enterRoundPairings, getRound } from "./rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { awardByes } from "./awarded-byes";

afterAll(async () => {
  await prisma.$disconnect();
});

const organizer = { name: "Olive Organizer" };

async function event(names: string[]) {
  const created = await createTournament({
    name: `Entered ${randomUUID()}`,
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error(created.error.message);
  await registerPlayers({ tournamentId: created.value.id, names: names.join("\n") });
  return created.value.id;
}

async function finishRound(tournamentId: string, number: number) {
  for (const match of (await getRound(tournamentId, number))!.matches.filter(
    (m) => m.sideB !== null,
  )) {
    const reported = await reportMatchResult(
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
      { source: "STAFF", name: "Scorekeeper" },
    );
    if (!reported.ok) throw new Error(reported.error.message);
  }
}

describe("entering a round's exact pairings from another tool", () => {
  it("writes the round as pasted, tables and the bye included, with one history entry naming who entered it", async () => {
    const tournamentId = await event(["Ana", "Ben", "Cal", "Dee", "Eve"]);
    expect(
      await enterRoundPairings(
        {
          tournamentId,
          pairings: "Table\tPlayer 1\tPlayer 2\n2\tana\tben\n1\tCal\tDee\n3\tEve\tbye",
        },
        organizer,
      ),
    ).toEqual({ ok: true, value: { roundNumber: 1, tables: 3, warnings: [] } });
    const round = (await getRound(tournamentId, 1))!;
    expect(
      round.matches.map((match) => [
        match.tableNumber,
        match.sideA.displayName,
        match.sideB?.displayName ?? null,
      ]),
    ).toEqual([
      [1, "Cal", "Dee"],
      [2, "Ana", "Ben"],
      [3, "Eve", null],
    ]);
    const history = await prisma.pairingChange.findMany({
      where: { round: { tournamentId } },
      select: { kind: true, actorName: true },
    });
    expect(history).toEqual([{ kind: "ENTERED", actorName: "Olive Organizer" }]);
  });

  it("warns as a swap does (a rematch, a bye not to the lowest player) but enters the round; refuses a line that cannot be a round and saves nothing", async () => {
    const tournamentId = await event(["Ana", "Ben", "Cal", "Dee", "Eve"]);
    await enterRoundPairings({ tournamentId, pairings: "Ana, Ben\nCal, Dee\nEve, bye" }, organizer);
    await finishRound(tournamentId, 1);
    expect(
      await enterRoundPairings(
        { tournamentId, pairings: "Ana, Ben\nCal, Zed\nEve, bye" },
        organizer,
      ),
    ).toMatchObject({
      ok: false,
      error: {
        code: "VALIDATION",
        message: 'Line 2: "Zed" is not registered in this tournament.',
        fieldErrors: { pairings: ['Line 2: "Zed" is not registered in this tournament.'] },
      },
    });
    expect(await prisma.round.count({ where: { tournamentId } })).toBe(1);
    const entered = await enterRoundPairings(
      { tournamentId, pairings: "Ana, Ben\nEve, Dee\nCal, bye" },
      organizer,
    );
    expect(entered.ok && entered.value.warnings.map((warning) => warning.code).sort()).toEqual([
      "BYE_NOT_LOWEST",
      "REMATCH",
    ]);
    expect(
      entered.ok && entered.value.warnings.find((warning) => warning.code === "REMATCH")!.message,
    ).toBe("Ana and Ben have already played each other.");
    // The round page shows the entry's warnings from its history until the round starts.
    expect(
      (await getRound(tournamentId, 2))!.pairingChanges.map((change) => [
        change.kind,
        (change.warnings as { code: string }[]).map((warning) => warning.code).sort(),
      ]),
    ).toEqual([["ENTERED", ["BYE_NOT_LOWEST", "REMATCH"]]]);
  });

  it("names with commas or quotes, as another tool exports them: 'A vs B' or quoted CSV", async () => {
    const tournamentId = await event([
      "Smith, Ann",
      "Doe, Jo",
      '=HYPERLINK("http://evil","x")',
      "Kim Latecomer",
    ]);
    expect(
      await enterRoundPairings(
        {
          tournamentId,
          pairings: '1 Smith, Ann vs Doe, Jo\n2, =HYPERLINK("http://evil","x") vs Kim Latecomer',
        },
        organizer,
      ),
    ).toMatchObject({ ok: true, value: { tables: 2 } });
    await finishRound(tournamentId, 1);
    expect(
      await enterRoundPairings(
        {
          tournamentId,
          pairings:
            'Table,Player A,Player B\n1,"Smith, Ann","=HYPERLINK(""http://evil"",""x"")"\n2,"Doe, Jo",Kim Latecomer',
        },
        organizer,
      ),
    ).toMatchObject({ ok: true, value: { tables: 2, warnings: [] } });
    const round = (await getRound(tournamentId, 2))!;
    expect(
      round.matches.map((match) => [
        match.tableNumber,
        match.sideA.displayName,
        match.sideB?.displayName ?? null,
      ]),
    ).toEqual([
      [1, "Smith, Ann", '=HYPERLINK("http://evil","x")'],
      [2, "Doe, Jo", "Kim Latecomer"],
    ]);
  });

  it("a bye awarded in advance for the round stands: pairing its player against someone is refused", async () => {
    const tournamentId = await event(["Ana", "Ben", "Cal", "Dee"]);
    const ben = await prisma.registration.findFirstOrThrow({
      where: { tournamentId, displayName: "Ben" },
      select: { id: true },
    });
    await awardByes({ tournamentId, registrationId: ben.id, rounds: [1] });
    expect(
      await enterRoundPairings({ tournamentId, pairings: "Ana, Ben\nCal, Dee" }, organizer),
    ).toMatchObject({
      ok: false,
      error: {
        code: "VALIDATION",
        message: expect.stringContaining("Ben has a bye awarded in advance for round 1"),
      },
    });
    expect(
      await enterRoundPairings(
        { tournamentId, pairings: "Cal, Dee\nBen, bye\nAna, bye" },
        organizer,
      ),
    ).toMatchObject({ ok: true });
  });

  it("a pod event's rounds are not entered this way", async () => {
    const created = await createTournament(
      CreateTournamentSchema.parse({
        name: `Pods ${randomUUID()}`,
        format: "Commander",
        structure: "PODS",
      }),
    );
    if (!created.ok) throw new Error(created.error.message);
    expect(
      await enterRoundPairings({ tournamentId: created.value.id, pairings: "A, B" }, organizer),
    ).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
  });
});
