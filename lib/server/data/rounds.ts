import "server-only";
import { randomBytes } from "node:crypto";
import { prisma } from "../db";
import { failure, success, type ActionResult } from "@/lib/action-result";
import { computeStandings } from "@/lib/rules/standings";
import { pairSwissRound } from "@/lib/pairings/swiss";
import { loadSwissFacts, toStandingsInput } from "./standings";

/** A bye is a 2-0 match win (MTR Appendix C), recorded as the bye's result slip. */
const BYE_SLIP = { winsA: 2, winsB: 0, draws: 0 } as const;

/**
 * Pairs the next Swiss round from the current standings. Every random choice comes from a
 * seed stored with the round, so the pairing can be reproduced and audited.
 */
export async function pairNextSwissRound(tournamentId: string, seed = randomBytes(16).toString("hex")): Promise<ActionResult<{ roundNumber: number }>> {
  return prisma.$transaction(async (tx) => {
    // Serialize pairing per tournament: two clicks must not create two rounds.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`pair:${tournamentId}`}))`;
    const phase = await tx.phase.findFirst({ where: { tournamentId, kind: "SWISS" }, orderBy: { sequence: "asc" } });
    if (!phase) return failure("NOT_FOUND", "That tournament does not exist.");
    const lastRound = await tx.round.findFirst({
      where: { tournamentId },
      orderBy: { number: "desc" },
      select: { number: true, _count: { select: { matches: { where: { winsA: null } } } } },
    });
    if (lastRound && lastRound._count.matches > 0) {
      const missing = lastRound._count.matches;
      return failure("ROUND_NOT_COMPLETE", `Round ${lastRound.number} still has ${missing} match${missing === 1 ? "" : "es"} without a result.`);
    }
    const roundNumber = (lastRound?.number ?? 0) + 1;

    const facts = await loadSwissFacts(tx, tournamentId);
    const standings = computeStandings(toStandingsInput(facts), {
      percentageFloor: facts.tournament?.percentageFloor,
      countByeInOwnPercentages: facts.tournament?.byeCountsInOwnPercentages,
    });
    if (!standings.ok) return failure("INTERNAL", `The stored results are inconsistent: ${standings.error.message}`);

    const active = new Set(facts.registrations.filter((r) => r.droppedAfterRound === null).map((r) => r.id));
    if (active.size < 2) return failure("NOT_ENOUGH_PLAYERS", "Register at least two players before pairing a round.");
    const opponents = new Map<string, string[]>();
    const hadBye = new Set<string>();
    for (const match of facts.matches) {
      if (match.sideBId === null) {
        hadBye.add(match.sideAId);
        continue;
      }
      (opponents.get(match.sideAId) ?? opponents.set(match.sideAId, []).get(match.sideAId)!).push(match.sideBId);
      (opponents.get(match.sideBId) ?? opponents.set(match.sideBId, []).get(match.sideBId)!).push(match.sideAId);
    }
    const pairing = pairSwissRound({
      round: roundNumber,
      seed,
      players: standings.value
        .filter((standing) => active.has(standing.playerId))
        .map((standing) => ({
          id: standing.playerId,
          matchPoints: standing.matchPoints,
          opponents: opponents.get(standing.playerId) ?? [],
          hadBye: hadBye.has(standing.playerId),
          rank: standing.rank,
        })),
    });
    if (!pairing.ok) return failure("INTERNAL", pairing.error.message);

    const now = new Date();
    await tx.round.create({
      data: {
        tournamentId,
        phaseId: phase.id,
        number: roundNumber,
        pairingSeed: seed,
        matches: {
          create: pairing.value.pairings.map((pair) => ({
            tableNumber: pair.table,
            sideAId: pair.playerA,
            sideBId: pair.playerB,
            chooserMethod: "RANDOM" as const,
            ...(pair.playerB === null ? { ...BYE_SLIP, confirmedAt: now } : {}),
          })),
        },
      },
    });
    if (roundNumber === 1) await tx.tournament.update({ where: { id: tournamentId }, data: { status: "RUNNING" } });
    return success({ roundNumber });
  });
}

export async function getRound(tournamentId: string, roundNumber: number) {
  return prisma.round.findUnique({
    where: { tournamentId_number: { tournamentId, number: roundNumber } },
    select: {
      id: true,
      number: true,
      status: true,
      pairingSeed: true,
      tournament: { select: { id: true, name: true } },
      phase: { select: { kind: true, gamesToWin: true, roundMinutes: true } },
      matches: {
        orderBy: { tableNumber: "asc" },
        select: {
          id: true,
          tableNumber: true,
          winsA: true,
          winsB: true,
          draws: true,
          version: true,
          confirmedAt: true,
          sideA: { select: { id: true, displayName: true } },
          sideB: { select: { id: true, displayName: true } },
        },
      },
    },
  });
}
export type RoundDetail = NonNullable<Awaited<ReturnType<typeof getRound>>>;
