import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { registerPlayer } from "@/lib/server/registration/registrations";
import { getPairingHistory, getRound, pairNextSwissRound, startRound, swapPlayers } from "./rounds";
import { reportMatchResult } from "@/lib/server/match/results";

afterAll(async () => {
  await prisma.$disconnect();
});

async function eventWithRound(playerCount: number) {
  const created = await createTournament({
    name: "Swap Open",
    format: "",
    gamesToWin: 2,
    roundMinutes: 50,
    teamSize: 1,
  });
  if (!created.ok) throw new Error("create");
  const tournamentId = created.value.id;
  for (let index = 1; index <= playerCount; index++)
    await registerPlayer({ tournamentId, name: `Player ${index}` });
  await pairNextSwissRound(tournamentId, "swap-seed");
  const round = await getRound(tournamentId, 1);
  return { tournamentId, round: round! };
}

describe("manual pairing changes before the round starts", () => {
  it("swaps two players across tables and records the change with the generated pairing", async () => {
    const { tournamentId, round } = await eventWithRound(4);
    const [first, second] = round.matches;
    const swapped = await swapPlayers(
      { tournamentId, roundNumber: 1, playerId: first!.sideA.id, otherPlayerId: second!.sideA.id },
      { name: "TO" },
    );
    expect(swapped).toEqual({ ok: true, value: { warnings: [] } });
    const after = await getRound(tournamentId, 1);
    expect(after!.matches[0]!.sideA.id).toBe(second!.sideA.id);
    expect(after!.matches[1]!.sideA.id).toBe(first!.sideA.id);
    const history = await getPairingHistory(tournamentId, 1);
    expect(history.map((change) => change.kind)).toEqual(["GENERATED", "SWAPPED"]);
    expect(history[1]).toMatchObject({ actorName: "TO" });
  });

  it("moves the bye with its 2-0 result when a player is swapped with the bye holder", async () => {
    const { tournamentId, round } = await eventWithRound(3);
    const byeMatch = round.matches.find((match) => match.sideB === null)!;
    const paired = round.matches.find((match) => match.sideB !== null)!;
    const result = await swapPlayers(
      {
        tournamentId,
        roundNumber: 1,
        playerId: byeMatch.sideA.id,
        otherPlayerId: paired.sideB!.id,
      },
      { name: "TO" },
    );
    expect(result.ok).toBe(true);
    const after = await getRound(tournamentId, 1);
    const newBye = after!.matches.find((match) => match.sideB === null)!;
    expect(newBye.sideA.id).toBe(paired.sideB!.id);
    expect(newBye).toMatchObject({ winsA: 2, winsB: 0, draws: 0 });
  });

  it("warns about a rematch the swap creates, by name, and still applies it", async () => {
    const created = await createTournament({
      name: "Rematch Open",
      format: "",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    });
    if (!created.ok) throw new Error("create");
    const tournamentId = created.value.id;
    for (const name of ["Ann", "Bob", "Cid", "Dee"]) await registerPlayer({ tournamentId, name });
    await pairNextSwissRound(tournamentId, "r1");
    const round1 = (await getRound(tournamentId, 1))!;
    for (const match of round1.matches) {
      await reportMatchResult(
        {
          matchId: match.id,
          winsA: 2,
          winsB: 0,
          draws: 0,
          expectedVersion: 0,
          idempotencyKey: `rematch-${match.id}`,
          intentionalDraw: false,
          note: "",
        },
        { source: "STAFF", name: "TO" },
      );
    }
    await pairNextSwissRound(tournamentId, "r2");
    const round2 = (await getRound(tournamentId, 2))!;
    // Put a round-1 pair back together: swap one of them with the other's round-2 opponent.
    const [m1] = round1.matches;
    const seatOfB = round2.matches.find(
      (match) => match.sideA.id === m1!.sideB!.id || match.sideB?.id === m1!.sideB!.id,
    )!;
    const opponentOfA = round2.matches.find(
      (match) => match.sideA.id === m1!.sideA.id || match.sideB?.id === m1!.sideA.id,
    )!;
    const aOpponent =
      opponentOfA.sideA.id === m1!.sideA.id ? opponentOfA.sideB!.id : opponentOfA.sideA.id;
    expect(seatOfB.id).not.toBe(opponentOfA.id);
    const result = await swapPlayers(
      { tournamentId, roundNumber: 2, playerId: aOpponent, otherPlayerId: m1!.sideB!.id },
      { name: "TO" },
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.warnings.map((warning) => warning.code)).toContain("REMATCH");
    const names = [m1!.sideA.displayName, m1!.sideB!.displayName];
    const rematch = result.value.warnings.find((warning) => warning.code === "REMATCH")!;
    for (const name of names) expect(rematch.message).toContain(name);
  });

  it("refuses changes once the round has started", async () => {
    const { tournamentId, round } = await eventWithRound(4);
    await startRound(tournamentId, 1);
    const [first, second] = round.matches;
    const result = await swapPlayers(
      { tournamentId, roundNumber: 1, playerId: first!.sideA.id, otherPlayerId: second!.sideA.id },
      { name: "TO" },
    );
    expect(result).toMatchObject({ ok: false, error: { code: "ROUND_STARTED" } });
  });

  it("refuses to swap two players who already play each other", async () => {
    const { tournamentId, round } = await eventWithRound(4);
    const [first] = round.matches;
    const result = await swapPlayers(
      { tournamentId, roundNumber: 1, playerId: first!.sideA.id, otherPlayerId: first!.sideB!.id },
      { name: "TO" },
    );
    expect(result).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
  });
});
