import { afterAll, describe, expect, it } from "vitest";
import { createRandom } from "@/lib/pairings/random";
import { pairSwissRound } from "@/lib/pairings/swiss";
import type { SwissPlayer } from "@/lib/pairings/swiss-types";
import { BYE_SLIP } from "@/lib/rules/match";
import { computeStandings, type StandingsMatch, type StandingsPlayer } from "@/lib/rules/standings";
import { prisma } from "@/lib/server/infra/db";
import { createTournament } from "@/lib/server/tournament/tournaments";
import { dropPlayer, registerPlayer } from "@/lib/server/registration/registrations";
import { getPairingHistory, pairNextSwissRound } from "./rounds";
import { reportMatchResult } from "@/lib/server/match/results";
import { render } from "@/lib/messages/render";

afterAll(async () => {
  await prisma.$disconnect();
});

type Report = Pick<StandingsMatch, "slip" | "concededBy" | "intentionalDraw">;
const REPORTS: readonly Report[] = [
  { slip: { winsA: 2, winsB: 0, draws: 0 } },
  { slip: { winsA: 2, winsB: 1, draws: 0 } },
  { slip: { winsA: 1, winsB: 2, draws: 0 } },
  { slip: { winsA: 0, winsB: 2, draws: 0 } },
  { slip: { winsA: 1, winsB: 1, draws: 1 } },
  { slip: { winsA: 0, winsB: 0, draws: 0 }, intentionalDraw: true },
  { slip: { winsA: 1, winsB: 2, draws: 0 }, concededBy: "A" },
];

/**
 * What the pairer must get for `round`, rebuilt here from what the test itself registered,
 * reported and dropped (not from the data layer's own loading): standings after the previous
 * round, active players only, opponents in round and table order.
 */
function expectedField(
  players: StandingsPlayer[],
  matches: StandingsMatch[],
  round: number,
): SwissPlayer[] {
  const standings = computeStandings(
    { players, matches },
    { percentageFloor: 0.33, countByeInOwnPercentages: true },
  );
  if (!standings.ok) throw new Error(render(standings.error));
  const active = new Set(
    players
      .filter(
        (player) =>
          player.firstRound! <= round &&
          (player.droppedAfterRound == null || player.droppedAfterRound >= round),
      )
      .map((player) => player.id),
  );
  const opponents = new Map<string, string[]>();
  const hadBye = new Set<string>();
  for (const match of matches) {
    if (match.playerB === null) {
      hadBye.add(match.playerA);
      continue;
    }
    opponents.set(match.playerA, [...(opponents.get(match.playerA) ?? []), match.playerB]);
    opponents.set(match.playerB, [...(opponents.get(match.playerB) ?? []), match.playerA]);
  }
  return standings.value
    .filter((standing) => active.has(standing.playerId))
    .map((standing) => ({
      id: standing.playerId,
      matchPoints: standing.matchPoints,
      opponents: opponents.get(standing.playerId) ?? [],
      hadBye: hadBye.has(standing.playerId),
      rank: standing.rank,
    }));
}

describe("pairing through the data layer is the pure pairer's pairing", () => {
  it("stores, for a fixed seed, exactly the tables pairSwissRound makes from the same facts, round after round (101 players, drops, a late entry)", async () => {
    const random = createRandom("pairing-reproducible");
    const created = await createTournament({
      name: "Reproducible Open",
      format: "Modern",
      gamesToWin: 2,
      roundMinutes: 50,
      teamSize: 1,
    });
    if (!created.ok) throw new Error(created.error.message);
    const tournamentId = created.value.id;
    const players: StandingsPlayer[] = [];
    const register = async (name: string) => {
      const registered = await registerPlayer({ tournamentId, name });
      if (!registered.ok) throw new Error(registered.error.message);
      players.push({
        id: registered.value.id,
        name,
        firstRound: registered.value.firstRound,
        droppedAfterRound: null,
      });
    };
    // More than the solver's dense limit (96 vertices): the sparse candidate graph and its certificate run.
    for (let index = 1; index <= 101; index++)
      await register(`Player ${String(index).padStart(3, "0")}`);

    const matches: StandingsMatch[] = [];
    for (let round = 1; round <= 5; round++) {
      const seed = `reproducible-${round}`;
      const expected = pairSwissRound({
        round,
        seed,
        players: expectedField(players, matches, round),
      });
      if (!expected.ok) throw new Error(render(expected.error));

      const paired = await pairNextSwissRound(tournamentId, seed);
      expect(paired).toEqual({ ok: true, value: { roundNumber: round } });
      const stored = await prisma.match.findMany({
        where: { round: { tournamentId, number: round } },
        orderBy: { tableNumber: "asc" },
        select: {
          id: true,
          tableNumber: true,
          sideAId: true,
          sideBId: true,
          winsA: true,
          winsB: true,
          draws: true,
          confirmedAt: true,
          chooserMethod: true,
          version: true,
        },
      });
      expect(
        stored.map((match) => ({
          table: match.tableNumber,
          playerA: match.sideAId,
          playerB: match.sideBId,
        })),
      ).toEqual(expected.value.pairings);
      for (const match of stored) {
        const isBye = match.sideBId === null;
        expect(match).toMatchObject({
          chooserMethod: "RANDOM",
          version: 0,
          winsA: isBye ? BYE_SLIP.winsA : null,
          winsB: isBye ? BYE_SLIP.winsB : null,
          draws: isBye ? BYE_SLIP.draws : null,
        });
        expect(match.confirmedAt !== null).toBe(isBye);
      }
      const history = await getPairingHistory(tournamentId, round);
      expect(history.map((change) => [change.kind, change.after])).toEqual([
        ["GENERATED", expected.value.pairings],
      ]);
      const storedRound = await prisma.round.findUniqueOrThrow({
        where: { tournamentId_number: { tournamentId, number: round } },
      });
      expect(storedRound).toMatchObject({ pairingSeed: seed, status: "PAIRED" });

      for (const match of stored) {
        if (match.sideBId === null) {
          matches.push({
            round,
            playerA: match.sideAId,
            playerB: null,
            slip: BYE_SLIP,
            intentionalDraw: false,
            gamesToWin: 2,
          });
          continue;
        }
        const report = REPORTS[random.nextInt(REPORTS.length)]!;
        const reported = await reportMatchResult(
          {
            matchId: match.id,
            ...report.slip,
            concededBy: report.concededBy,
            intentionalDraw: report.intentionalDraw ?? false,
            expectedVersion: 0,
            idempotencyKey: `repro-${match.id}`,
            note: "",
          },
          { source: "STAFF", name: "Scorekeeper" },
        );
        if (!reported.ok) throw new Error(reported.error.message);
        matches.push({
          round,
          playerA: match.sideAId,
          playerB: match.sideBId,
          ...report,
          intentionalDraw: report.intentionalDraw ?? false,
          gamesToWin: 2,
        });
      }
      if (round === 2) {
        for (const player of players.slice(0, 3)) {
          const dropped = await dropPlayer({ tournamentId, registrationId: player.id });
          if (!dropped.ok) throw new Error(dropped.error.message);
          player.droppedAfterRound = dropped.value.droppedAfterRound;
        }
        await register("Late Entry");
      }
    }
  }, 120_000);
});
